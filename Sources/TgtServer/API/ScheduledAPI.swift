import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// Send later and what waits on Telegram's servers: `POST /api/templates/{id}/schedule`,
/// `GET /api/scheduled`, `POST /api/scheduled/{id}/cancel`. The session's `ScheduleKeeper`
/// does the work, as for timers' completion messages.
extension DashboardAPI {
    func scheduleTemplate(_ input: Operations.ScheduleTemplate.Input) async throws -> Operations.ScheduleTemplate.Output {
        let template = try template(input.path.id)
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “send_at”.", code: "invalid_json") }
        let order = SendOrder(templateID: template.id, variables: body.variables?.additionalProperties ?? [:],
                              location: try Self.coordinate(body.location), silent: body.silent)
        let items = try await sending.scheduleLater(order, at: body.sendAt)
        let rows = try items.compactMap { item throws(StoreError) in try workspace.scheduledSends().scheduledSend(id: item.id) }
        return .ok(.init(body: .json(.init(success: true, data: .init(scheduled: rows.map(APIModels.scheduledSend), total: rows.count)))))
    }

    func listScheduled(_ input: Operations.ListScheduled.Input) async throws -> Operations.ListScheduled.Output {
        let rows = try scheduledSends.waiting()
        return .ok(.init(body: .json(.init(success: true, data: .init(scheduled: rows.map(APIModels.scheduledSend), total: rows.count)))))
    }

    func cancelScheduled(_ input: Operations.CancelScheduled.Input) async throws -> Operations.CancelScheduled.Output {
        do {
            let after = try await scheduledSends.cancel([input.path.id])
            guard let row = after.first else { throw APIError.notFound("scheduled send \(input.path.id)") }
            return .ok(.init(body: .json(.init(success: true, data: APIModels.scheduledSend(row)))))
        } catch let error as ScheduledSendError {
            switch error {
            case .notFound: throw APIError.notFound("scheduled send \(input.path.id)")
            case .alreadyFinal: throw APIError(.conflict, code: error.code, message: error.message)
            case .store: throw error
            }
        }
    }

    /// What waits on Telegram's schedule; a cancel runs a pass of the session's keeper (logged
    /// out, rows Telegram does not have end now, the others are deleted there after the next
    /// login).
    var scheduledSends: ScheduledSendService {
        workspace.scheduledSends(schedule: schedulePass)
    }
}
