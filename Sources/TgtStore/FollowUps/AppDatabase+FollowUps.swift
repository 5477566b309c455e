import Foundation
import GRDB
import TgtDomain

/// Follow-ups in the store: set on a send, started when its message is out, the reads and
/// replies seen, claimed once to act, ended with the reason.
extension AppDatabase {
    /// How long ended follow-ups are kept.
    static let followUpKeepDays = 30

    /// Sets `followUp` on every Telegram message of its batch that is out or on its way (not on
    /// failed, cancelled or undone ones, nor drafts). Throws `FollowUpError.nothingToFollow`
    /// when there is none, `.tooMany` past `FollowUpRule.maxWaiting` waiting ones, and
    /// `.templateNotFound` for an action's missing template; all in one transaction.
    public func addFollowUps(_ followUp: NewFollowUp) throws(StoreError) -> Result<[FollowUpRecord], FollowUpError> {
        let now = Self.millis(self.now())
        return try write { db -> Result<[FollowUpRecord], FollowUpError> in
            if case .send(let templateID) = followUp.rule.action,
               try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM template WHERE id = ?"), arguments: [templateID.uuidString]) == 0
            {
                return .failure(.templateNotFound)
            }
            let all = try Row.fetchAll(db, sql: """
                SELECT id, chat_id, topic_id, target_title, template_name, status,
                       MIN(updated_at_ms, COALESCE(scheduled_for_ms, updated_at_ms)) AS start_ms FROM send_log
                WHERE (batch_id = ? OR id IN (\(followUp.sendIDs.map(String.init).joined(separator: ",")))) AND kind = 'telegram' AND status IN ('held', 'queued', 'sending', 'scheduled', 'sent')
                  AND (status != 'sent' OR message_id IS NOT NULL)
                ORDER BY id
                """, arguments: [followUp.batchID?.uuidString])
            guard !all.isEmpty else { return .failure(.nothingToFollow) }
            // A message whose wait is already over is not followed: the moment has passed.
            let rows = all.filter { row in
                (row["status"] as String) != "sent" || (row["start_ms"] as Int64) + Int64(followUp.rule.within * 1000) > now
            }
            guard !rows.isEmpty else { return .failure(.alreadyPast) }
            let live = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM follow_up WHERE state IN ('waiting', 'watching', 'firing')")) ?? 0
            guard live + rows.count <= FollowUpRule.maxWaiting else { return .failure(.tooMany(FollowUpRule.maxWaiting)) }
            let ids = try Self.insertWaitingFollowUps(db, rule: followUp.rule, sendIDs: rows.map { $0["id"] as Int64 }, now: now)
            try Self.startFollowUps(db, now: now)
            return .success(try Row.fetchAll(db, sql: "SELECT * FROM follow_up WHERE id IN (\(ids.map { "'\($0)'" }.joined(separator: ",")))")
                .compactMap(Self.followUp))
        }
    }

    /// Starts the waiting follow-ups whose message is out (the wait counts from when Telegram
    /// posted it), and ends those whose send did not go out; prunes long-ended ones.
    /// Takes the write lock only when a row waits or one is due to be pruned: a pass runs
    /// after every send, and most find nothing to do.
    public func startFollowUps() throws(StoreError) {
        let now = Self.millis(self.now())
        let due = try read { db in
            try Bool.fetchOne(db.cachedStatement(sql: """
                SELECT EXISTS (SELECT 1 FROM follow_up WHERE state = 'waiting')
                    OR EXISTS (SELECT 1 FROM follow_up WHERE updated_at_ms < ? AND state NOT IN ('waiting', 'watching', 'firing'))
                """), arguments: [Self.pruneBefore(now)]) ?? false
        }
        guard due else { return }
        try write { db in try Self.startFollowUps(db, now: now) }
    }

