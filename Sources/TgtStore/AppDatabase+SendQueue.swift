import Foundation
import GRDB
import TgtDomain

/// A tap waiting to be sent: from a widget, CarPlay, Siri, a deep link or the app itself.
///
/// Jobs live in the shared store, so an extension can add one while the app is not running
/// or not logged in. The app takes them oldest first, one at a time; a job is taken (moved to
/// `sending`) in the same transaction that reads it, so it is never sent twice.
public struct SendJob: Sendable, Hashable, Identifiable {
    /// Where a job stands.
    public enum State: String, Sendable, Codable, CaseIterable {
        case pending, sending, sent, failed
        /// In its undo hold (until `holdUntil`): nothing has reached Telegram yet.
        case held
        /// Taken back during its undo hold: nothing was sent.
        case undone
    }

    /// Where the tap came from.
    public enum Source: String, Sendable, Codable, CaseIterable {
        case app, widget, carPlay = "carplay", siri, deepLink = "deep_link"
        /// Arriving at or leaving a place (a template's `PlaceRule`).
        case place
    }

    /// The job's own id: enqueueing the same id again adds nothing.
    public var id: UUID
    /// Queue order (first in, first out).
    public var sequence: Int64
    public var templateID: UUID
    public var templateName: String
    public var source: Source
    public var variables: [String: String]
    public var state: State
    /// The send log batch, once sending started.
    public var batchID: UUID?
    public var error: String?
    public var createdAt: Date
    public var updatedAt: Date
    /// When its undo hold ends, while it is held.
    public var holdUntil: Date?

    public init(id: UUID, sequence: Int64, templateID: UUID, templateName: String, source: Source, variables: [String: String],
                state: State, batchID: UUID?, error: String?, createdAt: Date, updatedAt: Date, holdUntil: Date? = nil)
    {
        self.holdUntil = holdUntil
        self.id = id
        self.sequence = sequence
        self.templateID = templateID
        self.templateName = templateName
        self.source = source
        self.variables = variables
        self.state = state
        self.batchID = batchID
        self.error = error
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

extension AppDatabase {
    /// Adds a send of a template to the end of the queue. The template must exist; enqueueing
    /// an id that is already queued returns that job and adds nothing.
    @discardableResult
    public func enqueueSend(templateID: UUID, source: SendJob.Source, variables: [String: String] = [:],
                            id: UUID = UUID()) throws(StoreError) -> SendJob
    {
        let now = Self.millis(self.now())
        let variablesJSON: String
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]  // equal values, equal text
            let data = try encoder.encode(variables)
            variablesJSON = String(decoding: data, as: UTF8.self)
        } catch {
            throw .database("cannot encode variables")
        }
        return try write { db in
            if let existing = try Self.fetchJob(db, id: id) { return existing }
            guard let name = try String.fetchOne(db.cachedStatement(sql: "SELECT name FROM template WHERE id = ?"), arguments: [templateID.uuidString]) else {
                throw StoreError.templateNotFound(templateID.uuidString.lowercased())
            }
            try db.cachedStatement(sql: """
                    INSERT INTO send_job (id, template_id, template_name, source, variables, state, created_at_ms, updated_at_ms)
                    VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)
                    """).execute(
                arguments: [id.uuidString, templateID.uuidString, name, source.rawValue, variablesJSON, now, now])
            try Self.bumpSendQueueRevision(db)
            guard let job = try Self.fetchJob(db, id: id) else { throw StoreError.database("the queued send vanished") }
            return job
        }
    }

    /// Takes the oldest pending job and marks it `sending`, in one transaction: two callers
    /// can never take the same job.
    public func claimNextSendJob() throws(StoreError) -> SendJob? {
        let now = Self.millis(self.now())
        return try write { db in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM send_job WHERE state = 'pending' ORDER BY seq LIMIT 1")),
                var job = Self.sendJob(row)
            else { return nil }
            try db.cachedStatement(sql: "UPDATE send_job SET state = 'sending', updated_at_ms = ? WHERE seq = ? AND state = 'pending'").execute(
                arguments: [now, job.sequence])
            guard db.changesCount == 1 else { return nil }
            try Self.bumpSendQueueRevision(db)
            job.state = .sending
            job.updatedAt = Self.date(now)
            return job
        }
    }

    /// Records how a taken job ended (`sent` or `failed`), with its send log batch.
    public func finishSendJob(id: UUID, state: SendJob.State, batchID: UUID? = nil, error: String? = nil) throws(StoreError) {
        let now = Self.millis(self.now())
        try write { db in
            try db.cachedStatement(sql: "UPDATE send_job SET state = ?, batch_id = COALESCE(?, batch_id), error = ?, updated_at_ms = ? WHERE id = ?").execute(
                arguments: [state.rawValue, batchID?.uuidString, error, now, id.uuidString])
            if db.changesCount > 0 { try Self.bumpSendQueueRevision(db) }
        }
    }

    /// A taken job's send is in its undo hold (its send log batch, until when).
    public func markSendJobHeld(id: UUID, batchID: UUID, until: Date) throws(StoreError) {
        let now = Self.millis(self.now())
        try write { db in
            try db.cachedStatement(sql: "UPDATE send_job SET state = 'held', batch_id = ?, hold_until_ms = ?, updated_at_ms = ? WHERE id = ? AND state = 'sending'").execute(
                arguments: [batchID.uuidString, Self.millis(until), now, id.uuidString])
            if db.changesCount > 0 { try Self.bumpSendQueueRevision(db) }
        }
    }

    /// A held job's hold ended and its send is going out.
    public func markSendJobReleased(id: UUID) throws(StoreError) {
        let now = Self.millis(self.now())
        try write { db in
            try db.cachedStatement(sql: "UPDATE send_job SET state = 'sending', hold_until_ms = NULL, updated_at_ms = ? WHERE id = ? AND state = 'held'").execute(
                arguments: [now, id.uuidString])
            if db.changesCount > 0 { try Self.bumpSendQueueRevision(db) }
        }
    }

