import Foundation

/// `chatMember`, reduced to who and their role.
public struct ChatMember: Decodable, Sendable, Equatable {
    public var memberID: MessageSenderID
    public var status: MemberStatus
    public var joinedChatDate: Int32

    private enum CodingKeys: String, CodingKey {
        case memberID = "member_id"
        case status
        case joinedChatDate = "joined_chat_date"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        memberID = try c.decode(MessageSenderID.self, forKey: .memberID)
        status = try c.decode(MemberStatus.self, forKey: .status)
        joinedChatDate = try c.decodeIfPresent(Int32.self, forKey: .joinedChatDate) ?? 0
    }
}

/// `chatMembers`: one page of members and how many there are in all.
public struct ChatMembers: Decodable, Sendable, Equatable {
    public var totalCount: Int32
    public var members: [ChatMember]

    private enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case members
    }
}

/// `count`.
public struct TDCount: Decodable, Sendable, Equatable {
    public var count: Int32
}

extension TDFunctions {
    /// `getUserFullInfo`: a person's bio and groups in common.
    public struct GetUserFullInfo: TDFunction {
        public typealias Result = UserFullInfo
        public static let typeName = "getUserFullInfo"
        public var userID: Int64
        public init(userID: Int64) { self.userID = userID }
        enum CodingKeys: String, CodingKey { case userID = "user_id" }
    }

    /// `getSupergroupMembers` with the recent-members filter: one page of a group's members.
    public struct GetSupergroupMembers: TDFunction {
        public typealias Result = ChatMembers
        public static let typeName = "getSupergroupMembers"
        public var supergroupID: Int64
        public var offset: Int32
        public var limit: Int32
        public init(supergroupID: Int64, offset: Int32, limit: Int32) {
            self.supergroupID = supergroupID
            self.offset = offset
            self.limit = limit
        }
        enum CodingKeys: String, CodingKey {
            case supergroupID = "supergroup_id"
            case filter, offset, limit
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(supergroupID, forKey: .supergroupID)
            try c.encode(["@type": "supergroupMembersFilterRecent"], forKey: .filter)
            try c.encode(offset, forKey: .offset)
            try c.encode(limit, forKey: .limit)
        }
    }

    /// `getChatMessageCount`: how many messages of a kind a chat holds (Telegram's count, not
    /// only what this device has).
    public struct GetChatMessageCount: TDFunction {
        public typealias Result = TDCount
        public static let typeName = "getChatMessageCount"

        /// The `SearchMessagesFilter`s a profile counts.
        public enum Filter: String, Sendable, CaseIterable {
            case photoAndVideo = "searchMessagesFilterPhotoAndVideo"
            case document = "searchMessagesFilterDocument"
            case url = "searchMessagesFilterUrl"
            case voiceNote = "searchMessagesFilterVoiceNote"
        }

        public var chatID: Int64
        public var filter: Filter
        public init(chatID: Int64, filter: Filter) {
            self.chatID = chatID
            self.filter = filter
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case filter
            case returnLocal = "return_local"
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(chatID, forKey: .chatID)
            try c.encode(["@type": filter.rawValue], forKey: .filter)
            try c.encode(false, forKey: .returnLocal)
        }
    }
}
