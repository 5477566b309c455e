import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// `/api/follow-ups`: set a follow-up on a send, list them, cancel one, through
/// `FollowUpService`. They are judged while `tgt serve` runs (`FollowUpWatchService`).
extension DashboardAPI {
    var followUps: FollowUpService { workspace.followUps }

    func listFollowUps(_ input: Operations.ListFollowUps.Input) async throws -> Operations.ListFollowUps.Output {
        .ok(.init(body: .json(.init(success: true, data: .init(followUps: try followUps.list().map(APIModels.followUp))))))
    }

    func createFollowUp(_ input: Operations.CreateFollowUp.Input) async throws -> Operations.CreateFollowUp.Output {
        guard case .json(let body) = input.body else {
            throw APIError.badRequest("The request needs a JSON body with “condition”, “action” and “batch_id” or “send_ids”.", code: "invalid_json")
        }
        let rule = try Self.followUpRule(condition: body.condition.rawValue, withinMinutes: body.withinMinutes, action: body.action.rawValue,
                                         templateID: body.templateId)
        let added: [FollowUpItem]
        switch (body.batchId, body.sendIds) {
        case (let text?, nil):
            guard let batch = UUID(uuidString: text) else { throw APIError.badRequest("“batch_id” is not a send's batch id.", code: "invalid_batch_id") }
            added = try followUps.add(rule, toBatch: batch)
        case (nil, let ids?) where !ids.isEmpty:
            guard ids.count <= 100 else { throw APIError.badRequest("At most 100 scheduled sends at once.", code: "too_many_send_ids") }
            added = try followUps.add(rule, toSends: ids)
        default:
            throw APIError.badRequest("Give either “batch_id” (a send) or “send_ids” (scheduled sends), not both.", code: "invalid_follow_up_target")
        }
        return .created(.init(body: .json(.init(success: true, data: .init(followUps: added.map(APIModels.followUp))))))
    }

    func cancelFollowUp(_ input: Operations.CancelFollowUp.Input) async throws -> Operations.CancelFollowUp.Output {
        guard let id = UUID(uuidString: input.path.id) else { throw FollowUpError.notFound }
        return .ok(.init(body: .json(.init(success: true, data: APIModels.followUp(try followUps.cancel(id: id))))))
    }
}

extension DashboardAPI {
    /// A follow-up's rule from a request's fields (a send's or a series'): the template is
    /// required with `send`; the wait is checked by `FollowUpRule`.
    static func followUpRule(condition: String, withinMinutes: Int?, action: String, templateID: String?) throws -> FollowUpRule {
        let act: FollowUpAction
        switch action {
        case "send":
            guard let text = templateID else {
                throw APIError.badRequest("Say which template to send (“template_id”), or remind instead.", code: "template_required")
            }
            guard let id = UUID(uuidString: text) else { throw FollowUpError.templateNotFound }
            act = .send(templateID: id)
        default:
            act = .remind
        }
        guard let condition = FollowUpCondition(rawValue: condition) else {
            throw APIError.badRequest("Unknown condition.", code: "invalid_condition")
        }
        return try FollowUpRule(condition: condition, within: withinMinutes.map { TimeInterval($0) * 60 }, action: act)
    }
}

extension APIModels {
    static func followUp(_ item: FollowUpItem) -> Components.Schemas.FollowUp {
        .init(id: id(item.id), sentence: item.sentence, chatId: item.chatID, chatTitle: item.chatTitle, followedTemplate: item.followedTemplate,
              condition: .init(rawValue: item.condition.rawValue) ?? .notRead, withinSeconds: Int(item.within),
              action: item.actionTemplateID == nil ? .remind : .send, templateId: item.actionTemplateID.map(id), templateName: item.actionTemplateName,
              state: .init(rawValue: item.state.rawValue) ?? .failed, startedAt: item.startedAt, dueAt: item.dueAt, reason: item.reason,
              createdAt: item.createdAt, updatedAt: item.updatedAt)
    }
}
