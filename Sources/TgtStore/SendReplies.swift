import Foundation
import GRDB

/// A reply someone sent to a message a template posted, as Recent shows it.
public struct SendReply: Sendable, Hashable, Codable {
    public var sendID: Int64
    public var chatID: Int64
    public var messageID: Int64
    public var senderName: String
    /// One line of the reply (its text, or its media label), at most 200 characters.
    public var preview: String
    public var receivedAt: Date

    public init(sendID: Int64, chatID: Int64, messageID: Int64, senderName: String, preview: String, receivedAt: Date) {
        self.sendID = sendID
        self.chatID = chatID
        self.messageID = messageID
        self.senderName = senderName
        self.preview = preview
        self.receivedAt = receivedAt
    }
}

extension AppDatabase {
    /// Records that message `messageID` of `chatID` replies to `repliedMessageID`, when that is a
    /// message a template sent. Returns the send it answers (nil when it answers something
    /// else, or was already recorded).
    @discardableResult
    public func recordReply(chatID: Int64, repliedMessageID: Int64, messageID: Int64, senderName: String, preview: String,
                            at date: Date) throws(StoreError) -> Int64?
    {
        let name = String(OutsideText.storable(senderName).prefix(128))
        let line = String(OutsideText.storable(preview).prefix(200))
        return try write { db in
            guard let sendID = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM send_log WHERE chat_id = ? AND message_id = ? AND status = 'sent' LIMIT 1"),
                                                 arguments: [chatID, repliedMessageID])
            else { return nil }
            try db.cachedStatement(sql: """
                INSERT OR IGNORE INTO send_reply (send_id, chat_id, message_id, sender_name, preview, received_at_ms)
                VALUES (?, ?, ?, ?, ?, ?)
                """).execute(arguments: [sendID, chatID, messageID, name, line, Self.millis(date)])
            return db.changesCount > 0 ? sendID : nil
        }
    }

    /// The replies to the given sends, oldest first, by send id.
    public func replies(toSends ids: [Int64]) throws(StoreError) -> [Int64: [SendReply]] {
        guard !ids.isEmpty else { return [:] }
        return try read { db in
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ",")
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM send_reply WHERE send_id IN (\(marks)) ORDER BY received_at_ms, id",
                                        arguments: StatementArguments(ids))
            var out: [Int64: [SendReply]] = [:]
            for row in rows {
                let reply = SendReply(sendID: row["send_id"], chatID: row["chat_id"], messageID: row["message_id"], senderName: row["sender_name"],
                                      preview: row["preview"], receivedAt: Self.date(row["received_at_ms"]))
                out[reply.sendID, default: []].append(reply)
            }
            return out
        }
    }

    /// Messages templates sent since `date`, by chat: the oldest message id of each (where a
    /// look for missed replies starts).
    public func sentMessages(since date: Date) throws(StoreError) -> [Int64: Int64] {
        try read { db in
            var out: [Int64: Int64] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: """
                SELECT chat_id, MIN(message_id) AS oldest FROM send_log
                WHERE status = 'sent' AND message_id IS NOT NULL AND updated_at_ms >= ? GROUP BY chat_id
                """), arguments: [Self.millis(date)]) {
                out[row["chat_id"]] = row["oldest"]
            }
            return out
        }
    }
}

extension AppDatabase {
    /// Gives a posted scheduled message (a timer's completion, a send later) its message id,
    /// so replies to it can be matched: the newest row of the chat with the same text
    /// fingerprint, scheduled within `window` of the post, without an id yet. Returns whether
    /// a row took it.
    @discardableResult
    public func adoptPostedMessage(chatID: Int64, textDigest: String, postedAt date: Date, messageID: Int64,
                                   window: TimeInterval = 300) throws(StoreError) -> Bool
    {
        try write { db in
            try db.cachedStatement(sql: """
                UPDATE send_log SET message_id = ? WHERE id = (
                    SELECT id FROM send_log
                    WHERE chat_id = ? AND text_digest = ? AND message_id IS NULL AND scheduled_for_ms IS NOT NULL
                      AND status IN ('sending', 'scheduled', 'sent') AND scheduled_for_ms BETWEEN ? AND ?
                    ORDER BY scheduled_for_ms DESC, id DESC LIMIT 1)
                """).execute(arguments: [messageID, chatID, textDigest, Self.millis(date.addingTimeInterval(-window)), Self.millis(date.addingTimeInterval(window))])
            return db.changesCount > 0
        }
    }
}
