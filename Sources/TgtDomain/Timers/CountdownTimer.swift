import Foundation

/// A countdown with a name, icon, color, to-dos and notes, whose completion can post a template.
///
/// Its state is kept as dates, never as ticks: a running timer knows when it ends, a paused one
/// how much it had left. Nothing needs to run for it to keep time, so a stopped process, a
/// sleeping laptop or a killed app loses nothing (`settled(at:)` completes an overdue timer
/// with its true end time).
public struct CountdownTimer: Codable, Sendable, Hashable, Identifiable {
    /// Where the countdown stands.
    public enum State: Codable, Sendable, Hashable {
        case idle
        case running(endsAt: Date)
        case paused(remaining: TimeInterval)
        case completed(at: Date)
    }

    public static let maxNameLength = 64
    public static let maxNotesLength = 10_000
    public static let maxTodos = 200

    public var id: UUID
    /// 1–64 characters after trimming.
    public var name: String
    public var duration: TimerDuration
    public var icon: TimerIcon
    public var color: TimerColor
    public var state: State
    public var todos: [TimerTodo]
    /// Up to 10,000 characters.
    public var notes: String
    /// What its completion posts, if anything.
    public var action: CompletionAction?
    /// Position in the user's list; lower first.
    public var sortOrder: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID = UUID(), name: String, duration: TimerDuration, icon: TimerIcon = .default, color: TimerColor = .default,
        state: State = .idle, todos: [TimerTodo] = [], notes: String = "", action: CompletionAction? = nil,
        sortOrder: Int = 0, createdAt: Date, updatedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.duration = duration
        self.icon = icon
        self.color = color
        self.state = state
        self.todos = todos
        self.notes = notes
        self.action = action
        self.sortOrder = sortOrder
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    // MARK: Time

    /// Seconds left at `now` (the whole duration when idle, none when completed).
    public func remaining(at now: Date) -> TimeInterval {
        switch state {
        case .idle: Double(duration.seconds)
        case .running(let endsAt): max(0, endsAt.timeIntervalSince(now))
        case .paused(let remaining): remaining
        case .completed: 0
        }
    }

    /// How far along, 0…1.
    public func progress(at now: Date) -> Double {
        let total = Double(duration.seconds)
        return min(1, max(0, (total - remaining(at: now)) / total))
    }

    /// When it ends, if it is running.
    public var endsAt: Date? {
        if case .running(let endsAt) = state { return endsAt }
        return nil
    }

    public var isRunning: Bool { endsAt != nil }

    /// The clock text for `now`: "25:00", "1:02:03" (seconds rounded up, so it shows 00:00 only at the end).
    public func clockText(at now: Date) -> String {
        TimerDuration.clock(Int(remaining(at: now).rounded(.up)))
    }

    /// PAUSED or DONE under the clock, or nothing.
    public var stateLabel: String? {
        switch state {
        case .paused: "PAUSED"
        case .completed: "DONE"
        case .idle, .running: nil
        }
    }

    // MARK: Controls

    /// Starts an idle or completed timer from its full duration.
    public func started(at now: Date) throws(TimerError) -> CountdownTimer {
        switch state {
        case .idle, .completed: return with(.running(endsAt: now.addingTimeInterval(Double(duration.seconds))), at: now)
        case .running: throw .alreadyRunning(name)
        case .paused: throw .pausedUseResume(name)
        }
    }

    /// Pauses a running timer, keeping what is left.
    public func paused(at now: Date) throws(TimerError) -> CountdownTimer {
        guard case .running(let endsAt) = state else { throw .notRunning(name) }
        let left = endsAt.timeIntervalSince(now)
        // A pause at or after the end (or within the millisecond the store keeps) is a
        // completion at the true end.
        guard left >= 0.001 else { return with(.completed(at: endsAt), at: now) }
        return with(.paused(remaining: left), at: now)
    }

    /// Resumes a paused timer from what it had left.
    public func resumed(at now: Date) throws(TimerError) -> CountdownTimer {
        guard case .paused(let remaining) = state else { throw .notPaused(name) }
        return with(.running(endsAt: now.addingTimeInterval(remaining)), at: now)
    }

