import Foundation
import TgtDomain
import TgtStore

/// One tap's order, as any face hands it to `TemplateSending`: which template, the values the
/// person gave, and what they changed for this send only.
public struct SendOrder: Sendable, Equatable {
    public var templateID: UUID
    /// Custom variables' values by name (built-ins are filled in by the send itself).
    public var variables: [String: String]
    /// Where `{{location}}` and the location message point; nil: the default from Settings.
    public var location: Coordinate?
    /// Overrides the template's silent flag when set.
    public var silent: Bool?
    /// Sends to these targets only (their keys, as `Target.key.description` prints them): a
    /// retry of the targets that failed. Nil: every target.
    public var onlyTargets: [String]?
    /// Sends a copy whose only target is this one (a template sent into an open chat) instead
    /// of the template's targets.
    public var destination: Target?
    /// How long the send waits, undoable, before anything reaches Telegram (`UndoHold`).
    public var hold: UndoHold
    /// The held send's id in the send log (a client's own, so it can undo it before the
    /// send's answer comes); nil: a new one.
    public var batchID: UUID?
    /// Sends without the location message or map link, for a template that can do without
    /// and a device that found no location (the app's `LocationResolver`).
    public var withoutLocation = false
    /// What sent it, as the send log records it from the start ("follow_up"); nil: a person.
    public var origin: String?

    public init(templateID: UUID, variables: [String: String] = [:], location: Coordinate? = nil, silent: Bool? = nil,
                onlyTargets: [String]? = nil, destination: Target? = nil, hold: UndoHold = .off, batchID: UUID? = nil)
    {
        self.destination = destination
        self.hold = hold
        self.batchID = batchID
        self.templateID = templateID
        self.variables = variables
        self.location = location
        self.silent = silent
        self.onlyTargets = onlyTargets
    }
}

/// What a send did, per target, wherever it ran (this process's session or a running
/// dashboard's).
public struct SendOutcome: Sendable, Equatable {
    /// One target's result.
    public struct Item: Sendable, Equatable {
        /// The target's key (`Target.key.description`).
        public var target: String
        public var title: String
        public var sent: Bool
        public var messageID: Int64?
        /// Why it failed, in words.
        public var error: String?
        /// How many times it was tried (flood waits and retries count).
        public var attempts: Int

        public init(target: String, title: String, sent: Bool, messageID: Int64? = nil, error: String? = nil, attempts: Int = 1) {
            self.target = target
            self.title = title
            self.sent = sent
            self.messageID = messageID
            self.error = error
            self.attempts = attempts
        }
    }

    public var templateName: String
    /// The send log's batch, when the send reached it.
    public var batchID: String?
    public var items: [Item]
    /// Taken back during its undo hold: nothing reached Telegram (no item was sent).
    public var undone: Bool

    public init(templateName: String, batchID: String?, items: [Item], undone: Bool = false) {
        self.templateName = templateName
        self.batchID = batchID
        self.items = items
        self.undone = undone
    }

    /// The targets that failed (none when the send was undone: nothing was tried).
    public var failed: [Item] { undone ? [] : items.filter { !$0.sent } }
    public var allSent: Bool { items.allSatisfy(\.sent) }
}

/// A step of a send in progress, for faces that show it as it happens (a terminal's lines).
public enum SendStep: Sendable, Equatable {
    /// In its undo hold: goes out in `secondsLeft` (at `until`) unless undone. Said once when
    /// the hold starts and again each second.
    case holding(batchID: String, until: Date, secondsLeft: Int)
    case sending(title: String)
    /// Telegram asked to wait (flood limit); the send retries after `seconds`.
    case waiting(title: String, seconds: Int)
    case sent(title: String)
    case failed(title: String, message: String)
}

/// Sends a template now or later, through whichever session this face has: its own
/// (`SendService`) or a running dashboard's. A command or a screen calls it without knowing
/// which.
public protocol TemplateSending: Sendable {
    /// Checks the order (`SendOrderError` and the template's own errors change nothing), sends
    /// it to every target and says how each went; `progress` hears each step where the
    /// session can tell them.
    func send(_ order: SendOrder, progress: @escaping @Sendable (SendStep) -> Void) async throws -> SendOutcome

    /// Checks the order and the date (`ScheduleError`), then schedules it on Telegram's
    /// servers for every target; returns each target's row after the schedule pass.
    func scheduleLater(_ order: SendOrder, at date: Date) async throws -> [ScheduledItem]

    /// Takes back a send in its undo hold (`SendOrder.hold`), from any face or process:
    /// nothing of it reaches Telegram.
    func undo(batchID: UUID) async throws -> UndoOutcome
}

/// Checks an order as a send on this face's session would (logged in, the template, the
/// values, each target's message formatted and measured), sending and writing nothing: for a
/// caller that must spend something only on a send that will go (a trigger link's use).
public protocol SendChecking: Sendable {
    /// Throws what `TemplateSending.send` would throw before anything is sent or written.
    func check(_ order: SendOrder) async throws
}

/// One target of a scheduled send, as every face shows it.
public struct ScheduledItem: Sendable, Equatable {
    public var id: Int64
    public var title: String
    public var status: SendLogEntry.Status
    public var scheduledFor: Date
    public var error: String?

    public init(id: Int64, title: String, status: SendLogEntry.Status, scheduledFor: Date, error: String?) {
        self.id = id
        self.title = title
        self.status = status
        self.scheduledFor = scheduledFor
        self.error = error
    }

    public init(_ row: ScheduledSend) {
        self.init(id: row.id, title: row.entry.targetTitle, status: row.status, scheduledFor: row.scheduledFor, error: row.entry.error)
    }
}
