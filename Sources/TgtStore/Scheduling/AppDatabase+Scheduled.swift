import Foundation
import GRDB
import TgtDomain

/// A send that Telegram's servers post at a set moment: a timer's completion message or a
/// "send later". It is a send log row (so Recent shows it) with what it will post and, while
/// it waits, Telegram's ids of the scheduled messages.
public struct ScheduledSend: Sendable, Hashable, Identifiable {
    public var entry: SendLogEntry
    /// When Telegram posts it.
    public var scheduledFor: Date
    /// The timer whose completion posts it, if any.
    public var timerID: UUID?
    /// What will be posted, as the scheduler wrote it (JSON; the store does not read it).
    public var payload: String
    /// Telegram's ids of the scheduled messages (text, then location) once it confirmed them.
    public var telegramIDs: [Int64]
    /// The fingerprint of the text (`TextDigest`), to find the message in Telegram's schedule.
    public var textDigest: String?
    /// The repeating series it is an occurrence of, and the occurrence's number.
    public var seriesID: UUID?
    public var occurrence: Int?
    /// Taken back from Telegram's schedule to be scheduled again later (a series made room, or
    /// changed): it does not count as its occurrence, and leaves the send log once deleted.
    public var withdrawn: Bool = false

    public var id: Int64 { entry.id }
    public var status: SendLogEntry.Status { entry.status }
}

/// A scheduled send about to be recorded.
public struct NewScheduledSend: Sendable, Hashable {
    public var templateID: UUID?
    public var templateName: String
    public var target: Target
    public var payload: String
    public var textDigest: String
    public var scheduledFor: Date
    public var timerID: UUID?
    /// The series and occurrence number it posts, for a repeating send.
    public var seriesID: UUID?
    public var occurrence: Int?

    public init(templateID: UUID?, templateName: String, target: Target, payload: String, textDigest: String, scheduledFor: Date, timerID: UUID?,
                seriesID: UUID? = nil, occurrence: Int? = nil)
    {
        self.seriesID = seriesID
        self.occurrence = occurrence
        self.templateID = templateID
        self.templateName = templateName
        self.target = target
        self.payload = payload
        self.textDigest = textDigest
        self.scheduledFor = scheduledFor
        self.timerID = timerID
    }
}

extension AppDatabase {
    /// Records sends to schedule (status `queued`), all in one batch and one transaction.
    @discardableResult
    public func addScheduledSends(_ sends: [NewScheduledSend]) throws(StoreError) -> [ScheduledSend] {
        try write { db in
            let ids = try self.insertScheduled(sends, db: db)
            return try Self.fetchScheduled(db, where: "id IN (\(ids.map(String.init).joined(separator: ",")))", arguments: [])
        }
    }

    /// Inserts rows (one batch); an occurrence of a series already in the log is left alone
    /// (its number and target are recorded once). Returns the new rows' ids.
    func insertScheduled(_ sends: [NewScheduledSend], status: SendLogEntry.Status = .queued, error: String? = nil, db: Database) throws -> [Int64] {
        let batch = UUID()
        let now = Self.millis(self.now())
        var ids: [Int64] = []
        for send in sends {
            try db.cachedStatement(sql: """
                    INSERT OR IGNORE INTO send_log (batch_id, template_id, template_name, chat_id, topic_id, target_title, status, error, queued_at_ms,
                                          updated_at_ms, text_digest, scheduled_for_ms, timer_id, payload, series_id, occurrence)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """).execute(
                arguments: [batch.uuidString, send.templateID?.uuidString, send.templateName, send.target.chatID, send.target.topicID,
                            send.target.displayName, status.rawValue, error, now, now, send.textDigest, Self.millis(send.scheduledFor),
                            send.timerID?.uuidString, send.payload, send.seriesID?.uuidString.lowercased(), send.occurrence])
            if db.changesCount > 0 { ids.append(db.lastInsertedRowID) }
        }
        return ids
    }

