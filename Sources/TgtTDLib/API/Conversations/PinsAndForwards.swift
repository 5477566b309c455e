import Foundation

extension TDFunctions {
    /// `pinChatMessage`: pins a message (for everyone, or in a private chat `onlyForSelf`).
    public struct PinChatMessage: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "pinChatMessage"
        public var chatID: Int64
        public var messageID: Int64
        public var disableNotification: Bool
        public var onlyForSelf: Bool
        public init(chatID: Int64, messageID: Int64, disableNotification: Bool = false, onlyForSelf: Bool = false) {
            self.chatID = chatID
            self.messageID = messageID
            self.disableNotification = disableNotification
            self.onlyForSelf = onlyForSelf
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case messageID = "message_id"
            case disableNotification = "disable_notification"
            case onlyForSelf = "only_for_self"
        }
    }

    /// `unpinChatMessage`.
    public struct UnpinChatMessage: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "unpinChatMessage"
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

    /// `forwardMessages`: messages of one chat into another (into a forum topic with
    /// `forumTopicID`), as forwards or, with `sendCopy`, as copies without the sender's name.
    /// The answer holds the new messages, pending, in the order asked (null where one could not
    /// be forwarded); each then gets Telegram's verdict like a sent message.
    public struct ForwardMessages: TDFunction {
        public typealias Result = Messages
        public static let typeName = "forwardMessages"
        public var chatID: Int64
        public var forumTopicID: Int32?
        public var fromChatID: Int64
        public var messageIDs: [Int64]
        public var sendCopy: Bool
        public var silent: Bool
        public init(chatID: Int64, forumTopicID: Int32? = nil, fromChatID: Int64, messageIDs: [Int64], sendCopy: Bool = false, silent: Bool = false) {
            self.chatID = chatID
            self.forumTopicID = forumTopicID
            self.fromChatID = fromChatID
            self.messageIDs = messageIDs
            self.sendCopy = sendCopy
            self.silent = silent
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case topicID = "topic_id"
            case fromChatID = "from_chat_id"
            case messageIDs = "message_ids"
            case options
            case sendCopy = "send_copy"
            case removeCaption = "remove_caption"
        }
        private enum OptionKeys: String, CodingKey {
            case type = "@type"
            case disableNotification = "disable_notification"
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(chatID, forKey: .chatID)
            try c.encodeIfPresent(forumTopicID.map(MessageTopicForum.init), forKey: .topicID)
            try c.encode(fromChatID, forKey: .fromChatID)
            try c.encode(messageIDs, forKey: .messageIDs)
            var options = c.nestedContainer(keyedBy: OptionKeys.self, forKey: .options)
            try options.encode("messageSendOptions", forKey: .type)
            try options.encode(silent, forKey: .disableNotification)
            try c.encode(sendCopy, forKey: .sendCopy)
            try c.encode(false, forKey: .removeCaption)
        }
    }
}
