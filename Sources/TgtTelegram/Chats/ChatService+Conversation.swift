import Foundation
import TgtDomain
import TgtTDLib

/// One page of a conversation: its messages oldest first, and whether older (and newer) ones
/// remain.
public struct ConversationPage: Codable, Sendable, Equatable {
    public var chat: ChatSummary
    public var messages: [ChatMessageItem]
    /// False once the start of the chat was reached.
    public var hasOlder: Bool
    /// The id to pass as `before` for the next older page (the oldest id here).
    public var oldestMessageID: Int64?
    /// True when the chat has messages newer than this page's newest (a page opened at a
    /// message, or one after it, that does not reach the chat's last message).
    public var hasNewer: Bool

    public init(chat: ChatSummary, messages: [ChatMessageItem], hasOlder: Bool, oldestMessageID: Int64?, hasNewer: Bool = false) {
        self.chat = chat
        self.messages = messages
        self.hasOlder = hasOlder
        self.oldestMessageID = oldestMessageID
        self.hasNewer = hasNewer
    }

    private enum CodingKeys: String, CodingKey {
        case chat, messages
        case hasOlder = "has_older"
        case oldestMessageID = "oldest_message_id"
        case hasNewer = "has_newer"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        chat = try c.decode(ChatSummary.self, forKey: .chat)
        messages = try c.decode([ChatMessageItem].self, forKey: .messages)
        hasOlder = try c.decode(Bool.self, forKey: .hasOlder)
        oldestMessageID = try c.decodeIfPresent(Int64.self, forKey: .oldestMessageID)
        hasNewer = try c.decodeIfPresent(Bool.self, forKey: .hasNewer) ?? false
    }
}

extension ChatService {
    /// Up to `limit` messages older than `before` (0: from the newest), newest first, as TDLib
    /// gives them. TDLib chooses how many each answer holds (its first is often one message):
    /// this keeps asking from the oldest id it got until it has `limit` or an answer brings
    /// nothing older, which is the start of the chat. TDLib includes `from_message_id` itself
    /// in each answer: that boundary message (and any duplicate) is dropped. In a forum topic,
    /// `getForumTopicHistory` pages the topic alone.
    public func history(chatID: Int64, before: Int64 = 0, limit: Int, topicID: Int32? = nil) async throws(ChatError) -> (messages: [Message], reachedStart: Bool) {
        try requireLogin()
        var result: [Message] = []
        var seen = Set<Int64>()
        var from = before
        var reachedStart = false
        while result.count < limit {
            // One more than needed: the answer starts with `from` itself when it is set.
            let want = Int32(min(100, max(1, limit - result.count + (from == 0 ? 0 : 1))))
            let page: Messages
            if let topicID {
                page = try await ask(TDFunctions.GetForumTopicHistory(chatID: chatID, forumTopicID: topicID, fromMessageID: from, limit: want))
            } else {
                page = try await ask(TDFunctions.GetChatHistory(chatID: chatID, fromMessageID: from, limit: want))
            }
            let fresh = page.messages.filter { (from == 0 || $0.id < from) && seen.insert($0.id).inserted }
            if fresh.isEmpty {
                // Nothing older than what we have: the start of the chat (or topic).
                reachedStart = true
                break
            }
            result += fresh.prefix(limit - result.count)
            guard let oldest = fresh.map(\.id).min() else { break }
            from = oldest
        }
        return (result, reachedStart)
    }

    /// A page of the conversation ready to show: messages oldest first, with names, reply
    /// headers (fetching replied messages not in the page), read ticks. With `topicID`, only
    /// that forum topic's messages (a topic the forum does not have, or a chat that is not a
    /// forum, is refused).
    public func conversation(chatID: Int64, before: Int64 = 0, limit: Int = 50, topicID: Int32? = nil) async throws(ChatError) -> ConversationPage {
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        if let topicID { _ = try await topic(chatID: chatID, topicID: topicID) }
        let (messages, reachedStart) = try await history(chatID: chatID, before: before, limit: limit, topicID: topicID)
        // A page read back from the newest has nothing newer (a topic's newest may well be older
        // than the chat's last message, which is in another topic).
        return await page(chat, oldestFirst: messages.reversed(), hasOlder: !reachedStart, newerThanChat: before != 0 && topicID == nil, topicID: topicID)
    }

