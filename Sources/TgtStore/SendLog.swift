import Foundation
import GRDB
import TgtDomain

/// One template send to one target, as kept in the send log.
public struct SendLogEntry: Sendable, Hashable, Codable, Identifiable {
    /// Where a send to one target stands.
    public enum Status: String, Sendable, Codable, CaseIterable {
        case queued, sending, sent, failed
        /// A draft (email, text message, X) given to another app to send; whether it was sent
        /// from there is not known.
        case handedOver = "handed_over"
        /// Waiting on Telegram's servers to be posted at `scheduledFor`.
        case scheduled
        /// To be deleted from Telegram's schedule (a paused timer, a cancel), not done yet.
        case cancelling
        /// Deleted from the schedule before it was posted (here or in another Telegram app).
        case cancelled
        /// In its undo hold (until `holdUntil`): nothing has reached Telegram yet.
        case held
        /// Taken back during its undo hold: nothing reached Telegram.
        case undone

        /// Whether nothing more will happen to the row.
        public var isFinal: Bool { self == .sent || self == .failed || self == .handedOver || self == .cancelled || self == .undone }
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
    /// Telegram for messages sent here; the draft's kind for those handed to another app.
    public var kind: TemplateKind = .telegram
    /// When Telegram posts it, for a scheduled send.
    public var scheduledFor: Date?
    /// The timer whose completion posts it.
    public var timerID: UUID?
    /// When its undo hold ends, for a send that was held.
    public var holdUntil: Date?
    /// What sent it when no person tapped: `away` or `greeting` (an automatic answer),
    /// `follow_up`, `snippet`.
    public var origin: String?

    /// Why a row handed to TDLib by a process that stopped is not known to be delivered.
    public static let maybeDeliveredReason = "Interrupted: TgTemplates stopped before Telegram confirmed this message. It may have been delivered; check the chat."
    /// Why a row that never reached TDLib was not sent.
    public static let notSentReason = "Interrupted before it was sent: not sent."
}

/// A send log row left unfinished, with the fingerprint of its text when it reached TDLib.
public struct UnfinishedSend: Sendable, Hashable {
    public var entry: SendLogEntry
    public var textDigest: String?
}

extension AppDatabase {
    /// Records a new send of `template` to each of its targets, all `queued`, in one transaction,
    /// with what sent it (`origin`, nil for a person).
    public func beginSend(of template: Template, targets: [Target]? = nil, origin: String? = nil) throws(StoreError) -> [SendLogEntry] {
        let batch = UUID()
        let now = self.now()
        let chosen = targets ?? template.targets
        return try write { db in
            var entries: [SendLogEntry] = []
            for target in chosen {
                try db.cachedStatement(sql: """
                        INSERT INTO send_log (batch_id, template_id, template_name, chat_id, topic_id, target_title, status, queued_at_ms, updated_at_ms,
                                              origin)
                        VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?)
                        """).execute(
                    arguments: [batch.uuidString, template.id.uuidString, template.name, target.chatID, target.topicID,
                                target.displayName, Self.millis(now), Self.millis(now), origin])
                var entry = SendLogEntry(
                    id: db.lastInsertedRowID, batchID: batch, templateID: template.id, templateName: template.name,
                    target: target.key, targetTitle: target.displayName, status: .queued, error: nil, messageID: nil,
                    queuedAt: now, updatedAt: now)
                entry.origin = origin
                entries.append(entry)
            }
            return entries
        }
    }

    /// Records a draft handed to another app (one row, status `handed_over`): the log says
    /// what left TgTemplates and where, never that it was sent.
    @discardableResult
    public func recordHandedOver(_ template: Template, draft: Draft) throws(StoreError) -> SendLogEntry {
        let batch = UUID()
        let now = self.now()
        let title = Self.draftTitle(draft)
        return try write { db in
            try db.cachedStatement(sql: """
                    INSERT INTO send_log (batch_id, template_id, template_name, chat_id, topic_id, target_title, status, queued_at_ms, updated_at_ms, kind)
                    VALUES (?, ?, ?, 0, NULL, ?, 'handed_over', ?, ?, ?)
                    """).execute(
                arguments: [batch.uuidString, template.id.uuidString, template.name, title, Self.millis(now), Self.millis(now), draft.kind.rawValue])
            return SendLogEntry(
                id: db.lastInsertedRowID, batchID: batch, templateID: template.id, templateName: template.name,
                target: TargetKey(chatID: 0), targetTitle: title, status: .handedOver, error: nil, messageID: nil,
                queuedAt: now, updatedAt: now, kind: draft.kind)
        }
    }

    /// "Email to ada@example.com, +1 more", "Text message to +39…", "X post".
    static func draftTitle(_ draft: Draft) -> String {
        let recipients = draft.to + draft.cc
        guard let first = recipients.first else { return draft.kind.label }
        let more = recipients.count > 1 ? " +\(recipients.count - 1) more" : ""
        return "\(draft.kind.label) to \(first)\(more)"
    }

    /// Moves one send log row to a new status (with Telegram's message id or the error text).
    public func recordSend(id: Int64, status: SendLogEntry.Status, messageID: Int64? = nil, error: String? = nil) throws(StoreError) {
        let now = Self.millis(self.now())
        try write { db in
            try db.cachedStatement(sql: "UPDATE send_log SET status = ?, message_id = COALESCE(?, message_id), error = ?, updated_at_ms = ? WHERE id = ?").execute(
                arguments: [status.rawValue, messageID, error, now, id])
        }
    }

