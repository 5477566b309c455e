import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// Send later and what waits on Telegram's servers: `POST /api/templates/{id}/schedule`,
/// `GET /api/scheduled`, `POST /api/scheduled/{id}/cancel`. The session's `ScheduleKeeper`
/// does the work, as for timers' completion messages.
extension DashboardAPI {
    func scheduleTemplate(_ input: Operations.ScheduleTemplate.Input) async throws -> Operations.ScheduleTemplate.Output {
        let template = try template(input.path.id)
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “send_at”.", code: "invalid_json") }
        guard template.kind == .telegram else {
            let error = SendError.notTelegram(template: template.name, kind: template.kind)
            throw APIError(.unprocessableContent, code: error.code, message: error.message, nextStep: "Only Telegram templates can be sent later.")
        }
        let variables = body.variables?.additionalProperties ?? [:]
        try Self.checkVariableNames(variables)
        var location = try Self.coordinate(body.location)
        if location == nil { location = try store.defaultLocation() }
        try ScheduleKeeper.check(body.sendAt, now: Date())
        guard let keeper = await host.scheduleKeeper else { throw TelegramError.notLoggedIn }
        var request = SendRequest(template: template, variables: variables, location: location, silent: body.silent)
        request.context.me = try store.setting(.accountName)
        let rows = try await keeper.scheduleLater(request, at: body.sendAt)
        return .ok(.init(body: .json(.init(success: true, data: .init(scheduled: rows.map(APIModels.scheduledSend), total: rows.count)))))
    }

    func listScheduled(_ input: Operations.ListScheduled.Input) async throws -> Operations.ListScheduled.Output {
        let rows = try store.liveScheduledSends()
        return .ok(.init(body: .json(.init(success: true, data: .init(scheduled: rows.map(APIModels.scheduledSend), total: rows.count)))))
    }

    func cancelScheduled(_ input: Operations.CancelScheduled.Input) async throws -> Operations.CancelScheduled.Output {
        guard let row = try store.scheduledSend(id: input.path.id) else { throw APIError.notFound("scheduled send \(input.path.id)") }
        guard !row.status.isFinal else {
            throw APIError(.conflict, code: "not_pending", message: "This send is already \(row.status == .sent ? "posted" : row.status.rawValue); there is nothing to cancel.")
        }
        if let keeper = await host.scheduleKeeper {
            try await keeper.cancel(ids: [row.id])
        } else {
            // Logged out: rows Telegram does not have end now; the others are deleted there
            // after the next login.
            try store.requestCancel(ids: [row.id], reason: "Cancelled.")
        }
        let after = try store.scheduledSend(id: row.id) ?? row
        return .ok(.init(body: .json(.init(success: true, data: APIModels.scheduledSend(after)))))
    }
}