    /// The page for `messages` (oldest first) of `chat`. With `newerThanChat`, it has newer
    /// messages when its newest is older than the chat's last message (the whole chat's pages
    /// only); otherwise it has none.
    func page(_ chat: Chat, oldestFirst messages: [Message], hasOlder: Bool, newerThanChat: Bool = true, topicID: Int32? = nil) async -> ConversationPage {
        let items = await items(for: messages, chat: chat)
        let summary = await summary(of: chat, list: chat.positions.first?.list ?? .main, builder: await itemBuilder(), topicID: topicID)
        let newest = messages.map(\.id).max() ?? 0
        let hasNewer = newerThanChat && newest > 0 && newest < (chat.lastMessage?.id ?? 0)
        return ConversationPage(chat: summary, messages: items, hasOlder: hasOlder, oldestMessageID: messages.map(\.id).min(), hasNewer: hasNewer)
    }

    /// Items for `messages` of `chat` (same order), with replied messages looked up when they
    /// are not among them.
    public func items(for messages: [Message], chat: Chat) async -> [ChatMessageItem] {
        var page: [Int64: Message] = [:]
        for message in messages { page[message.id] = message }
        var replied: [Int64: Message] = [:]
        let missing = Set(messages.compactMap { m in m.replyTo.flatMap { $0.chatID == chat.id || $0.chatID == 0 ? $0.messageID : nil } }).subtracting(page.keys)
        // One request for every replied message not in the page (TDLib's getMessages), not one each.
        if !missing.isEmpty, let found = try? await ask(TDFunctions.GetMessages(chatID: chat.id, messageIDs: missing.sorted().suffix(100))) {
            for message in found.messages { replied[message.id] = message }
        }
        await fetchUnknownSenders(messages + Array(replied.values))
        let builder = await itemBuilder(replied: replied)
        return messages.map { builder.item($0, lastReadOutboxMessageID: chat.lastReadOutboxMessageID, page: page) }
    }

    /// Asks TDLib for users a page mentions but the updates did not describe (rare: TDLib sends
    /// `updateUser` before a message that needs it).
    func fetchUnknownSenders(_ messages: [Message]) async {
        var wanted = Set<Int64>()
        for message in messages {
            if case .user(let id)? = message.senderID { wanted.insert(id) }
            if case .service(.membersAdded(let ids))? = message.content { wanted.formUnion(ids) }
        }
        let known = await session.userCache
        let unknown = Array(wanted.subtracting(known.keys).prefix(100))
        guard !unknown.isEmpty else { return }
        // TDLib has no batch for users: the lookups go out together, not one after another.
        let found = await withTaskGroup(of: User?.self) { group -> [User] in
            for id in unknown { group.addTask { try? await self.ask(TDFunctions.GetUser(userID: id)) } }
            var users: [User] = []
            for await user in group { if let user { users.append(user) } }
            return users
        }
        for user in found { await session.remember(user) }
    }

    /// The item for one message of a chat as it is now, asked of TDLib (after it changed: its
    /// content, an edit, a voice note played).
    public func item(chatID: Int64, messageID: Int64) async throws -> ChatMessageItem {
        await item(try await ask(TDFunctions.GetMessage(chatID: chatID, messageID: messageID)))
    }

    /// The item for one message of a chat.
    public func item(_ message: Message) async -> ChatMessageItem {
        guard let chat = await session.chat(message.chatID) else {
            return await itemBuilder().item(message, lastReadOutboxMessageID: 0)
        }
        if let item = await items(for: [message], chat: chat).first { return item }
        return await itemBuilder().item(message, lastReadOutboxMessageID: chat.lastReadOutboxMessageID)
    }
}
