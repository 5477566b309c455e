/// `chat`: identity, kind, title, positions in chat lists, and what a chat list shows
/// (photo's minithumbnail, last message, unread and mention counts, read markers, mute,
/// whether the user may write).
public struct Chat: Decodable, Sendable, Equatable {
    public var id: Int64
    public var type: ChatType
    public var title: String
    public var positions: [ChatPosition]
    /// The blurred preview of the chat's photo, when it has one.
    public var photoMinithumbnail: Minithumbnail?
    /// The small photo file (160 px), to download for a real thumbnail.
    public var smallPhoto: TDFile?
    public var lastMessage: Message?
    public var unreadCount: Int32
    public var unreadMentionCount: Int32
    public var lastReadInboxMessageID: Int64
    /// The newest outgoing message the other side has read (for ✓✓).
    public var lastReadOutboxMessageID: Int64
    /// Seconds the chat stays muted (0: not muted; Telegram uses a year and more for "forever").
    public var muteFor: Int32
    /// The chat follows its kind's default (`use_default_mute_for`; see `NotificationScope`).
    public var usesDefaultMute: Bool
    /// Whether its notifications may show the message's text (`show_preview`).
    public var showPreview = true
    /// The chat follows its kind's default preview setting (`use_default_show_preview`).
    public var usesDefaultShowPreview = true
    /// `permissions.can_send_basic_messages`: whether members may post text (admins and
    /// private chats aside; the Telegram layer combines it with the member's own rights).
    public var canSendBasicMessages: Bool
    public var isMarkedAsUnread: Bool
    /// The text of the chat's cloud draft (`draft_message` with text content), nil when none.
    public var draftText: String?

    public init(id: Int64, type: ChatType, title: String, positions: [ChatPosition] = []) {
        self.id = id
        self.type = type
        self.title = title
        self.positions = positions
        unreadCount = 0
        unreadMentionCount = 0
        lastReadInboxMessageID = 0
        lastReadOutboxMessageID = 0
        muteFor = 0
        usesDefaultMute = false
        canSendBasicMessages = true
        isMarkedAsUnread = false
    }

    private enum CodingKeys: String, CodingKey {
        case id, type, title, positions, photo, permissions
        case lastMessage = "last_message"
        case unreadCount = "unread_count"
        case unreadMentionCount = "unread_mention_count"
        case lastReadInboxMessageID = "last_read_inbox_message_id"
        case lastReadOutboxMessageID = "last_read_outbox_message_id"
        case notificationSettings = "notification_settings"
        case isMarkedAsUnread = "is_marked_as_unread"
        case draftMessage = "draft_message"
    }

    private enum PhotoKeys: String, CodingKey { case minithumbnail, small }
    private enum PermissionKeys: String, CodingKey { case canSendBasicMessages = "can_send_basic_messages" }
    private enum NotificationKeys: String, CodingKey {
        case muteFor = "mute_for"
        case useDefaultMuteFor = "use_default_mute_for"
        case showPreview = "show_preview"
        case useDefaultShowPreview = "use_default_show_preview"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        type = try c.decode(ChatType.self, forKey: .type)
        title = try c.decode(String.self, forKey: .title)
        positions = try c.decodeIfPresent([ChatPosition].self, forKey: .positions) ?? []
        (photoMinithumbnail, smallPhoto) = try Self.photo(c, .photo)
        lastMessage = try c.decodeIfPresent(Message.self, forKey: .lastMessage)
        unreadCount = try c.decodeIfPresent(Int32.self, forKey: .unreadCount) ?? 0
        unreadMentionCount = try c.decodeIfPresent(Int32.self, forKey: .unreadMentionCount) ?? 0
        lastReadInboxMessageID = try c.decodeIfPresent(Int64.self, forKey: .lastReadInboxMessageID) ?? 0
        lastReadOutboxMessageID = try c.decodeIfPresent(Int64.self, forKey: .lastReadOutboxMessageID) ?? 0
        isMarkedAsUnread = try c.decodeIfPresent(Bool.self, forKey: .isMarkedAsUnread) ?? false
        muteFor = 0
        usesDefaultMute = false
        if c.contains(.notificationSettings), try !c.decodeNil(forKey: .notificationSettings) {
            let settings = try c.nestedContainer(keyedBy: NotificationKeys.self, forKey: .notificationSettings)
            muteFor = try settings.decodeIfPresent(Int32.self, forKey: .muteFor) ?? 0
            usesDefaultMute = try settings.decodeIfPresent(Bool.self, forKey: .useDefaultMuteFor) ?? false
            showPreview = try settings.decodeIfPresent(Bool.self, forKey: .showPreview) ?? true
            usesDefaultShowPreview = try settings.decodeIfPresent(Bool.self, forKey: .useDefaultShowPreview) ?? true
        }
        canSendBasicMessages = true
        if c.contains(.permissions), try !c.decodeNil(forKey: .permissions) {
            canSendBasicMessages = try c.nestedContainer(keyedBy: PermissionKeys.self, forKey: .permissions)
                .decodeIfPresent(Bool.self, forKey: .canSendBasicMessages) ?? true
        }
        draftText = try DraftText.decode(c, forKey: .draftMessage)
    }

