import Foundation
import TgtTDLib
import TgtTelegram

/// The chats, for faces that read and answer them: from this process's own Telegram session
/// (`SessionChatAccess`) or through a running dashboard's API, the same items either way, so
/// `tgt chat …` does not know which it has.
public protocol ChatAccess: Sendable {
    func list(archive: Bool, unreadOnly: Bool, search: String?) async throws -> [ChatSummary]
    func resolve(_ query: String) async throws -> ChatSummary
    func page(chatID: Int64, before: Int64?, limit: Int, topicID: Int32?) async throws -> ConversationPage
    func send(chatID: Int64, markdown: String, replyTo: Int64?, topicID: Int32?, silent: Bool) async throws -> ChatMessageItem
    func edit(chatID: Int64, messageID: Int64, markdown: String) async throws -> ChatMessageItem
    func delete(chatID: Int64, messageIDs: [Int64], forEveryone: Bool) async throws
    /// Marks messages read (none: the newest); with `topicID`, only that forum topic's.
    func markRead(chatID: Int64, topicID: Int32?, messageIDs: [Int64]) async throws
    func searchMessages(_ query: String, chatID: Int64?, limit: Int) async throws -> [ChatMessageItem]
}

/// The chats on the session of this process.
public struct SessionChatAccess: ChatAccess {
    public let service: ChatService

    public init(service: ChatService) {
        self.service = service
    }

    public func list(archive: Bool, unreadOnly: Bool, search: String?) async throws -> [ChatSummary] {
        var found = await service.summaries(list: archive ? .archive : .main, unreadOnly: unreadOnly, search: search)
        if found.isEmpty, let search, !search.isEmpty, !unreadOnly { found = try await service.searchChats(search) }
        return found
    }

    public func resolve(_ query: String) async throws -> ChatSummary {
        let chat = try await service.resolve(query)
        guard let summary = await service.summary(chat.id) else { throw ChatError.chatNotFound(query) }
        return summary
    }

    public func page(chatID: Int64, before: Int64?, limit: Int, topicID: Int32?) async throws -> ConversationPage {
        try await service.conversation(chatID: chatID, before: before ?? 0, limit: limit, topicID: topicID)
    }

    public func send(chatID: Int64, markdown: String, replyTo: Int64?, topicID: Int32?, silent: Bool) async throws -> ChatMessageItem {
        await service.item(try await service.send(chatID: chatID, markdown: markdown, topicID: topicID, replyTo: replyTo, silent: silent))
    }

    public func edit(chatID: Int64, messageID: Int64, markdown: String) async throws -> ChatMessageItem {
        await service.item(try await service.edit(chatID: chatID, messageID: messageID, markdown: markdown))
    }

    public func delete(chatID: Int64, messageIDs: [Int64], forEveryone: Bool) async throws {
        try await service.delete(chatID: chatID, messageIDs: messageIDs, forEveryone: forEveryone)
    }

    public func markRead(chatID: Int64, topicID: Int32?, messageIDs: [Int64]) async throws {
        try await service.open(chatID: chatID)
        try await service.markRead(chatID: chatID, topicID: topicID, messageIDs: messageIDs)
    }

    public func searchMessages(_ query: String, chatID: Int64?, limit: Int) async throws -> [ChatMessageItem] {
        try await service.searchMessages(query, chatID: chatID, limit: limit)
    }
}

