import Foundation
import OpenAPIRuntime
import TgtApplication
import TgtDomain
import TgtWire

/// The Chats tab's API: chat lists, conversation pages, send, reply, edit, delete, mark read,
/// search, a template sent into one chat, and photo thumbnails (`ThumbnailFiles`). Every call
/// goes through the logged-in session's chats (`LiveSession.chats()`); its `ChatError`s become the envelope's
/// errors in `APIError.from`.
extension DashboardAPI {
    /// Longest text a message body may carry here (Telegram's own limit is checked after
    /// Markdown parsing; this only keeps fuzzed megabytes away from the parser).
    static let maxMessageInput = 20_000

    func listConversations(_ input: Operations.ListConversations.Input) async throws -> Operations.ListConversations.Output {
        let service = try await telegram.chats()
        let search = try Self.limited(input.query.search, "search", max: 200)
        let unread = input.query.unread ?? false
        let chats: [ChatSummary]
        switch input.query.list {
        case .folder?:
            guard let id = input.query.folderId else { throw APIError.badRequest("“list=folder” needs “folder_id” (from “folders”).") }
            chats = try await service.folderChats(Int32(clamping: id), unreadOnly: unread, search: search)
        case .archive?: chats = await service.summaries(list: .archive, unreadOnly: unread, search: search)
        case .main?, nil: chats = await service.summaries(list: .main, unreadOnly: unread, search: search)
        }
        let folders = await service.folderBar()
        return .ok(.init(body: .json(.init(success: true, data: .init(chats: chats.map(ChatModels.summary), total: chats.count,
                                                                         folders: ChatModels.folderBar(folders))))))
    }

    func getConversation(_ input: Operations.GetConversation.Input) async throws -> Operations.GetConversation.Output {
        let chat = try await chatSummary(input.path.chatId, topicID: try input.query.topicId.map(Self.topicID))
        return .ok(.init(body: .json(.init(success: true, data: ChatModels.summary(chat)))))
    }

    func listConversationMessages(_ input: Operations.ListConversationMessages.Input) async throws -> Operations.ListConversationMessages.Output {
        let limit = input.query.limit ?? 50
        guard (1...100).contains(limit) else { throw APIError.badRequest("“limit” must be a number from 1 to 100.") }
        let before = input.query.before ?? 0
        guard before >= 0 else { throw APIError.badRequest("“before” must be a message id (0 or more).") }
        let anchors = [input.query.before, input.query.around, input.query.after].compactMap { $0 }
        guard anchors.count <= 1 else { throw APIError.badRequest("Give at most one of “before”, “around” and “after”.") }
        for (name, id) in [("around", input.query.around), ("after", input.query.after)] {
            if let id, id < 1 { throw APIError.badRequest("“\(name)” must be a message id (1 or more).") }
        }
        let topic = try input.query.topicId.map(Self.topicID)
        if topic != nil, input.query.around != nil || input.query.after != nil {
            throw APIError.badRequest("“around” and “after” read the whole chat: leave out “topic_id”.")
        }
        let service = try await telegram.chats()
        let page: ConversationPage
        if let around = input.query.around {
            _ = try await chatSummary(input.path.chatId, service: service)
            page = try await service.conversation(chatID: input.path.chatId, around: around, limit: limit)
        } else if let after = input.query.after {
            _ = try await chatSummary(input.path.chatId, service: service)
            page = try await service.conversation(chatID: input.path.chatId, after: after, limit: limit)
        } else {
            page = try await service.conversation(chatID: input.path.chatId, before: before, limit: limit, topicID: topic)
        }
        return .ok(.init(body: .json(.init(success: true, data: ChatModels.page(page)))))
    }

    func listConversationTopics(_ input: Operations.ListConversationTopics.Input) async throws -> Operations.ListConversationTopics.Output {
        let service = try await telegram.chats()
        let topics = try await service.topics(chatID: input.path.chatId)
        return .ok(.init(body: .json(.init(success: true, data: .init(chatId: input.path.chatId, topics: topics.map(ChatModels.topic))))))
    }

