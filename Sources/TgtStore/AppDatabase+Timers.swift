import Foundation
import GRDB
import TgtDomain

/// Timers in the store: listed in the user's order, created, changed and controlled in one
/// transaction each, their to-dos kept in order, and overdue ones settled at their true end.
extension AppDatabase {
    /// All timers in list order (sort order, then name), with their to-dos.
    public func timers() throws(StoreError) -> [CountdownTimer] {
        try read { db in try Self.fetchTimers(db, where: nil, arguments: []) }
    }

    /// The timer with this id.
    public func timer(id: UUID) throws(StoreError) -> CountdownTimer? {
        try read { db in try Self.fetchTimers(db, where: "id = ?", arguments: [id.uuidString]).first }
    }

    /// Finds a timer by id, exact name (case-insensitive), or unique id prefix (at least 4).
    public func resolveTimer(_ key: String) throws(StoreError) -> CountdownTimer {
        let trimmed = key.trimmingCharacters(in: .whitespaces)
        if let uuid = UUID(uuidString: trimmed), let found = try timer(id: uuid) { return found }
        switch ItemKey.find(trimmed, in: try timers(), id: \.id, name: \.name) {
        case .found(let timer): return timer
        // Timers may share a name: each is told by its id's beginning.
        case .ambiguous(let matches): throw .ambiguousTimer(trimmed, matches: matches.map { "\($0.name) (\($0.id.uuidString.prefix(8)))" })
        case .none: throw .timerNotFound(trimmed)
        }
    }

    /// Saves a new timer at the end of the list (after validating it). Returns it as stored.
    @discardableResult
    public func insert(_ timer: CountdownTimer) throws(StoreError) -> CountdownTimer {
        try write { db in
            var t = Self.normalized(timer)
            try Self.validate(t, db: db)
            t.sortOrder = (try Int.fetchOne(db.cachedStatement(sql: "SELECT MAX(sort_order) FROM timer")) ?? -1) + 1
            try Self.writeRow(t, db: db, isNew: true)
            return t
        }
    }

    /// Replaces a stored timer's fields (keeping its id, position and creation time).
    @discardableResult
    public func update(_ timer: CountdownTimer) throws(StoreError) -> CountdownTimer {
        try change(timer.id) { existing in
            var t = timer
            t.createdAt = existing.createdAt
            t.sortOrder = existing.sortOrder
            t.updatedAt = self.now()
            return t
        }
    }

