import Foundation
import GRDB
import TgtDomain

/// The JSON export format for templates (versioned). Export then import gives back exactly the
/// same templates: ids, kind, text (any Unicode), targets or recipients, order and timestamps.
/// Version 2 added kinds (email, text message, X) with their subject and recipients; version 3
/// added timers (with their state, to-dos, notes and completion action); version 4 added place
/// rules (arriving and leaving). Older archives still import: version 1 templates as Telegram
/// templates, no timers before version 3, no place rules before version 4.
public struct TemplateArchive: Codable, Sendable, Equatable {
    public static let formatName = "tgtemplates.templates"
    public static let currentVersion = 4

    public var format: String
    public var version: Int
    public var exportedAt: String
    public var templates: [ArchivedTemplate]
    /// Version 3: absent before.
    public var timers: [ArchivedTimer]?

    enum CodingKeys: String, CodingKey {
        case format, version, templates, timers
        case exportedAt = "exported_at"
    }

    /// One template in the archive (wire names are snake_case and stable across app versions).
    public struct ArchivedTemplate: Codable, Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var icon: String
        public var body: String
        public var targets: [ArchivedTarget]
        public var locationMode: String
        public var silent: Bool
        public var sortOrder: Int
        public var createdAt: String
        public var updatedAt: String
        /// Version 2: absent in version 1 archives (Telegram).
        public var kind: String?
        public var subject: String?
        public var to: [String]?
        public var cc: [String]?
        /// Version 4: absent when the template has none.
        public var place: ArchivedPlace?

