import Foundation
import GRDB
import TgtDomain

/// A chat a template may target, as cached from Telegram's chat list: your Saved Messages,
/// private chats, groups (with forum topics) and channels, each with whether you may post there.
public struct CachedChat: Sendable, Hashable, Codable, Identifiable {
    /// What kind of chat it is (the raw values are stored and served by the API).
    public enum Kind: String, Sendable, Codable, CaseIterable {
        case savedMessages = "saved_messages"
        case privateChat = "private"
        case basicGroup = "basic_group"
        case supergroup
        case channel
    }

    public var id: Int64
    public var kind: Kind
    public var title: String
    /// Members (subscribers for channels); 0 when Telegram did not say or for private chats.
    public var memberCount: Int
    public var isForum: Bool
    /// Forum topics (empty for non-forums), in Telegram's order.
    public var topics: [CachedTopic]
    /// Why the account may not post here; nil when it may. Such chats are listed, but refused
    /// as targets.
    public var cannotPost: PostRefusal?

    public init(id: Int64, kind: Kind, title: String, memberCount: Int, isForum: Bool = false, topics: [CachedTopic] = [],
                cannotPost: PostRefusal? = nil)
    {
        self.id = id
        self.kind = kind
        self.title = title
        self.memberCount = memberCount
        self.isForum = isForum
        self.topics = topics
        self.cannotPost = cannotPost
    }

    /// Whether a template may send here.
    public var canPost: Bool { cannotPost == nil }

    /// Why the account may not post here, in English (the end of a sentence: "only the
    /// channel's admins can post.").
    public var cannotPostReason: String? { cannotPost?.reason }

    /// One line about the chat for pickers: "forum · 48 members", "channel · 12000 subscribers",
    /// "private chat", "notes to yourself"; "can't post: …" when refused.
    public var summary: String {
        if let cannotPostReason { return "can't post: \(cannotPostReason)" }
        switch kind {
        case .savedMessages: return "notes to yourself"
        case .privateChat: return "private chat"
        case .channel: return memberCount > 0 ? "channel · \(memberCount) subscribers" : "channel"
        case .basicGroup, .supergroup:
            let members = memberCount > 0 ? "\(memberCount) members" : "group"
            return isForum ? "forum · \(members)" : members
        }
    }

    /// The refusal a template save gives for this chat, or nil when it may be targeted.
    public var targetRefusal: String? {
        cannotPost?.targetRefusal(chatTitle: title)
    }

    /// The target for the chat itself, or one of its topics.
    public func target(topic: CachedTopic? = nil) -> Target {
        Target(chatID: id, topicID: topic?.id, chatTitle: title, topicTitle: topic?.title)
    }
}

/// A forum topic.
public struct CachedTopic: Sendable, Hashable, Codable, Identifiable {
    public var id: Int32
    public var title: String
    public init(id: Int32, title: String) {
        self.id = id
        self.title = title
    }
}

extension AppDatabase {
    /// The directory's format: "2" lists every chat kind with post rights, "3" also refuses
    /// chats where messages cost Stars; a cache written in an older one is out of date and
    /// worth refreshing once logged in.
    public static let chatDirectoryFormat = "3"

    /// Whether the cached directory was written in the current format (an empty one never was).
    public func chatDirectoryIsCurrent() throws(StoreError) -> Bool {
        try setting(.chatDirectoryFormat) == Self.chatDirectoryFormat
    }

