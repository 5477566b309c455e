import Foundation

/// What kind of chat a follow-up's message went to, as much as the rules need: what Telegram
/// reports there decides what can be known.
public enum FollowUpChatKind: Sendable, Hashable {
    /// A private chat (or a secret one): the other person's read is reported; its date can be
    /// asked for a week (unless their privacy hides it).
    case privateChat
    /// A basic group or a supergroup: a read means someone in it opened the message; when is
    /// never told afterwards.
    case group
    /// A channel: Telegram counts views, never reads, and replies go to its discussion group.
    case channel
    /// The person's own Saved Messages: nobody else reads or replies.
    case savedMessages
}

/// What is known about a followed message at one moment.
public struct FollowUpFacts: Sendable, Hashable {
    /// Whether the message was read, and when, as far as Telegram tells.
    public enum Read: Sendable, Hashable {
        case unread
        /// Read at this time (seen as it happened, or dated by Telegram afterwards).
        case readAt(Date)
        /// Read, but when is not known (seen only after a time nothing ran, and Telegram does
        /// not date it); `why` says why in words.
        case readUndated(why: String)
    }

    /// Whether someone else wrote in the chat after the message.
    public enum Reply: Sendable, Hashable {
        /// Nobody else wrote after it (so far).
        case nothing
        /// The first message from someone else after it.
        case at(Date)
        /// The chat's messages since could not be read; `why` says why in words.
        case unknown(why: String)
    }

    public var read: Read
    public var reply: Reply

    public init(read: Read = .unread, reply: Reply = .nothing) {
        self.read = read
        self.reply = reply
    }
}

/// What to do with a follow-up now.
public enum FollowUpDecision: Sendable, Hashable {
    /// Nothing yet: look again at `until` (or at the next read or message).
    case wait(until: Date)
    /// The condition holds: do the action; `late` when the moment passed while nothing ran.
    case fire(late: Bool)
    /// The condition did not hold: nothing is done; the sentence says why.
    case met(String)
    /// The time ran out (a read that never came) or the moment is too far gone: nothing done.
    case expired(String)
    /// Telegram does not tell enough to decide: nothing is done, and the product says so.
    case unknowable(String)
}

extension FollowUpRule {
    /// How long after its moment a follow-up still acts (a restart after a night off): past
    /// this it ends without acting, and says so.
    public static let lateLimit: TimeInterval = 12 * 3_600
    /// How far past its moment an action still counts as on time (a pass, a busy machine).
    public static let onTimeGrace: TimeInterval = 120

    /// Why the rule cannot work in a chat of `kind`, or nil when it can.
    public func cannotWork(in kind: FollowUpChatKind) -> String? {
        switch (kind, condition) {
        case (.savedMessages, _):
            "Nobody else reads or answers Saved Messages, so there is nothing to follow: cannot know."
        case (.channel, .noReply):
            "Replies to a channel's posts go to its discussion group, not the channel: cannot know whether anyone replied."
        case (.channel, _):
            "Telegram counts views of a channel's posts but never says who read one, or when: cannot know."
        default:
            nil
        }
    }

    /// The decision for a message that went out at `start`, given `facts`, at `now`. `clock`
    /// words times ("16:02") for the sentences.
    public func decide(start: Date, facts: FollowUpFacts, now: Date, clock words: (Date) -> String) -> FollowUpDecision {
        let due = start.addingTimeInterval(within)
        let wait = Self.waitWords(within)
        /// Acts at `moment` (when the condition came to hold), unless far too late.
        func act(at moment: Date) -> FollowUpDecision {
            let lateness = now.timeIntervalSince(moment)
            if lateness > Self.lateLimit {
                return .expired("Its moment was \(words(moment)), while TgTemplates was not running; more than \(Self.waitWords(Self.lateLimit)) later, nothing was done.")
            }
            return .fire(late: lateness > Self.onTimeGrace)
        }
        switch condition {
        case .notRead:
            switch facts.read {
            case .readAt(let date) where date <= due:
                return .met("Read at \(words(date)), within \(wait): nothing was done.")
            case .readAt:
                return act(at: due)
            case .readUndated(let why):
                if now < due { return .met("Read within \(wait): nothing was done.") }
                return .unknowable("Read, but \(why): cannot know whether it was within \(wait), so nothing was done.")
            case .unread:
                return now < due ? .wait(until: due) : act(at: due)
            }
        case .noReply:
            switch facts.reply {
            case .at(let date) where date <= due:
                return .met("A reply came at \(words(date)), within \(wait): nothing was done.")
            case .at:
                return act(at: due)
            case .unknown(let why):
                return .unknowable("\(why): cannot know whether anyone replied within \(wait), so nothing was done.")
            case .nothing:
                return now < due ? .wait(until: due) : act(at: due)
            }
        case .read:
            switch facts.read {
            case .readAt(let date) where date <= due:
                return act(at: date)
            case .readAt(let date):
                return .expired("Read at \(words(date)), after the \(wait) it waited: nothing was done.")
            case .readUndated(let why):
                if now <= due { return .fire(late: false) }
                return .unknowable("Read, but \(why): cannot know whether it was within \(wait), so nothing was done.")
            case .unread:
                return now < due ? .wait(until: due) : .expired("Not read within \(wait): nothing was done.")
            }
        }
    }
}
