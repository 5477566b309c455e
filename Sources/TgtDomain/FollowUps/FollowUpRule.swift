import Foundation

/// What a follow-up waits for after a message goes out.
public enum FollowUpCondition: String, Sendable, Hashable, Codable, CaseIterable {
    /// Fires when the message is still unread when the time is up.
    case notRead = "not_read"
    /// Fires when nobody else wrote in the chat after the message before the time is up.
    case noReply = "no_reply"
    /// Fires when the message is read (gives up when the time is up first).
    case read

    /// The condition named `text` ("not_read", "not-read", "notread", "no-reply", "read"), forgiving
    /// case and separators, for a command line.
    public init?(named text: String) {
        let key = text.lowercased().filter(\.isLetter)
        guard let found = Self.allCases.first(where: { $0.rawValue.filter(\.isLetter) == key }) else { return nil }
        self = found
    }
}

/// What a follow-up does when its condition holds.
public enum FollowUpAction: Sendable, Hashable, Codable {
    /// Sends this template into the same chat (and topic) as the message.
    case send(templateID: UUID)
    /// Posts a reminder into the person's own Saved Messages; the chat is left alone.
    case remind
}

/// A follow-up as the person asks for it: "if not read within 2 h, send Nudge", "if no reply
/// within 1 h, remind me", "when read, send Thanks" (which gives up after `within`).
public struct FollowUpRule: Sendable, Hashable, Codable {
    public var condition: FollowUpCondition
    /// How long after the message goes out the condition is judged (for `read`: how long to
    /// wait for the read before giving up).
    public var within: TimeInterval
    public var action: FollowUpAction

    /// The shortest wait: a minute.
    public static let minimumWithin: TimeInterval = 60
    /// The longest wait: a week. Telegram dates reads of private messages for about as long.
    public static let maximumWithin: TimeInterval = 7 * 86_400
    /// How long `read` waits when no time is given.
    public static let defaultReadWait: TimeInterval = 7 * 86_400
    /// The most follow-ups that may wait at once.
    public static let maxWaiting = 1_000

    /// Checks the wait (a minute to a week).
    public init(condition: FollowUpCondition, within: TimeInterval?, action: FollowUpAction) throws(FollowUpError) {
        let wait = within ?? (condition == .read ? Self.defaultReadWait : 0)
        guard wait.isFinite, wait >= Self.minimumWithin, wait <= Self.maximumWithin else { throw .badWait }
        self.condition = condition
        self.within = wait
        self.action = action
    }

    /// The forum's General topic, as Telegram numbers it.
    public static let generalTopicID: Int64 = 1

    /// Whether a message in topic `reply` is in the followed message's topic `followed`: no
    /// topic and a forum's General topic are one place (a message sent to a forum without a
    /// topic lands in General), so a reply in another topic of the forum does not count.
    public static func sameTopic(_ followed: Int64?, _ reply: Int64?) -> Bool {
        (followed ?? generalTopicID) == (reply ?? generalTopicID)
    }

    /// The template its action sends; nil for a reminder.
    public var sendsTemplateID: UUID? {
        if case .send(let id) = action { id } else { nil }
    }

    /// The rule as a series carries it, for every occurrence: "each post: if not read within
    /// 2 h, send “Nudge”".
    public func seriesSentence(templateName: String?) -> String {
        let doing = switch action {
        case .send: "send “\(templateName ?? "a deleted template")”"
        case .remind: "remind you in Saved Messages"
        }
        let wait = Self.waitWords(within)
        return switch condition {
        case .notRead: "Each post: if not read within \(wait), \(doing)"
        case .noReply: "Each post: if no reply within \(wait), \(doing)"
        case .read: "Each post: when read, \(doing) (gives up after \(wait))"
        }
    }

    /// The rule in words, given the names a screen shows: "If Alice has not read it within 2 h,
    /// send “Nudge”".
    public func sentence(chat: String, templateName: String?) -> String {
        let doing: String
        switch action {
        case .send: doing = "send “\(templateName ?? "a deleted template")”"
        case .remind: doing = "remind you in Saved Messages"
        }
        let wait = Self.waitWords(within)
        switch condition {
        case .notRead: return "If \(chat) has not read it within \(wait), \(doing)"
        case .noReply: return "If \(chat) has not replied within \(wait), \(doing)"
        case .read: return "When \(chat) reads it, \(doing) (gives up after \(wait))"
        }
    }