    /// Moves a row to `sending` just before its message goes to TDLib, with a fingerprint
    /// (`TextDigest`) of the text, by which a later process can recognise it if this one dies.
    public func markSending(id: Int64, textDigest: String) throws(StoreError) {
        let now = Self.millis(self.now())
        try write { db in
            try db.cachedStatement(sql: "UPDATE send_log SET status = 'sending', text_digest = ?, updated_at_ms = ? WHERE id = ?").execute(
                arguments: [textDigest, now, id])
        }
    }

    /// Rows left `queued` or `sending` by a process that stopped, queued before `cutoff`
    /// (rows of the process asking are newer), oldest first.
    public func unfinishedSends(before cutoff: Date) throws(StoreError) -> [UnfinishedSend] {
        try read { db in
            // Scheduled sends are settled against Telegram's schedule instead (ScheduleKeeper).
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM send_log WHERE status IN ('queued', 'sending') AND queued_at_ms < ? AND scheduled_for_ms IS NULL ORDER BY id"),
                arguments: [Self.millis(cutoff)]
            ).compactMap { row in
                Self.sendLogEntry(row).map { UnfinishedSend(entry: $0, textDigest: row["text_digest"]) }
            }
        }
    }

    /// Settles what an interrupted process left unfinished, honestly: a row never handed to
    /// TDLib (`queued`) was not sent; one that was (`sending`) may have been delivered. Only
    /// rows still unfinished change (`ids` nil: all of them). Returns how many changed.
    @discardableResult
    public func settleInterruptedSends(ids: [Int64]? = nil) throws(StoreError) -> Int {
        let now = Self.millis(self.now())
        return try write { db in
            var filter = ""
            var extra: [any DatabaseValueConvertible] = []
            if let ids {
                guard !ids.isEmpty else { return 0 }
                filter = " AND id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ",")))"
                extra = ids
            }
            try db.execute(
                sql: "UPDATE send_log SET status = 'failed', error = ?, updated_at_ms = ? WHERE status = 'queued' AND scheduled_for_ms IS NULL" + filter,
                arguments: StatementArguments([SendLogEntry.notSentReason, now] + extra))
            var changed = db.changesCount
            try db.execute(
                sql: "UPDATE send_log SET status = 'failed', error = ?, updated_at_ms = ? WHERE status = 'sending' AND scheduled_for_ms IS NULL" + filter,
                arguments: StatementArguments([SendLogEntry.maybeDeliveredReason, now] + extra))
            changed += db.changesCount
            return changed
        }
    }

    /// Records TDLib's late verdict on a row an interrupted process left unfinished (or that
    /// was marked "may have been delivered"): proof of delivery, or TDLib's failure.
    public func settleRecoveredSend(id: Int64, messageID: Int64?, error: String?) throws(StoreError) {
        let now = Self.millis(self.now())
        try write { db in
            try db.cachedStatement(sql: """
                    UPDATE send_log SET status = ?, message_id = COALESCE(?, message_id), error = ?, updated_at_ms = ?
                    WHERE id = ? AND (status IN ('queued', 'sending') OR (status = 'failed' AND error = ?))
                    """).execute(
                arguments: [messageID != nil ? "sent" : "failed", messageID, error, now, id, SendLogEntry.maybeDeliveredReason])
        }
    }

    /// The most recent sends, newest first.
    public func recentSends(limit: Int = 50) throws(StoreError) -> [SendLogEntry] {
        try read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM send_log ORDER BY queued_at_ms DESC, id DESC LIMIT ?"), arguments: [limit])
                .compactMap(Self.sendLogEntry)
        }
    }

    /// The rows of one batch (one tap), in target order.
    public func sends(inBatch batch: UUID) throws(StoreError) -> [SendLogEntry] {
        try read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM send_log WHERE batch_id = ? ORDER BY id"), arguments: [batch.uuidString])
                .compactMap(Self.sendLogEntry)
        }
    }

    static func sendLogEntry(_ row: Row) -> SendLogEntry? {
        guard let batch = UUID(uuidString: row["batch_id"]),
            let status = SendLogEntry.Status(rawValue: row["status"])
        else { return nil }
        let templateID: String? = row["template_id"]
        let topicID: Int32? = row["topic_id"]
        let scheduledFor: Int64? = row["scheduled_for_ms"]
        let timerID: String? = row["timer_id"]
        let holdUntil: Int64? = row["hold_until_ms"]
        return SendLogEntry(
            id: row["id"], batchID: batch, templateID: templateID.flatMap(UUID.init(uuidString:)),
            templateName: row["template_name"], target: TargetKey(chatID: row["chat_id"], topicID: topicID),
            targetTitle: row["target_title"], status: status, error: row["error"], messageID: row["message_id"],
            queuedAt: date(row["queued_at_ms"]), updatedAt: date(row["updated_at_ms"]),
            kind: TemplateKind(rawValue: row["kind"] ?? "telegram") ?? .telegram,
            scheduledFor: scheduledFor.map(date), timerID: timerID.flatMap(UUID.init(uuidString:)), holdUntil: holdUntil.map(date),
            origin: row["origin"])
    }
}
