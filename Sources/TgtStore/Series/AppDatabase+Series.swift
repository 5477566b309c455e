import Foundation
import GRDB
import TgtDomain

extension AppDatabase {
    /// Records a new series.
    public func addSeries(_ series: RepeatSeries) throws(StoreError) {
        try write { db in try Self.writeSeries(series, db: db, isNew: true) }
    }

    /// One series, or nil.
    public func series(id: UUID) throws(StoreError) -> RepeatSeries? {
        try read { db in try Self.fetchSeries(db, where: "id = ?", arguments: [id.uuidString.lowercased()]).first }
    }

    /// Every series, newest first; finished ones (cancelled, ended) only with `includeFinished`.
    public func allSeries(includeFinished: Bool = false) throws(StoreError) -> [RepeatSeries] {
        try read { db in
            try Self.fetchSeries(db, where: includeFinished ? "1" : "status IN ('active', 'paused')", arguments: [])
        }
    }

    /// Series whose next occurrences the keeper keeps scheduled.
    public func activeSeries() throws(StoreError) -> [RepeatSeries] {
        try read { db in try Self.fetchSeries(db, where: "status = 'active'", arguments: []) }
    }

    /// When an active series next needs the keeper (the earliest `planAt`).
    public func nextSeriesPlan() throws(StoreError) -> Date? {
        try read { db in
            try Int64.fetchOne(db.cachedStatement(sql: "SELECT MIN(plan_at_ms) FROM repeat_series WHERE status = 'active'")).map(Self.date)
        }
    }

    /// Every send log row of a series (withdrawn ones too), by occurrence.
    public func seriesRows(_ id: UUID) throws(StoreError) -> [ScheduledSend] {
        try read { db in
            try Self.fetchScheduled(db, where: "series_id = ?", arguments: [id.uuidString.lowercased()])
        }
    }

    /// What a person's change does to a series' send log rows, in the same transaction as the
    /// change (so no keeper pass sees one without the other).
    public enum SeriesRowsChange: Sendable {
        case none
        /// Takes back what waits after `after`: rows Telegram does not hold yet leave the log;
        /// the others are deleted from Telegram's schedule by the next pass, then leave it too.
        case withdrawWaiting(after: Date, reason: String)
        /// Cancels for good what waits for these occurrences (all when nil); the rows stay in
        /// the log with `reason`.
        case cancel(occurrences: Set<Int>?, reason: String)
    }

    /// Changes a series in one transaction: `change` gets the stored series and may edit it,
    /// and `rows` changes its send log rows with it. A change the person made (`byPerson`)
    /// moves its version, so a keeper plan made before it is not written. Returns the series
    /// as stored; nil when there is none.
    @discardableResult
    public func updateSeries(_ id: UUID, byPerson: Bool = true, rows: SeriesRowsChange = .none,
                             _ change: @escaping @Sendable (inout RepeatSeries) throws -> Void) throws(StoreError) -> RepeatSeries?
    {
        let now = self.now()
        return try write { db in
            let key = id.uuidString.lowercased()
            guard var series = try Self.fetchSeries(db, where: "id = ?", arguments: [key]).first else { return nil }
            let before = series
            try change(&series)
            switch rows {
            case .none: break
            case .withdrawWaiting(let after, let reason):
                let from = Self.millis(after)
                try db.cachedStatement(sql: "DELETE FROM send_log WHERE series_id = ? AND withdrawn = 0 AND status = 'queued' AND scheduled_for_ms > ?").execute(
                    arguments: [key, from])
                try db.cachedStatement(sql: """
                    UPDATE send_log SET status = 'cancelling', withdrawn = 1, error = ?, updated_at_ms = ?
                    WHERE series_id = ? AND withdrawn = 0 AND status IN ('sending', 'scheduled') AND scheduled_for_ms > ?
                    """).execute(arguments: [reason, Self.millis(now), key, from])
            case .cancel(let occurrences, let reason):
                let only = occurrences.map { " AND occurrence IN (\($0.map(String.init).joined(separator: ",")))" } ?? ""
                if occurrences?.isEmpty != true {
                    try db.execute(sql: "UPDATE send_log SET status = 'cancelled', error = ?, updated_at_ms = ? WHERE series_id = ? AND withdrawn = 0 AND status = 'queued'\(only)",
                                   arguments: [reason, Self.millis(now), key])
                    try db.execute(sql: """
                        UPDATE send_log SET status = 'cancelling', error = ?, updated_at_ms = ?
                        WHERE series_id = ? AND withdrawn = 0 AND status IN ('sending', 'scheduled')\(only)
                        """, arguments: [reason, Self.millis(now), key])
                }
            }
            guard series != before else { return series }
            if byPerson {
                series.version += 1
                series.updatedAt = now
            }
            try Self.writeSeries(series, db: db, isNew: false)
            return series
        }
    }

