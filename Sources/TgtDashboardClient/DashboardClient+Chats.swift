import Foundation
import TgtDomain
import TgtTDLib
import TgtTelegram
import TgtWire

/// The chats through a running dashboard (`tgt chat …` while `tgt serve` holds the session):
/// the same items the Telegram layer gives, read back from the API's JSON.
extension DashboardClient {
    typealias Schemas = Components.Schemas

    public func conversations(archive: Bool = false, unreadOnly: Bool = false, search: String? = nil) async throws(DashboardClientError) -> [ChatSummary] {
        try await call { client in
            let reply = try await client.listConversations(query: .init(list: archive ? .archive : .main, unread: unreadOnly ? true : nil, search: search))
            return try reply.ok.body.json.data.chats.map(Self.summary)
        }
    }

    public func conversation(_ chatID: Int64) async throws(DashboardClientError) -> ChatSummary {
        try await call { client in Self.summary(try await client.getConversation(path: .init(chatId: chatID)).ok.body.json.data) }
    }

    public func messages(chatID: Int64, before: Int64?, limit: Int, topicID: Int32? = nil) async throws(DashboardClientError) -> ConversationPage {
        try await call { client in
            let query = Operations.ListConversationMessages.Input.Query(before: before, limit: limit, topicId: topicID)
            let page = try await client.listConversationMessages(path: .init(chatId: chatID), query: query).ok.body.json.data
            return ConversationPage(chat: Self.summary(page.chat), messages: page.messages.map(Self.message), hasOlder: page.hasOlder,
                                    oldestMessageID: page.oldestMessageId, hasNewer: page.hasNewer)
        }
    }

    /// A forum's topics.
    public func topics(chatID: Int64) async throws(DashboardClientError) -> [ForumTopicItem] {
        try await call { client in
            try await client.listConversationTopics(path: .init(chatId: chatID)).ok.body.json.data.topics.map {
                ForumTopicItem(id: $0.id, title: $0.title, isGeneral: $0.isGeneral, isClosed: $0.isClosed, isPinned: $0.isPinned, unreadCount: $0.unreadCount)
            }
        }
    }

    public func sendMessage(chatID: Int64, text: String, replyTo: Int64?, silent: Bool, topicID: Int32?) async throws(DashboardClientError) -> ChatMessageItem {
        try await call { client in
            let body = Schemas.ChatMessageInput(text: text, replyTo: replyTo, silent: silent ? true : nil, topicId: topicID.map(Int.init))
            return Self.message(try await client.sendConversationMessage(path: .init(chatId: chatID), body: .json(body)).ok.body.json.data)
        }
    }

    public func editMessage(chatID: Int64, messageID: Int64, text: String) async throws(DashboardClientError) -> ChatMessageItem {
        try await call { client in
            let reply = try await client.editConversationMessage(path: .init(chatId: chatID, messageId: messageID), body: .json(.init(text: text)))
            return Self.message(try reply.ok.body.json.data)
        }
    }

    public func deleteMessage(chatID: Int64, messageID: Int64, forAll: Bool) async throws(DashboardClientError) {
        try await call { client in
            _ = try await client.deleteConversationMessage(path: .init(chatId: chatID, messageId: messageID), query: .init(forAll: forAll ? true : nil)).ok
        }
    }

    /// The emoji the user may react with to a message, and its reactions now.
    public func reactionChoices(chatID: Int64, messageID: Int64) async throws(DashboardClientError) -> ReactionChoices {
        try await call { client in
            let data = try await client.getMessageReactions(path: .init(chatId: chatID, messageId: messageID)).ok.body.json.data
            return ReactionChoices(available: data.available, reactions: data.reactions.map(Self.reaction))
        }
    }

    /// Adds (`chosen`) or takes back one of the user's reactions; the message's reactions after.
    public func setReaction(chatID: Int64, messageID: Int64, reaction: String, chosen: Bool) async throws(DashboardClientError) -> [ReactionItem] {
        try await call { client in
            let reply = try await client.setMessageReaction(path: .init(chatId: chatID, messageId: messageID), body: .json(.init(reaction: reaction, chosen: chosen)))
            return try reply.ok.body.json.data.reactions.map(Self.reaction)
        }
    }

    /// Marks the chat read up to its newest message; with `topicID`, only that forum topic.
    public func markRead(chatID: Int64, topicID: Int32? = nil) async throws(DashboardClientError) {
        try await call { client in
            _ = try await client.markConversationRead(path: .init(chatId: chatID), query: .init(topicId: topicID)).ok
        }
    }

    public func searchChats(_ query: String) async throws(DashboardClientError) -> [ChatSummary] {
        try await call { client in try await client.searchConversations(query: .init(q: query)).ok.body.json.data.chats.map(Self.summary) }
    }

    public func searchMessages(_ query: String, chatID: Int64?, limit: Int) async throws(DashboardClientError) -> [ChatMessageItem] {
        try await call { client in
            try await client.searchConversationMessages(query: .init(q: query, chatId: chatID, limit: limit)).ok.body.json.data.messages.map(Self.message)
        }
    }

    static func summary(_ chat: Schemas.ChatSummary) -> ChatSummary {
        ChatSummary(
            id: chat.id, title: chat.title, kind: ChatSummary.Kind(rawValue: chat.kind.rawValue) ?? .group, list: chat.list, isPinned: chat.isPinned,
            isMuted: chat.isMuted, unreadCount: chat.unreadCount, unreadMentionCount: chat.unreadMentionCount, isMarkedAsUnread: chat.isMarkedAsUnread,
            lastReadOutboxMessageID: chat.lastReadOutboxMessageId,
            lastMessage: chat.lastMessage.map {
                MessagePreview(messageID: $0.messageId, senderName: $0.senderName, text: $0.text, date: $0.date, isOutgoing: $0.isOutgoing, isRead: $0.isRead)
            },
            photoMinithumbnail: chat.photoMinithumbnail, cannotWrite: chat.canWrite ? nil : PostRefusal.read(code: chat.cannotWriteCode?.rawValue, reason: chat.cannotWriteReason) ?? .other,
            order: chat.order ?? 0)
    }

    static func message(_ m: Schemas.ChatMessage) -> ChatMessageItem {
        var item = ChatMessageItem(
            id: m.id, chatID: m.chatId, date: m.date, editDate: m.editDate, isOutgoing: m.isOutgoing,
            sender: SenderItem(id: m.sender.id, name: m.sender.name, isChat: m.sender.isChat), formatted: FormattedText(text: m.text),
            serviceLine: m.serviceLine,
            media: m.media.map { MediaItem(kind: $0.kind, label: $0.label, minithumbnail: $0.minithumbnail, thumbnailFileID: $0.thumbnailFileId.map(Int32.init)) },
            replyTo: m.replyTo.map { ReplyItem(messageID: $0.messageId, senderName: $0.senderName, snippet: $0.snippet) },
            forwardedFrom: m.forwardedFrom, topicID: m.topicId.map(Int32.init), sendingState: m.sendingState, failureReason: m.failureReason,
            isRead: m.isRead)
        item.html = m.html
        item.reactions = m.reactions.map(reaction)
        return item
    }

    static func reaction(_ r: Schemas.MessageReaction) -> ReactionItem {
        ReactionItem(emoji: r.emoji, key: r.key, count: r.count, isChosen: r.isChosen)
    }
}
