import Foundation
import TgtTelegram

/// One message that arrived in any chat, as `tgt chat follow` shows it: the chat it came to and
/// the message. Mute follows Telegram's own settings (the chat's, else its kind's default).
public struct ChatFeedItem: Codable, Sendable, Equatable {
    public var chatID: Int64
    public var chatTitle: String
    public var isMuted: Bool
    public var message: ChatMessageItem

    public init(chatID: Int64, chatTitle: String, isMuted: Bool, message: ChatMessageItem) {
        self.chatID = chatID
        self.chatTitle = chatTitle
        self.isMuted = isMuted
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case chatID = "chat_id"
        case chatTitle = "chat_title"
        case isMuted = "is_muted"
        case message
    }
}