    /// What one keeper plan of a series did, written at once: rows to schedule, rows that end
    /// as they are recorded (an occurrence skipped, missed or that could not be rendered), and
    /// where its planning now stands.
    public struct SeriesPlan: Sendable {
        public var seriesID: UUID
        public var rows: [NewScheduledSend] = []
        public var ended: [(send: NewScheduledSend, status: SendLogEntry.Status, reason: String)] = []
        public var nextIndex: Int
        public var planAt: Date?
        public var planKey: String
        public var templateName: String
        /// The series has no occurrences left.
        public var finished = false

        public init(seriesID: UUID, nextIndex: Int, planAt: Date?, planKey: String, templateName: String) {
            self.seriesID = seriesID
            self.nextIndex = nextIndex
            self.planAt = planAt
            self.planKey = planKey
            self.templateName = templateName
        }
    }

    /// Writes a plan unless the series changed meanwhile (its version is not `version`): then
    /// nothing is written and the next pass plans it again. Returns whether it was written.
    @discardableResult
    public func recordSeriesPlan(_ plan: SeriesPlan, version: Int) throws(StoreError) -> Bool {
        try write { db in
            let id = plan.seriesID.uuidString.lowercased()
            guard let stored = try Int.fetchOne(db.cachedStatement(sql: "SELECT version FROM repeat_series WHERE id = ? AND status = 'active'"), arguments: [id]),
                  stored == version
            else { return false }
            let planned = try self.insertScheduled(plan.rows, db: db)
            if let rule = try Self.fetchSeries(db, where: "id = ?", arguments: [id]).first?.followUp {
                try Self.insertWaitingFollowUps(db, rule: rule, sendIDs: planned, now: Self.millis(self.now()))
            }
            for (send, status, reason) in plan.ended {
                _ = try self.insertScheduled([send], status: status, error: reason, db: db)
            }
            try db.cachedStatement(sql: """
                UPDATE repeat_series SET next_index = ?, plan_at_ms = ?, plan_key = ?, template_name = ?,
                    status = CASE WHEN ? THEN 'ended' ELSE status END
                WHERE id = ? AND (next_index IS NOT ? OR plan_at_ms IS NOT ? OR plan_key IS NOT ? OR template_name IS NOT ? OR ?)
                """).execute(arguments: [plan.nextIndex, plan.planAt.map(Self.millis), plan.planKey, plan.templateName, plan.finished,
                                 id, plan.nextIndex, plan.planAt.map(Self.millis), plan.planKey, plan.templateName, plan.finished])
            return true
        }
    }

    /// Takes occurrences back to schedule them again later: rows Telegram does not hold yet
    /// leave the log at once; the others are deleted from Telegram's schedule by the next pass
    /// (then they leave the log too). Rows already final are untouched.
    public func withdraw(ids: [Int64], reason: String) throws(StoreError) {
        guard !ids.isEmpty else { return }
        let list = ids.map(String.init).joined(separator: ",")
        let now = Self.millis(self.now())
        try write { db in
            try db.execute(sql: "DELETE FROM send_log WHERE id IN (\(list)) AND status = 'queued' AND series_id IS NOT NULL")
            try db.execute(sql: """
                UPDATE send_log SET status = 'cancelling', withdrawn = 1, error = ?, updated_at_ms = ?
                WHERE id IN (\(list)) AND status IN ('sending', 'scheduled') AND series_id IS NOT NULL
                """, arguments: [reason, now])
        }
    }