        enum CodingKeys: String, CodingKey {
            case id, name, icon, body, targets, silent, kind, subject, to, cc, place
            case locationMode = "location_mode"
            case sortOrder = "sort_order"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }
    }

    /// A template's place rule in the archive.
    public struct ArchivedPlace: Codable, Sendable, Equatable {
        public var crossing: String
        public var latitude: Double
        public var longitude: Double
        public var radius: Int
        public var placeName: String
        public var windowMinutes: Int

        enum CodingKeys: String, CodingKey {
            case crossing, latitude, longitude, radius
            case placeName = "place_name"
            case windowMinutes = "window_minutes"
        }

        init(_ rule: PlaceRule) {
            crossing = rule.crossing.rawValue
            latitude = rule.center.latitude
            longitude = rule.center.longitude
            radius = rule.radius
            placeName = rule.placeName
            windowMinutes = rule.windowMinutes
        }

        /// The rule, or nil when its crossing or coordinates are not ones TgTemplates knows.
        var rule: PlaceRule? {
            guard let crossing = PlaceRule.Crossing(rawValue: crossing), let center = Coordinate(latitude: latitude, longitude: longitude) else {
                return nil
            }
            return PlaceRule(crossing: crossing, center: center, radius: radius, placeName: placeName, windowMinutes: windowMinutes)
        }
    }

    /// One target in the archive.
    public struct ArchivedTarget: Codable, Sendable, Equatable {
        public var chatID: Int64
        public var topicID: Int32?
        public var chatTitle: String
        public var topicTitle: String?

        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case topicID = "topic_id"
            case chatTitle = "chat_title"
            case topicTitle = "topic_title"
        }
    }

    public init(templates: [Template], timers: [CountdownTimer] = [], exportedAt: Date) {
        format = Self.formatName
        version = Self.currentVersion
        self.exportedAt = Self.timestamp(exportedAt)
        self.timers = timers.map(ArchivedTimer.init)
        self.templates = templates.map { t in
            ArchivedTemplate(
                id: t.id, name: t.name, icon: t.icon.rawValue, body: t.body,
                targets: t.targets.map { ArchivedTarget(chatID: $0.chatID, topicID: $0.topicID, chatTitle: $0.chatTitle, topicTitle: $0.topicTitle) },
                locationMode: t.locationMode.rawValue, silent: t.silent, sortOrder: t.sortOrder,
                createdAt: Self.timestamp(t.createdAt), updatedAt: Self.timestamp(t.updatedAt),
                kind: t.kind.rawValue, subject: t.subject.isEmpty ? nil : t.subject,
                to: t.to.isEmpty ? nil : t.to, cc: t.cc.isEmpty ? nil : t.cc, place: t.place.map(ArchivedPlace.init))
        }
    }

    /// Pretty, key-sorted JSON with Unicode kept as is.
    public func encoded() throws(StoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do { return try encoder.encode(self) } catch { throw .exportFailed(String(describing: error)) }
    }

    /// Reads and fully checks an archive; nothing is trusted until every template passes.
    public static func decode(_ data: Data) throws(StoreError) -> (TemplateArchive, [Template]) {
        let archive: TemplateArchive
        do {
            archive = try JSONDecoder().decode(TemplateArchive.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw .importFailed("the file is not valid JSON.")
        } catch {
            throw .importFailed("the file is not a TgTemplates export (\(describe(error))).")
        }
        guard archive.format == formatName else { throw .importFailed("the file's format is “\(archive.format)”, not \(formatName).") }
        guard archive.version <= currentVersion else {
            throw .importFailed("the file was made by a newer TgTemplates (format version \(archive.version)); update tgt first.")
        }
        var templates: [Template] = []
        for (index, a) in archive.templates.enumerated() {
            let label = "template \(index + 1) (“\(a.name)”)"
            guard let icon = TemplateIcon(rawValue: a.icon) else { throw .importFailed("\(label) has an unknown icon “\(a.icon)”.") }
            guard let mode = LocationMode(rawValue: a.locationMode) else { throw .importFailed("\(label) has an unknown location mode “\(a.locationMode)”.") }
            guard let created = date(a.createdAt), let updated = date(a.updatedAt) else { throw .importFailed("\(label) has a malformed date.") }
            guard let kind = TemplateKind(rawValue: a.kind ?? TemplateKind.telegram.rawValue) else {
                throw .importFailed("\(label) has an unknown kind “\(a.kind ?? "")”.")
            }
            var place: PlaceRule?
            if let archived = a.place {
                guard let rule = archived.rule else { throw .importFailed("\(label) has a place rule TgTemplates cannot read (crossing “\(archived.crossing)”, at \(archived.latitude),\(archived.longitude)).") }
                place = rule
            }
            templates.append(Template(
                id: a.id, name: a.name, icon: icon, kind: kind, body: a.body,
                targets: a.targets.map { Target(chatID: $0.chatID, topicID: $0.topicID, chatTitle: $0.chatTitle, topicTitle: $0.topicTitle) },
                to: a.to ?? [], cc: a.cc ?? [], subject: a.subject ?? "",
                locationMode: mode, silent: a.silent, place: place, sortOrder: a.sortOrder, createdAt: created, updatedAt: updated))
        }
        return (archive, templates)
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .keyNotFound(let key, let context): return "missing “\(key.stringValue)” at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "unexpected value at \(path(context.codingPath))"
        @unknown default: return "unreadable"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let wholeSeconds = Date.ISO8601FormatStyle()

    /// "2026-11-21T07:30:00.123Z": milliseconds written from the integer, so they survive exactly.
    static func timestamp(_ date: Date) -> String {
        let millis = AppDatabase.millis(date)
        let seconds = Date(timeIntervalSince1970: Double(millis.quotientAndRemainderFloored(by: 1000).quotient))
        let whole = seconds.formatted(wholeSeconds)
        let fraction = String(millis.quotientAndRemainderFloored(by: 1000).remainder)
        return whole.dropLast() + "." + String(repeating: "0", count: 3 - fraction.count) + fraction + "Z"
    }

    /// Parses with or without fractional seconds, rounded to the millisecond (the store's precision).
    static func date(_ text: String) -> Date? {
        guard let parsed = (try? withFraction.parse(text)) ?? (try? wholeSeconds.parse(text)) else { return nil }
        return AppDatabase.date(Int64((parsed.timeIntervalSince1970 * 1000).rounded()))
    }
}

extension Int64 {
    /// Division rounding toward negative infinity (dates before 1970 keep a positive remainder).
    func quotientAndRemainderFloored(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let r = self % divisor
        return r < 0 ? (self / divisor - 1, r + divisor) : (self / divisor, r)
    }
}

/// What an import did.
public struct ImportSummary: Sendable, Equatable, Codable {
    public var added: Int
    public var updated: Int
    public var timersAdded: Int
    public var timersUpdated: Int

    public init(added: Int, updated: Int, timersAdded: Int = 0, timersUpdated: Int = 0) {
        self.added = added
        self.updated = updated
        self.timersAdded = timersAdded
        self.timersUpdated = timersUpdated
    }

    enum CodingKeys: String, CodingKey {
        case added, updated
        case timersAdded = "timers_added"
        case timersUpdated = "timers_updated"
    }
}

extension AppDatabase {
    /// All templates as an archive, in grid order.
    public func exportTemplates() throws(StoreError) -> TemplateArchive {
        try read { db in
            TemplateArchive(templates: try Self.fetchTemplates(db, .all),
                            timers: try Self.fetchTimers(db, where: nil, arguments: []), exportedAt: self.now())
        }
    }

    /// Imports an archive: templates with a known id are replaced, others added, all in one
    /// transaction. Any problem (bad JSON, unknown icon, duplicate or invalid names, …) imports
    /// nothing and says which template is at fault.
    @discardableResult
    public func importTemplates(_ data: Data) throws(StoreError) -> ImportSummary {
        let (archive, incoming) = try TemplateArchive.decode(data)
        var decodedTimers: [CountdownTimer] = []
        let importedAt = now()
        for archived in archive.timers ?? [] { decodedTimers.append(try archived.timer(importedAt: importedAt)) }
        let incomingTimers = decodedTimers
        var seenTodoIDs = Set<UUID>()
        for timer in incomingTimers {
            for todo in timer.todos where !seenTodoIDs.insert(todo.id).inserted {
                throw .importFailed("timer “\(timer.name)”: the to-do id \(todo.id) appears twice.")
            }
        }
        var seenTimerIDs = Set<UUID>()
        for timer in incomingTimers {
            guard seenTimerIDs.insert(timer.id).inserted else { throw .importFailed("the timer id \(timer.id) appears twice.") }
            let issues = TimerValidator.problems(timer)
            if !issues.isEmpty { throw .importFailed("timer “\(timer.name)”: " + issues.map(\.message).joined(separator: " ")) }
        }
        var seenIDs = Set<UUID>()
        var seenNames = [String: String]()
        for t in incoming {
            guard seenIDs.insert(t.id).inserted else { throw .importFailed("the id \(t.id) appears twice.") }
            let folded = TemplateValidator.fold(t.name)
            if let other = seenNames[folded] { throw .importFailed("two templates are called “\(other)”.") }
            seenNames[folded] = t.name
        }
        var lenient = validator()
        lenient.refusesControlCharacters = false
        let validator = lenient
        return try write { db in
            let existing = try Self.fetchTemplates(db, .all)
            let existingIDs = Set(existing.map(\.id))
            let incomingIDs = Set(incoming.map(\.id))
            // Names must be unique against the templates that stay (not replaced by this
            // import); names within the file were checked above.
            let staying = Set(existing.filter { !incomingIDs.contains($0.id) }.map { TemplateValidator.fold($0.name) })
            for t in incoming {
                let issues = validator.problemsForSaving(t, takenNames: staying)
                if !issues.isEmpty {
                    throw StoreError.importFailed("“\(t.name)”: " + issues.map(\.message).joined(separator: " "))
                }
            }
            var summary = ImportSummary(added: 0, updated: 0)
            // Positions are kept dense (0…n-1): an archive may carry any order, even Int.max,
            // and `MAX(sort_order) + 1` must never overflow afterwards.
            try Self.renumber(db)
            let base = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM template")) ?? 0
            // Replaced templates are updated in place (what refers to them, such as a timer's
            // completion action, stays attached); their names are first moved aside, so names
            // swapped between them cannot collide (the stand-in is longer than any valid name).
            for t in incoming where existingIDs.contains(t.id) {
                try db.cachedStatement(sql: "UPDATE template SET name = ? WHERE id = ?").execute(arguments: ["import in progress " + t.id.uuidString + " " + t.id.uuidString, t.id.uuidString])
                summary.updated += 1
            }
            for (index, t) in incoming.enumerated() {
                var row = Self.normalized(t)
                if existingIDs.contains(t.id) {
                    try Self.updateRow(row, db: db)
                    continue
                }
                summary.added += 1
                // Into an empty store the archive's order is kept; otherwise new ones go last.
                if !existing.isEmpty { row.sortOrder = base + index }
                try Self.insertRow(row, db: db)
            }
            try Self.renumber(db)
            // Timers after templates, so a completion action can name a template of the file.
            let existingTimers = Set(try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM timer")))
            var nextOrder = (try Int.fetchOne(db.cachedStatement(sql: "SELECT MAX(sort_order) FROM timer")) ?? -1) + 1
            // A to-do id may only come back on its own timer.
            for timer in incomingTimers {
                for todo in timer.todos {
                    if let owner = try String.fetchOne(db.cachedStatement(sql: "SELECT timer_id FROM timer_todo WHERE id = ?"), arguments: [todo.id.uuidString]),
                       owner != timer.id.uuidString {
                        throw StoreError.importFailed("timer “\(timer.name)”: its to-do \(todo.id) belongs to another timer.")
                    }
                }
            }
            for timer in incomingTimers {
                var row = Self.normalized(timer)
                do { try Self.validate(row, db: db) } catch {
                    throw StoreError.importFailed("timer “\(timer.name)”: " + ((error as? any UserFacingError)?.message ?? "\(error)"))
                }
                if existingTimers.contains(timer.id.uuidString) {
                    row.sortOrder = try Int.fetchOne(db.cachedStatement(sql: "SELECT sort_order FROM timer WHERE id = ?"), arguments: [timer.id.uuidString]) ?? nextOrder
                    try Self.writeRow(row, db: db, isNew: false)
                    summary.timersUpdated += 1
                } else {
                    row.sortOrder = nextOrder
                    nextOrder += 1
                    try Self.writeRow(row, db: db, isNew: true)
                    summary.timersAdded += 1
                }
            }
            return summary
        }
    }
}
