import Foundation
import GRDB
import TgtDomain

/// One template send to one target, as kept in the send log.
public struct SendLogEntry: Sendable, Hashable, Codable, Identifiable {
    /// Where a send to one target stands.
    public enum Status: String, Sendable, Codable, CaseIterable {
        case queued, sending, sent, failed
    }

    public var id: Int64
    /// All targets of one tap share a batch id.
    public var batchID: UUID
    public var templateID: UUID?
    public var templateName: String
    public var target: TargetKey
    public var targetTitle: String
    public var status: Status
    public var error: String?
    /// Telegram's message id once sent.
    public var messageID: Int64?
    public var queuedAt: Date
    public var updatedAt: Date
}

extension AppDatabase {
    /// Records a new send of `template` to each of its targets, all `queued`, in one transaction.
    public func beginSend(of template: Template, targets: [Target]? = nil) throws(StoreError) -> [SendLogEntry] {
        let batch = UUID()
        let now = Self.now()
        let chosen = targets ?? template.targets
        return try write { db in
            var entries: [SendLogEntry] = []
            for target in chosen {
                try db.execute(
                    sql: """
                        INSERT INTO send_log (batch_id, template_id, template_name, chat_id, topic_id, target_title, status, queued_at_ms, updated_at_ms)
                        VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?)
                        """,
                    arguments: [batch.uuidString, template.id.uuidString, template.name, target.chatID, target.topicID,
                                target.displayName, Self.millis(now), Self.millis(now)])
                entries.append(SendLogEntry(
                    id: db.lastInsertedRowID, batchID: batch, templateID: template.id, templateName: template.name,
                    target: target.key, targetTitle: target.displayName, status: .queued, error: nil, messageID: nil,
                    queuedAt: now, updatedAt: now))
            }
            return entries
        }
    }

    /// Moves one send log row to a new status (with Telegram's message id or the error text).
    public func recordSend(id: Int64, status: SendLogEntry.Status, messageID: Int64? = nil, error: String? = nil) throws(StoreError) {
        let now = Self.millis(Self.now())
        try write { db in
            try db.execute(
                sql: "UPDATE send_log SET status = ?, message_id = COALESCE(?, message_id), error = ?, updated_at_ms = ? WHERE id = ?",
                arguments: [status.rawValue, messageID, error, now, id])
        }
    }

    /// Marks every queued or sending row as failed with `reason` (after a crash or shutdown).
    @discardableResult
    public func failUnfinishedSends(reason: String) throws(StoreError) -> Int {
        let now = Self.millis(Self.now())
        return try write { db in
            try db.execute(
                sql: "UPDATE send_log SET status = 'failed', error = ?, updated_at_ms = ? WHERE status IN ('queued', 'sending')",
                arguments: [reason, now])
            return db.changesCount
        }
    }

    /// The most recent sends, newest first.
    public func recentSends(limit: Int = 50) throws(StoreError) -> [SendLogEntry] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM send_log ORDER BY queued_at_ms DESC, id DESC LIMIT ?", arguments: [limit])
                .compactMap(Self.sendLogEntry)
        }
    }

    /// The rows of one batch (one tap), in target order.
    public func sends(inBatch batch: UUID) throws(StoreError) -> [SendLogEntry] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM send_log WHERE batch_id = ? ORDER BY id", arguments: [batch.uuidString])
                .compactMap(Self.sendLogEntry)
        }
    }

    static func sendLogEntry(_ row: Row) -> SendLogEntry? {
        guard let batch = UUID(uuidString: row["batch_id"]),
            let status = SendLogEntry.Status(rawValue: row["status"])
        else { return nil }
        let templateID: String? = row["template_id"]
        let topicID: Int32? = row["topic_id"]
        return SendLogEntry(
            id: row["id"], batchID: batch, templateID: templateID.flatMap(UUID.init(uuidString:)),
            templateName: row["template_name"], target: TargetKey(chatID: row["chat_id"], topicID: topicID),
            targetTitle: row["target_title"], status: status, error: row["error"], messageID: row["message_id"],
            queuedAt: date(row["queued_at_ms"]), updatedAt: date(row["updated_at_ms"]))
    }
}