    static func startFollowUps(_ db: Database, now: Int64) throws {
        try db.cachedStatement(sql: """
            UPDATE follow_up SET state = 'watching', updated_at_ms = ?,
                message_id = (SELECT message_id FROM send_log WHERE send_log.id = follow_up.send_id),
                started_at_ms = (SELECT MIN(updated_at_ms, COALESCE(scheduled_for_ms, updated_at_ms)) FROM send_log WHERE send_log.id = follow_up.send_id)
            WHERE state = 'waiting' AND EXISTS (
                SELECT 1 FROM send_log WHERE send_log.id = follow_up.send_id AND status = 'sent' AND message_id IS NOT NULL)
            """).execute(arguments: [now])
        try db.cachedStatement(sql: """
            UPDATE follow_up SET state = 'cancelled', updated_at_ms = ?,
                reason = 'Its message did not go out (' || (SELECT status FROM send_log WHERE send_log.id = follow_up.send_id) || '): nothing to follow.'
            WHERE state = 'waiting' AND EXISTS (
                SELECT 1 FROM send_log WHERE send_log.id = follow_up.send_id AND status IN ('failed', 'cancelled', 'undone', 'handed_over'))
            """).execute(arguments: [now])
        // Posted, but its message was never matched (no id after ten minutes): nothing to follow.
        try db.cachedStatement(sql: """
            UPDATE follow_up SET state = 'unknowable', updated_at_ms = ?,
                reason = 'Telegram posted it, but TgTemplates could not tell which message it became: cannot know, nothing was done.'
            WHERE state = 'waiting' AND EXISTS (
                SELECT 1 FROM send_log WHERE send_log.id = follow_up.send_id AND status = 'sent' AND message_id IS NULL AND updated_at_ms < ?)
            """).execute(arguments: [now, now - 600_000])
        try db.cachedStatement(sql: "DELETE FROM follow_up WHERE state NOT IN ('waiting', 'watching', 'firing') AND updated_at_ms < ?").execute(
            arguments: [pruneBefore(now)])
    }

    /// Ended follow-ups last changed before this moment (ms) are pruned: kept `followUpKeepDays`.
    static func pruneBefore(_ now: Int64) -> Int64 { now - Int64(followUpKeepDays) * 86_400_000 }

