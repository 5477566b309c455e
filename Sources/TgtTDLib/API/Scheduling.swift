import Foundation

/// `messageSchedulingStateSendAtDate`: a message Telegram posts at `send_date` (never repeated).
public struct SchedulingState: Codable, Sendable, Equatable {
    /// Unix time when Telegram posts the message.
    public var sendDate: Int32

    public init(sendDate: Int32) { self.sendDate = sendDate }

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case sendDate = "send_date"
        case repeatPeriod = "repeat_period"
    }

    /// Decodes any `MessageSchedulingState`; one without a date (send when online, video
    /// processing) reads as date 0.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sendDate = try c.decodeIfPresent(Int32.self, forKey: .sendDate) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("messageSchedulingStateSendAtDate", forKey: .type)
        try c.encode(sendDate, forKey: .sendDate)
        try c.encode(Int32(0), forKey: .repeatPeriod)
    }
}

/// `messages`: a list of messages (`getChatScheduledMessages` answers with one).
public struct Messages: Decodable, Sendable, Equatable {
    public var totalCount: Int32
    public var messages: [Message]

    private enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case messages
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = try c.decodeIfPresent(Int32.self, forKey: .totalCount) ?? 0
        // "messages may be null" in TDLib's schema: skip the nulls.
        messages = try c.decodeIfPresent([Message?].self, forKey: .messages)?.compactMap { $0 } ?? []
    }
}

extension TDFunctions {
    /// `getChatScheduledMessages`: every message scheduled in a chat, newest id first.
    public struct GetChatScheduledMessages: TDFunction {
        public typealias Result = Messages
        public static let typeName = "getChatScheduledMessages"
        public var chatID: Int64
        public init(chatID: Int64) { self.chatID = chatID }
        enum CodingKeys: String, CodingKey { case chatID = "chat_id" }
    }

    /// `deleteMessages` (for everyone): how a scheduled message is cancelled.
    public struct DeleteMessages: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "deleteMessages"
        public var chatID: Int64
        public var messageIDs: [Int64]
        public var revoke: Bool
        public init(chatID: Int64, messageIDs: [Int64], revoke: Bool = true) {
            self.chatID = chatID
            self.messageIDs = messageIDs
            self.revoke = revoke
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case messageIDs = "message_ids"
            case revoke
        }
    }

    /// `editMessageSchedulingState`: moves a scheduled message to another date.
    public struct EditMessageSchedulingState: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "editMessageSchedulingState"
        public var chatID: Int64
        public var messageID: Int64
        public var schedulingState: SchedulingState
        public init(chatID: Int64, messageID: Int64, sendDate: Int32) {
            self.chatID = chatID
            self.messageID = messageID
            schedulingState = SchedulingState(sendDate: sendDate)
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case messageID = "message_id"
            case schedulingState = "scheduling_state"
        }
    }
}

extension TDFunctions {
    /// `createPrivateChat`: the private chat with a user; with the account's own id, Saved Messages.
    public struct CreatePrivateChat: TDFunction {
        public typealias Result = Chat
        public static let typeName = "createPrivateChat"
        public var userID: Int64
        public var force: Bool
        public init(userID: Int64, force: Bool = false) {
            self.userID = userID
            self.force = force
        }
        enum CodingKeys: String, CodingKey {
            case userID = "user_id"
            case force
        }
    }
}

extension TDFunctions {
    /// `editMessageText` with new formatted text: how a scheduled message's text is brought up
    /// to date (a timer's to-dos ticked after it started).
    public struct EditMessageText: TDFunction {
        public typealias Result = Message
        public static let typeName = "editMessageText"
        public var chatID: Int64
        public var messageID: Int64
        public var text: FormattedText
        public init(chatID: Int64, messageID: Int64, text: FormattedText) {
            self.chatID = chatID
            self.messageID = messageID
            self.text = text
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case messageID = "message_id"
            case inputMessageContent = "input_message_content"
        }
        enum ContentKeys: String, CodingKey {
            case type = "@type"
            case text
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(chatID, forKey: .chatID)
            try c.encode(messageID, forKey: .messageID)
            var content = c.nestedContainer(keyedBy: ContentKeys.self, forKey: .inputMessageContent)
            try content.encode("inputMessageText", forKey: .type)
            try content.encode(text, forKey: .text)
        }
    }
}
