import Foundation

/// What a webhook can be told about: each delivery is one event of one of these kinds, named by
/// `rawValue` in the JSON body (`type`) and the `TgTemplates-Event` header.
public enum WebhookEvent: String, Sendable, Hashable, Codable, CaseIterable {
    /// A send to one target reached its outcome (sent or failed), from any face or automation.
    case sendOutcome = "send.outcome"
    /// An away reply or greeting went out.
    case awayReply = "away.reply"
    /// A trigger link was used (its send's outcome follows as `send.outcome`).
    case triggerUsed = "trigger.used"
    /// A timer's completion message was posted.
    case timerDone = "timer.done"
    /// A snippet was expanded, or left as typed with the reason.
    case snippetExpanded = "snippet.expanded"
    /// Someone else's message arrived in one of the webhook's chats.
    case messageReceived = "message.received"
    /// The other side read the person's messages in one of the webhook's chats, up to one.
    case chatRead = "chat.read"
    /// A follow-up's condition held and it acted (sent its template, or posted a reminder).
    case followUpFired = "follow_up.fired"
    /// A delivery asked for by hand, to check the receiver (never chosen, always allowed).
    case test

    /// The events a person can choose, in the order screens list them.
    public static let choosable: [WebhookEvent] = [.sendOutcome, .awayReply, .triggerUsed, .timerDone, .snippetExpanded, .followUpFired, .messageReceived, .chatRead]

    /// Whether the event happens in a chat the webhook must name (`WebhookEndpoint.chatIDs`):
    /// every message of every chat would be a firehose, and the person picks where to listen.
    public var needsChats: Bool { self == .messageReceived || self == .chatRead }

    /// What the event is, for a checkbox or a list.
    public var label: String {
        switch self {
        case .sendOutcome: "A send's outcome (sent or failed)"
        case .awayReply: "An away reply or greeting sent"
        case .triggerUsed: "A trigger link used"
        case .timerDone: "A timer's message posted"
        case .snippetExpanded: "A snippet expanded or left as typed"
        case .followUpFired: "A follow-up fired"
        case .messageReceived: "A message received in the chosen chats"
        case .chatRead: "Your messages read in the chosen chats"
        case .test: "Test delivery"
        }
    }

    /// The event named `text` ("send.outcome"), also accepting a bare name ("send_outcome",
    /// "sendOutcome", "away-reply") so a command line is forgiving.
    public init?(named text: String) {
        let key = text.lowercased().filter { $0.isLetter }
        guard let found = Self.allCases.first(where: { $0.rawValue.filter(\.isLetter) == key }) else { return nil }
        self = found
    }
}

/// Where a send log row stands, as much as the webhook rules need to know.
public struct WebhookSendFacts: Sendable, Hashable {
    public var succeeded: Bool
    /// What sent it without a tap: "away", "greeting", "snippet" (nil: a person or a schedule).
    public var origin: String?
    /// Set when a timer's completion posted it.
    public var isTimerCompletion: Bool

    public init(succeeded: Bool, origin: String?, isTimerCompletion: Bool) {
        self.succeeded = succeeded
        self.origin = origin
        self.isTimerCompletion = isTimerCompletion
    }

    /// The events one finished send raises: always its outcome; an away reply or greeting
    /// that went out; a timer's message that was posted; a snippet either way (left as typed
    /// is worth knowing).
    public var events: [WebhookEvent] {
        var events: [WebhookEvent] = [.sendOutcome]
        if succeeded, origin == "away" || origin == "greeting" { events.append(.awayReply) }
        if succeeded, isTimerCompletion { events.append(.timerDone) }
        if origin == "snippet" { events.append(.snippetExpanded) }
        return events
    }
}
