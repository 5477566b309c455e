/// `chat`, reduced to identity, kind, title and its positions in chat lists.
public struct Chat: Decodable, Sendable, Equatable {
    public var id: Int64
    public var type: ChatType
    public var title: String
    public var positions: [ChatPosition]

    public init(id: Int64, type: ChatType, title: String, positions: [ChatPosition] = []) {
        self.id = id
        self.type = type
        self.title = title
        self.positions = positions
    }

    private enum CodingKeys: String, CodingKey { case id, type, title, positions }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        type = try c.decode(ChatType.self, forKey: .type)
        title = try c.decode(String.self, forKey: .title)
        positions = try c.decodeIfPresent([ChatPosition].self, forKey: .positions) ?? []
    }
}

/// `chatPosition`, reduced to whether it is in the main list and its order there.
public struct ChatPosition: Decodable, Sendable, Equatable {
    /// True for `chatListMain`.
    public var isMainList: Bool
    /// Sort key (descending); 0 means the chat left the list.
    public var order: Int64

    public init(isMainList: Bool, order: Int64) {
        self.isMainList = isMainList
        self.order = order
    }

    private enum CodingKeys: String, CodingKey { case list, order }
    private enum ListKeys: String, CodingKey { case type = "@type" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let list = try c.nestedContainer(keyedBy: ListKeys.self, forKey: .list)
        isMainList = try list.decode(String.self, forKey: .type) == "chatListMain"
        order = try c.decode(TDInt64.self, forKey: .order).value
    }
}

/// `basicGroupFullInfo`, reduced (only the benchmark's "original approach" asks for it).
public struct BasicGroupFullInfo: Decodable, Sendable, Equatable {
    public var description: String
    private enum CodingKeys: String, CodingKey { case description }
}

/// `ChatType`.
public enum ChatType: Decodable, Sendable, Equatable {
    case `private`(userID: Int64)
    case basicGroup(basicGroupID: Int64)
    case supergroup(supergroupID: Int64, isChannel: Bool)
    case secret(userID: Int64)
    case unknown(String)

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case userID = "user_id"
        case basicGroupID = "basic_group_id"
        case supergroupID = "supergroup_id"
        case isChannel = "is_channel"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "chatTypePrivate": self = .private(userID: try c.decode(Int64.self, forKey: .userID))
        case "chatTypeBasicGroup": self = .basicGroup(basicGroupID: try c.decode(Int64.self, forKey: .basicGroupID))
        case "chatTypeSupergroup":
            self = .supergroup(
                supergroupID: try c.decode(Int64.self, forKey: .supergroupID),
                isChannel: try c.decodeIfPresent(Bool.self, forKey: .isChannel) ?? false)
        case "chatTypeSecret": self = .secret(userID: try c.decode(Int64.self, forKey: .userID))
        default: self = .unknown(type)
        }
    }
}

/// `basicGroup`.
public struct BasicGroup: Decodable, Sendable, Equatable {
    public var id: Int64
    public var memberCount: Int32
    public var isActive: Bool
    public var upgradedToSupergroupID: Int64

    public init(id: Int64, memberCount: Int32, isActive: Bool = true, upgradedToSupergroupID: Int64 = 0) {
        self.id = id
        self.memberCount = memberCount
        self.isActive = isActive
        self.upgradedToSupergroupID = upgradedToSupergroupID
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case memberCount = "member_count"
        case isActive = "is_active"
        case upgradedToSupergroupID = "upgraded_to_supergroup_id"
    }
}

/// `supergroup` (also channels, which the directory filters out).
public struct Supergroup: Decodable, Sendable, Equatable {
    public var id: Int64
    public var memberCount: Int32
    public var isChannel: Bool
    public var isForum: Bool

    public init(id: Int64, memberCount: Int32, isChannel: Bool = false, isForum: Bool = false) {
        self.id = id
        self.memberCount = memberCount
        self.isChannel = isChannel
        self.isForum = isForum
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case memberCount = "member_count"
        case isChannel = "is_channel"
        case isForum = "is_forum"
    }
}

/// `supergroupFullInfo`, for the member count when `supergroup.member_count` is 0 (unknown).
public struct SupergroupFullInfo: Decodable, Sendable, Equatable {
    public var memberCount: Int32
    private enum CodingKeys: String, CodingKey { case memberCount = "member_count" }
}

/// `forumTopicInfo`.
public struct ForumTopicInfo: Decodable, Sendable, Equatable {
    public var chatID: Int64
    public var forumTopicID: Int32
    public var name: String
    public var isGeneral: Bool
    public var isClosed: Bool
    public var isHidden: Bool

    public init(chatID: Int64, forumTopicID: Int32, name: String, isGeneral: Bool = false, isClosed: Bool = false, isHidden: Bool = false) {
        self.chatID = chatID
        self.forumTopicID = forumTopicID
        self.name = name
        self.isGeneral = isGeneral
        self.isClosed = isClosed
        self.isHidden = isHidden
    }

    private enum CodingKeys: String, CodingKey {
        case chatID = "chat_id"
        case forumTopicID = "forum_topic_id"
        case name
        case isGeneral = "is_general"
        case isClosed = "is_closed"
        case isHidden = "is_hidden"
    }
}

/// `forumTopic`, reduced to its info.
public struct ForumTopic: Decodable, Sendable, Equatable {
    public var info: ForumTopicInfo
    private enum CodingKeys: String, CodingKey { case info }
}

/// `forumTopics`: one page of a forum's topics and the offsets of the next page.
public struct ForumTopics: Decodable, Sendable, Equatable {
    public var totalCount: Int32
    public var topics: [ForumTopic]
    public var nextOffsetDate: Int32
    public var nextOffsetMessageID: Int64
    public var nextOffsetForumTopicID: Int32

    private enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case topics
        case nextOffsetDate = "next_offset_date"
        case nextOffsetMessageID = "next_offset_message_id"
        case nextOffsetForumTopicID = "next_offset_forum_topic_id"
    }
}

/// `chats`: a list of chat ids (the result of getChats).
public struct Chats: Decodable, Sendable, Equatable {
    public var totalCount: Int32
    public var chatIDs: [Int64]
    private enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case chatIDs = "chat_ids"
    }
}
