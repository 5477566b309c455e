import Foundation
import OpenAPIRuntime
import TgtApplication
import TgtWire

/// Pinned messages (the list, pin, unpin), forwarding into a chat, and the chat's cloud draft. The rules (who may pin,
/// "for everyone" only in private chats, what may be forwarded, at most 100) are the Telegram layer's, behind the session's chats.
extension DashboardAPI {
    func listPinnedMessages(_ input: Operations.ListPinnedMessages.Input) async throws -> Operations.ListPinnedMessages.Output {
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        let pinned = try await service.pinned(chatID: input.path.chatId)
        return .ok(.init(body: .json(.init(success: true, data: .init(messages: pinned.map(ChatModels.message))))))
    }

    func pinMessage(_ input: Operations.PinMessage.Input) async throws -> Operations.PinMessage.Output {
        var body = Components.Schemas.PinInput()
        if case .json(let given)? = input.body { body = given }
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        try await service.setPinned(chatID: input.path.chatId, messageID: input.path.messageId, pinned: true, forEveryone: body.forEveryone ?? true,
                                  silent: body.silent ?? false)
        return .ok(.init(body: .json(.init(success: true, data: .init(messageId: input.path.messageId, isPinned: true)))))
    }

    func unpinMessage(_ input: Operations.UnpinMessage.Input) async throws -> Operations.UnpinMessage.Output {
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        try await service.setPinned(chatID: input.path.chatId, messageID: input.path.messageId, pinned: false, forEveryone: false, silent: false)
        return .ok(.init(body: .json(.init(success: true, data: .init(messageId: input.path.messageId, isPinned: false)))))
    }

    func forwardMessages(_ input: Operations.ForwardMessages.Input) async throws -> Operations.ForwardMessages.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “from_chat_id” and “message_ids”.", code: "invalid_json") }
        guard (1...SessionChatAccess.maxForward).contains(body.messageIds.count) else {
            throw APIError.badRequest("“message_ids” must list 1 to \(SessionChatAccess.maxForward) messages.")
        }
        guard body.messageIds.allSatisfy({ $0 > 0 }) else { throw APIError.badRequest("“message_ids” must be message ids (1 or more).") }
        let topic = try body.topicId.map(Self.topicID)
        let service = try await telegram.chats()
        _ = try await chatSummary(body.fromChatId, service: service)
        _ = try await chatSummary(input.path.chatId, service: service)
        let sent = try await service.forward(fromChatID: body.fromChatId, messageIDs: body.messageIds, toChatID: input.path.chatId, topicID: topic,
                                             hideSender: body.hideSender ?? false, silent: body.silent ?? false)
        let items = sent.map(ChatModels.message)
        return .ok(.init(body: .json(.init(success: true, data: .init(messages: items)))))
    }

    func setConversationDraft(_ input: Operations.SetConversationDraft.Input) async throws -> Operations.SetConversationDraft.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “text”.", code: "invalid_json") }
        // Only megabytes are kept away here; the draft's own limit (`SessionChatAccess.maxDraft`) is checked behind the door.
        let text = try Self.limited(body.text, "text", max: Self.maxMessageInput) ?? ""
        let topic = try body.topicId.map(Self.topicID)
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        try await service.setDraft(chatID: input.path.chatId, topicID: topic, text: text)
        return .ok(.init(body: .json(.init(success: true, data: ChatModels.summary(try await chatSummary(input.path.chatId, service: service))))))
    }
}
