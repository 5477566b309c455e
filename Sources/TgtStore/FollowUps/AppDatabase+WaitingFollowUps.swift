import Foundation
import GRDB
import TgtDomain

/// Writing follow-ups that wait for their message: the one insert a single send's follow-up
/// and a series' occurrences share, and a series' rule as stored on its row.
extension AppDatabase {
    /// Inserts `rule` as a waiting follow-up on each Telegram row of `sendIDs`, up to the room
    /// left under `FollowUpRule.maxWaiting`. Returns the new follow-ups' ids.
    @discardableResult
    static func insertWaitingFollowUps(_ db: Database, rule: FollowUpRule, sendIDs: [Int64], now: Int64) throws -> [String] {
        guard !sendIDs.isEmpty else { return [] }
        let live = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM follow_up WHERE state IN ('waiting', 'watching', 'firing')")) ?? 0
        let room = max(0, FollowUpRule.maxWaiting - live)
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, chat_id, topic_id, target_title, template_name FROM send_log
            WHERE id IN (\(sendIDs.map(String.init).joined(separator: ","))) AND kind = 'telegram' ORDER BY id LIMIT ?
            """, arguments: [room])
        var ids: [String] = []
        for row in rows {
            let id = UUID().uuidString
            ids.append(id)
            try db.cachedStatement(sql: """
                INSERT INTO follow_up (id, send_id, chat_id, topic_id, target_title, template_name, condition, within_s, action,
                                       action_template_id, state, created_at_ms, updated_at_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', ?, ?)
                """).execute(arguments: [id, row["id"] as Int64, row["chat_id"] as Int64, row["topic_id"] as Int64?, row["target_title"] as String,
                                 row["template_name"] as String, rule.condition.rawValue, Int64(rule.within),
                                 rule.sendsTemplateID == nil ? "remind" : "send", rule.sendsTemplateID?.uuidString, now, now])
        }
        return ids
    }

    /// A series row's follow-up, as it was checked when set (nil when it carries none, or what
    /// is stored is no rule: a series never fails to load over it).
    static func seriesFollowUp(_ row: Row) -> FollowUpRule? {
        guard let name: String = row["follow_up_condition"], let condition = FollowUpCondition(rawValue: name),
              let within: Int64 = row["follow_up_within_s"]
        else { return nil }
        let template: String? = row["follow_up_template_id"]
        let action: FollowUpAction
        if let template {
            guard let id = UUID(uuidString: template) else { return nil }
            action = .send(templateID: id)
        } else {
            action = .remind
        }
        return FollowUpRule(stored: condition, within: TimeInterval(within), action: action)
    }

    /// Sets (or, with nil, removes) the follow-up series `id` carries, in one transaction:
    /// its occurrences that have not posted yet carry the new rule instead of the old one;
    /// those already out keep theirs. Returns false when there is no such series.
    public func setSeriesFollowUp(_ id: UUID, _ rule: FollowUpRule?) throws(StoreError) -> Bool {
        let now = self.now()
        return try write { db in
            let key = id.uuidString.lowercased()
            guard var series = try Self.fetchSeries(db, where: "id = ?", arguments: [key]).first else { return false }
            guard series.followUp != rule else { return true }
            // Not a new version: what Telegram holds stays as it is (a plan written later reads
            // the rule in its own transaction).
            series.followUp = rule
            series.updatedAt = now
            try Self.writeSeries(series, db: db, isNew: false)
            let waiting = try Int64.fetchAll(db.cachedStatement(sql: """
                SELECT id FROM send_log WHERE series_id = ? AND withdrawn = 0 AND status IN ('queued', 'sending', 'scheduled')
                """), arguments: [key])
            guard !waiting.isEmpty else { return true }
            try db.execute(sql: "DELETE FROM follow_up WHERE state = 'waiting' AND send_id IN (\(waiting.map(String.init).joined(separator: ",")))")
            if let rule { try Self.insertWaitingFollowUps(db, rule: rule, sendIDs: waiting, now: Self.millis(now)) }
            return true
        }
    }
}
