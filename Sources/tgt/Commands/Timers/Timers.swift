import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt timers`: countdowns with to-dos and notes, kept as dates in the store.
struct Timers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timers", abstract: "List, add, edit, remove and control timers; their to-dos and notes; watch one count down.",
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

    /// Opens the workspace and completes the timers that ended while nothing ran.
    static func workspace(_ global: GlobalOptions) throws -> Workspace {
        let workspace = try global.workspace()
        try workspace.timers().settle()
        return workspace
    }

    static func duration(_ text: String) throws -> TimerDuration { try TimerDuration(parsing: text) }
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
    /// What its completion posts: `{template_id, values, remind_me}` (absent when nothing).
    var completion: Completion?
    var createdAt: Date
    var updatedAt: Date

    struct Todo: Encodable {
        var number: Int
        var id: String
        var text: String
        var done: Bool
    }

    enum CodingKeys: String, CodingKey {
        case id, name, duration, icon, color, state, clock, label, progress, todos, notes, position, completion
        case durationSeconds = "duration_seconds"
        case remainingSeconds = "remaining_seconds"
        case endsAt = "ends_at"
        case completedAt = "completed_at"
        case todosDone = "todos_done"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    struct Completion: Encodable {
        var templateID: String?
        var values: [String: String]
        var remindMe: Bool
        enum CodingKeys: String, CodingKey {
            case values
            case templateID = "template_id"
            case remindMe = "remind_me"
        }
    }

    /// Writes this timer exactly as its `Encodable` form would come out (keys sorted).
    func write(to w: inout JSONWriter) {
        w.beginObject()
        w.key("clock"); w.value(clock)
        w.key("color"); w.value(color)
        if let completedAt { w.key("completed_at"); w.value(completedAt) }
        if let completion {
            w.key("completion")
            w.beginObject()
            w.key("remind_me"); w.value(completion.remindMe)
            if let id = completion.templateID { w.key("template_id"); w.value(id) }
            w.key("values")
            w.beginObject()
            for (name, value) in completion.values.sorted(by: { $0.key < $1.key }) { w.key(name); w.value(value) }
            w.endObject()
            w.endObject()
        }
        w.key("created_at"); w.value(createdAt)
        w.key("duration"); w.value(duration)
        w.key("duration_seconds"); w.value(Int64(durationSeconds))
        if let endsAt { w.key("ends_at"); w.value(endsAt) }
        w.key("icon"); w.value(icon)
        w.key("id"); w.value(id)
        if let label { w.key("label"); w.value(label) }
        w.key("name"); w.value(name)
        w.key("notes"); w.value(notes)
        w.key("position"); w.value(Int64(position))
        w.key("progress"); w.value(progress)
        w.key("remaining_seconds"); w.value(remainingSeconds)
        w.key("state"); w.value(state)
        w.key("todos")
        w.beginArray()
        for todo in todos {
            w.beginObject()
            w.key("done"); w.value(todo.done)
            w.key("id"); w.value(todo.id)
            w.key("number"); w.value(Int64(todo.number))
            w.key("text"); w.value(todo.text)
            w.endObject()
        }
        w.endArray()
        w.key("todos_done"); w.value(todosDone)
        w.key("updated_at"); w.value(updatedAt)
        w.endObject()
    }

    /// A whole list, written directly (see `JSONWriter`): JSONEncoder costs several times
    /// the database read for a thousand timers.
    static func listJSON(_ timers: [CountdownTimer], now: Date) -> [UInt8] {
        var writer = JSONWriter(reserving: timers.count * 2048)
        writer.beginArray()
        for (i, t) in timers.enumerated() { TimerJSON(t, position: i + 1, now: now).write(to: &writer) }
        writer.endArray()
        return writer.bytes + [UInt8(ascii: "\n")]
    }

    init(_ t: CountdownTimer, position: Int, now: Date) {
        id = UUIDText.string(t.id)
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
        todos = t.todos.enumerated().map { Todo(number: $0.offset + 1, id: UUIDText.string($0.element.id), text: $0.element.text, done: $0.element.done) }
        todosDone = t.todosDoneText
        notes = t.notes
        self.position = position
        completion = t.action.map { Completion(templateID: $0.templateID?.uuidString, values: $0.values, remindMe: $0.remindMe) }
        createdAt = t.createdAt
        updatedAt = t.updatedAt
    }
}

/// How commands show a timer on one line: icon, name, clock, state.
enum TimerText {
    static func summary(_ t: CountdownTimer, now: Date) -> String {
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
    static func report(_ t: CountdownTimer, _ global: GlobalOptions, workspace: Workspace, verb: String) throws {
        if global.json {
            let position = try workspace.timers().position(of: t.id)
            global.console.emit(TimerJSON(t, position: position, now: workspace.clock.now))
        } else {
            global.console.line("\(verb) “\(t.name)”: \(summary(t, now: workspace.clock.now)).")
        }
    }
}