    /// Reads a `chatPhotoInfo` (the chat's `photo`, or `updateChatPhoto`'s).
    static func photo<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> (Minithumbnail?, TDFile?) {
        guard c.contains(key), try !c.decodeNil(forKey: key) else { return (nil, nil) }
        let photo = try c.nestedContainer(keyedBy: PhotoKeys.self, forKey: key)
        var mini: Minithumbnail?
        if photo.contains(.minithumbnail), try !photo.decodeNil(forKey: .minithumbnail) {
            mini = try photo.decode(Minithumbnail.self, forKey: .minithumbnail)
        }
        return (mini, try photo.decodeIfPresent(TDFile.self, forKey: .small))
    }
}

/// `ChatList`: the main list, the archive, or a folder.
public enum ChatListKind: Codable, Sendable, Hashable {
    case main
    case archive
    case folder(Int32)

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case chatFolderID = "chat_folder_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "chatListArchive": self = .archive
        case "chatListFolder": self = .folder(try c.decode(Int32.self, forKey: .chatFolderID))
        default: self = .main
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .main: try c.encode("chatListMain", forKey: .type)
        case .archive: try c.encode("chatListArchive", forKey: .type)
        case .folder(let id):
            try c.encode("chatListFolder", forKey: .type)
            try c.encode(id, forKey: .chatFolderID)
        }
    }
}

/// `chatPosition`: a chat's place in one chat list.
public struct ChatPosition: Decodable, Sendable, Equatable {
    public var list: ChatListKind
    /// Sort key (descending, ties by chat id descending); 0 means the chat left the list.
    public var order: Int64
    public var isPinned: Bool

    /// True for `chatListMain`.
    public var isMainList: Bool { list == .main }

    public init(list: ChatListKind = .main, order: Int64, isPinned: Bool = false) {
        self.list = list
        self.order = order
        self.isPinned = isPinned
    }

    public init(isMainList: Bool, order: Int64) {
        self.init(list: isMainList ? .main : .archive, order: order)
    }

    private enum CodingKeys: String, CodingKey {
        case list, order
        case isPinned = "is_pinned"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        list = try c.decode(ChatListKind.self, forKey: .list)
        order = try c.decode(TDInt64.self, forKey: .order).value
        isPinned = try c.decodeIfPresent(Bool.self, forKey: .isPinned) ?? false
    }
}

/// `basicGroupFullInfo`, reduced to what a profile shows (the benchmark's "original approach" asks for it too).
public struct BasicGroupFullInfo: Decodable, Sendable, Equatable {
    public var description: String
    /// Every member (a basic group has at most 200).
    public var members: [ChatMember] = []
    private enum CodingKeys: String, CodingKey { case description, members }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        members = try c.decodeIfPresent([ChatMember].self, forKey: .members) ?? []
    }
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
    /// The account's own status in the group.
    public var status: MemberStatus

    public init(id: Int64, memberCount: Int32, isActive: Bool = true, upgradedToSupergroupID: Int64 = 0, status: MemberStatus = .member) {
        self.id = id
        self.memberCount = memberCount
        self.isActive = isActive
        self.upgradedToSupergroupID = upgradedToSupergroupID
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case id, status
        case memberCount = "member_count"
        case isActive = "is_active"
        case upgradedToSupergroupID = "upgraded_to_supergroup_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        memberCount = try c.decodeIfPresent(Int32.self, forKey: .memberCount) ?? 0
        isActive = try c.decodeIfPresent(Bool.self, forKey: .isActive) ?? true
        upgradedToSupergroupID = try c.decodeIfPresent(Int64.self, forKey: .upgradedToSupergroupID) ?? 0
        status = try c.decodeIfPresent(MemberStatus.self, forKey: .status) ?? .member
    }
}