    /// Scheduled sends still in motion (queued, sending, scheduled, cancelling), soonest first.
    public func liveScheduledSends() throws(StoreError) -> [ScheduledSend] {
        try read { db in
            try Self.fetchScheduled(db, where: "status IN ('queued', 'sending', 'scheduled', 'cancelling')", arguments: [])
        }
    }

    /// A timer's scheduled sends for the run that ends at `endsAt` (or for its latest run), in
    /// target order.
    public func scheduledSends(timerID: UUID, endingAt endsAt: Date? = nil) throws(StoreError) -> [ScheduledSend] {
        try read { db in
            let end: Int64? = if let endsAt { Self.millis(endsAt) } else {
                try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(scheduled_for_ms) FROM send_log WHERE timer_id = ?"), arguments: [timerID.uuidString])
            }
            guard let end else { return [] }
            // Exactly: rows keep the timer's end to the millisecond (a pause and a resume within
            // the same second make a new run).
            return try Self.fetchScheduled(db, where: "timer_id = ? AND scheduled_for_ms = ?", arguments: [timerID.uuidString, end])
        }
    }

    /// One scheduled send by its send log id.
    public func scheduledSend(id: Int64) throws(StoreError) -> ScheduledSend? {
        try read { db in try Self.fetchScheduled(db, where: "id = ?", arguments: [id]).first }
    }

    /// The row is about to be handed to TDLib (`queued` → `sending`). False when it is not
    /// queued any more (cancelled meanwhile, by another process say): then it must not be sent.
    @discardableResult
    public func markScheduling(id: Int64) throws(StoreError) -> Bool {
        try updateScheduled(id, set: "status = 'sending'", from: ["queued"], arguments: []) == 1
    }

    /// Telegram confirmed the scheduled messages: their ids and the date they wait for. False
    /// when the row was cancelled meanwhile (the caller deletes what it just scheduled).
    @discardableResult
    public func markScheduled(id: Int64, telegramIDs: [Int64], scheduledFor: Date) throws(StoreError) -> Bool {
        try updateScheduled(id, set: "status = 'scheduled', scheduled_ids = ?, scheduled_for_ms = ?, error = NULL",
                            from: ["queued", "sending", "scheduled"],
                            arguments: [Self.idList(telegramIDs), Self.millis(scheduledFor)]) == 1
    }

    /// The same messages wait under other ids or for another date (after a move).
    public func updateScheduled(id: Int64, telegramIDs: [Int64], scheduledFor: Date) throws(StoreError) {
        try updateScheduled(id, set: "scheduled_ids = ?, scheduled_for_ms = ?", from: ["scheduled", "cancelling"],
                            arguments: [Self.idList(telegramIDs), Self.millis(scheduledFor)])
    }

    /// Ends a scheduled send: `sent` (Telegram posted it), `cancelled` or `failed`, with the reason.
    /// A message id already matched to the post (`adoptPostedMessage`) is kept when none is given.
    /// A withdrawn occurrence (`ScheduledSend.withdrawn`) that ends cancelled leaves the log (it
    /// is scheduled again later); one Telegram posted first counts as its occurrence after all.
    public func finishScheduled(id: Int64, status: SendLogEntry.Status, error: String? = nil, messageID: Int64? = nil) throws(StoreError) {
        let now = Self.millis(self.now())
        try write { db in
            try db.cachedStatement(sql: """
                UPDATE send_log SET status = ?, error = ?, message_id = COALESCE(?, message_id), updated_at_ms = ?
                WHERE id = ? AND status IN ('queued', 'sending', 'scheduled', 'cancelling')
                """).execute(arguments: [status.rawValue, error, messageID, now, id])
            if status == .cancelled {
                try db.cachedStatement(sql: "DELETE FROM send_log WHERE id = ? AND withdrawn = 1 AND status = 'cancelled'").execute(arguments: [id])
            } else {
                try db.cachedStatement(sql: "UPDATE OR IGNORE send_log SET withdrawn = 0 WHERE id = ? AND withdrawn = 1").execute(arguments: [id])
            }
        }
    }

