import Foundation
import TgtApplication
import TgtServer
import TgtTDLib
import TgtTelegram

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
