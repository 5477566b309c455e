import Foundation
import TgtTDLib

/// A forum topic as the front ends show it: its id (what `topic_id` / `--topic` take), title,
/// whether it is the forum's General topic, closed or pinned, and its unread count (TDLib's
/// `forumTopic.unread_count`, known without asking per message).
public struct ForumTopicItem: Codable, Sendable, Equatable {
    public var id: Int32
    public var title: String
    public var isGeneral: Bool
    public var isClosed: Bool
    public var isPinned: Bool
    public var unreadCount: Int
    /// The topic's own cloud draft (nil: none), as typed here or in another Telegram app.
    public var draft: String?

    public init(id: Int32, title: String, isGeneral: Bool = false, isClosed: Bool = false, isPinned: Bool = false, unreadCount: Int = 0,
                draft: String? = nil)
    {
        self.id = id
        self.title = title
        self.isGeneral = isGeneral
        self.isClosed = isClosed
        self.isPinned = isPinned
        self.unreadCount = unreadCount
        self.draft = draft
    }

    init(_ topic: ForumTopic) {
        self.init(id: topic.info.forumTopicID, title: topic.info.name, isGeneral: topic.info.isGeneral, isClosed: topic.info.isClosed,
                  isPinned: topic.isPinned, unreadCount: Int(topic.unreadCount), draft: topic.draftText)
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, draft
        case isGeneral = "is_general"
        case isClosed = "is_closed"
        case isPinned = "is_pinned"
        case unreadCount = "unread_count"
    }
}

extension ChatService {
    /// The forum's visible topics in Telegram's order (pinned first, then by last message).
    /// A chat that is not a forum is refused with `.notForum`.
    public func topics(chatID: Int64) async throws(ChatError) -> [ForumTopicItem] {
        let chat = try await forum(chatID)
        var topics: [ForumTopicItem] = []
        var request = TDFunctions.GetForumTopics(chatID: chat.id)
        for _ in 0..<50 {
            let page = try await ask(request)
            topics += page.topics.filter { !$0.info.isHidden }.map(ForumTopicItem.init)
            guard page.nextOffsetForumTopicID != 0, !page.topics.isEmpty, topics.count < Int(page.totalCount) else { break }
            request.offsetDate = page.nextOffsetDate
            request.offsetMessageID = page.nextOffsetMessageID
            request.offsetForumTopicID = page.nextOffsetForumTopicID
        }
        return topics
    }

    /// One topic of a forum; `.topicNotFound` when the forum has none with this id, `.notForum`
    /// when the chat is not a forum.
    public func topic(chatID: Int64, topicID: Int32) async throws(ChatError) -> ForumTopicItem {
        ForumTopicItem(try await forumTopic(chatID: chatID, topicID: topicID))
    }

    /// TDLib's `forumTopic` (with its newest message and read marker), refused like `topic`.
    func forumTopic(chatID: Int64, topicID: Int32) async throws(ChatError) -> ForumTopic {
        let chat = try await forum(chatID)
        do {
            return try await session.send(TDFunctions.GetForumTopic(chatID: chat.id, forumTopicID: topicID), timeout: timeout)
        } catch {
            // TDLib answers 400 "Topic not found" (404 for some ids it knows were deleted).
            if error.tdlibCode == 400 || error.tdlibCode == 404 { throw .topicNotFound(topicID, title: await title(of: chat)) }
            throw .request(error)
        }
    }

    /// The chat, when it is a forum the session knows.
    private func forum(_ chatID: Int64) async throws(ChatError) -> Chat {
        try requireLogin()
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        guard await kind(of: chat) == .forum else { throw .notForum(title: await title(of: chat)) }
        return chat
    }
}