    /// Asks for scheduled sends to be cancelled: rows Telegram does not have yet end at once
    /// (`cancelled`); the others become `cancelling` until the scheduler deletes them there.
    /// Returns how many rows changed.
    @discardableResult
    public func requestCancel(ids: [Int64], reason: String) throws(StoreError) -> Int {
        guard !ids.isEmpty else { return 0 }
        let now = Self.millis(self.now())
        let list = ids.map(String.init).joined(separator: ",")
        return try write { db in
            try db.execute(sql: "UPDATE send_log SET status = 'cancelled', error = ?, updated_at_ms = ? WHERE id IN (\(list)) AND status = 'queued' AND scheduled_for_ms IS NOT NULL",
                           arguments: [reason, now])
            var changed = db.changesCount
            try db.execute(sql: "UPDATE send_log SET status = 'cancelling', error = ?, updated_at_ms = ? WHERE id IN (\(list)) AND status IN ('sending', 'scheduled') AND scheduled_for_ms IS NOT NULL",
                           arguments: [reason, now])
            changed += db.changesCount
            return changed
        }
    }

    // MARK: - Rows

    /// Changes a row only while it is in one of `statuses`; returns how many rows changed (0 or 1).
    @discardableResult
    private func updateScheduled(_ id: Int64, set: String, from statuses: [String], arguments: [any DatabaseValueConvertible & Sendable]) throws(StoreError) -> Int {
        let now = Self.millis(self.now())
        let allowed = statuses.map { "'\($0)'" }.joined(separator: ",")
        return try write { db in
            try db.execute(sql: "UPDATE send_log SET \(set), updated_at_ms = ? WHERE id = ? AND status IN (\(allowed))",
                           arguments: StatementArguments(arguments + [now, id]))
            return db.changesCount
        }
    }

    static func idList(_ ids: [Int64]) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }

    static func fetchScheduled(_ db: Database, where filter: String, arguments: StatementArguments) throws -> [ScheduledSend] {
        try Row.fetchAll(db, sql: "SELECT * FROM send_log WHERE scheduled_for_ms IS NOT NULL AND (\(filter)) ORDER BY scheduled_for_ms, id", arguments: arguments)
            .compactMap { row -> ScheduledSend? in
                guard let entry = sendLogEntry(row), let at = entry.scheduledFor else { return nil }
                let idsText: String = row["scheduled_ids"] ?? "[]"
                let ids = ((try? JSONSerialization.jsonObject(with: Data(idsText.utf8))) as? [NSNumber] ?? []).map(\.int64Value)
                let series: String? = row["series_id"]
                let withdrawn: Int64 = row["withdrawn"] ?? 0
                return ScheduledSend(entry: entry, scheduledFor: at, timerID: entry.timerID, payload: row["payload"] ?? "{}",
                                     telegramIDs: ids, textDigest: row["text_digest"], seriesID: series.flatMap(UUID.init(uuidString:)),
                                     occurrence: row["occurrence"], withdrawn: withdrawn != 0)
            }
    }
}

extension AppDatabase {
    /// Back to `queued`: a row handed to TDLib that Telegram's schedule does not have (the
    /// process stopped before TDLib sent it), so it is scheduled again rather than lost.
    public func requeueScheduled(id: Int64) throws(StoreError) {
        try updateScheduled(id, set: "status = 'queued'", from: ["sending"], arguments: [])
    }

    /// New text for a row still waiting (queued, or scheduled after Telegram took the edit).
    public func updateScheduledPayload(id: Int64, payload: String, textDigest: String) throws(StoreError) {
        try updateScheduled(id, set: "payload = ?, text_digest = ?", from: ["queued", "scheduled"], arguments: [payload, textDigest])
    }

    /// Moves a row not yet on Telegram (`queued`) to another date.
    public func reschedule(id: Int64, to date: Date) throws(StoreError) {
        try updateScheduled(id, set: "scheduled_for_ms = ?", from: ["queued"], arguments: [Self.millis(date)])
    }
}
