import Foundation
import TgtDomain
import TgtTDLib

/// What the away rules need to know about an incoming message, asked of TDLib: the kind of
/// chat (a private chat, Saved Messages, anything else), the sender (a bot?), whether it was
/// sent by software (`is_from_offline`, a business bot, a service message), whether it is the
/// first the person ever wrote there, and whether an app of the account's is online.
public struct SessionAwayFacts: Sendable {
    public let session: TelegramSession
    /// The process's clock (the chat service's).
    public let clock: any AppClock

    public init(session: TelegramSession, clock: any AppClock) {
        self.session = session
        self.clock = clock
    }

    /// The message as the rules see it; nil when it is not from a user (a channel post) or the
    /// chat cannot be read.
    public func incoming(_ message: Message) async -> AwayIncoming? {
        guard case .user(let senderID)? = message.senderID else { return nil }
        let me = try? await session.account()
        let chat: Chat? = if let known = await session.chat(message.chatID) { known } else { try? await session.send(TDFunctions.GetChat(chatID: message.chatID)) }
        guard let chat else { return nil }
        let place: AwayIncoming.Place
        switch chat.type {
        case .private(let userID) where userID == me?.id: place = .savedMessages
        case .private: place = .privateChat
        default: place = .other
        }
        var sender = await session.user(senderID)
        if sender == nil, let fetched = try? await session.send(TDFunctions.GetUser(userID: senderID)) {
            await session.remember(fetched)
            sender = fetched
        }
        let automatic: Bool = if message.isFromOffline || message.senderBusinessBotUserID != 0 { true } else if case .service? = message.content { true } else { false }
        var first = false
        if place == .privateChat, !message.isOutgoing {
            let earlier = try? await ChatService(session: session, clock: clock).history(chatID: message.chatID, before: message.id, limit: 20).messages
            first = !(earlier ?? [message]).contains { $0.id < message.id && $0.senderID == .user(senderID) }
        }
        return AwayIncoming(
            chatID: message.chatID, place: place, senderUserID: senderID, senderName: sender?.displayName ?? chat.title,
            senderIsBot: sender?.isBot ?? false, isOutgoing: message.isOutgoing, isAutomatic: automatic, isFirstFromPerson: first)
    }

    /// Whether a Telegram app of the account's is online at `now` (its own status, which this
    /// session does not set: TDLib's `online` option stays false here).
    public func ownAppsOnline(now: Date) async -> Bool {
        guard let me = try? await session.account(),
              let fresh = try? await session.send(TDFunctions.GetUser(userID: me.id)),
              let until = fresh.onlineUntil
        else { return false }
        return TimeInterval(until) > now.timeIntervalSince1970
    }

    /// Tells Telegram this session is not the person at an app (TDLib's `online` option false),
    /// so `ownAppsOnline` reads the person's own apps and the away replies are not held back by
    /// the dashboard itself.
    public func stayOffline() async {
        _ = try? await session.send(TDFunctions.SetBooleanOption(name: "online", value: false))
    }
}
