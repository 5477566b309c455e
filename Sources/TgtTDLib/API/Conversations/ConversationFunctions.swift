import Foundation

/// `messageProperties`, reduced to what a chat view offers: reply, edit, delete.
public struct MessageProperties: Decodable, Sendable, Equatable {
    public var canBeEdited: Bool
    public var canBeReplied: Bool
    public var canBeDeletedOnlyForSelf: Bool
    public var canBeDeletedForAllUsers: Bool
    /// `can_be_pinned`: the user may pin (and unpin) it.
    public var canBePinned: Bool = false
    /// `can_be_forwarded`: it may be forwarded (not in chats with protected content).
    public var canBeForwarded: Bool = false
    /// `can_be_copied`: it may be sent again as a copy, without its sender's name.
    public var canBeCopied: Bool = false

    public init(canBeEdited: Bool, canBeReplied: Bool, canBeDeletedOnlyForSelf: Bool, canBeDeletedForAllUsers: Bool,
                canBePinned: Bool = false, canBeForwarded: Bool = false)
    {
        self.canBeEdited = canBeEdited
        self.canBeReplied = canBeReplied
        self.canBeDeletedOnlyForSelf = canBeDeletedOnlyForSelf
        self.canBeDeletedForAllUsers = canBeDeletedForAllUsers
        self.canBePinned = canBePinned
        self.canBeForwarded = canBeForwarded
    }

    private enum CodingKeys: String, CodingKey {
        case canBeEdited = "can_be_edited"
        case canBeReplied = "can_be_replied"
        case canBeDeletedOnlyForSelf = "can_be_deleted_only_for_self"
        case canBeDeletedForAllUsers = "can_be_deleted_for_all_users"
        case canBePinned = "can_be_pinned"
        case canBeForwarded = "can_be_forwarded"
        case canBeCopied = "can_be_copied"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        canBeEdited = try c.decodeIfPresent(Bool.self, forKey: .canBeEdited) ?? false
        canBeReplied = try c.decodeIfPresent(Bool.self, forKey: .canBeReplied) ?? false
        canBeDeletedOnlyForSelf = try c.decodeIfPresent(Bool.self, forKey: .canBeDeletedOnlyForSelf) ?? false
        canBeDeletedForAllUsers = try c.decodeIfPresent(Bool.self, forKey: .canBeDeletedForAllUsers) ?? false
        canBePinned = try c.decodeIfPresent(Bool.self, forKey: .canBePinned) ?? false
        canBeForwarded = try c.decodeIfPresent(Bool.self, forKey: .canBeForwarded) ?? false
        canBeCopied = try c.decodeIfPresent(Bool.self, forKey: .canBeCopied) ?? false
    }
}

/// `foundChatMessages` (searchChatMessages) and `foundMessages` (searchMessages): one page of
/// results and where the next starts.
public struct FoundMessages: Decodable, Sendable, Equatable {
    public var messages: [Message]
    /// `next_from_message_id` as text, or `next_offset`; empty: no more results.
    public var nextOffset: String
    /// `total_count`: Telegram's estimate of how many messages match (nil when it says -1).
    public var totalCount: Int?

    private enum CodingKeys: String, CodingKey {
        case messages
        case nextFromMessageID = "next_from_message_id"
        case nextOffset = "next_offset"
        case totalCount = "total_count"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        messages = try c.decodeIfPresent([Message?].self, forKey: .messages)?.compactMap { $0 } ?? []
        if let id = try c.decodeIfPresent(Int64.self, forKey: .nextFromMessageID) {
            nextOffset = id == 0 ? "" : String(id)
        } else {
            nextOffset = try c.decodeIfPresent(String.self, forKey: .nextOffset) ?? ""
        }
        let total = try c.decodeIfPresent(Int.self, forKey: .totalCount) ?? -1
        totalCount = total >= 0 ? total : nil
    }
}

extension TDFunctions {
    /// `openChat` / `closeChat`: the user is looking at this chat (TDLib then keeps it up to
    /// date and `viewMessages` marks messages read), or left its screen.
    public struct ChatScreenRequest<Kind: ChatScreenKind>: TDFunction {
        public typealias Result = TDOk
        public static var typeName: String { Kind.typeName }
        public var chatID: Int64
        public init(chatID: Int64) { self.chatID = chatID }
        enum CodingKeys: String, CodingKey { case chatID = "chat_id" }
    }

