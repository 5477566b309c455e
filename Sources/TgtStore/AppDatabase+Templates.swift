import Foundation
import GRDB
import TgtDomain

extension AppDatabase {
    /// All templates in grid order (sort order, then name).
    public func templates() throws(StoreError) -> [Template] {
        try read { db in try Self.fetchTemplates(db, .all) }
    }

    /// The first `limit` templates in grid order, reading only those (widgets, CarPlay).
    public func templates(limit: Int) throws(StoreError) -> [Template] {
        try read { db in
            try Self.fetchTemplates(db, .first(limit))
        }
    }

    /// How many templates there are (one COUNT, nothing loaded).
    public func templateCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM template")) ?? 0 }
    }

    /// Templates whose name or text contains `text` (case- and diacritic-insensitive).
    public func searchTemplates(_ text: String) throws(StoreError) -> [Template] {
        try templates().filter { $0.matches(search: text) }
    }

    /// The template with this id.
    public func template(id: UUID) throws(StoreError) -> Template? {
        try read { db in try Self.fetchTemplates(db, .id(id)).first }
    }

    /// The template's 1-based place in grid order (sort order, then name), without loading the grid.
    public func position(of id: UUID) throws(StoreError) -> Int {
        try read { db in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT sort_order, name FROM template WHERE id = ?"), arguments: [id.uuidString]) else {
                throw StoreError.templateNotFound(id.uuidString)
            }
            let order: Int = row[0]
            let name: String = row[1]
            let before = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM template WHERE sort_order < ? OR (sort_order = ? AND name < ?)"),
                                          arguments: [order, order, name]) ?? 0
            return before + 1
        }
    }

    /// Finds a template by id, exact name (case-insensitive), or unique id prefix (at least 4).
    public func resolveTemplate(_ key: String) throws(StoreError) -> Template {
        let trimmed = key.trimmingCharacters(in: .whitespaces)
        if let uuid = UUID(uuidString: trimmed), let found = try template(id: uuid) { return found }
        switch ItemKey.find(trimmed, in: try templates(), id: \.id, name: \.name) {
        case .found(let template): return template
        case .ambiguous(let matches): throw .ambiguousTemplate(trimmed, matches: matches.map(\.name))
        case .none: throw .templateNotFound(trimmed)
        }
    }

    /// Saves a new template at the end of the grid (after validating it). Returns it as stored.
    @discardableResult
    public func insert(_ template: Template, validator: TemplateValidator = TemplateValidator()) throws(StoreError) -> Template {
        try write { db in
            var t = Self.normalized(template)
            try Self.validate(t, db: db, validator: validator)
            var maxOrder = try Int.fetchOne(db.cachedStatement(sql: "SELECT MAX(sort_order) FROM template")) ?? -1
            if maxOrder == Int.max {
                // Only a store written before imports kept positions dense can hold this.
                try Self.renumber(db)
                maxOrder = try Int.fetchOne(db.cachedStatement(sql: "SELECT MAX(sort_order) FROM template")) ?? -1
            }
            t.sortOrder = maxOrder + 1
            try Self.insertRow(t, db: db)
            return t
        }
    }

    /// Replaces a stored template's fields (keeping its id, position and creation time).
    @discardableResult
    public func update(_ template: Template, validator: TemplateValidator = TemplateValidator()) throws(StoreError) -> Template {
        try write { db in
            guard let existing = try Self.fetchTemplates(db, .id(template.id)).first else {
                throw StoreError.templateNotFound(template.id.uuidString)
            }
            var t = Self.normalized(template)
            t.createdAt = existing.createdAt
            t.sortOrder = existing.sortOrder
            t.updatedAt = self.now()
            try Self.validate(t, db: db, validator: validator)
            // An UPDATE, not a delete and insert: what refers to the template (a timer's
            // completion action) stays attached.
            try Self.updateRow(t, db: db)
            return t
        }
    }

    /// Deletes a template (its send log rows stay, with the name they were sent under).
    public func deleteTemplate(id: UUID) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: "DELETE FROM template WHERE id = ?").execute(arguments: [id.uuidString])
            guard db.changesCount > 0 else { throw StoreError.templateNotFound(id.uuidString) }
            try Self.renumber(db)
        }
    }

    /// Copies a template under a free name ("Name copy", "Name copy 2", …), right after it.
    /// The copy has no place rule (the original keeps it), so one arrival sends once.
    @discardableResult
    public func duplicateTemplate(id: UUID) throws(StoreError) -> Template {
        try write { db in
            guard let source = try Self.fetchTemplates(db, .id(id)).first else {
                throw StoreError.templateNotFound(id.uuidString)
            }
            let names = Set(try String.fetchAll(db.cachedStatement(sql: "SELECT name FROM template")).map(TemplateValidator.fold))
            let base = String(source.name.prefix(TemplateValidator.maxNameLength - 8))
            var candidate = "\(base) copy"
            var n = 2
            while names.contains(TemplateValidator.fold(candidate)) {
                candidate = "\(base) copy \(n)"
                n += 1
            }
            let now = self.now()
            var copy = source
            copy.id = UUID()
            copy.name = candidate
            // Two templates on one crossing would both send: the copy waits to be given its own.
            copy.place = nil
            copy.createdAt = now
            copy.updatedAt = now
            try db.cachedStatement(sql: "UPDATE template SET sort_order = sort_order + 1 WHERE sort_order > ?").execute(arguments: [source.sortOrder])
            copy.sortOrder = source.sortOrder + 1
            try Self.insertRow(copy, db: db)
            return copy
        }
    }

    /// Moves a template to `position` (0-based, clamped) in the grid; the others keep their order.
    public func moveTemplate(id: UUID, to position: Int) throws(StoreError) {
        try write { db in
            var ids = try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM template ORDER BY sort_order, name"))
            guard let from = ids.firstIndex(of: id.uuidString) else { throw StoreError.templateNotFound(id.uuidString) }
            let moved = ids.remove(at: from)
            ids.insert(moved, at: max(0, min(position, ids.count)))
            try Self.writeOrder(ids, db: db)
        }
    }

    /// Sets the whole grid order at once (ids not listed keep their relative order after these).
    public func reorderTemplates(_ order: [UUID]) throws(StoreError) {
        try write { db in
            let current = try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM template ORDER BY sort_order, name"))
            let wanted = order.map(\.uuidString)
            for id in wanted where !current.contains(id) { throw StoreError.templateNotFound(id) }
            let rest = current.filter { !wanted.contains($0) }
            try Self.writeOrder(wanted + rest, db: db)
        }
    }

    // MARK: - Rows

    /// The store's clock's now, to the millisecond (what a row keeps).
    func now() -> Date {
        Date(timeIntervalSince1970: (clock.now.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }

    /// Milliseconds since 1970, to the nearest: 0.002 s is 1.9999… ms in binary and must stay 2.
    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    static func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }

    /// Timestamps are kept to the millisecond so a template reads back exactly as saved.
    static func normalized(_ template: Template) -> Template {
        var t = template
        t.createdAt = date(millis(t.createdAt))
        t.updatedAt = date(millis(t.updatedAt))
        return t
    }

    static func validate(_ template: Template, db: Database, validator: TemplateValidator) throws {
        let others = try String.fetchAll(db.cachedStatement(sql: "SELECT name FROM template WHERE id != ?"), arguments: [template.id.uuidString])
        let issues = validator.problemsForSaving(template, otherNames: others)
        if !issues.isEmpty { throw StoreError.invalid(ValidationError(issues: issues)) }
    }

    static func insertRow(_ t: Template, db: Database) throws {
        try db.cachedStatement(sql: """
                INSERT INTO template (id, name, icon, body, location_mode, silent, sort_order, created_at_ms, updated_at_ms,
                                      kind, subject, recipients_to, recipients_cc, place)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(
            arguments: [t.id.uuidString, t.name, t.icon.rawValue, t.body, t.locationMode.rawValue, t.silent, t.sortOrder, millis(t.createdAt), millis(t.updatedAt),
                        t.kind.rawValue, t.subject, try encodeList(t.to), try encodeList(t.cc), try encodePlace(t.place)])
        try insertTargets(of: t, db: db)
    }

    static func encodeList(_ list: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(list), as: UTF8.self)
    }

    /// The stored list (a JSON array of strings). A Telegram template's are empty, `[]`, and
    /// read without a decoder: making one per template was 8 % of `tgt templates list`.
    static func decodeList(_ text: String) -> [String] {
        if text == "[]" || text.isEmpty { return [] }
        return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? []
    }

    static func encodePlace(_ place: PlaceRule?) throws -> String? {
        guard let place else { return nil }
        return String(decoding: try JSONEncoder().encode(place), as: UTF8.self)
    }

    /// A place rule that no longer reads (written by a newer version) is left out rather than
    /// hiding the template.
    static func decodePlace(_ text: String?) -> PlaceRule? {
        guard let text else { return nil }
        return try? JSONDecoder().decode(PlaceRule.self, from: Data(text.utf8))
    }

    /// Writes a template's targets in order (its old ones must be gone).
    static func insertTargets(of t: Template, db: Database) throws {
        for (position, target) in t.targets.enumerated() {
            try db.cachedStatement(sql: "INSERT INTO template_target (template_id, position, chat_id, topic_id, chat_title, topic_title) VALUES (?, ?, ?, ?, ?, ?)").execute(
                arguments: [t.id.uuidString, position, target.chatID, target.topicID, target.chatTitle, target.topicTitle])
        }
    }

    /// Rewrites a stored template's row and targets in place.
    static func updateRow(_ t: Template, db: Database) throws {
        try db.cachedStatement(sql: """
                UPDATE template SET name = ?, icon = ?, body = ?, location_mode = ?, silent = ?, sort_order = ?, created_at_ms = ?,
                                    updated_at_ms = ?, kind = ?, subject = ?, recipients_to = ?, recipients_cc = ?, place = ?
                WHERE id = ?
                """).execute(
            arguments: [t.name, t.icon.rawValue, t.body, t.locationMode.rawValue, t.silent, t.sortOrder, millis(t.createdAt), millis(t.updatedAt),
                        t.kind.rawValue, t.subject, try encodeList(t.to), try encodeList(t.cc), try encodePlace(t.place), t.id.uuidString])
        try db.cachedStatement(sql: "DELETE FROM template_target WHERE template_id = ?").execute(arguments: [t.id.uuidString])
        try insertTargets(of: t, db: db)
    }

    static func writeOrder(_ ids: [String], db: Database) throws {
        let statement = try db.makeStatement(sql: "UPDATE template SET sort_order = ? WHERE id = ?")
        for (index, id) in ids.enumerated() { try statement.execute(arguments: [index, id]) }
    }

    static func renumber(_ db: Database) throws {
        try writeOrder(try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM template ORDER BY sort_order, name")), db: db)
    }

    /// Which templates `fetchTemplates` reads. Each filter's SQL is written out below, so its
    /// two statements stay prepared on the connection (`cachedStatement`): a one-tap send reads
    /// its template twice, and parsing these joins was a tenth of its time.
    enum TemplateFilter {
        /// Every template, in the grid's order.
        case all
        /// The template `id`, if it exists.
        case id(UUID)
        /// The first `limit` in the grid's order.
        case first(Int)
    }

    static func fetchTemplates(_ db: Database, _ filter: TemplateFilter) throws -> [Template] {
        var targets: [String: [Target]] = [:]
        let targetStatement: Statement
        let templateStatement: Statement
        let arguments: StatementArguments
        switch filter {
        case .all:
            arguments = []
            targetStatement = try db.cachedStatement(sql: """
                SELECT template_id, chat_id, topic_id, chat_title, topic_title FROM template_target ORDER BY template_id, position
                """)
            templateStatement = try db.cachedStatement(sql: """
                SELECT id, name, icon, body, location_mode, silent, sort_order, created_at_ms, updated_at_ms,
                       kind, subject, recipients_to, recipients_cc, place
                FROM template ORDER BY sort_order, name
                """)
        case .id(let id):
            arguments = [id.uuidString]
            targetStatement = try db.cachedStatement(sql: """
                SELECT template_id, chat_id, topic_id, chat_title, topic_title FROM template_target WHERE template_id = ? ORDER BY position
                """)
            templateStatement = try db.cachedStatement(sql: """
                SELECT id, name, icon, body, location_mode, silent, sort_order, created_at_ms, updated_at_ms,
                       kind, subject, recipients_to, recipients_cc, place
                FROM template WHERE id = ?
                """)
        case .first(let limit):
            arguments = [max(0, limit)]
            targetStatement = try db.cachedStatement(sql: """
                SELECT template_id, chat_id, topic_id, chat_title, topic_title FROM template_target
                WHERE template_id IN (SELECT id FROM template ORDER BY sort_order, name LIMIT ?) ORDER BY template_id, position
                """)
            templateStatement = try db.cachedStatement(sql: """
                SELECT id, name, icon, body, location_mode, silent, sort_order, created_at_ms, updated_at_ms,
                       kind, subject, recipients_to, recipients_cc, place
                FROM template ORDER BY sort_order, name LIMIT ?
                """)
        }
        // Columns are read by index: this is the hot path of `tgt templates list`.
        let targetRows = try Row.fetchCursor(targetStatement, arguments: arguments)
        while let row = try targetRows.next() {
            let topicID: Int32? = row[2]
            targets[row[0], default: []].append(Target(chatID: row[1], topicID: topicID, chatTitle: row[3], topicTitle: row[4]))
        }
        var result: [Template] = []
        let rows = try Row.fetchCursor(templateStatement, arguments: arguments)
        while let row = try rows.next() {
            let idText: String = row[0]
            guard let id = UUID(uuidString: idText) else { continue }
            let iconName: String = row[2]
            let modeName: String = row[4]
            let kindName: String = row[9]
            result.append(Template(
                id: id, name: row[1], icon: TemplateIcon(rawValue: iconName) ?? .default, kind: TemplateKind(rawValue: kindName) ?? .telegram,
                body: row[3], targets: targets[idText] ?? [], to: decodeList(row[11]), cc: decodeList(row[12]), subject: row[10],
                locationMode: LocationMode(rawValue: modeName) ?? .none,
                silent: row[5], place: decodePlace(row[13]), sortOrder: row[6], createdAt: date(row[7]), updatedAt: date(row[8])))
        }
        return result
    }
}