    /// Puts a taken job back at its place in the queue. Only for when nothing of it reached
    /// Telegram (the session logged out between taking and sending it).
    public func returnSendJob(id: UUID) throws(StoreError) {
        let now = Self.millis(self.now())
        try write { db in
            try db.cachedStatement(sql: "UPDATE send_job SET state = 'pending', updated_at_ms = ? WHERE id = ? AND state = 'sending'").execute(
                arguments: [now, id.uuidString])
            if db.changesCount > 0 { try Self.bumpSendQueueRevision(db) }
        }
    }

    /// Jobs left `sending` by an app that stopped mid-send become `failed` with `reason`, never
    /// pending again: Telegram may already have the message, and a second copy is worse than
    /// a clear note. Returns how many there were.
    @discardableResult
    public func failInterruptedSendJobs(reason: String) throws(StoreError) -> Int {
        let now = Self.millis(self.now())
        return try write { db in
            try db.cachedStatement(sql: "UPDATE send_job SET state = 'failed', error = ?, updated_at_ms = ? WHERE state = 'sending'").execute(
                arguments: [reason, now])
            var count = db.changesCount
            // A job the app left in its undo hold: its held send is settled by the session
            // (`HeldSendRecovery`), which the send log shows; the tap itself is over.
            try db.cachedStatement(sql: "UPDATE send_job SET state = 'failed', error = ?, hold_until_ms = NULL, updated_at_ms = ? WHERE state = 'held'").execute(
                arguments: [Self.interruptedHoldReason, now])
            count += db.changesCount
            if count > 0 { try Self.bumpSendQueueRevision(db) }
            return count
        }
    }

    /// Jobs, oldest first (all of them, or those in `states`).
    public func sendJobs(in states: Set<SendJob.State>? = nil, limit: Int = 200) throws(StoreError) -> [SendJob] {
        let filter = states.map { set in "WHERE state IN (" + set.map { "'\($0.rawValue)'" }.sorted().joined(separator: ",") + ")" } ?? ""
        return try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM send_job \(filter) ORDER BY seq LIMIT ?", arguments: [limit]).compactMap(Self.sendJob)
        }
    }

    /// One job by id.
    public func sendJob(id: UUID) throws(StoreError) -> SendJob? {
        try read { db in try Self.fetchJob(db, id: id) }
    }

    /// How many jobs wait to be sent.
    public func pendingSendJobCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM send_job WHERE state = 'pending'")) ?? 0 }
    }

    /// A number that grows with every change to any template or its targets, made by any
    /// process: widgets compare it to know when to redraw.
    public func templatesRevision() throws(StoreError) -> Int64 {
        try read { db in try Int64.fetchOne(db.cachedStatement(sql: "SELECT value FROM revision WHERE name = 'templates'")) ?? 0 }
    }

    /// A number that grows with every change to the send queue (a tap queued, taken, finished or
    /// put back), made by any process: widgets show each template's latest job, so they redraw
    /// when it moves as well as when `templatesRevision()` does.
    public func sendQueueRevision() throws(StoreError) -> Int64 {
        try read { db in try Int64.fetchOne(db.cachedStatement(sql: "SELECT value FROM revision WHERE name = 'send_queue'")) ?? 0 }
    }

    /// Each template's most recent job (the last tap on it, whatever its state), for the
    /// templates in `templateIDs`.
    public func latestSendJobs(for templateIDs: [UUID]) throws(StoreError) -> [UUID: SendJob] {
        guard !templateIDs.isEmpty else { return [:] }
        let marks = Array(repeating: "?", count: templateIDs.count).joined(separator: ",")
        return try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT * FROM send_job WHERE seq IN (SELECT MAX(seq) FROM send_job WHERE template_id IN (\(marks)) GROUP BY template_id)",
                arguments: StatementArguments(templateIDs.map(\.uuidString)))
            return Dictionary(rows.compactMap(Self.sendJob).map { ($0.templateID, $0) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// Why a job the app left in its undo hold is over.
    public static let interruptedHoldReason = "The app stopped during this tap's undo hold: Recent says whether it went out."

    /// Counted in the `revision` table like the templates, but by the queue's own writes (the
    /// row appears with the first one: no migration, older stores read 0 until then).
    private static func bumpSendQueueRevision(_ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO revision (name, value) VALUES ('send_queue', 1) ON CONFLICT(name) DO UPDATE SET value = value + 1").execute()
    }

    private static func fetchJob(_ db: Database, id: UUID) throws -> SendJob? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM send_job WHERE id = ?"), arguments: [id.uuidString]).flatMap(sendJob)
    }

    static func sendJob(_ row: Row) -> SendJob? {
        guard let id = UUID(uuidString: row["id"]), let templateID = UUID(uuidString: row["template_id"]),
            let source = SendJob.Source(rawValue: row["source"]), let state = SendJob.State(rawValue: row["state"])
        else { return nil }
        let variablesText: String = row["variables"]
        let variables = (try? JSONDecoder().decode([String: String].self, from: Data(variablesText.utf8))) ?? [:]
        let batch: String? = row["batch_id"]
        let holdUntil: Int64? = row["hold_until_ms"]
        return SendJob(
            id: id, sequence: row["seq"], templateID: templateID, templateName: row["template_name"], source: source,
            variables: variables, state: state, batchID: batch.flatMap(UUID.init(uuidString:)), error: row["error"],
            createdAt: date(row["created_at_ms"]), updatedAt: date(row["updated_at_ms"]), holdUntil: holdUntil.map(date))
    }
}