    /// Deletes a timer and its to-dos.
    public func deleteTimer(id: UUID) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: "DELETE FROM timer WHERE id = ?").execute(arguments: [id.uuidString])
            guard db.changesCount > 0 else { throw StoreError.timerNotFound(id.uuidString) }
            try Self.writeTimerOrder(try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM timer ORDER BY sort_order, name")), db: db)
        }
    }

    /// Moves a timer to `position` (0-based, clamped) in the list.
    public func moveTimer(id: UUID, to position: Int) throws(StoreError) {
        try write { db in
            var ids = try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM timer ORDER BY sort_order, name"))
            guard let from = ids.firstIndex(of: id.uuidString) else { throw StoreError.timerNotFound(id.uuidString) }
            let moved = ids.remove(at: from)
            ids.insert(moved, at: max(0, min(position, ids.count)))
            try Self.writeTimerOrder(ids, db: db)
        }
    }

    /// Reads, changes and writes one timer in one transaction (a control, a to-do, the notes):
    /// `body` gets the stored timer and returns the new one, or throws and nothing changes.
    @discardableResult
    public func change(_ id: UUID, _ body: @Sendable (CountdownTimer) throws -> CountdownTimer) throws(StoreError) -> CountdownTimer {
        try write { db in
            guard let existing = try Self.fetchTimers(db, where: "id = ?", arguments: [id.uuidString]).first else {
                throw StoreError.timerNotFound(id.uuidString)
            }
            var changed: CountdownTimer
            do { changed = try body(existing) } catch let error as TimerError { throw StoreError.timerState(error) }
            changed.id = existing.id
            changed = Self.normalized(changed)
            try Self.validate(changed, db: db)
            // An UPDATE, not a delete and insert: rows that hang off the timer stay attached.
            try Self.writeRow(changed, db: db, isNew: false)
            return changed
        }
    }

    /// The earliest end of a running timer (the `timer_running` index answers it).
    public func nextTimerEnd() throws(StoreError) -> Date? {
        try read { db in try Int64.fetchOne(db.cachedStatement(sql: "SELECT MIN(ends_at_ms) FROM timer WHERE state = 'running'")).map(Self.date) }
    }

    /// Completes every running timer whose end has passed, at its true end; returns those.
    /// Front ends call it when they start, so nothing is lost while no process ran.
    @discardableResult
    public func settleTimers(at now: Date) throws(StoreError) -> [CountdownTimer] {
        // Most of the time nothing is overdue: a read says so without taking the write lock.
        let due = try read { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM timer WHERE state = 'running' AND ends_at_ms <= ?)"), arguments: [Self.millis(now)]) ?? false
        }
        guard due else { return [] }
        return try write { db in
            let overdue = try Self.fetchTimers(db, where: "state = 'running' AND ends_at_ms <= ?", arguments: [Self.millis(now)])
            // Compared in whole milliseconds, as stored: an end within the same millisecond counts.
            let settled = overdue.map { $0.settled(at: Self.date(Self.millis(now)).addingTimeInterval(0.0005)) }
                .filter { if case .completed = $0.state { true } else { false } }
            for timer in settled {
                guard case .completed(let at) = timer.state else { continue }
                try db.cachedStatement(sql: "UPDATE timer SET state = 'completed', completed_at_ms = ?, ends_at_ms = NULL, updated_at_ms = ? WHERE id = ?").execute(
                    arguments: [Self.millis(at), Self.millis(now), timer.id.uuidString])
            }
            return settled
        }
    }

    // MARK: - Rows

    static func normalized(_ timer: CountdownTimer) -> CountdownTimer {
        var t = timer
        t.createdAt = date(millis(t.createdAt))
        t.updatedAt = date(millis(t.updatedAt))
        switch t.state {
        case .running(let endsAt): t.state = .running(endsAt: date(millis(endsAt)))
        case .paused(let remaining): t.state = .paused(remaining: (remaining * 1000).rounded() / 1000)
        case .completed(let at): t.state = .completed(at: date(millis(at)))
        case .idle: break
        }
        return t
    }

    static func validate(_ timer: CountdownTimer, db: Database) throws {
        var issues = TimerValidator.problems(timer)
        // Names address timers on the command line: one timer per name (ignoring case).
        let others = try String.fetchAll(db.cachedStatement(sql: "SELECT name FROM timer WHERE id != ?"), arguments: [timer.id.uuidString])
        if issues.isEmpty, others.contains(where: { TemplateValidator.fold($0) == TemplateValidator.fold(timer.name) }) {
            issues.append(TimerIssue(field: .name, message: "Another timer is already called “\(timer.name)”."))
        }
        if !issues.isEmpty { throw StoreError.invalidTimer(TimerValidationError(issues: issues)) }
        if let templateID = timer.action?.templateID,
           try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM template WHERE id = ?"), arguments: [templateID.uuidString]) == 0 {
            throw StoreError.invalidTimer(TimerValidationError(issues: [TimerIssue(field: .action, message: "The completion template no longer exists.")]))
        }
    }

    static func writeRow(_ t: CountdownTimer, db: Database, isNew: Bool) throws {
        var state = "idle"
        var endsAt: Int64?, remaining: Int64?, completedAt: Int64?
        switch t.state {
        case .idle: break
        case .running(let date):
            state = "running"
            endsAt = millis(date)
        case .paused(let left):
            state = "paused"
            remaining = Int64((left * 1000).rounded())
        case .completed(let date):
            state = "completed"
            completedAt = millis(date)
        }
        let values = String(decoding: try JSONEncoder().encode(t.action?.values ?? [:]), as: UTF8.self)
        let fields: StatementArguments = [t.name, t.duration.seconds, t.icon.rawValue, t.color.rawValue, state, endsAt, remaining, completedAt,
                                          t.notes, t.action?.templateID?.uuidString, values, t.action?.remindMe ?? false, t.sortOrder,
                                          millis(t.createdAt), millis(t.updatedAt)]
        if isNew {
            try db.cachedStatement(sql: """
                    INSERT INTO timer (name, duration_s, icon, color, state, ends_at_ms, remaining_ms, completed_at_ms, notes,
                                       action_template_id, action_values, remind_me, sort_order, created_at_ms, updated_at_ms, id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """).execute(
                arguments: fields + [t.id.uuidString])
        } else {
            try db.cachedStatement(sql: """
                    UPDATE timer SET name = ?, duration_s = ?, icon = ?, color = ?, state = ?, ends_at_ms = ?, remaining_ms = ?,
                                     completed_at_ms = ?, notes = ?, action_template_id = ?, action_values = ?, remind_me = ?,
                                     sort_order = ?, created_at_ms = ?, updated_at_ms = ?
                    WHERE id = ?
                    """).execute(
                arguments: fields + [t.id.uuidString])
            try db.cachedStatement(sql: "DELETE FROM timer_todo WHERE timer_id = ?").execute(arguments: [t.id.uuidString])
        }
        for (position, todo) in t.todos.enumerated() {
            try db.cachedStatement(sql: "INSERT INTO timer_todo (id, timer_id, position, text, done) VALUES (?, ?, ?, ?, ?)").execute(
                arguments: [todo.id.uuidString, t.id.uuidString, position, todo.text, todo.done])
        }
    }

    static func writeTimerOrder(_ ids: [String], db: Database) throws {
        let statement = try db.makeStatement(sql: "UPDATE timer SET sort_order = ? WHERE id = ?")
        for (index, id) in ids.enumerated() { try statement.execute(arguments: [index, id]) }
    }

    static func fetchTimers(_ db: Database, where condition: String?, arguments: StatementArguments) throws -> [CountdownTimer] {
        let filter = condition.map { "WHERE \($0)" } ?? ""
        var todos: [String: [TimerTodo]] = [:]
        let todoRows = try Row.fetchCursor(db, sql: """
            SELECT timer_id, id, text, done FROM timer_todo WHERE timer_id IN (SELECT id FROM timer \(filter)) ORDER BY timer_id, position
            """, arguments: arguments)
        while let row = try todoRows.next() {
            let idText: String = row[1]
            guard let id = UUIDText.parse(idText) else { continue }
            todos[row[0], default: []].append(TimerTodo(id: id, text: row[2], done: row[3]))
        }
        var result: [CountdownTimer] = []
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, name, duration_s, icon, color, state, ends_at_ms, remaining_ms, completed_at_ms, notes,
                   action_template_id, action_values, remind_me, sort_order, created_at_ms, updated_at_ms
            FROM timer \(filter) ORDER BY sort_order, name
            """, arguments: arguments)
        while let row = try rows.next() {
            let idText: String = row[0]
            guard let id = UUIDText.parse(idText), let duration = TimerDuration(seconds: row[2]) else { continue }
            let stateName: String = row[5]
            let state: CountdownTimer.State
            switch stateName {
            case "running":
                let endsAt: Int64? = row[6]
                state = endsAt.map { .running(endsAt: date($0)) } ?? .idle
            case "paused":
                let remaining: Int64? = row[7]
                state = remaining.map { .paused(remaining: Double($0) / 1000) } ?? .idle
            case "completed":
                let at: Int64? = row[8]
                state = at.map { .completed(at: date($0)) } ?? .idle
            default:
                state = .idle
            }
            let templateID: String? = row[10]
            let valuesText: String = row[11]
            let remind: Bool = row[12]
            // Most timers have no values: skip the decoder (a thousand of them cost milliseconds).
            let values = valuesText == "{}" ? [:] : (try? JSONDecoder().decode([String: String].self, from: Data(valuesText.utf8))) ?? [:]
            let action = CompletionAction(templateID: templateID.flatMap(UUID.init(uuidString:)), values: values, remindMe: remind)
            let iconName: String = row[3]
            let colorName: String = row[4]
            result.append(CountdownTimer(
                id: id, name: row[1], duration: duration, icon: TimerIcon(rawValue: iconName) ?? .default,
                color: TimerColor(rawValue: colorName) ?? .default, state: state, todos: todos[idText] ?? [], notes: row[9],
                action: action.isEmpty && values.isEmpty ? nil : action, sortOrder: row[13],
                createdAt: date(row[14]), updatedAt: date(row[15])))
        }
        return result
    }
}
