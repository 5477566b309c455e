import Foundation
import TgtDomain

extension TimerRecord {
    /// The writes that turn `old` (nil: nothing yet) into `new`, each with `stamp`; nil when
    /// nothing differs. Dates and what a paused timer has left go in whole milliseconds, as the
    /// store keeps them, so a timer read back from the store compares equal.
    public static func changes(from old: CountdownTimer?, to new: CountdownTimer, stamp: Stamp) -> TimerRecord? {
        let new = normalized(new)
        let old = old.map(normalized)
        var record = TimerRecord()
        func write<Value: Codable & Sendable & Hashable>(_ field: KeyPath<CountdownTimer, Value>) -> Register<Value>? {
            guard let old, old[keyPath: field] == new[keyPath: field] else { return Register(new[keyPath: field], stamp: stamp) }
            return nil
        }
        record.name = write(\.name)
        record.duration = write(\.duration)
        record.icon = write(\.icon)
        record.color = write(\.color)
        record.state = write(\.state)
        record.notes = write(\.notes)
        record.action = write(\.action)
        record.sortOrder = write(\.sortOrder)
        if old == nil { record.createdAt = Register(new.createdAt, stamp: stamp) }
        record.todos = TodoRecord.changes(from: old?.todos ?? [], to: new.todos, stamp: stamp)
        return record == TimerRecord() ? nil : record
    }

    /// The timer with its dates on whole milliseconds.
    static func normalized(_ timer: CountdownTimer) -> CountdownTimer {
        var t = timer
        t.createdAt = SyncTime.rounded(t.createdAt)
        t.updatedAt = SyncTime.rounded(t.updatedAt)
        switch t.state {
        case .running(let endsAt): t.state = .running(endsAt: SyncTime.rounded(endsAt))
        case .paused(let remaining): t.state = .paused(remaining: SyncTime.rounded(remaining))
        case .completed(let at): t.state = .completed(at: SyncTime.rounded(at))
        case .idle: break
        }
        return t
    }
}

extension TodoRecord {
    /// The writes that turn one to-do list into another: added and changed to-dos, a position
    /// for each one that moved, and a tombstone for each one removed.
    static func changes(from old: [TimerTodo], to new: [TimerTodo], stamp: Stamp) -> [UUID: TodoRecord] {
        let before = Dictionary(old.enumerated().map { ($1.id, (index: $0, todo: $1)) }, uniquingKeysWith: { first, _ in first })
        var records: [UUID: TodoRecord] = [:]
        for (index, todo) in new.enumerated() {
            let previous = before[todo.id]
            var record = TodoRecord()
            if previous?.todo.text != todo.text { record.text = Register(todo.text, stamp: stamp) }
            if previous?.todo.done != todo.done { record.done = Register(todo.done, stamp: stamp) }
            if previous?.index != index { record.position = Register(Double(index), stamp: stamp) }
            if record != TodoRecord() { records[todo.id] = record }
        }
        let kept = Set(new.map(\.id))
        for todo in old where !kept.contains(todo.id) { records[todo.id] = TodoRecord(deleted: stamp) }
        return records
    }
}
