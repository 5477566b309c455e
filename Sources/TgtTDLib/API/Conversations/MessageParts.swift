/// `MessageSender`: a user, or a chat (channel posts, anonymous admins).
public enum MessageSenderID: Codable, Sendable, Hashable {
    case user(Int64)
    case chat(Int64)

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case userID = "user_id"
        case chatID = "chat_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if try c.decode(String.self, forKey: .type) == "messageSenderChat" {
            self = .chat(try c.decode(Int64.self, forKey: .chatID))
        } else {
            self = .user(try c.decode(Int64.self, forKey: .userID))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .user(let id):
            try c.encode("messageSenderUser", forKey: .type)
            try c.encode(id, forKey: .userID)
        case .chat(let id):
            try c.encode("messageSenderChat", forKey: .type)
            try c.encode(id, forKey: .chatID)
        }
    }
}

/// `messageReplyToMessage`, reduced to the message replied to and the quote, if any (a reply
/// to a story or to a message of another chat keeps its ids; the quoted text is what the
/// sender chose to quote).
public struct MessageReplyTo: Decodable, Sendable, Equatable {
    public var chatID: Int64
    public var messageID: Int64
    /// The quoted part, when the sender quoted one.
    public var quote: String?

    public init(chatID: Int64, messageID: Int64, quote: String? = nil) {
        self.chatID = chatID
        self.messageID = messageID
        self.quote = quote
    }

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case chatID = "chat_id"
        case messageID = "message_id"
        case quote
    }

    private enum QuoteKeys: String, CodingKey { case text }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        chatID = try c.decodeIfPresent(Int64.self, forKey: .chatID) ?? 0
        messageID = try c.decodeIfPresent(Int64.self, forKey: .messageID) ?? 0
        quote = nil
        if c.contains(.quote), try !c.decodeNil(forKey: .quote) {
            quote = try c.nestedContainer(keyedBy: QuoteKeys.self, forKey: .quote).decodeIfPresent(FormattedText.self, forKey: .text)?.text
        }
    }
}

/// `MessageOrigin` of a forwarded message: who wrote it first.
public enum ForwardOrigin: Decodable, Sendable, Equatable {
    case user(Int64)
    /// A user who hides their account in forwards: only their name is known.
    case hiddenUser(String)
    case chat(Int64)
    case channel(Int64)

    private enum CodingKeys: String, CodingKey { case origin }
    private enum OriginKeys: String, CodingKey {
        case type = "@type"
        case senderUserID = "sender_user_id"
        case senderName = "sender_name"
        case senderChatID = "sender_chat_id"
        case chatID = "chat_id"
    }

    /// Decodes a `messageForwardInfo` (its `origin`).
    public init(from decoder: any Decoder) throws {
        let o = try decoder.container(keyedBy: CodingKeys.self).nestedContainer(keyedBy: OriginKeys.self, forKey: .origin)
        switch try o.decode(String.self, forKey: .type) {
        case "messageOriginUser": self = .user(try o.decode(Int64.self, forKey: .senderUserID))
        case "messageOriginChat": self = .chat(try o.decode(Int64.self, forKey: .senderChatID))
        case "messageOriginChannel": self = .channel(try o.decode(Int64.self, forKey: .chatID))
        default: self = .hiddenUser(try o.decodeIfPresent(String.self, forKey: .senderName) ?? "")
        }
    }
}
