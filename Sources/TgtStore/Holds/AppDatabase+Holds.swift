import Foundation
import GRDB
import TgtDomain

/// One target of a send about to be held: what it posts, prepared and checked.
public struct NewHeldSend: Sendable, Hashable {
    public var target: Target
    /// The prepared message (the same JSON a scheduled send keeps).
    public var payload: String
    /// The fingerprint of its text (`TextDigest`), by which a later process recognises it.
    public var textDigest: String

    public init(target: Target, payload: String, textDigest: String) {
        self.target = target
        self.payload = payload
        self.textDigest = textDigest
    }
}

/// A send log row in (or just taken out of) its undo hold, with what it posts.
public struct HeldSend: Sendable, Hashable {
    public var entry: SendLogEntry
    public var payload: String
    public var holdUntil: Date
}

extension AppDatabase {
    /// Records one tap's send as held until `until`, every target in one transaction, with
    /// status `held`: nothing goes to Telegram until a process takes it (`takeHeldSend`).
    public func beginHeldSend(of template: Template, rows: [NewHeldSend], batch: UUID = UUID(), until: Date) throws(StoreError) -> [SendLogEntry] {
        let now = self.now()
        return try write { db in
            if try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM send_log WHERE batch_id = ?)"), arguments: [batch.uuidString]) == true {
                throw StoreError.sendExists(batch.uuidString.lowercased())
            }
            var entries: [SendLogEntry] = []
            for row in rows {
                try db.cachedStatement(sql: """
                        INSERT INTO send_log (batch_id, template_id, template_name, chat_id, topic_id, target_title, status, queued_at_ms, updated_at_ms,
                                              payload, text_digest, hold_until_ms)
                        VALUES (?, ?, ?, ?, ?, ?, 'held', ?, ?, ?, ?, ?)
                        """).execute(
                    arguments: [batch.uuidString, template.id.uuidString, template.name, row.target.chatID, row.target.topicID,
                                row.target.displayName, Self.millis(now), Self.millis(now), row.payload, row.textDigest, Self.millis(until)])
                entries.append(SendLogEntry(
                    id: db.lastInsertedRowID, batchID: batch, templateID: template.id, templateName: template.name,
                    target: row.target.key, targetTitle: row.target.displayName, status: .held, error: nil, messageID: nil,
                    queuedAt: now, updatedAt: now, holdUntil: Self.date(Self.millis(until))))
            }
            return entries
        }
    }

    /// Takes back a held send: its rows still `held` become `undone`, in one transaction.
    /// Returns how many were undone: 0 when it was already taken to be sent (too late), undone
    /// before, or never held.
    @discardableResult
    public func undoHeldSend(batch: UUID) throws(StoreError) -> Int {
        let now = Self.millis(self.now())
        return try write { db in
            try db.cachedStatement(sql: "UPDATE send_log SET status = 'undone', error = NULL, updated_at_ms = ? WHERE batch_id = ? AND status = 'held'").execute(
                arguments: [now, batch.uuidString])
            return db.changesCount
        }
    }

    /// Takes a held send out of its hold to send it: its rows still `held` become `queued` in
    /// one transaction and are returned; rows another process took, or that were undone, are
    /// not. A send is taken once, so it is never sent twice.
    public func takeHeldSend(batch: UUID) throws(StoreError) -> [HeldSend] {
        let now = Self.millis(self.now())
        return try write { db in
            let rows = try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM send_log WHERE batch_id = ? AND status = 'held' ORDER BY id"), arguments: [batch.uuidString])
            var taken: [HeldSend] = []
            for row in rows {
                try db.cachedStatement(sql: "UPDATE send_log SET status = 'queued', updated_at_ms = ? WHERE id = ? AND status = 'held'").execute(
                    arguments: [now, row["id"] as Int64])
                guard db.changesCount == 1, var held = Self.heldSend(row) else { continue }
                held.entry.status = .queued
                taken.append(held)
            }
            return taken
        }
    }

    /// Records a held send that a stopped process left too long as not sent
    /// (`UndoHold.interruptedReason`): its rows still `held` become `failed`. Returns how many.
    @discardableResult
    public func expireHeldSend(batch: UUID) throws(StoreError) -> Int {
        let now = Self.millis(self.now())
        return try write { db in
            try db.cachedStatement(sql: "UPDATE send_log SET status = 'failed', error = ?, updated_at_ms = ? WHERE batch_id = ? AND status = 'held'").execute(
                arguments: [UndoHold.interruptedReason, now, batch.uuidString])
            return db.changesCount
        }
    }

    /// Every row in its undo hold, soonest release first.
    public func heldSends() throws(StoreError) -> [HeldSend] {
        try read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM send_log WHERE status = 'held' ORDER BY hold_until_ms, id")).compactMap(Self.heldSend)
        }
    }

    static func heldSend(_ row: Row) -> HeldSend? {
        guard let entry = sendLogEntry(row), let until = entry.holdUntil else { return nil }
        return HeldSend(entry: entry, payload: row["payload"] ?? "{}", holdUntil: until)
    }
}
