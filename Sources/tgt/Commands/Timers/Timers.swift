import ArgumentParser
import Foundation
import TgtDomain
import TgtStore

/// `tgt timers`: countdowns with to-dos and notes, kept as dates in the store.
struct Timers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List, add, edit, remove and control timers; their to-dos and notes; watch one count down.",
        discussion: """
            A timer is addressed by its name (any letter case), its id, or the first characters of \
            its id. Durations: 90 (seconds), 1:30, 1:02:03, 1h30m, 25m, 45s; from 1 second to \
            99:59:59. A timer keeps time as dates: nothing has to run for it to end on time, and a \
            timer that ended while no tgt ran is completed at its true end the next time any \
            command opens the store.
            """,
        subcommands: [TimersList.self, TimersShow.self, TimersAdd.self, TimersEdit.self, TimersRemove.self, TimersStart.self,
                      TimersPause.self, TimersResume.self, TimersReset.self, TimersExtend.self, TimersTodo.self, TimersNotes.self,
                      TimersWatch.self],
        defaultSubcommand: TimersList.self)

    /// Opens the store and completes the timers that ended while nothing ran.
    static func store(_ global: GlobalOptions) throws -> AppDatabase {
        let store = try global.openStore()
        try store.settleTimers()
        return store
    }

    static func duration(_ text: String) throws -> TimerDuration { try TimerDuration(parsing: text) }

    static func icon(_ name: String) throws -> TimerIcon {
        guard let icon = TimerIcon(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
            throw InputError("“\(name)” is not a timer icon.", next: "Use one of: " + TimerIcon.documentIcons.map(\.name).joined(separator: ", ") + " (or a template icon).")
        }
        return icon
    }

    static func color(_ text: String) throws -> TimerColor {
        guard let color = TimerColor(parsing: text) else {
            throw InputError("“\(text)” is not a timer color.", next: "Use " + TimerColor.allCases.map { "\($0.name) (\($0.rawValue))" }.joined(separator: ", ") + ".")
        }
        return color
    }
}

/// A timer as `--json` prints it.
struct TimerJSON: Encodable {
    var id: String
    var name: String
    var durationSeconds: Int
    var duration: String
    var icon: String
    var color: String
    var state: String
    var clock: String
    var label: String?
    var remainingSeconds: Double
    var progress: Double
    var endsAt: Date?
    var completedAt: Date?
    var todos: [Todo]
    var todosDone: String
    var notes: String
    var position: Int
    var createdAt: Date
    var updatedAt: Date

    struct Todo: Encodable {
        var number: Int
        var id: String
        var text: String
        var done: Bool
    }

    enum CodingKeys: String, CodingKey {
        case id, name, duration, icon, color, state, clock, label, progress, todos, notes, position
        case durationSeconds = "duration_seconds"
        case remainingSeconds = "remaining_seconds"
        case endsAt = "ends_at"
        case completedAt = "completed_at"
        case todosDone = "todos_done"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    init(_ t: CountdownTimer, position: Int, now: Date = Date()) {
        id = t.id.uuidString
        name = t.name
        durationSeconds = t.duration.seconds
        duration = t.duration.description
        icon = t.icon.rawValue
        color = t.color.rawValue
        switch t.state {
        case .idle: state = "idle"
        case .running(let end):
            state = "running"
            endsAt = end
        case .paused: state = "paused"
        case .completed(let at):
            state = "completed"
            completedAt = at
        }
        clock = t.clockText(at: now)
        label = t.stateLabel
        remainingSeconds = (t.remaining(at: now) * 1000).rounded() / 1000
        progress = (t.progress(at: now) * 1000).rounded() / 1000
        todos = t.todos.enumerated().map { Todo(number: $0.offset + 1, id: $0.element.id.uuidString, text: $0.element.text, done: $0.element.done) }
        todosDone = t.todosDoneText
        notes = t.notes
        self.position = position
        createdAt = t.createdAt
        updatedAt = t.updatedAt
    }
}

/// How commands show a timer on one line: icon, name, clock, state.
enum TimerText {
    static func summary(_ t: CountdownTimer, now: Date = Date()) -> String {
        var parts = ["\(t.icon.terminalGlyph)  \(t.name)", t.clockText(at: now)]
        switch t.state {
        case .idle: parts.append("ready")
        case .running(let endsAt): parts.append("running, ends at \(time(endsAt))")
        case .paused: parts.append("PAUSED")
        case .completed(let at): parts.append("DONE at \(time(at))")
        }
        return parts.joined(separator: "  ")
    }

    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateStyle = Calendar.current.isDateInToday(date) ? .none : .short
        formatter.timeStyle = .medium
        return formatter.string(from: date)
    }

    /// Writes the outcome of a change: the timer as JSON, or one line.
    static func report(_ t: CountdownTimer, _ global: GlobalOptions, store: AppDatabase, verb: String) throws {
        if global.json {
            let position = (try store.timers().firstIndex { $0.id == t.id } ?? 0) + 1
            global.console.emit(TimerJSON(t, position: position))
        } else {
            global.console.line("\(verb) “\(t.name)”: \(summary(t)).")
        }
    }
}
