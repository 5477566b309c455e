import Foundation
import TgtDomain
import TgtTDLib

/// One page of a message search: the matches newest first, and where the next page starts.
public struct FoundMessagePage: Sendable, Equatable {
    public var messages: [ChatMessageItem]
    /// What to pass as `offset` for the next page; nil when there are no more results.
    public var nextOffset: String?
    /// Telegram's estimate of how many messages match in all (nil when it does not say).
    public var totalCount: Int?

    public init(messages: [ChatMessageItem], nextOffset: String?, totalCount: Int?) {
        self.messages = messages
        self.nextOffset = nextOffset
        self.totalCount = totalCount
    }
}

extension ChatService {
    /// Messages containing `query`: in one chat (`chatID`), or across all chats.
    public func searchMessages(_ query: String, chatID: Int64? = nil, limit: Int = 50) async throws(ChatError) -> [ChatMessageItem] {
        try await searchMessagePage(query, chatID: chatID, limit: limit).messages
    }

    /// One page of messages containing `query`, newest first: in one chat (`chatID`; the
    /// offset is the message id the next page starts below) or across all chats (the offset
    /// is Telegram's own, opaque). `offset` is "" for the first page.
    public func searchMessagePage(_ query: String, chatID: Int64? = nil, offset: String = "", limit: Int = 50) async throws(ChatError) -> FoundMessagePage {
        try requireLogin()
        let found: FoundMessages
        var messages: [Message]
        if let chatID {
            let from = Int64(offset) ?? 0
            found = try await ask(TDFunctions.SearchChatMessages(chatID: chatID, query: query, fromMessageID: from, limit: Int32(min(100, limit))))
            // The boundary message belongs to the previous page.
            messages = found.messages.filter { from == 0 || $0.id < from }
        } else {
            found = try await ask(TDFunctions.SearchMessages(query: query, offset: offset, limit: Int32(min(100, limit))))
            messages = found.messages
        }
        messages = Array(messages.prefix(limit))
        await fetchUnknownSenders(messages)
        let builder = await itemBuilder()
        var items: [ChatMessageItem] = []
        for message in messages {
            let lastRead = await session.chat(message.chatID)?.lastReadOutboxMessageID ?? 0
            items.append(builder.item(message, lastReadOutboxMessageID: lastRead))
        }
        let next = found.nextOffset.isEmpty || found.messages.isEmpty ? nil : found.nextOffset
        return FoundMessagePage(messages: items, nextOffset: next, totalCount: found.totalCount)
    }

    /// Up to `limit` messages newer than `after`, oldest first, and whether the chat's newest
    /// message was reached. TDLib gives newer messages for a negative offset from
    /// `from_message_id` (with that message itself, which is dropped), often fewer than asked:
    /// this asks again from the newest it got until it has `limit` or nothing newer comes.
    public func newer(chatID: Int64, after: Int64, limit: Int) async throws(ChatError) -> (messages: [Message], reachedEnd: Bool) {
        try requireLogin()
        var result: [Message] = []
        var from = after
        var reachedEnd = false
        while result.count < limit {
            let want = Int32(min(99, limit - result.count))
            let page = try await ask(TDFunctions.GetChatHistory(chatID: chatID, fromMessageID: from, offset: -want, limit: want + 1))
            let fresh = page.messages.filter { $0.id > from }.sorted { $0.id < $1.id }
            guard let newest = fresh.last?.id else {
                reachedEnd = true
                break
            }
            result += fresh.prefix(limit - result.count)
            from = newest
        }
        return (result, reachedEnd)
    }

    /// The page of a conversation that shows `messageID`: about a third of `limit` newer
    /// messages, the message, and older ones. `ChatError.messageNotFound` when the chat does
    /// not have it (any more).
    public func conversation(chatID: Int64, around messageID: Int64, limit: Int = 50) async throws(ChatError) -> ConversationPage {
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        let newerCount = max(0, min(limit - 1, limit / 3))
        let (older, reachedStart) = try await history(chatID: chatID, before: messageID + 1, limit: limit - newerCount)
        guard older.contains(where: { $0.id == messageID }) else { throw .messageNotFound(messageID) }
        let newer = newerCount > 0 ? try await newer(chatID: chatID, after: messageID, limit: newerCount).messages : []
        return await page(chat, oldestFirst: older.reversed() + newer, hasOlder: !reachedStart)
    }

    /// Up to `limit` messages newer than `after`, oldest first (scrolling down a page that was
    /// opened at a message).
    public func conversation(chatID: Int64, after: Int64, limit: Int = 50) async throws(ChatError) -> ConversationPage {
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        let (messages, _) = try await newer(chatID: chatID, after: after, limit: limit)
        // Older ones exist when this page starts after a message (it is older than all of these).
        return await page(chat, oldestFirst: messages, hasOlder: after > 0)
    }
}