    /// How many of a series' occurrences were posted, per series.
    public func seriesPostedCounts() throws(StoreError) -> [UUID: Int] {
        try read { db in
            var counts: [UUID: Int] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT series_id, COUNT(DISTINCT occurrence) AS n FROM send_log WHERE series_id IS NOT NULL AND status = 'sent' GROUP BY series_id")) {
                let id: String = row["series_id"]
                if let uuid = UUID(uuidString: id) { counts[uuid] = row["n"] }
            }
            return counts
        }
    }

    // MARK: - Rows

    static func writeSeries(_ s: RepeatSeries, db: Database, isNew: Bool) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let rule = String(decoding: try encoder.encode(s.rule), as: UTF8.self)
        let variables = String(decoding: try encoder.encode(s.variables), as: UTF8.self)
        let skipped = String(decoding: try encoder.encode(s.skipped.sorted()), as: UTF8.self)
        let values: [any DatabaseValueConvertible & Sendable] = [
            s.templateID.uuidString.lowercased(), s.templateName, rule, variables, s.location?.latitude, s.location?.longitude,
            s.silent, s.status.rawValue, skipped, s.indexBase, s.nextIndex, s.planAt.map(millis), s.planKey, s.version,
            millis(s.createdAt), millis(s.updatedAt), s.followUp?.condition.rawValue, s.followUp.map { Int64($0.within) },
            s.followUp.flatMap(\.sendsTemplateID)?.uuidString, s.id.uuidString.lowercased(),
        ]
        if isNew {
            try db.cachedStatement(sql: """
                INSERT INTO repeat_series (template_id, template_name, rule, variables, latitude, longitude, silent, status, skipped,
                    index_base, next_index, plan_at_ms, plan_key, version, created_at_ms, updated_at_ms, follow_up_condition,
                    follow_up_within_s, follow_up_template_id, id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: StatementArguments(values))
        } else {
            try db.cachedStatement(sql: """
                UPDATE repeat_series SET template_id = ?, template_name = ?, rule = ?, variables = ?, latitude = ?, longitude = ?, silent = ?,
                    status = ?, skipped = ?, index_base = ?, next_index = ?, plan_at_ms = ?, plan_key = ?, version = ?, created_at_ms = ?,
                    updated_at_ms = ?, follow_up_condition = ?, follow_up_within_s = ?, follow_up_template_id = ?
                WHERE id = ?
                """).execute(arguments: StatementArguments(values))
        }
    }

    static func fetchSeries(_ db: Database, where filter: String, arguments: StatementArguments) throws -> [RepeatSeries] {
        let decoder = JSONDecoder()
        return try Row.fetchAll(db, sql: "SELECT * FROM repeat_series WHERE \(filter) ORDER BY created_at_ms DESC, id", arguments: arguments)
            .compactMap { row -> RepeatSeries? in
                guard let id = UUID(uuidString: row["id"]), let templateID = UUID(uuidString: row["template_id"]),
                      let status = RepeatSeries.Status(rawValue: row["status"]),
                      let rule = try? decoder.decode(RepeatRule.self, from: Data((row["rule"] as String).utf8))
                else { return nil }
                let variables = (try? decoder.decode([String: String].self, from: Data((row["variables"] as String).utf8))) ?? [:]
                let skipped = (try? decoder.decode([Int].self, from: Data((row["skipped"] as String).utf8))) ?? []
                let latitude: Double? = row["latitude"]
                let longitude: Double? = row["longitude"]
                let location = latitude.flatMap { lat in longitude.flatMap { Coordinate(latitude: lat, longitude: $0) } }
                let planAt: Int64? = row["plan_at_ms"]
                return RepeatSeries(id: id, templateID: templateID, templateName: row["template_name"], rule: rule, variables: variables,
                                    location: location, silent: row["silent"], status: status, skipped: Set(skipped), indexBase: row["index_base"],
                                    nextIndex: row["next_index"], planAt: planAt.map(date), planKey: row["plan_key"],
                                    followUp: seriesFollowUp(row), version: row["version"],
                                    createdAt: date(row["created_at_ms"]), updatedAt: date(row["updated_at_ms"]))
            }
    }
}