/// `supergroup` (also channels, which the directory filters out).
public struct Supergroup: Decodable, Sendable, Equatable {
    public var id: Int64
    public var memberCount: Int32
    public var isChannel: Bool
    public var isForum: Bool
    /// The account's own status (for channels: whether it may post).
    public var status: MemberStatus
    /// `usernames.active_usernames`.
    public var usernames: [String]
    /// `paid_message_star_count`: Stars members who are not admins pay per message (0: free).
    public var paidMessageStarCount: Int64

    public init(id: Int64, memberCount: Int32, isChannel: Bool = false, isForum: Bool = false, status: MemberStatus = .member, usernames: [String] = [],
                paidMessageStarCount: Int64 = 0)
    {
        self.id = id
        self.memberCount = memberCount
        self.isChannel = isChannel
        self.isForum = isForum
        self.status = status
        self.usernames = usernames
        self.paidMessageStarCount = paidMessageStarCount
    }

    private enum CodingKeys: String, CodingKey {
        case id, status, usernames
        case memberCount = "member_count"
        case isChannel = "is_channel"
        case isForum = "is_forum"
        case paidMessageStarCount = "paid_message_star_count"
    }
    private enum UsernameKeys: String, CodingKey { case activeUsernames = "active_usernames" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        memberCount = try c.decodeIfPresent(Int32.self, forKey: .memberCount) ?? 0
        isChannel = try c.decodeIfPresent(Bool.self, forKey: .isChannel) ?? false
        isForum = try c.decodeIfPresent(Bool.self, forKey: .isForum) ?? false
        status = try c.decodeIfPresent(MemberStatus.self, forKey: .status) ?? .member
        paidMessageStarCount = try c.decodeIfPresent(Int64.self, forKey: .paidMessageStarCount) ?? 0
        usernames = []
        if c.contains(.usernames), try !c.decodeNil(forKey: .usernames) {
            usernames = try c.nestedContainer(keyedBy: UsernameKeys.self, forKey: .usernames).decodeIfPresent([String].self, forKey: .activeUsernames) ?? []
        }
    }
}

/// `supergroupFullInfo`, for the member count when `supergroup.member_count` is 0 (unknown).
public struct SupergroupFullInfo: Decodable, Sendable, Equatable {
    public var memberCount: Int32
    /// The group's or channel's description (empty when none).
    public var description: String = ""
    /// `can_get_members`: the member list may be read (not in most channels).
    public var canGetMembers: Bool = false

    private enum CodingKeys: String, CodingKey {
        case memberCount = "member_count"
        case description
        case canGetMembers = "can_get_members"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        memberCount = try c.decodeIfPresent(Int32.self, forKey: .memberCount) ?? 0
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        canGetMembers = try c.decodeIfPresent(Bool.self, forKey: .canGetMembers) ?? false
    }
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

/// `forumTopic`, reduced to its info, newest message, pin, unread count and read marker.
public struct ForumTopic: Decodable, Sendable, Equatable {
    public var info: ForumTopicInfo
    /// `last_message`: the topic's newest message (nil when TDLib does not know it).
    public var lastMessage: Message?
    public var isPinned: Bool
    public var unreadCount: Int32
    /// `last_read_inbox_message_id`: incoming messages of the topic up to this id are read.
    public var lastReadInboxMessageID: Int64
    /// The text of `draft_message`: the topic's own cloud draft (nil: none).
    public var draftText: String?

