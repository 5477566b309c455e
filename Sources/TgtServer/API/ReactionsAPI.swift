import Foundation
import OpenAPIRuntime
import TgtWire
import TgtApplication

/// Reactions under a message: the emoji the user may add, and adding or taking back one of
/// theirs. The rules (allowed set, one's own only, idempotence) are the Telegram layer's, behind `SessionChatAccess`.
extension DashboardAPI {
    func getMessageReactions(_ input: Operations.GetMessageReactions.Input) async throws -> Operations.GetMessageReactions.Output {
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        let choices = try await service.reactionChoices(chatID: input.path.chatId, messageID: input.path.messageId)
        return .ok(.init(body: .json(.init(success: true, data: .init(available: choices.available, reactions: choices.reactions.map(ChatModels.reaction))))))
    }

    func setMessageReaction(_ input: Operations.SetMessageReaction.Input) async throws -> Operations.SetMessageReaction.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “reaction” and “chosen”.", code: "invalid_json") }
        let reaction = try Self.limited(body.reaction, "reaction", max: 40) ?? ""
        guard !reaction.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw APIError.badRequest("“reaction” must not be empty.") }
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        let reactions = try await service.react(chatID: input.path.chatId, messageID: input.path.messageId, reaction: reaction, add: body.chosen)
        return .ok(.init(body: .json(.init(success: true, data: .init(messageId: input.path.messageId, reactions: reactions.map(ChatModels.reaction))))))
    }
}
