import Foundation
import OpenAPIRuntime
import TgtWire
import TgtApplication

/// Chat folders, typing and contacts (through `SessionChatAccess`; the rules are the Telegram layer's `ChatService+Folders`, `+Presence`, `+Contacts`).
extension DashboardAPI {
    func listChatFolders(_ input: Operations.ListChatFolders.Input) async throws -> Operations.ListChatFolders.Output {
        let service = try await telegram.chats()
        return .ok(.init(body: .json(.init(success: true, data: ChatModels.folderBar(await service.folderBar())))))
    }

    func setConversationTyping(_ input: Operations.SetConversationTyping.Input) async throws -> Operations.SetConversationTyping.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “typing”.", code: "invalid_json") }
        let topic = try body.topicId.map(Self.topicID)
        let service = try await telegram.chats()
        try await service.setTyping(chatID: input.path.chatId, topicID: topic, typing: body.typing)
        return .ok(.init(body: .json(.init(success: true, data: .init(chatId: input.path.chatId, typing: body.typing)))))
    }

    func listContacts(_ input: Operations.ListContacts.Input) async throws -> Operations.ListContacts.Output {
        let search = try Self.limited(input.query.search, "search", max: 200)
        let service = try await telegram.chats()
        let contacts = try await service.contacts(search: search)
        return .ok(.init(body: .json(.init(success: true, data: .init(contacts: contacts.map(ChatModels.contact))))))
    }

    func startContactChat(_ input: Operations.StartContactChat.Input) async throws -> Operations.StartContactChat.Output {
        let service = try await telegram.chats()
        let chat = try await service.startChat(userID: input.path.userId)
        return .ok(.init(body: .json(.init(success: true, data: ChatModels.summary(chat)))))
    }

    func addConversationContact(_ input: Operations.AddConversationContact.Input) async throws -> Operations.AddConversationContact.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “first_name”.", code: "invalid_json") }
        let service = try await telegram.chats()
        let contact = try await service.addContact(chatID: input.path.chatId, firstName: body.firstName, lastName: body.lastName ?? "",
                                                   sharePhone: body.sharePhone ?? false)
        return .ok(.init(body: .json(.init(success: true, data: ChatModels.contact(contact)))))
    }
}