    /// Replaces the cached directory with `chats` (in chat-list order), in one transaction.
    public func replaceChatDirectory(_ chats: [CachedChat]) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)").execute(
                arguments: [SettingKey.chatDirectoryFormat.rawValue, Self.chatDirectoryFormat])
            try db.execute(sql: "DELETE FROM forum_topic; DELETE FROM chat;")
            let chatStatement = try db.makeStatement(sql: """
                INSERT INTO chat (id, kind, title, member_count, is_forum, list_order, cannot_post) VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            let topicStatement = try db.makeStatement(sql: "INSERT OR REPLACE INTO forum_topic (chat_id, topic_id, title) VALUES (?, ?, ?)")
            for (order, chat) in chats.enumerated() {
                try chatStatement.execute(arguments: [chat.id, chat.kind.rawValue, OutsideText.storable(chat.title), chat.memberCount, chat.isForum, order,
                                                      chat.cannotPost?.rawValue])
                for topic in chat.topics { try topicStatement.execute(arguments: [chat.id, topic.id, OutsideText.storable(topic.title)]) }
            }
        }
    }

    /// Cached chats in chat-list order (Saved Messages first), optionally those whose title (or a
    /// topic's) contains `search`. Chats the account may not post in are included with the reason.
    public func cachedChats(search: String? = nil) throws(StoreError) -> [CachedChat] {
        let all: [CachedChat] = try read { db in
            var topics: [Int64: [CachedTopic]] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM forum_topic ORDER BY chat_id, rowid")) {
                topics[row["chat_id"], default: []].append(CachedTopic(id: row["topic_id"], title: row["title"]))
            }
            return try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM chat ORDER BY list_order")).compactMap { row in
                guard let kind = CachedChat.Kind(rawValue: row["kind"]) else { return nil }
                let id: Int64 = row["id"]
                return CachedChat(id: id, kind: kind, title: row["title"], memberCount: row["member_count"],
                                  isForum: row["is_forum"], topics: topics[id] ?? [], cannotPost: (row["cannot_post"] as String?).map(PostRefusal.init(code:)))
            }
        }
        return CachedChat.filter(all, search: search ?? "")
    }
}

extension CachedChat {
    /// The chats whose title contains `search` (with all their topics), and those with topics
    /// that do (with just those topics), ignoring case and accents; all of them for a blank search.
    public static func filter(_ chats: [CachedChat], search: String) -> [CachedChat] {
        let needle = search.trimmingCharacters(in: .whitespaces)
        guard !needle.isEmpty else { return chats }
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return chats.compactMap { chat in
            if chat.title.range(of: needle, options: options) != nil { return chat }
            let topics = chat.topics.filter { $0.title.range(of: needle, options: options) != nil }
            guard !topics.isEmpty else { return nil }
            var narrowed = chat
            narrowed.topics = topics
            return narrowed
        }
    }
}

/// What a target key names in the cached directory: the one rule the CLI and the API use when
/// a template's targets are set.
public enum TargetLookup: Sendable, Equatable {
    /// The target to store (with its titles from the directory, or as the template had it).
    case target(Target)
    /// The chat is not in the directory (and the template did not have it).
    case notListed
    /// The account may not post there (`CachedChat.targetRefusal`), and the template did not have it.
    case refused(String)
    /// The forum has no such topic (and the template did not have it).
    case noTopic(chatTitle: String, topicID: Int32)
}

extension CachedChat {
    /// Resolves `key` against `chats`. A target in `kept` (the template's own) stays even where
    /// the directory would now refuse it or no longer lists it: an edit never drops or blocks
    /// an existing target.
    public static func lookup(_ key: TargetKey, in chats: [Int64: CachedChat], keeping kept: [TargetKey: Target]) -> TargetLookup {
        let previous = kept[key]
        guard let chat = chats[key.chatID] else { return previous.map(TargetLookup.target) ?? .notListed }
        if let refusal = chat.targetRefusal, previous == nil { return .refused(refusal) }
        guard let topicID = key.topicID else { return .target(chat.target()) }
        if let topic = chat.topics.first(where: { $0.id == topicID }) { return .target(chat.target(topic: topic)) }
        return previous.map(TargetLookup.target) ?? .noTopic(chatTitle: chat.title, topicID: topicID)
    }

    /// `chats` by id, and `targets` by key, as `lookup` takes them.
    public static func lookupTables(_ chats: [CachedChat], keeping targets: [Target]) -> (chats: [Int64: CachedChat], kept: [TargetKey: Target]) {
        (Dictionary(chats.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }), Dictionary(targets.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a }))
    }
}

