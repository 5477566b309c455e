import Foundation
import GRDB
import TgtDomain

/// Webhooks in the store: the endpoints, the outbox the database's triggers fill, and the
/// delivery log with each delivery's attempts.
extension AppDatabase {
    /// How long finished deliveries stay in the log, and how many at most per webhook.
    static let webhookLogDays = 30
    static let webhookLogPerWebhook = 500

    /// Adds `record`, unless there are `limit` webhooks already (checked in the transaction).
    public func addWebhook(_ record: WebhookRecord, limit: Int) throws(StoreError) -> Bool {
        try write { db in
            let count = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM webhook")) ?? 0
            guard count < limit else { return false }
            try db.cachedStatement(sql: "INSERT INTO webhook (id, url, events, include_text, secret_hint, created_at_ms, chat_ids) VALUES (?, ?, ?, ?, ?, ?, ?)").execute(
                arguments: [record.id.uuidString, record.endpoint.url.absoluteString, Self.eventsText(record.endpoint.events),
                            record.endpoint.includesText, record.secretHint, Self.millis(record.createdAt),
                            record.endpoint.chatIDs.sorted().map(String.init).joined(separator: ",")])
            return true
        }
    }

    /// Every webhook, oldest first.
    public func webhooks() throws(StoreError) -> [WebhookRecord] {
        try read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM webhook ORDER BY created_at_ms, id")).compactMap(Self.webhook)
        }
    }

    /// Removes webhook `id` and its delivery log: false when there was none.
    public func removeWebhook(id: UUID) throws(StoreError) -> Bool {
        try write { db in
            try db.cachedStatement(sql: "DELETE FROM webhook WHERE id = ?").execute(arguments: [id.uuidString])
            let removed = db.changesCount == 1
            if try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM webhook")) == 0 {
                try db.cachedStatement(sql: "DELETE FROM webhook_outbox").execute()
            }
            return removed
        }
    }

    /// The oldest outbox rows, at most `limit`.
    public func webhookOutbox(limit: Int) throws(StoreError) -> [WebhookOutboxItem] {
        try read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM webhook_outbox ORDER BY id LIMIT ?"), arguments: [limit]).map { row in
                WebhookOutboxItem(id: row["id"], source: row["source"], sourceID: row["source_id"], at: Self.date(row["at_ms"]))
            }
        }
    }

    /// The send log row `id`, if it exists.
    public func sendLogEntry(id: Int64) throws(StoreError) -> SendLogEntry? {
        try read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM send_log WHERE id = ?"), arguments: [id]).flatMap(Self.sendLogEntry)
        }
    }

    /// Records `deliveries` (due at `now`; one already recorded for the same webhook and
    /// source is skipped) and takes outbox rows `consumed` off, in one transaction; prunes the
    /// log of finished deliveries past their time or count.
    public func enqueueWebhookDeliveries(_ deliveries: [NewWebhookDelivery], consuming consumed: [Int64], at now: Date) throws(StoreError) {
        let nowMillis = Self.millis(now)
        try write { db in
            for delivery in deliveries {
                try db.cachedStatement(sql: """
                        INSERT OR IGNORE INTO webhook_delivery (webhook_id, event, event_id, dedupe_key, payload, state, attempts,
                                                                next_attempt_ms, created_at_ms, updated_at_ms)
                        SELECT ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ? WHERE EXISTS (SELECT 1 FROM webhook WHERE id = ?)
                        """).execute(
                    arguments: [delivery.webhookID.uuidString, delivery.event.rawValue, delivery.eventID, delivery.dedupeKey,
                                delivery.payload, nowMillis, nowMillis, nowMillis, delivery.webhookID.uuidString])
            }
            for id in consumed {
                try db.cachedStatement(sql: "DELETE FROM webhook_outbox WHERE id = ?").execute(arguments: [id])
            }
            if !deliveries.isEmpty {
                try db.cachedStatement(sql: "DELETE FROM webhook_delivery WHERE state != 'pending' AND updated_at_ms < ?").execute(
                    arguments: [nowMillis - Int64(Self.webhookLogDays) * 86_400_000])
                try db.cachedStatement(sql: """
                    DELETE FROM webhook_delivery WHERE state != 'pending' AND id IN (
                        SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY webhook_id ORDER BY id DESC) AS n FROM webhook_delivery)
                        WHERE n > ?)
                    """).execute(arguments: [Self.webhookLogPerWebhook])
            }
        }
    }

    /// Records a test delivery for webhook `webhookID`, pending but not due (the one asking
    /// attempts it at once, so no running dashboard does too): nil when there is no such webhook.
    public func addTestDelivery(_ delivery: NewWebhookDelivery, at now: Date) throws(StoreError) -> WebhookDelivery? {
        let nowMillis = Self.millis(now)
        return try write { db in
            guard try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM webhook WHERE id = ?"), arguments: [delivery.webhookID.uuidString]) == 1
            else { return nil }
            try db.cachedStatement(sql: """
                    INSERT INTO webhook_delivery (webhook_id, event, event_id, dedupe_key, payload, state, attempts, next_attempt_ms,
                                                  created_at_ms, updated_at_ms)
                    VALUES (?, ?, ?, ?, ?, 'pending', 0, NULL, ?, ?)
                    """).execute(
                arguments: [delivery.webhookID.uuidString, delivery.event.rawValue, delivery.eventID, delivery.dedupeKey, delivery.payload,
                            nowMillis, nowMillis])
            return try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM webhook_delivery WHERE id = ?"), arguments: [db.lastInsertedRowID])
                .flatMap(Self.webhookDelivery)
        }
    }

    /// Delivery `id`, as it stands.
    public func webhookDelivery(id: Int64) throws(StoreError) -> WebhookDelivery? {
        try read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM webhook_delivery WHERE id = ?"), arguments: [id]).flatMap(Self.webhookDelivery)
        }
    }

    /// Pending deliveries due at `now`, oldest first, at most `limit`.
    public func dueWebhookDeliveries(at now: Date, limit: Int) throws(StoreError) -> [WebhookDelivery] {
        try read { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM webhook_delivery WHERE state = 'pending' AND next_attempt_ms <= ? ORDER BY next_attempt_ms, id LIMIT ?"),
                arguments: [Self.millis(now), limit]
            ).compactMap(Self.webhookDelivery)
        }
    }

    /// Claims pending delivery `id`, due at `now`, for one attempt: it is not due again until
    /// `until` (past the attempt's timeout), so a pass that stops mid-attempt or cannot record
    /// its outcome tries it again then, never at once, and no second pass takes it meanwhile.
    /// False when it is no longer due (another pass took it, or it was removed).
    public func claimWebhookDelivery(id: Int64, at now: Date, until: Date) throws(StoreError) -> Bool {
        try write { db in
            try db.cachedStatement(sql: "UPDATE webhook_delivery SET next_attempt_ms = ? WHERE id = ? AND state = 'pending' AND next_attempt_ms <= ?").execute(
                arguments: [Self.millis(until), id, Self.millis(now)])
            return db.changesCount == 1
        }
    }

    /// Marks test deliveries left waiting by a process that stopped mid-test (created before
    /// `cutoff`, never due) as failed: nothing will try them again.
    public func settleInterruptedWebhookTests(before cutoff: Date, at now: Date) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: """
                    UPDATE webhook_delivery SET state = 'failed', last_error = 'Interrupted: TgTemplates stopped during the test.', updated_at_ms = ?
                    WHERE state = 'pending' AND next_attempt_ms IS NULL AND created_at_ms < ?
                    """).execute(
                arguments: [Self.millis(now), Self.millis(cutoff)])
        }
    }

    /// When the next pending delivery is due (nil: none is pending).
    public func nextWebhookAttempt() throws(StoreError) -> Date? {
        try read { db in
            try Int64.fetchOne(db.cachedStatement(sql: "SELECT MIN(next_attempt_ms) FROM webhook_delivery WHERE state = 'pending'")).map(Self.date)
        }
    }

    /// Records one attempt of delivery `id`: delivered; or failed, to be tried at `retryAt`
    /// (nil: given up). Only a pending delivery changes.
    public func recordWebhookAttempt(id: Int64, delivered: Bool, status: Int?, error: String?, retryAt: Date?, at now: Date) throws(StoreError) {
        let state: WebhookDelivery.State = delivered ? .delivered : (retryAt == nil ? .failed : .pending)
        try write { db in
            try db.cachedStatement(sql: """
                    UPDATE webhook_delivery SET state = ?, attempts = attempts + 1, next_attempt_ms = ?, last_status = ?, last_error = ?,
                           updated_at_ms = ?
                    WHERE id = ? AND state = 'pending'
                    """).execute(
                arguments: [state.rawValue, delivered ? nil : retryAt.map(Self.millis), status, error, Self.millis(now), id])
        }
    }

    /// The delivery log, newest first: of webhook `webhookID`, or of all.
    public func webhookDeliveries(webhookID: UUID? = nil, limit: Int) throws(StoreError) -> [WebhookDelivery] {
        try read { db in
            if let webhookID {
                return try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM webhook_delivery WHERE webhook_id = ? ORDER BY id DESC LIMIT ?"),
                                        arguments: [webhookID.uuidString, limit]).compactMap(Self.webhookDelivery)
            }
            return try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM webhook_delivery ORDER BY id DESC LIMIT ?"), arguments: [limit])
                .compactMap(Self.webhookDelivery)
        }
    }

    static func eventsText(_ events: Set<WebhookEvent>) -> String {
        "," + events.map(\.rawValue).sorted().joined(separator: ",") + ","
    }

    static func webhook(_ row: Row) -> WebhookRecord? {
        guard let id = UUID(uuidString: row["id"]), let url = URL(string: row["url"]) else { return nil }
        let names: String = row["events"]
        let events = Set(names.split(separator: ",").compactMap { WebhookEvent(rawValue: String($0)) })
        let chats: String = row["chat_ids"] ?? ""
        let endpoint = WebhookEndpoint(stored: url, events: events, includesText: row["include_text"],
                                       chatIDs: Set(chats.split(separator: ",").compactMap { Int64($0) }))
        return WebhookRecord(id: id, endpoint: endpoint, createdAt: date(row["created_at_ms"]), secretHint: row["secret_hint"])
    }

    static func webhookDelivery(_ row: Row) -> WebhookDelivery? {
        guard let webhookID = UUID(uuidString: row["webhook_id"]), let event = WebhookEvent(rawValue: row["event"]),
              let state = WebhookDelivery.State(rawValue: row["state"])
        else { return nil }
        return WebhookDelivery(
            id: row["id"], webhookID: webhookID, event: event, eventID: row["event_id"], payload: row["payload"], state: state,
            attempts: row["attempts"], nextAttemptAt: (row["next_attempt_ms"] as Int64?).map(date), lastStatus: row["last_status"],
            lastError: row["last_error"], createdAt: date(row["created_at_ms"]), updatedAt: date(row["updated_at_ms"]))
    }
}