    public typealias OpenChat = ChatScreenRequest<ChatOpened>
    public typealias CloseChat = ChatScreenRequest<ChatClosed>

    /// `getChatHistory`: messages from `fromMessageID` (0: the newest) backwards, newest first.
    /// TDLib chooses how many it returns; the first answer may hold a single message.
    public struct GetChatHistory: TDFunction {
        public typealias Result = Messages
        public static let typeName = "getChatHistory"
        public var chatID: Int64
        public var fromMessageID: Int64
        public var offset: Int32
        public var limit: Int32
        public var onlyLocal: Bool
        public init(chatID: Int64, fromMessageID: Int64, offset: Int32 = 0, limit: Int32, onlyLocal: Bool = false) {
            self.chatID = chatID
            self.fromMessageID = fromMessageID
            self.offset = offset
            self.limit = limit
            self.onlyLocal = onlyLocal
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case fromMessageID = "from_message_id"
            case offset, limit
            case onlyLocal = "only_local"
        }
    }

    /// `getForumTopicHistory`: one forum topic's messages from `fromMessageID` backwards.
    public struct GetForumTopicHistory: TDFunction {
        public typealias Result = Messages
        public static let typeName = "getForumTopicHistory"
        public var chatID: Int64
        public var forumTopicID: Int32
        public var fromMessageID: Int64
        public var offset: Int32
        public var limit: Int32
        public init(chatID: Int64, forumTopicID: Int32, fromMessageID: Int64, offset: Int32 = 0, limit: Int32) {
            self.chatID = chatID
            self.forumTopicID = forumTopicID
            self.fromMessageID = fromMessageID
            self.offset = offset
            self.limit = limit
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case forumTopicID = "forum_topic_id"
            case fromMessageID = "from_message_id"
            case offset, limit
        }
    }

    /// `viewMessages`: marks them read. Seen in the chat's history (`messageSourceChatHistory`,
    /// the default), or in one forum topic's (`messageSourceForumTopicHistory`), which reads
    /// only that topic.
    public struct ViewMessages: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "viewMessages"

        /// TDLib's `MessageSource`, as far as a conversation view needs it.
        public enum Source: String, Sendable, Equatable {
            case chatHistory = "messageSourceChatHistory"
            case forumTopicHistory = "messageSourceForumTopicHistory"
        }