    /// The follow-ups still live (waiting, watching, firing), soonest first, then up to
    /// `ended` of the latest ended ones.
    public func followUps(ended: Int = 20) throws(StoreError) -> [FollowUpRecord] {
        try read { db in
            let live = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT * FROM follow_up WHERE state IN ('waiting', 'watching', 'firing')
                ORDER BY started_at_ms IS NULL, started_at_ms + within_s * 1000, created_at_ms
                """)).compactMap(Self.followUp)
            let done = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT * FROM follow_up WHERE state NOT IN ('waiting', 'watching', 'firing') ORDER BY updated_at_ms DESC LIMIT ?
                """), arguments: [ended]).compactMap(Self.followUp)
            return live + done
        }
    }

    /// Every follow-up set on the send log rows `sendIDs` (live and ended), oldest first.
    public func followUps(sendIDs: [Int64]) throws(StoreError) -> [FollowUpRecord] {
        guard !sendIDs.isEmpty else { return [] }
        return try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM follow_up WHERE send_id IN (\(sendIDs.map(String.init).joined(separator: ","))) ORDER BY created_at_ms, id")
                .compactMap(Self.followUp)
        }
    }

    /// How many follow-ups are live (waiting, watching, firing).
    public func liveFollowUpCount() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM follow_up WHERE state IN ('waiting', 'watching', 'firing')")) ?? 0 }
    }

    /// Follow-up `id`, if it exists.
    public func followUp(id: UUID) throws(StoreError) -> FollowUpRecord? {
        try read { db in try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM follow_up WHERE id = ?"), arguments: [id.uuidString]).flatMap(Self.followUp) }
    }

    /// The follow-ups being watched.
    public func watchingFollowUps() throws(StoreError) -> [FollowUpRecord] {
        try read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM follow_up WHERE state = 'watching' ORDER BY started_at_ms")).compactMap(Self.followUp)
        }
    }

    /// The other side read `chatID` up to `lastRead`, seen at `date`: every watched message
    /// there up to it, not yet known read, was read by then. Seen before its moment, that is
    /// all a decision needs; seen after it (the news reached a process that was not running
    /// then), it stays undated until Telegram dates it. Returns how many.
    @discardableResult
    public func noteFollowUpRead(chatID: Int64, upTo lastRead: Int64, at date: Date) throws(StoreError) -> Int {
        let seen = Self.millis(date)
        return try write { db in
            try db.cachedStatement(sql: """
                UPDATE follow_up SET
                    read_at_ms = CASE WHEN started_at_ms + within_s * 1000 >= :seen THEN :seen ELSE NULL END,
                    read_undated = CASE WHEN started_at_ms + within_s * 1000 >= :seen THEN NULL ELSE :why END,
                    updated_at_ms = :now
                WHERE state = 'watching' AND chat_id = :chat AND message_id <= :upTo AND read_at_ms IS NULL AND read_undated IS NULL
                """).execute(arguments: ["seen": seen, "now": Self.millis(self.now()), "chat": chatID, "upTo": lastRead,
                                 "why": "the news of the read reached TgTemplates only after its time was up"])
            return db.changesCount
        }
    }

    /// Someone else wrote message `messageID` in `chatID` (in forum topic `topicID`, if any) at
    /// `date`: every watched message before it in the same topic (`FollowUpRule.sameTopic`: no
    /// topic and General are one), without a reply yet, has one. Returns how many.
    @discardableResult
    public func noteFollowUpReply(chatID: Int64, topicID: Int64?, messageID: Int64, at date: Date) throws(StoreError) -> Int {
        try write { db in
            try db.cachedStatement(sql: """
                UPDATE follow_up SET reply_at_ms = ?, updated_at_ms = ?
                WHERE state = 'watching' AND chat_id = ? AND message_id < ? AND reply_at_ms IS NULL AND reply_unknown IS NULL
                  AND COALESCE(topic_id, ?) = COALESCE(?, ?)
                """).execute(arguments: [Self.millis(date), Self.millis(self.now()), chatID, messageID, FollowUpRule.generalTopicID, topicID,
                                 FollowUpRule.generalTopicID])
            return db.changesCount
        }
    }

    /// What a look at the chat after a start found for follow-up `id` (nil: nothing new).
    public func noteFollowUpFacts(id: UUID, read: FollowUpFacts.Read?, reply: FollowUpFacts.Reply?) throws(StoreError) {
        var readAt: Int64?, readUndated: String?, replyAt: Int64?, replyUnknown: String?
        switch read {
        case .readAt(let date)?: readAt = Self.millis(date)
        case .readUndated(let why)?: readUndated = why
        case .unread?, nil: break
        }
        switch reply {
        case .at(let date)?: replyAt = Self.millis(date)
        case .unknown(let why)?: replyUnknown = why
        case .nothing?, nil: break
        }
        let now = Self.millis(self.now())
        let arguments: StatementArguments = ["readAt": readAt, "readUndated": readUndated, "replyAt": replyAt, "replyUnknown": replyUnknown,
                                             "now": now, "id": id.uuidString]
        try write { db in
            // A dated fact wins over an undated one; a fact already kept is not replaced.
            try db.cachedStatement(sql: """
                UPDATE follow_up SET
                    read_at_ms = COALESCE(read_at_ms, :readAt),
                    read_undated = CASE WHEN COALESCE(read_at_ms, :readAt) IS NULL THEN COALESCE(read_undated, :readUndated) ELSE NULL END,
                    reply_at_ms = COALESCE(reply_at_ms, :replyAt),
                    reply_unknown = CASE WHEN COALESCE(reply_at_ms, :replyAt) IS NULL THEN COALESCE(reply_unknown, :replyUnknown) ELSE NULL END,
                    updated_at_ms = :now
                WHERE id = :id AND state = 'watching'
                """).execute(arguments: arguments)
        }
    }

    /// Messages of `chatID` were deleted: live follow-ups on them end (nothing left to follow).
    public func followedMessagesDeleted(chatID: Int64, messageIDs: [Int64]) throws(StoreError) {
        guard !messageIDs.isEmpty else { return }
        let list = messageIDs.map(String.init).joined(separator: ",")
        try write { db in
            try db.execute(sql: """
                UPDATE follow_up SET state = 'cancelled', reason = 'Its message was deleted: nothing to follow.', updated_at_ms = ?
                WHERE state = 'watching' AND chat_id = ? AND message_id IN (\(list))
                """, arguments: [Self.millis(self.now()), chatID])
        }
    }

    /// Claims follow-up `id` to act on it: true once, for the one caller that moved it from
    /// watching to firing; with `unchangedSince`, only if nothing was noted on it after that
    /// (its `updatedAt` when the decision was made).
    public func claimFollowUp(id: UUID, unchangedSince version: Date? = nil) throws(StoreError) -> Bool {
        let now = Self.millis(self.now())
        let expected = version.map(Self.millis)
        return try write { db in
            try db.cachedStatement(sql: """
                UPDATE follow_up SET state = 'firing', updated_at_ms = ?
                WHERE id = ? AND state = 'watching' AND (? IS NULL OR updated_at_ms = ?)
                """).execute(arguments: [now, id.uuidString, expected, expected])
            return db.changesCount == 1
        }
    }

    /// Ends follow-up `id` (live) as `state` with `reason`; `batch` is what its action sent.
    public func endFollowUp(id: UUID, as state: FollowUpRecord.State, reason: String?, batch: UUID? = nil) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: """
                UPDATE follow_up SET state = ?, reason = ?, fired_batch = ?, updated_at_ms = ?
                WHERE id = ? AND state IN ('waiting', 'watching', 'firing')
                """).execute(arguments: [state.rawValue, reason, batch?.uuidString, Self.millis(self.now()), id.uuidString])
        }
    }

    /// Cancels follow-up `id` if it is waiting or watching; says what it was.
    public func cancelFollowUp(id: UUID) throws(StoreError) -> Result<FollowUpRecord, FollowUpError> {
        let now = Self.millis(self.now())
        return try write { db -> Result<FollowUpRecord, FollowUpError> in
            guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM follow_up WHERE id = ?"), arguments: [id.uuidString]),
                  let found = Self.followUp(row) else { return .failure(.notFound) }
            guard found.state == .waiting || found.state == .watching else { return .failure(.alreadyEnded) }
            try db.cachedStatement(sql: "UPDATE follow_up SET state = 'cancelled', reason = 'Cancelled.', updated_at_ms = ? WHERE id = ?").execute(
                arguments: [now, id.uuidString])
            var cancelled = found
            cancelled.state = .cancelled
            cancelled.reason = "Cancelled."
            cancelled.updatedAt = Self.date(now)
            return .success(cancelled)
        }
    }

    /// Follow-ups a stopped process left acting end `failed`: whether the action went out is
    /// not known (its send, if any, is in the send log).
    public func settleInterruptedFollowUps() throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: """
                UPDATE follow_up SET state = 'failed', updated_at_ms = ?,
                    reason = 'Interrupted: TgTemplates stopped while acting on it. Check Recent and the chat.'
                WHERE state = 'firing'
                """).execute(arguments: [Self.millis(self.now())])
        }
    }

    static func followUp(_ row: Row) -> FollowUpRecord? {
        guard let id = UUID(uuidString: row["id"]), let condition = FollowUpCondition(rawValue: row["condition"]),
              let state = FollowUpRecord.State(rawValue: row["state"]) else { return nil }
        let action: FollowUpAction
        if (row["action"] as String?) == "send" {
            guard let template = (row["action_template_id"] as String?).flatMap(UUID.init(uuidString:)) else { return nil }
            action = .send(templateID: template)
        } else {
            action = .remind
        }
        let within: Int64 = row["within_s"]
        let rule = FollowUpRule(stored: condition, within: TimeInterval(within), action: action)
        var read = FollowUpFacts.Read.unread
        if let at: Int64 = row["read_at_ms"] { read = .readAt(date(at)) } else if let why: String = row["read_undated"] { read = .readUndated(why: why) }
        var reply = FollowUpFacts.Reply.nothing
        if let at: Int64 = row["reply_at_ms"] { reply = .at(date(at)) } else if let why: String = row["reply_unknown"] { reply = .unknown(why: why) }
        return FollowUpRecord(
            id: id, sendID: row["send_id"], chatID: row["chat_id"], topicID: row["topic_id"], targetTitle: row["target_title"],
            templateName: row["template_name"], rule: rule, state: state, messageID: row["message_id"],
            startedAt: (row["started_at_ms"] as Int64?).map(date), facts: FollowUpFacts(read: read, reply: reply), reason: row["reason"],
            firedBatch: (row["fired_batch"] as String?).flatMap(UUID.init(uuidString:)),
            createdAt: date(row["created_at_ms"]), updatedAt: date(row["updated_at_ms"]))
    }
}
