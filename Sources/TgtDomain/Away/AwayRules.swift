import Foundation

/// An incoming message as the away rules see it.
public struct AwayIncoming: Sendable, Hashable {
    /// Where it was written.
    public enum Place: Sendable, Hashable {
        /// A one-to-one chat with a person (or a bot).
        case privateChat
        /// The person's own Saved Messages.
        case savedMessages
        /// A group, a channel, a secret chat: never answered.
        case other
    }

    public var chatID: Int64
    public var place: Place
    public var senderUserID: Int64
    public var senderName: String
    public var senderIsBot: Bool
    public var isOutgoing: Bool
    /// Sent by software rather than typed (an away or greeting message of theirs, a business
    /// bot's, a service message such as "joined Telegram").
    public var isAutomatic: Bool
    /// The first message this person ever wrote in the chat.
    public var isFirstFromPerson: Bool

    public init(chatID: Int64, place: Place, senderUserID: Int64, senderName: String, senderIsBot: Bool = false, isOutgoing: Bool = false,
                isAutomatic: Bool = false, isFirstFromPerson: Bool = false)
    {
        self.chatID = chatID
        self.place = place
        self.senderUserID = senderUserID
        self.senderName = senderName
        self.senderIsBot = senderIsBot
        self.isOutgoing = isOutgoing
        self.isAutomatic = isAutomatic
        self.isFirstFromPerson = isFirstFromPerson
    }
}

/// Which automatic answer a message gets.
public enum AwayReplyKind: String, Sendable, Hashable, Codable {
    case away
    case greeting
}

/// What to do with an incoming message: answer it with a template, or not, and why not.
public enum AwayDecision: Sendable, Hashable {
    case reply(AwayReplyKind, templateID: UUID)
    case skip(AwaySkip)
}

/// Why a message gets no automatic answer.
public enum AwaySkip: String, Sendable, Hashable {
    case outgoing, notPrivate, savedMessages, bot, automatic, excluded, notAway, youAreOnline, recentlyAnswered, hourlyCap
}

/// The away rules, in order: only private chats with people (never bots, groups, channels or
/// Saved Messages), never an automatic message, never someone excluded; a greeting for a first
/// message when there is one; else the away reply while away (and, if asked, only while no app
/// of the person's is online). The per-person quiet time and the hourly cap are `allows`, which
/// the store applies in the transaction that records the answer.
public enum AwayRules {
    public static func decide(_ message: AwayIncoming, settings: AwaySettings, now: Date, ownAppsOnline: Bool) -> AwayDecision {
        if message.isOutgoing { return .skip(.outgoing) }
        switch message.place {
        case .other: return .skip(.notPrivate)
        case .savedMessages: return .skip(.savedMessages)
        case .privateChat: break
        }
        if message.senderIsBot { return .skip(.bot) }
        if message.isAutomatic { return .skip(.automatic) }
        if settings.isExcluded(message.senderUserID) { return .skip(.excluded) }
        if message.isFirstFromPerson, let greeting = settings.greetingTemplateID { return .reply(.greeting, templateID: greeting) }
        guard settings.isAway(at: now), let reply = settings.replyTemplateID else { return .skip(.notAway) }
        if settings.onlyWhenOffline, ownAppsOnline { return .skip(.youAreOnline) }
        return .reply(.away, templateID: reply)
    }

    /// Whether one more answer may go to a person last answered at `lastAnswered`, with
    /// `answersLastHour` answers to anyone in the hour before `now`.
    public static func allows(lastAnswered: Date?, answersLastHour: Int, settings: AwaySettings, now: Date) -> AwaySkip? {
        if let lastAnswered, now.timeIntervalSince(lastAnswered) < Double(settings.quietHours) * 3600 { return .recentlyAnswered }
        if answersLastHour >= settings.hourlyCap { return .hourlyCap }
        return nil
    }
}
