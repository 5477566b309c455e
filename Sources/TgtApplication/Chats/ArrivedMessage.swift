import Foundation
import TgtTDLib
import TgtTelegram

/// A message a chat event brings (new, just sent, or refused), as a screen takes it: the facts it
/// decides on (which chat and topic, ours or not, still pending, scheduled, when) and its item,
/// built only when the screen shows it. Faces never hold TDLib's own message object.
public struct ArrivedMessage: Sendable, Equatable {
    let message: Message

    public var id: Int64 { message.id }
    public var chatID: Int64 { message.chatID }
    /// The forum topic it belongs to, if any.
    public var topicID: Int32? { message.forumTopicID }
    public var isOutgoing: Bool { message.isOutgoing }
    /// Ours and still on its way to Telegram.
    public var isPending: Bool { message.sendingState == .pending }
    /// Waiting on Telegram's schedule, not in the chat yet.
    public var isScheduled: Bool { message.isScheduled }
    /// When it was sent (for a pending one: when it was written).
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(message.date)) }

    /// Its item, as the conversation shows it (sender, text, media, reply, reactions).
    public func item(from chats: SessionChatAccess) async -> ChatMessageItem {
        await chats.service.item(message)
    }
}

extension ChatEvent {
    /// The message this event brings: a new one, or one whose send settled (sent or refused).
    public var arrived: ArrivedMessage? {
        switch self {
        case .newMessage(let message), .messageSent(_, let message), .messageFailed(_, let message, _): ArrivedMessage(message: message)
        default: nil
        }
    }
}