    /// A wait in words: "90 min" reads as "1 h 30 min", "2 d".
    public static func waitWords(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded())
        let days = minutes / 1_440, hours = minutes % 1_440 / 60, rest = minutes % 60
        var parts: [String] = []
        if days > 0 { parts.append("\(days) d") }
        if hours > 0 { parts.append("\(hours) h") }
        if rest > 0 || parts.isEmpty { parts.append("\(rest) min") }
        return parts.joined(separator: " ")
    }

    /// A wait typed by a person: "90" or "90m" (minutes), "2h", "1h30m", "3d".
    public static func parseWait(_ text: String) throws(FollowUpError) -> TimeInterval {
        let lowered = text.lowercased().filter { !$0.isWhitespace }
        guard !lowered.isEmpty, lowered.count <= 16 else { throw .badWait }
        if lowered.allSatisfy({ $0.isASCII && $0.isNumber }), let minutes = Int(lowered) { return TimeInterval(minutes) * 60 }
        var total = 0
        var number = ""
        for character in lowered {
            if character.isASCII, character.isNumber { number.append(character); continue }
            guard let value = Int(number) else { throw .badWait }
            switch character {
            case "d": total += value * 1_440
            case "h": total += value * 60
            case "m": total += value
            default: throw .badWait
            }
            number = ""
        }
        guard number.isEmpty else { throw .badWait }
        return TimeInterval(total) * 60
    }
}

/// Why a follow-up could not be set or changed.
public enum FollowUpError: UserFacingError, Equatable {
    case badWait
    case notFound
    /// The send has no message in a Telegram chat to follow (a draft, a failed send).
    case nothingToFollow
    case templateNotFound
    case tooMany(Int)
    /// Already fired, ended or cancelled.
    case alreadyEnded
    /// The template to send is no Telegram template, or needs values nobody will type.
    case templateUnusable(String)
    /// The wait is already over for the message (it went out longer ago than that).
    case alreadyPast

    public var message: String {
        switch self {
        case .badWait: "The wait must be between 1 minute and 7 days (like 30m, 2h or 1d)."
        case .notFound: "There is no such follow-up."
        case .nothingToFollow: "That send has no Telegram message to follow up on."
        case .templateNotFound: "The template to send as the follow-up does not exist."
        case .tooMany(let count): "\(count) follow-ups are already waiting, the most there can be."
        case .alreadyEnded: "That follow-up has already ended."
        case .templateUnusable(let why): why
        case .alreadyPast: "That message went out longer ago than the wait: its moment has already passed."
        }
    }

    public var nextStep: String? {
        switch self {
        case .badWait: "Give a wait of at least a minute and at most a week."
        case .notFound, .alreadyEnded: "Look at Scheduled for the follow-ups that are waiting."
        case .nothingToFollow: "Choose a send to a Telegram chat that went out or is scheduled."
        case .templateNotFound, .templateUnusable: "Choose another template."
        case .alreadyPast: "Choose a longer wait, or a message sent more recently."
        case .tooMany: "Cancel follow-ups you no longer need first."
        }
    }

    public var code: String {
        switch self {
        case .badWait: "follow_up_bad_wait"
        case .notFound: "follow_up_not_found"
        case .nothingToFollow: "follow_up_nothing_to_follow"
        case .templateNotFound: "template_not_found"
        case .tooMany: "follow_up_too_many"
        case .alreadyEnded: "follow_up_ended"
        case .templateUnusable: "follow_up_template_unusable"
        case .alreadyPast: "follow_up_too_late"
        }
    }
}

extension FollowUpRule {
    /// A rule as it was stored, checked when it was set (not checked again: a stored row
    /// reads back as it was).
    public init(stored condition: FollowUpCondition, within: TimeInterval, action: FollowUpAction) {
        self.condition = condition
        self.within = within
        self.action = action
    }
}
