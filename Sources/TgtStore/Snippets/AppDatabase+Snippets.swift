import Foundation
import GRDB
import TgtDomain

/// Snippets in the store: the settings, the claim that lets a message be acted on once
/// (restarts included), and the send log rows that show each expansion, or why a snippet was
/// left as typed, in Recent.
extension AppDatabase {
    /// The snippet settings (off when never set or unreadable).
    public func snippetSettings() throws(StoreError) -> SnippetSettings {
        try jsonSetting(.snippets, as: SnippetSettings.self) ?? SnippetSettings()
    }

    public func setSnippetSettings(_ settings: SnippetSettings) throws(StoreError) {
        try setJSONSetting(.snippets, settings)
    }

    /// How long a claim is kept: far longer than Telegram lets a message be edited (48 hours).
    static let snippetClaimDays = 30

    /// Claims message `messageID` of chat `chatID` for a snippet at `now`: true the first time,
    /// false when it was claimed before (by this process, an earlier run, or another process).
    public func claimSnippet(chatID: Int64, messageID: Int64, at now: Date) throws(StoreError) -> Bool {
        try write { db in
            try db.cachedStatement(sql: "DELETE FROM snippet_claim WHERE at_ms < ?").execute(
                arguments: [Self.millis(now) - Int64(Self.snippetClaimDays) * 86_400_000])
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO snippet_claim (chat_id, message_id, at_ms) VALUES (?, ?, ?)").execute(
                arguments: [chatID, messageID, Self.millis(now)])
            return db.changesCount == 1
        }
    }

    /// Records what a snippet did in the send log (origin `snippet`): the template's text put
    /// into message `messageID`, or, with `error`, why the message was left as typed.
    public func logSnippet(templateID: UUID?, templateName: String, target: Target, messageID: Int64, error: String?, at now: Date) throws(StoreError) {
        try write { db in
            try db.cachedStatement(sql: """
                    INSERT INTO send_log (batch_id, template_id, template_name, chat_id, topic_id, target_title, status, error, message_id,
                                          origin, queued_at_ms, updated_at_ms)
                    VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, 'snippet', ?, ?)
                    """).execute(
                arguments: [UUID().uuidString, templateID?.uuidString, templateName, target.chatID, target.chatTitle, error == nil ? "sent" : "failed",
                            error, error == nil ? messageID : nil, Self.millis(now), Self.millis(now)])
        }
    }

    /// What snippets did lately (their send log rows), newest first.
    public func recentSnippets(limit: Int) throws(StoreError) -> [SendLogEntry] {
        try read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT * FROM send_log WHERE origin = 'snippet' ORDER BY queued_at_ms DESC, id DESC LIMIT ?"), arguments: [limit])
                .compactMap(Self.sendLogEntry)
        }
    }

    /// When `tgt serve` last looked for snippets to expand.
    public func snippetsCheckedAt() throws(StoreError) -> Date? {
        try setting(.snippetsCheckedAt).flatMap { Int64($0) }.map(Self.date)
    }

    public func noteSnippetsCheck(at now: Date) throws(StoreError) {
        try setSetting(.snippetsCheckedAt, String(Self.millis(now)))
    }

    /// The newest snippet outcome told to the person (a send log id); nil before any.
    public func snippetNoticeMark() throws(StoreError) -> Int64? {
        try setting(.snippetNoticeMark).flatMap { Int64($0) }
    }

    public func setSnippetNoticeMark(_ id: Int64) throws(StoreError) {
        try setSetting(.snippetNoticeMark, String(id))
    }
}