        public var chatID: Int64
        public var messageIDs: [Int64]
        public var source: Source
        public var forceRead: Bool
        public init(chatID: Int64, messageIDs: [Int64], source: Source = .chatHistory, forceRead: Bool = true) {
            self.chatID = chatID
            self.messageIDs = messageIDs
            self.source = source
            self.forceRead = forceRead
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case messageIDs = "message_ids"
            case source
            case forceRead = "force_read"
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(chatID, forKey: .chatID)
            try c.encode(messageIDs, forKey: .messageIDs)
            try c.encode(["@type": source.rawValue], forKey: .source)
            try c.encode(forceRead, forKey: .forceRead)
        }
    }

    /// `getMessage` and `getMessageProperties`: requests about one message of a chat, by
    /// what they ask (`MessageLookup`, `PropertiesLookup`).
    public struct MessageRequest<Kind: MessageRequestKind>: TDFunction {
        public typealias Result = Kind.Result
        public static var typeName: String { Kind.typeName }
        public var chatID: Int64
        public var messageID: Int64
        public init(chatID: Int64, messageID: Int64) {
            self.chatID = chatID
            self.messageID = messageID
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case messageID = "message_id"
        }
    }

    /// `getMessage`.
    public typealias GetMessage = MessageRequest<MessageLookup>

    /// `getMessages`: several messages of one chat in one request (a message TDLib cannot find
    /// comes back as null and is left out).
    public struct GetMessages: TDFunction {
        public typealias Result = Messages
        public static let typeName = "getMessages"
        public var chatID: Int64
        public var messageIDs: [Int64]
        public init(chatID: Int64, messageIDs: [Int64]) {
            self.chatID = chatID
            self.messageIDs = messageIDs
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case messageIDs = "message_ids"
        }
    }
    /// `getMessageProperties`: what the user may do with a message (edit, delete for all, …).
    public typealias GetMessageProperties = MessageRequest<PropertiesLookup>

    /// `getUser`.
    public struct GetUser: TDFunction {
        public typealias Result = User
        public static let typeName = "getUser"
        public var userID: Int64
        public init(userID: Int64) { self.userID = userID }
        enum CodingKeys: String, CodingKey { case userID = "user_id" }
    }

    /// `searchChats` (known chats, offline) or `searchChatsOnServer` (asked of Telegram's
    /// servers), by title and username, every chat type: `SearchChatsIn<KnownChats>` /
    /// `SearchChatsIn<ServerChats>`.
    public struct SearchChatsIn<Scope: ChatSearchScope>: TDFunction {
        public typealias Result = Chats
        public static var typeName: String { Scope.typeName }
        public var query: String
        public var limit: Int32
        public init(query: String, limit: Int32) {
            self.query = query
            self.limit = limit
        }
        enum CodingKeys: String, CodingKey { case query, limit }
    }

    public typealias SearchChats = SearchChatsIn<KnownChats>
    public typealias SearchChatsOnServer = SearchChatsIn<ServerChats>

    /// `searchChatMessages`: messages of one chat containing `query`, newest first, paged by
    /// `fromMessageID`.
    public struct SearchChatMessages: TDFunction {
        public typealias Result = FoundMessages
        public static let typeName = "searchChatMessages"
        public var chatID: Int64
        public var query: String
        public var fromMessageID: Int64
        public var limit: Int32
        /// Only pinned messages (`searchMessagesFilterPinned`), newest first.
        public var onlyPinned: Bool
        public init(chatID: Int64, query: String, fromMessageID: Int64 = 0, limit: Int32, onlyPinned: Bool = false) {
            self.chatID = chatID
            self.query = query
            self.fromMessageID = fromMessageID
            self.limit = limit
            self.onlyPinned = onlyPinned
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case query
            case fromMessageID = "from_message_id"
            case offset, limit, filter
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(chatID, forKey: .chatID)
            try c.encode(query, forKey: .query)
            try c.encode(fromMessageID, forKey: .fromMessageID)
            try c.encode(Int32(0), forKey: .offset)
            try c.encode(limit, forKey: .limit)
            if onlyPinned { try c.encode(["@type": "searchMessagesFilterPinned"], forKey: .filter) }
        }
    }

    /// `searchMessages`: messages containing `query` across all chats (main and archive),
    /// newest first, paged by the answer's `next_offset`.
    public struct SearchMessages: TDFunction {
        public typealias Result = FoundMessages
        public static let typeName = "searchMessages"
        public var query: String
        public var offset: String
        public var limit: Int32
        public init(query: String, offset: String = "", limit: Int32) {
            self.query = query
            self.offset = offset
            self.limit = limit
        }
        enum CodingKeys: String, CodingKey {
            case query, offset, limit
            case minDate = "min_date"
            case maxDate = "max_date"
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(query, forKey: .query)
            try c.encode(offset, forKey: .offset)
            try c.encode(limit, forKey: .limit)
            try c.encode(Int32(0), forKey: .minDate)
            try c.encode(Int32(0), forKey: .maxDate)
        }
    }

    /// `downloadFile`, synchronously (the answer comes when the file is there), at the given
    /// priority (1–32).
    /// Downloads a file (`offset`: from where; `limit`: bytes at most, 0 the rest of it).
    /// Synchronous: answers once the download has finished, failed, was cancelled, or another
    /// `downloadFile` of the file with another offset or limit replaced it (TDLib's error 200);
    /// otherwise answers at once with the file's state, the download going on. A file has one
    /// download position: the last request's.
    public struct DownloadFile: TDFunction {
        public typealias Result = TDFile
        public static let typeName = "downloadFile"
        public var fileID: Int32
        public var priority: Int32
        public var offset: Int64
        /// Bytes to download at most (0: the whole file).
        public var limit: Int64
        public var synchronous: Bool
        public init(fileID: Int32, priority: Int32 = 16, offset: Int64 = 0, limit: Int64 = 0, synchronous: Bool = true) {
            self.fileID = fileID
            self.priority = priority
            self.offset = offset
            self.limit = limit
            self.synchronous = synchronous
        }
        enum CodingKeys: String, CodingKey {
            case fileID = "file_id"
            case priority, offset, limit, synchronous
        }
    }

    /// Tells TDLib the user opened a message's content (played a voice or video note, opened a
    /// photo, video or document): a voice note becomes listened and a video note viewed for its
    /// sender too (`updateMessageContentOpened` when something changed).
    public struct OpenMessageContent: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "openMessageContent"
        public var chatID: Int64
        public var messageID: Int64
        public init(chatID: Int64, messageID: Int64) {
            self.chatID = chatID
            self.messageID = messageID
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case messageID = "message_id"
        }
    }

    /// How many bytes of a file are downloaded from `offset` on, without a gap.
    public struct GetFileDownloadedPrefixSize: TDFunction {
        public typealias Result = FileDownloadedPrefixSize
        public static let typeName = "getFileDownloadedPrefixSize"
        public var fileID: Int32
        public var offset: Int64
        public init(fileID: Int32, offset: Int64) {
            self.fileID = fileID
            self.offset = offset
        }
        enum CodingKeys: String, CodingKey {
            case fileID = "file_id"
            case offset
        }
    }
}

