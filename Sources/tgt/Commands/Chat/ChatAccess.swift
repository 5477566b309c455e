import Foundation
import TgtServer
import TgtTDLib
import TgtTelegram

/// What `tgt chat` needs, from this process's own Telegram session or, while `tgt serve` holds
/// it, from the running dashboard's API (the same items either way).
protocol ChatAccess: Sendable {
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

/// The session of this process.
struct SessionChatAccess: ChatAccess {
    let service: ChatService

    func list(archive: Bool, unreadOnly: Bool, search: String?) async throws -> [ChatSummary] {
        var found = await service.summaries(list: archive ? .archive : .main, unreadOnly: unreadOnly, search: search)
        if found.isEmpty, let search, !search.isEmpty, !unreadOnly { found = try await service.searchChats(search) }
        return found
    }

    func resolve(_ query: String) async throws -> ChatSummary {
        let chat = try await service.resolve(query)
        guard let summary = await service.summary(chat.id) else { throw ChatError.chatNotFound(query) }
        return summary
    }

    func page(chatID: Int64, before: Int64?, limit: Int, topicID: Int32?) async throws -> ConversationPage {
        try await service.conversation(chatID: chatID, before: before ?? 0, limit: limit, topicID: topicID)
    }

    func send(chatID: Int64, markdown: String, replyTo: Int64?, topicID: Int32?, silent: Bool) async throws -> ChatMessageItem {
        await service.item(try await service.send(chatID: chatID, markdown: markdown, topicID: topicID, replyTo: replyTo, silent: silent))
    }

    func edit(chatID: Int64, messageID: Int64, markdown: String) async throws -> ChatMessageItem {
        await service.item(try await service.edit(chatID: chatID, messageID: messageID, markdown: markdown))
    }

    func delete(chatID: Int64, messageIDs: [Int64], forEveryone: Bool) async throws {
        try await service.delete(chatID: chatID, messageIDs: messageIDs, forEveryone: forEveryone)
    }

    func markRead(chatID: Int64, topicID: Int32?, messageIDs: [Int64]) async throws {
        try await service.open(chatID: chatID)
        try await service.markRead(chatID: chatID, topicID: topicID, messageIDs: messageIDs)
    }

    func searchMessages(_ query: String, chatID: Int64?, limit: Int) async throws -> [ChatMessageItem] {
        try await service.searchMessages(query, chatID: chatID, limit: limit)
    }
}

/// The running dashboard's session, through its API.
struct DashboardChatAccess: ChatAccess {
    let client: DashboardClient

    func list(archive: Bool, unreadOnly: Bool, search: String?) async throws -> [ChatSummary] {
        let found = try await client.conversations(archive: archive, unreadOnly: unreadOnly, search: search)
        if found.isEmpty, let search, !search.isEmpty, !unreadOnly { return try await client.searchChats(search) }
        return found
    }

    func resolve(_ query: String) async throws -> ChatSummary {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        if let id = Int64(text) { return try await client.conversation(id) }
        if text.hasPrefix("@") {
            let found = try await client.searchChats(text)
            guard found.count == 1, let only = found.first else {
                throw found.isEmpty ? ChatError.chatNotFound(text) : ChatError.ambiguous(text, candidates: found.map { "\($0.title) (\($0.id))" })
            }
            return only
        }
        let all = try await client.conversations() + client.conversations(archive: true)
        let id = try ChatService.pick(text, among: all.map { ($0.id, $0.title) })
        guard let chat = all.first(where: { $0.id == id }) else { throw ChatError.chatNotFound(text) }
        return chat
    }

    func page(chatID: Int64, before: Int64?, limit: Int, topicID: Int32?) async throws -> ConversationPage {
        // The API pages 100 at a time: longer reads ask again from the oldest message.
        var page = try await client.messages(chatID: chatID, before: before, limit: min(100, limit), topicID: topicID)
        while page.messages.count < limit, page.hasOlder, let oldest = page.oldestMessageID {
            let older = try await client.messages(chatID: chatID, before: oldest, limit: min(100, limit - page.messages.count), topicID: topicID)
            if older.messages.isEmpty { break }
            page = ConversationPage(chat: page.chat, messages: older.messages + page.messages, hasOlder: older.hasOlder, oldestMessageID: older.oldestMessageID)
        }
        return page
    }

    func send(chatID: Int64, markdown: String, replyTo: Int64?, topicID: Int32?, silent: Bool) async throws -> ChatMessageItem {
        try await client.sendMessage(chatID: chatID, text: markdown, replyTo: replyTo, silent: silent, topicID: topicID)
    }

    func edit(chatID: Int64, messageID: Int64, markdown: String) async throws -> ChatMessageItem {
        try await client.editMessage(chatID: chatID, messageID: messageID, text: markdown)
    }

    func delete(chatID: Int64, messageIDs: [Int64], forEveryone: Bool) async throws {
        for id in messageIDs { try await client.deleteMessage(chatID: chatID, messageID: id, forAll: forEveryone) }
    }

    func markRead(chatID: Int64, topicID: Int32?, messageIDs: [Int64]) async throws {
        // The API reads up to the newest message (of the topic, with one): what was just shown.
        try await client.markRead(chatID: chatID, topicID: topicID)
    }

    func searchMessages(_ query: String, chatID: Int64?, limit: Int) async throws -> [ChatMessageItem] {
        try await client.searchMessages(query, chatID: chatID, limit: limit)
    }
}