    /// Back to idle with the full duration.
    public func reset(at now: Date) -> CountdownTimer { with(.idle, at: now) }

    /// "+1 min" (or any number of seconds): a running timer ends later, a paused one has more
    /// left; the total stays within 99:59:59.
    public func extended(by seconds: Int = 60, at now: Date) throws(TimerError) -> CountdownTimer {
        let limit = Double(TimerDuration.maximum)
        switch state {
        case .running(let endsAt):
            let left = endsAt.timeIntervalSince(now)
            guard left > 0 else { throw .notRunning(name) }
            return with(.running(endsAt: now.addingTimeInterval(min(limit, left + Double(seconds)))), at: now)
        case .paused(let remaining):
            return with(.paused(remaining: min(limit, remaining + Double(seconds))), at: now)
        case .idle, .completed:
            throw .notRunning(name)
        }
    }

    /// Completes a running timer whose end has passed, at its true end time; anything else is
    /// returned unchanged. Every start of a front end settles its timers this way.
    public func settled(at now: Date) -> CountdownTimer {
        guard case .running(let endsAt) = state, endsAt <= now else { return self }
        return with(.completed(at: endsAt), at: now)
    }

    private func with(_ state: State, at now: Date) -> CountdownTimer {
        var copy = self
        copy.state = state
        copy.updatedAt = now
        return copy
    }

    // MARK: To-dos

    /// While it runs with a completion action that does something: its end and that action
    /// (what Telegram's schedule should hold for it); nil otherwise.
    public var pendingCompletion: (endsAt: Date, action: CompletionAction)? {
        guard case .running(let endsAt) = state, let action, !action.isEmpty else { return nil }
        return (endsAt, action)
    }

    /// This timer with `form`'s settings — name, duration, icon, color, completion action —
    /// keeping its own countdown, to-dos and notes (an edit made while it runs).
    public func withSettings(of form: CountdownTimer, at now: Date) -> CountdownTimer {
        var t = self
        t.name = form.name
        t.duration = form.duration
        t.icon = form.icon
        t.color = form.color
        t.action = form.action
        t.updatedAt = now
        return t
    }

    /// "3 of 5".
    public var todosDoneText: String { "\(todos.filter(\.done).count) of \(todos.count)" }

    /// The list as ☑/☐ lines, for `{{todos}}`.
    public var todosText: String { todos.map { ($0.done ? "☑ " : "☐ ") + $0.text }.joined(separator: "\n") }
}

/// One to-do on a timer.
public struct TimerTodo: Codable, Sendable, Hashable, Identifiable {
    public static let maxLength = 500

    public var id: UUID
    /// 1–500 characters after trimming.
    public var text: String
    public var done: Bool

    public init(id: UUID = UUID(), text: String, done: Bool = false) {
        self.id = id
        self.text = text
        self.done = done
    }
}

/// What a timer's completion posts: a template with the values of its custom variables, and
/// whether a reminder goes to the user's own Saved Messages.
public struct CompletionAction: Codable, Sendable, Hashable {
    public var templateID: UUID?
    public var values: [String: String]
    public var remindMe: Bool

    public init(templateID: UUID? = nil, values: [String: String] = [:], remindMe: Bool = false) {
        self.templateID = templateID
        self.values = values
        self.remindMe = remindMe
    }

    /// Whether it does anything.
    public var isEmpty: Bool { templateID == nil && !remindMe }
}

/// A timer control that does not apply in the timer's state.
public enum TimerError: UserFacingError, Equatable {
    case alreadyRunning(String)
    case pausedUseResume(String)
    case notRunning(String)
    case notPaused(String)

    public var message: String {
        switch self {
        case .alreadyRunning(let name): "“\(name)” is already running."
        case .pausedUseResume(let name): "“\(name)” is paused."
        case .notRunning(let name): "“\(name)” is not running."
        case .notPaused(let name): "“\(name)” is not paused."
        }
    }

    public var nextStep: String? {
        switch self {
        case .alreadyRunning: "Pause it, or reset it to start again."
        case .pausedUseResume: "Resume it, or reset it."
        case .notRunning: "Start it first."
        case .notPaused: nil
        }
    }

    public var code: String { "timer_state" }
}