    func sendConversationMessage(_ input: Operations.SendConversationMessage.Input) async throws -> Operations.SendConversationMessage.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “text”.", code: "invalid_json") }
        let text = try Self.limited(body.text, "text", max: Self.maxMessageInput) ?? ""
        let topic = try body.topicId.map(Self.topicID)
        let service = try await telegram.chats()
        let message = try await service.send(chatID: input.path.chatId, markdown: text, replyTo: body.replyTo, topicID: topic, silent: body.silent ?? false,
                                             clearDraft: body.clearDraft ?? false)
        return .ok(.init(body: .json(.init(success: true, data: ChatModels.message(message)))))
    }

    func editConversationMessage(_ input: Operations.EditConversationMessage.Input) async throws -> Operations.EditConversationMessage.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “text”.", code: "invalid_json") }
        let text = try Self.limited(body.text, "text", max: Self.maxMessageInput) ?? ""
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        let message = try await service.edit(chatID: input.path.chatId, messageID: input.path.messageId, markdown: text)
        return .ok(.init(body: .json(.init(success: true, data: ChatModels.message(message)))))
    }

    func deleteConversationMessage(_ input: Operations.DeleteConversationMessage.Input) async throws -> Operations.DeleteConversationMessage.Output {
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        let forAll = input.query.forAll ?? false
        _ = try await service.deleteMessages(chatID: input.path.chatId, messageIDs: [input.path.messageId], forEveryone: forAll)
        return .ok(.init(body: .json(.init(success: true, data: .init(deleted: [input.path.messageId], forAll: forAll)))))
    }

    func deleteConversationMessages(_ input: Operations.DeleteConversationMessages.Input) async throws -> Operations.DeleteConversationMessages.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “message_ids”.", code: "invalid_json") }
        guard (1...SessionChatAccess.maxDelete).contains(body.messageIds.count) else {
            throw APIError.badRequest("“message_ids” must list 1 to \(SessionChatAccess.maxDelete) messages.")
        }
        guard body.messageIds.allSatisfy({ $0 > 0 }) else { throw APIError.badRequest("“message_ids” must be message ids (1 or more).") }
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        let forAll = body.forAll ?? false
        let deleted = try await service.deleteMessages(chatID: input.path.chatId, messageIDs: body.messageIds, forEveryone: forAll)
        return .ok(.init(body: .json(.init(success: true, data: .init(deleted: deleted, forAll: forAll)))))
    }

    func cancelSending(_ input: Operations.CancelSending.Input) async throws -> Operations.CancelSending.Output {
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        // Gone out meanwhile: it was deleted for everyone under its new id.
        return switch try await service.cancelSending(chatID: input.path.chatId, messageID: input.path.messageId) {
        case .stopped: .ok(.init(body: .json(.init(success: true, data: .init(deleted: [input.path.messageId], forAll: false)))))
        case .deletedAfterSending(let sent): .ok(.init(body: .json(.init(success: true, data: .init(deleted: [sent], forAll: true)))))
        }
    }

    func markConversationRead(_ input: Operations.MarkConversationRead.Input) async throws -> Operations.MarkConversationRead.Output {
        let topic = try input.query.topicId.map(Self.topicID)
        let service = try await telegram.chats()
        _ = try await chatSummary(input.path.chatId, service: service)
        // With a topic only that topic is read (an unknown one is a 404, a non-forum a 409).
        try await service.markRead(chatID: input.path.chatId, topicID: topic, messageIDs: [], opening: false)
        let after = try await chatSummary(input.path.chatId, service: service)
        return .ok(.init(body: .json(.init(success: true, data: ChatModels.summary(after)))))
    }

    func sendTemplateToConversation(_ input: Operations.SendTemplateToConversation.Input) async throws -> Operations.SendTemplateToConversation.Output {
        let template = try template(input.path.templateId)
        let chat = try await chatSummary(input.path.chatId)
        guard template.kind == .telegram else { throw SendError.notTelegram(template: template.name, kind: template.kind) }
        if let refusal = chat.cannotWrite { throw ChatError.cannotWrite(title: chat.title, refusal: refusal) }
        var body = Schemas.ConversationTemplateInput()
        if case .json(let given)? = input.body { body = given }
        let topic = try body.topicId.map(Self.topicID)
        if let topic { _ = try await telegram.chats().topic(chatID: chat.id, topicID: topic) }
        // The template with this chat as its only target: the ordinary send path (rendering,
        // Markdown, the send log, progress events) does the rest.
        let order = SendOrder(templateID: template.id, variables: body.variables?.additionalProperties ?? [:],
                              location: try Self.coordinate(body.location), silent: body.silent,
                              destination: Target(chatID: chat.id, topicID: topic, chatTitle: chat.title))
        let outcome = try await sending.send(order)
        return .ok(.init(body: .json(.init(success: true, data: APIModels.report(outcome, templateID: template.id)))))
    }

    func searchConversations(_ input: Operations.SearchConversations.Input) async throws -> Operations.SearchConversations.Output {
        let query = try Self.searchText(input.query.q)
        let service = try await telegram.chats()
        let chats = try await service.searchChats(query, limit: 50)
        return .ok(.init(body: .json(.init(success: true, data: .init(chats: chats.map(ChatModels.summary), total: chats.count)))))
    }

    func searchConversationMessages(_ input: Operations.SearchConversationMessages.Input) async throws -> Operations.SearchConversationMessages.Output {
        let query = try Self.searchText(input.query.q)
        let limit = input.query.limit ?? 50
        guard (1...100).contains(limit) else { throw APIError.badRequest("“limit” must be a number from 1 to 100.") }
        let offset = try Self.limited(input.query.offset, "offset", max: 200) ?? ""
        if input.query.chatId != nil, !offset.isEmpty, (Int64(offset) ?? 0) <= 0 {
            throw APIError.badRequest("“offset” is not one this search gave (use its “next_offset”).")
        }
        let service = try await telegram.chats()
        if let chatID = input.query.chatId { _ = try await chatSummary(chatID, service: service) }
        let found = try await service.searchMessagePage(query, chatID: input.query.chatId, offset: offset, limit: limit)
        // The chats of the results, once each, in the order they first appear.
        var chats: [Components.Schemas.ChatSummary] = []
        var seen = Set<Int64>()
        for message in found.messages where seen.insert(message.chatID).inserted {
            if let chat = await service.summary(message.chatID) { chats.append(ChatModels.summary(chat)) }
        }
        return .ok(.init(body: .json(.init(success: true, data: .init(
            messages: found.messages.map(ChatModels.message), chats: chats, nextOffset: found.nextOffset, totalCount: found.totalCount)))))
    }

    func getThumbnail(_ input: Operations.GetThumbnail.Input) async throws -> Operations.GetThumbnail.Output {
        let service = try await telegram.chats()
        let bytes = try await ThumbnailFiles(telegram: telegram).bytes(fileID: input.path.fileId, chats: service)
        let etag = ThumbnailFiles.etag(of: bytes)
        if input.headers.ifNoneMatch == etag { return .notModified(.init(headers: .init(cacheControl: ThumbnailFiles.cacheControl, eTag: etag))) }
        return .ok(.init(headers: .init(cacheControl: ThumbnailFiles.cacheControl, eTag: etag), body: .jpeg(HTTPBody(bytes))))
    }

    func getChatPhoto(_ input: Operations.GetChatPhoto.Input) async throws -> Operations.GetChatPhoto.Output {
        let service = try await telegram.chats()
        let none = APIError.notFound("This chat has no photo.")
        guard let path = try await service.chatPhotoPath(chatID: input.path.chatId) else { throw none }
        // The same checks as a thumbnail's: from TDLib's folders, a JPEG of thumbnail size.
        guard let bytes = try? ThumbnailFiles(telegram: telegram).read(path) else { throw none }
        // Asked again each time: a chat's photo changes under the same address.
        return .ok(.init(headers: .init(cacheControl: MessageFiles.cacheControl), body: .jpeg(HTTPBody(bytes))))
    }

    // MARK: - Shared

    /// The chat's row, or a 404 when the session does not know it.
    func chatSummary(_ chatID: Int64, topicID: Int32? = nil, service given: SessionChatAccess? = nil) async throws -> ChatSummary {
        let service = if let given { given } else { try await telegram.chats() }
        guard let chat = await service.summary(chatID, topicID: topicID) else { throw ChatError.chatNotFound(String(chatID)) }
        return chat
    }

    /// A `topic_id` as TDLib takes it (a positive 32-bit id), or a 400.
    static func topicID<N: BinaryInteger>(_ given: N) throws -> Int32 {
        guard let id = Int32(exactly: given), id > 0 else { throw APIError.badRequest("“topic_id” is not a forum topic id (a positive number).") }
        return id
    }

    static func searchText(_ text: String) throws -> String {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { throw APIError.badRequest("“q” must not be empty.") }
        guard query.count <= 200 else { throw APIError.badRequest("“q” is too long (at most 200 characters).") }
        return query
    }
}
