import Foundation
import GRDB
import TgtDomain

/// Away replies in the store: the settings, the per-person quiet time and the hourly cap
/// (applied in the transaction that records an answer, so a burst or two processes answer
/// each person once), and when `tgt serve` last looked.
extension AppDatabase {
    /// The away settings (off when never set or unreadable).
    public func awaySettings() throws(StoreError) -> AwaySettings {
        try jsonSetting(.away, as: AwaySettings.self) ?? AwaySettings()
    }

    public func setAwaySettings(_ settings: AwaySettings) throws(StoreError) {
        try setJSONSetting(.away, settings)
    }

    /// Records an automatic answer to a person at `now` if the quiet time and the hourly cap
    /// allow one (`AwayRules.allows`), in one transaction; the reason otherwise, changing nothing.
    public func claimAwayAnswer(userID: Int64, name: String, kind: AwayReplyKind, settings: AwaySettings, now: Date) throws(StoreError) -> AwaySkip? {
        try write { db in
            let last = try Int64.fetchOne(db.cachedStatement(sql: "SELECT last_answered_ms FROM away_answer WHERE user_id = ?"), arguments: [userID])
            let recent = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM away_answer_log WHERE at_ms > ?"), arguments: [Self.millis(now) - 3_600_000]) ?? 0
            if let refusal = AwayRules.allows(lastAnswered: last.map(Self.date), answersLastHour: recent, settings: settings, now: now) {
                return refusal
            }
            try db.cachedStatement(sql: """
                INSERT INTO away_answer (user_id, name, last_answered_ms) VALUES (?, ?, ?)
                ON CONFLICT(user_id) DO UPDATE SET name = excluded.name, last_answered_ms = excluded.last_answered_ms
                """).execute(arguments: [userID, name, Self.millis(now)])
            try db.cachedStatement(sql: "INSERT INTO away_answer_log (user_id, kind, at_ms) VALUES (?, ?, ?)").execute(arguments: [userID, kind.rawValue, Self.millis(now)])
            try db.cachedStatement(sql: "DELETE FROM away_answer_log WHERE at_ms < ?").execute(arguments: [Self.millis(now) - 86_400_000])
            return nil
        }
    }

    /// Automatic answers in the hour before `now`.
    public func awayAnswers(inHourBefore now: Date) throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM away_answer_log WHERE at_ms > ?"), arguments: [Self.millis(now) - 3_600_000]) ?? 0 }
    }

    /// Marks the rows of a send as sent by something other than a tap (`away`, `greeting`).
    public func setSendOrigin(batchID: UUID, origin: String) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: "UPDATE send_log SET origin = ? WHERE batch_id = ?").execute(arguments: [origin, batchID.uuidString])
        }
    }

    /// Records an automatic answer that was not sent (the hourly cap), so Recent says so.
    public func logUnsentAnswer(template: Template, to target: Target, origin: String, reason: String, at now: Date) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: """
                    INSERT INTO send_log (batch_id, template_id, template_name, chat_id, topic_id, target_title, status, error, origin,
                                          queued_at_ms, updated_at_ms)
                    VALUES (?, ?, ?, ?, NULL, ?, 'failed', ?, ?, ?, ?)
                    """).execute(
                arguments: [UUID().uuidString, template.id.uuidString, template.name, target.chatID, target.chatTitle, reason, origin,
                            Self.millis(now), Self.millis(now)])
        }
    }

    /// When `tgt serve` last looked for messages to answer.
    public func awayCheckedAt() throws(StoreError) -> Date? {
        try setting(.awayCheckedAt).flatMap { Int64($0) }.map(Self.date)
    }

    public func noteAwayCheck(at now: Date) throws(StoreError) {
        try setSetting(.awayCheckedAt, String(Self.millis(now)))
    }
}
