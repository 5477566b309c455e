import Foundation
import TgtDomain

/// One timer as a replica keeps it: a register per field, its to-dos by id, and a tombstone.
///
/// A record is also a change: a message carries records holding only the registers it wrote.
/// Joining records is commutative, associative and idempotent, so replicas that have received
/// the same changes, in any order and any number of times, hold the same record. A tombstone
/// wins over every write, earlier or later: a deleted timer never comes back.
public struct TimerRecord: Codable, Sendable, Hashable {
    public var name: Register<String>?
    public var duration: Register<TimerDuration>?
    public var icon: Register<TimerIcon>?
    public var color: Register<TimerColor>?
    /// The countdown with absolute dates: running until a moment, paused with what was left,
    /// completed at a moment — never "started now".
    public var state: Register<CountdownTimer.State>?
    public var notes: Register<String>?
    public var action: Register<CompletionAction?>?
    public var sortOrder: Register<Int>?
    public var createdAt: Register<Date>?
    public var todos: [UUID: TodoRecord]
    /// When it was deleted (the latest delete when several replicas deleted it).
    public var deleted: Stamp?

    public init(
        name: Register<String>? = nil, duration: Register<TimerDuration>? = nil, icon: Register<TimerIcon>? = nil,
        color: Register<TimerColor>? = nil, state: Register<CountdownTimer.State>? = nil, notes: Register<String>? = nil,
        action: Register<CompletionAction?>? = nil, sortOrder: Register<Int>? = nil, createdAt: Register<Date>? = nil,
        todos: [UUID: TodoRecord] = [:], deleted: Stamp? = nil
    ) {
        self.name = name
        self.duration = duration
        self.icon = icon
        self.color = color
        self.state = state
        self.notes = notes
        self.action = action
        self.sortOrder = sortOrder
        self.createdAt = createdAt
        self.todos = todos
        self.deleted = deleted
    }

    /// A tombstone: nothing but the delete's stamp.
    public static func tombstone(_ stamp: Stamp) -> TimerRecord { TimerRecord(deleted: stamp) }

    /// Both records' writes, the later one per field; a tombstone drops everything else.
    public static func join(_ a: TimerRecord, _ b: TimerRecord) -> TimerRecord {
        if let deleted = later(a.deleted, b.deleted) { return .tombstone(deleted) }
        var todos = a.todos
        for (id, todo) in b.todos { todos[id] = todos[id].map { TodoRecord.join($0, todo) } ?? todo }
        return TimerRecord(
            name: .join(a.name, b.name), duration: .join(a.duration, b.duration), icon: .join(a.icon, b.icon),
            color: .join(a.color, b.color), state: .join(a.state, b.state), notes: .join(a.notes, b.notes),
            action: .join(a.action, b.action), sortOrder: .join(a.sortOrder, b.sortOrder),
            createdAt: .join(a.createdAt, b.createdAt), todos: todos)
    }

    /// Every stamp in it, for the receiving replica's clock.
    var stamps: [Stamp] {
        let own: [Stamp?] = [name?.stamp, duration?.stamp, icon?.stamp, color?.stamp, state?.stamp, notes?.stamp,
                             action?.stamp, sortOrder?.stamp, createdAt?.stamp, deleted]
        return own.compactMap { $0 } + todos.values.flatMap(\.stamps)
    }

    /// The timer it describes, once its creation has arrived (all fields written) and unless deleted.
    public func timer(id: UUID) -> CountdownTimer? {
        guard deleted == nil, let name, let duration, let icon, let color, let state, let notes, let action,
              let sortOrder, let createdAt else { return nil }
        let updated = stamps.max().map(\.date) ?? createdAt.value
        let todos = todos.compactMap { id, record in record.todo(id: id).map { (record.position?.value ?? 0, $0) } }
            .sorted { ($0.0, $0.1.id.uuidString) < ($1.0, $1.1.id.uuidString) }
            .map(\.1)
        return CountdownTimer(
            id: id, name: name.value, duration: duration.value, icon: icon.value, color: color.value, state: state.value,
            todos: todos, notes: notes.value, action: action.value, sortOrder: sortOrder.value, createdAt: createdAt.value,
            updatedAt: max(updated, createdAt.value))
    }
}

/// One to-do as a replica keeps it: text, done and position registers, and a tombstone.
public struct TodoRecord: Codable, Sendable, Hashable {
    public var text: Register<String>?
    public var done: Register<Bool>?
    /// Where it sits in the list; ties (two to-dos added at once on two devices) go by id.
    public var position: Register<Double>?
    public var deleted: Stamp?

    public init(text: Register<String>? = nil, done: Register<Bool>? = nil, position: Register<Double>? = nil, deleted: Stamp? = nil) {
        self.text = text
        self.done = done
        self.position = position
        self.deleted = deleted
    }

    public static func join(_ a: TodoRecord, _ b: TodoRecord) -> TodoRecord {
        if let deleted = later(a.deleted, b.deleted) { return TodoRecord(deleted: deleted) }
        return TodoRecord(text: .join(a.text, b.text), done: .join(a.done, b.done), position: .join(a.position, b.position))
    }

    var stamps: [Stamp] { [text?.stamp, done?.stamp, position?.stamp, deleted].compactMap { $0 } }

    func todo(id: UUID) -> TimerTodo? {
        guard deleted == nil, let text, let done else { return nil }
        return TimerTodo(id: id, text: text.value, done: done.value)
    }
}

/// The later of two optional stamps.
func later(_ a: Stamp?, _ b: Stamp?) -> Stamp? {
    guard let a else { return b }
    guard let b else { return a }
    return max(a, b)
}