    public init(info: ForumTopicInfo, lastMessage: Message? = nil, isPinned: Bool = false, unreadCount: Int32 = 0, lastReadInboxMessageID: Int64 = 0,
                draftText: String? = nil)
    {
        self.info = info
        self.lastMessage = lastMessage
        self.isPinned = isPinned
        self.unreadCount = unreadCount
        self.lastReadInboxMessageID = lastReadInboxMessageID
        self.draftText = draftText
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        info = try c.decode(ForumTopicInfo.self, forKey: .info)
        lastMessage = try c.decodeIfPresent(Message.self, forKey: .lastMessage)
        isPinned = try c.decodeIfPresent(Bool.self, forKey: .isPinned) ?? false
        unreadCount = try c.decodeIfPresent(Int32.self, forKey: .unreadCount) ?? 0
        lastReadInboxMessageID = try c.decodeIfPresent(Int64.self, forKey: .lastReadInboxMessageID) ?? 0
        draftText = try DraftText.decode(c, forKey: .draftMessage)
    }

    private enum CodingKeys: String, CodingKey {
        case info
        case lastMessage = "last_message"
        case isPinned = "is_pinned"
        case unreadCount = "unread_count"
        case lastReadInboxMessageID = "last_read_inbox_message_id"
        case draftMessage = "draft_message"
    }
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

/// `NotificationSettingsScope`: the kinds of chats that share default notification settings.
public enum NotificationScope: String, Decodable, Sendable, Hashable {
    case privateChats = "notificationSettingsScopePrivateChats"
    case groupChats = "notificationSettingsScopeGroupChats"
    case channelChats = "notificationSettingsScopeChannelChats"

    private enum CodingKeys: String, CodingKey { case type = "@type" }

    public init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .type)
        guard let scope = NotificationScope(rawValue: type) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown scope \(type)"))
        }
        self = scope
    }

    /// The scope a chat's defaults come from.
    public init(_ type: ChatType) {
        switch type {
        case .private, .secret: self = .privateChats
        case .supergroup(_, let isChannel): self = isChannel ? .channelChats : .groupChats
        case .basicGroup, .unknown: self = .groupChats
        }
    }
}

/// The text of a `draftMessage` (its `draftMessageContentText`); nil for none or other contents.
public enum DraftText {
    private enum DraftKeys: String, CodingKey { case content }
    private enum ContentKeys: String, CodingKey {
        case type = "@type"
        case text
    }

    static func decode<K: CodingKey>(_ c: KeyedDecodingContainer<K>, forKey key: K) throws -> String? {
        guard c.contains(key), try !c.decodeNil(forKey: key) else { return nil }
        let draft = try c.nestedContainer(keyedBy: DraftKeys.self, forKey: key)
        guard draft.contains(.content), try !draft.decodeNil(forKey: .content) else { return nil }
        let content = try draft.nestedContainer(keyedBy: ContentKeys.self, forKey: .content)
        guard try content.decodeIfPresent(String.self, forKey: .type) == "draftMessageContentText" else { return nil }
        let text = try content.decodeIfPresent(FormattedText.self, forKey: .text)?.text ?? ""
        return text.isEmpty ? nil : text
    }
}

extension TDFunctions {
    /// `setChatDraftMessage`: the chat's cloud draft (in a forum topic with `forumTopicID`),
    /// which follows the user to their other apps; nil text clears it.
    public struct SetChatDraftMessage: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "setChatDraftMessage"
        public var chatID: Int64
        public var forumTopicID: Int32?
        public var text: String?
        public var date: Int32
        public init(chatID: Int64, forumTopicID: Int32? = nil, text: String?, date: Int32) {
            self.chatID = chatID
            self.forumTopicID = forumTopicID
            self.text = text
            self.date = date
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case topicID = "topic_id"
            case draftMessage = "draft_message"
        }
        private enum DraftKeys: String, CodingKey {
            case type = "@type"
            case date, content
            case effectID = "effect_id"
        }
        private enum ContentKeys: String, CodingKey {
            case type = "@type"
            case text
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(chatID, forKey: .chatID)
            try c.encodeIfPresent(forumTopicID.map(MessageTopicForum.init), forKey: .topicID)
            guard let text, !text.isEmpty else { return }
            var draft = c.nestedContainer(keyedBy: DraftKeys.self, forKey: .draftMessage)
            try draft.encode("draftMessage", forKey: .type)
            try draft.encode(date, forKey: .date)
            try draft.encode(TDInt64(0), forKey: .effectID)
            var content = draft.nestedContainer(keyedBy: ContentKeys.self, forKey: .content)
            try content.encode("draftMessageContentText", forKey: .type)
            try content.encode(FormattedText(text: text), forKey: .text)
        }
    }
}