/// Where a chat search looks: the function's name.
public protocol ChatSearchScope: Sendable {
    static var typeName: String { get }
}

/// Chats TDLib already knows (`searchChats`, offline).
public enum KnownChats: ChatSearchScope {
    public static let typeName = "searchChats"
}

/// Chats found by Telegram's servers (`searchChatsOnServer`).
public enum ServerChats: ChatSearchScope {
    public static let typeName = "searchChatsOnServer"
}

/// What a `MessageRequest` asks about a message: its function name and answer.
public protocol MessageRequestKind: Sendable {
    associatedtype Result: Decodable & Sendable
    static var typeName: String { get }
}

/// The message itself (`getMessage`).
public enum MessageLookup: MessageRequestKind {
    public typealias Result = Message
    public static let typeName = "getMessage"
}

/// What may be done with it (`getMessageProperties`).
public enum PropertiesLookup: MessageRequestKind {
    public typealias Result = MessageProperties
    public static let typeName = "getMessageProperties"
}

/// Whether a chat's screen opened or closed.
public protocol ChatScreenKind: Sendable {
    static var typeName: String { get }
}

/// `openChat`.
public enum ChatOpened: ChatScreenKind {
    public static let typeName = "openChat"
}

/// `closeChat`.
public enum ChatClosed: ChatScreenKind {
    public static let typeName = "closeChat"
}

/// When the other person read a recent outgoing message of a private chat
/// (`getMessageReadDate`, allowed where `messageProperties.can_get_read_date`).
public enum ReadDateLookup: MessageRequestKind {
    public typealias Result = MessageReadDate
    public static let typeName = "getMessageReadDate"
}

extension TDFunctions {
    public typealias GetMessageReadDate = MessageRequest<ReadDateLookup>
}

/// `MessageReadDate`: what Telegram says of when a private message was read.
public enum MessageReadDate: Decodable, Sendable, Equatable {
    /// Read at this Unix time.
    case read(Int32)
    case unread
    /// Older than Telegram keeps read dates for.
    case tooOld
    /// The other person hides their read times.
    case userPrivacyRestricted
    /// The account hides its own read times (then it may not see others').
    case myPrivacyRestricted
    case unknown(String)

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case readDate = "read_date"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "messageReadDateRead": self = .read(try c.decode(Int32.self, forKey: .readDate))
        case "messageReadDateUnread": self = .unread
        case "messageReadDateTooOld": self = .tooOld
        case "messageReadDateUserPrivacyRestricted": self = .userPrivacyRestricted
        case "messageReadDateMyPrivacyRestricted": self = .myPrivacyRestricted
        default: self = .unknown(type)
        }
    }
}
