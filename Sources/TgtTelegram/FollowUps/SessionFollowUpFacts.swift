import Foundation
import TgtDomain
import TgtTDLib

/// What Telegram tells about a followed message, asked of TDLib: the kind of chat, whether the
/// message was read and when (Telegram dates reads only in private chats, for a week, and not
/// when the other person hides read times), and the first message someone else wrote after
/// it. For a look after a start, when updates that came while nothing ran are gone.
public struct SessionFollowUpFacts: Sendable {
    public let session: TelegramSession
    public let clock: any AppClock
    /// How many messages a look reads back at most, to find the first reply.
    public static let historyLimit = 500

    public init(session: TelegramSession, clock: any AppClock) {
        self.session = session
        self.clock = clock
    }

    /// The chat's kind, or nil when TDLib cannot find it.
    public func kind(of chatID: Int64) async -> FollowUpChatKind? {
        let chat: Chat? = if let known = await session.chat(chatID) { known } else { try? await session.send(TDFunctions.GetChat(chatID: chatID)) }
        guard let chat else { return nil }
        switch chat.type {
        case .private(let userID): return userID == (try? await session.account())?.id ? .savedMessages : .privateChat
        case .secret: return .privateChat
        case .basicGroup: return .group
        case .supergroup(_, let isChannel): return isChannel ? .channel : .group
        case .unknown: return nil
        }
    }

    /// Whether message `messageID` of `chatID` still exists (false: Telegram answers that it is
    /// not found, deleted while nothing ran); nil when Telegram could not be asked.
    public func exists(chatID: Int64, messageID: Int64) async -> Bool? {
        do {
            _ = try await session.send(TDFunctions.GetMessage(chatID: chatID, messageID: messageID))
            return true
        } catch {
            if case .tdlib(let code, _, _) = error, code == 404 { return false }
            return nil
        }
    }

    /// Whether message `messageID` of `chatID` is read now, and when, as far as Telegram says;
    /// nil when Telegram could not be asked.
    public func read(chatID: Int64, messageID: Int64, kind: FollowUpChatKind) async -> FollowUpFacts.Read? {
        guard let chat = try? await session.send(TDFunctions.GetChat(chatID: chatID)) else { return nil }
        guard chat.lastReadOutboxMessageID >= messageID else { return .unread }
        guard kind == .privateChat else { return .readUndated(why: "Telegram never says when a group read a message") }
        switch try? await session.send(TDFunctions.GetMessageReadDate(chatID: chatID, messageID: messageID)) {
        case .read(let date)?: return .readAt(Date(timeIntervalSince1970: TimeInterval(date)))
        case .userPrivacyRestricted?: return .readUndated(why: "they hide their read times")
        case .myPrivacyRestricted?: return .readUndated(why: "your account hides its read times, so Telegram does not show others'")
        case .tooOld?: return .readUndated(why: "Telegram no longer dates a read that old")
        case .unread?, .unknown?, nil: return .readUndated(why: "Telegram did not say when")
        }
    }

    /// The first message someone else wrote in `chatID` (in `topicID`, if any) after
    /// `messageID`, read back from the newest (at most `historyLimit` messages; past that, one
    /// found before `due` still answers); nil when the chat could not be read.
    public func reply(chatID: Int64, topicID: Int64?, after messageID: Int64, due: Date?) async -> FollowUpFacts.Reply? {
        let service = ChatService(session: session, clock: clock)
        var before: Int64 = 0
        var earliest: Date?
        var read = 0
        while read < Self.historyLimit {
            let page: (messages: [Message], reachedStart: Bool)
            do {
                page = try await service.history(chatID: chatID, before: before, limit: 100)
            } catch {
                return nil
            }
            for message in page.messages
            where message.id > messageID && Self.isReply(message) && FollowUpRule.sameTopic(topicID, message.forumTopicID.map(Int64.init)) {
                let date = Date(timeIntervalSince1970: TimeInterval(message.date))
                earliest = min(earliest ?? date, date)
            }
            read += page.messages.count
            guard let oldest = page.messages.map(\.id).min(), oldest > messageID, !page.reachedStart else {
                return earliest.map(FollowUpFacts.Reply.at) ?? .nothing
            }
            before = oldest
        }
        // More messages than a look reads came after it: one seen before its moment answers;
        // otherwise the first of them may be older than the earliest seen.
        if let earliest, let due, earliest <= due { return .at(earliest) }
        return .unknown(why: "Over \(Self.historyLimit) messages came after it")
    }

    /// Whether `message` can count as a reply: someone else's (not the person's, from any
    /// device), not a service message. Which topic it is in is `FollowUpRule.sameTopic`.
    public static func isReply(_ message: Message) -> Bool {
        guard !message.isOutgoing, !message.isScheduled else { return false }
        if case .service? = message.content { return false }
        return true
    }
}
