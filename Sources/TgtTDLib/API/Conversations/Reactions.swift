import Foundation

/// `ReactionType`: an emoji, a custom emoji (by id), the paid (star) reaction, or a kind this
/// build does not know (its type name).
public enum ReactionType: Codable, Sendable, Hashable {
    case emoji(String)
    case customEmoji(Int64)
    case paid
    case unknown(String)

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case emoji
        case customEmojiID = "custom_emoji_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "reactionTypeEmoji": self = .emoji(try c.decode(String.self, forKey: .emoji))
        case "reactionTypeCustomEmoji": self = .customEmoji(try c.decode(TDInt64.self, forKey: .customEmojiID).value)
        case "reactionTypePaid": self = .paid
        case let other: self = .unknown(other)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .emoji(let emoji):
            try c.encode("reactionTypeEmoji", forKey: .type)
            try c.encode(emoji, forKey: .emoji)
        case .customEmoji(let id):
            try c.encode("reactionTypeCustomEmoji", forKey: .type)
            // int64 travels as a string in TDLib's JSON.
            try c.encode(String(id), forKey: .customEmojiID)
        case .paid:
            try c.encode("reactionTypePaid", forKey: .type)
        case .unknown(let type):
            try c.encode(type, forKey: .type)
        }
    }
}

/// `messageReaction`, reduced to what a bubble shows: which, how many, and whether the user chose it.
public struct MessageReaction: Decodable, Sendable, Equatable {
    public var type: ReactionType
    public var totalCount: Int32
    public var isChosen: Bool

    public init(type: ReactionType, totalCount: Int32, isChosen: Bool) {
        self.type = type
        self.totalCount = totalCount
        self.isChosen = isChosen
    }

    private enum CodingKeys: String, CodingKey {
        case type
        case totalCount = "total_count"
        case isChosen = "is_chosen"
    }
}

/// The reactions inside `messageInteractionInfo` (`reactions.reactions`); empty when it is null.
public enum InteractionReactions {
    private enum InfoKeys: String, CodingKey { case reactions }
    private enum ListKeys: String, CodingKey { case reactions }

    /// Reads `interaction_info`'s reactions from a container holding it under `key`.
    static func decode<K: CodingKey>(_ c: KeyedDecodingContainer<K>, forKey key: K) throws -> [MessageReaction] {
        guard c.contains(key), try !c.decodeNil(forKey: key) else { return [] }
        let info = try c.nestedContainer(keyedBy: InfoKeys.self, forKey: key)
        guard info.contains(.reactions), try !info.decodeNil(forKey: .reactions) else { return [] }
        let list = try info.nestedContainer(keyedBy: ListKeys.self, forKey: .reactions)
        return try list.decodeIfPresent([MessageReaction].self, forKey: .reactions) ?? []
    }
}

/// `availableReactions`: what the user may add to a message, and if nothing, why not.
public struct AvailableReactions: Decodable, Sendable, Equatable {
    /// `availableReaction`.
    public struct Choice: Decodable, Sendable, Equatable {
        public var type: ReactionType
        public var needsPremium: Bool

        private enum CodingKeys: String, CodingKey {
            case type
            case needsPremium = "needs_premium"
        }
    }

    /// `ReactionUnavailabilityReason`.
    public enum Unavailability: String, Sendable, Equatable {
        case anonymousAdministrator = "reactionUnavailabilityReasonAnonymousAdministrator"
        case guest = "reactionUnavailabilityReasonGuest"
        case restricted = "reactionUnavailabilityReasonRestricted"
    }

    public var topReactions: [Choice]
    public var recentReactions: [Choice]
    public var popularReactions: [Choice]
    public var unavailabilityReason: Unavailability?

    /// Every choice once, top first, then recent, then popular.
    public var all: [Choice] {
        var seen = Set<ReactionType>()
        return (topReactions + recentReactions + popularReactions).filter { seen.insert($0.type).inserted }
    }

    private enum CodingKeys: String, CodingKey {
        case topReactions = "top_reactions"
        case recentReactions = "recent_reactions"
        case popularReactions = "popular_reactions"
        case unavailabilityReason = "unavailability_reason"
    }

    private enum ReasonKeys: String, CodingKey { case type = "@type" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        topReactions = try c.decodeIfPresent([Choice].self, forKey: .topReactions) ?? []
        recentReactions = try c.decodeIfPresent([Choice].self, forKey: .recentReactions) ?? []
        popularReactions = try c.decodeIfPresent([Choice].self, forKey: .popularReactions) ?? []
        unavailabilityReason = nil
        if c.contains(.unavailabilityReason), try !c.decodeNil(forKey: .unavailabilityReason) {
            let type = try c.nestedContainer(keyedBy: ReasonKeys.self, forKey: .unavailabilityReason).decode(String.self, forKey: .type)
            unavailabilityReason = Unavailability(rawValue: type)
        }
    }
}

extension TDFunctions {
    /// `getMessageAvailableReactions`: the reactions the user may add to a message.
    public struct GetMessageAvailableReactions: TDFunction {
        public typealias Result = AvailableReactions
        public static let typeName = "getMessageAvailableReactions"
        public var chatID: Int64
        public var messageID: Int64
        /// Reactions per row in TDLib's layout (5 to 25); it shapes `top_reactions`' length.
        public var rowSize: Int32
        public init(chatID: Int64, messageID: Int64, rowSize: Int32 = 8) {
            self.chatID = chatID
            self.messageID = messageID
            self.rowSize = rowSize
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case messageID = "message_id"
            case rowSize = "row_size"
        }
    }

    /// `addMessageReaction`: the user reacts (TDLib shows it at once and tells Telegram).
    public struct AddMessageReaction: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "addMessageReaction"
        public var chatID: Int64
        public var messageID: Int64
        public var reactionType: ReactionType
        public var isBig: Bool
        public var updateRecentReactions: Bool
        public init(chatID: Int64, messageID: Int64, reactionType: ReactionType, isBig: Bool = false, updateRecentReactions: Bool = true) {
            self.chatID = chatID
            self.messageID = messageID
            self.reactionType = reactionType
            self.isBig = isBig
            self.updateRecentReactions = updateRecentReactions
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case messageID = "message_id"
            case reactionType = "reaction_type"
            case isBig = "is_big"
            case updateRecentReactions = "update_recent_reactions"
        }
    }

    /// `removeMessageReaction`: takes back one of the user's reactions.
    public struct RemoveMessageReaction: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "removeMessageReaction"
        public var chatID: Int64
        public var messageID: Int64
        public var reactionType: ReactionType
        public init(chatID: Int64, messageID: Int64, reactionType: ReactionType) {
            self.chatID = chatID
            self.messageID = messageID
            self.reactionType = reactionType
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case messageID = "message_id"
            case reactionType = "reaction_type"
        }
    }
}
