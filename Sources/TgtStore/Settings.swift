import Foundation
import GRDB
import TgtDomain

/// Non-secret preferences kept in the database.
public enum SettingKey: String, Sendable, CaseIterable {
    /// "LAT,LON" used when a send needs a location and none is given.
    case defaultLocation = "default_location"
    /// TDLib's `message_text_length_max`, remembered from the last session.
    case messageTextLengthMax = "message_text_length_max"
    /// The account's display name, for `{{me}}` when offline.
    case accountName = "account_name"
    /// The format the cached chat directory was written in (`AppDatabase.chatDirectoryFormat`).
    case chatDirectoryFormat = "chat_directory_format"
    /// Seconds a one-tap send waits before it goes out, so it can be undone (`UndoHold`).
    case undoHold = "undo_hold_seconds"
    /// Away replies and greetings (`AwaySettings`, JSON).
    case away = "away_settings"
    /// When `tgt serve` last looked for messages to answer (ms since 1970).
    case awayCheckedAt = "away_checked_at_ms"
    /// Snippets (`SnippetSettings`, JSON).
    case snippets = "snippet_settings"
    /// When `tgt serve` last looked for snippets to expand (ms since 1970).
    case snippetsCheckedAt = "snippets_checked_at_ms"
    /// The newest snippet outcome (a send log id) this store's app has told the person about.
    case snippetNoticeMark = "snippet_notice_mark"
}

extension AppDatabase {
    public func setting(_ key: SettingKey) throws(StoreError) -> String? {
        try read { db in try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM setting WHERE key = ?"), arguments: [key.rawValue]) }
    }

    /// A setting kept as JSON (`AwaySettings`, `SnippetSettings`): nil when never set or unreadable.
    public func jsonSetting<Value: Decodable>(_ key: SettingKey, as type: Value.Type) throws(StoreError) -> Value? {
        guard let text = try setting(key) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }

    /// Sets a setting kept as JSON, with sorted keys.
    public func setJSONSetting<Value: Encodable>(_ key: SettingKey, _ value: Value) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value) else { throw .dataDirectory("the \(key.rawValue) setting could not be encoded") }
        try setSetting(key, String(decoding: data, as: UTF8.self))
    }

    /// Sets (or with nil, removes) a setting.
    public func setSetting(_ key: SettingKey, _ value: String?) throws(StoreError) {
        if key == .accountName { notedSenderName.withLock { $0 = nil } }
        try write { db in
            if let value {
                try db.cachedStatement(sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").execute(
                    arguments: [key.rawValue, value])
            } else {
                try db.cachedStatement(sql: "DELETE FROM setting WHERE key = ?").execute(arguments: [key.rawValue])
            }
        }
    }

    /// The configured default location, if any.
    public func defaultLocation() throws(StoreError) -> Coordinate? {
        try setting(.defaultLocation).flatMap(Coordinate.init(parsing:))
    }

    /// Sets (or with nil, forgets) the default location.
    public func setDefaultLocation(_ coordinate: Coordinate?) throws(StoreError) {
        try setSetting(.defaultLocation, coordinate?.description)
    }

    /// The undo hold of one-tap sends: the setting, or the standard 5 s when unset or unreadable.
    public func undoHold() throws(StoreError) -> UndoHold {
        try setting(.undoHold).flatMap { Int($0) }.flatMap { UndoHold(seconds: $0) } ?? .standard
    }

    public func setUndoHold(_ hold: UndoHold) throws(StoreError) {
        try setSetting(.undoHold, hold.description)
    }

    /// The validator with TDLib's text limit when known.
    public func validator() -> TemplateValidator {
        let limit = (try? setting(.messageTextLengthMax)).flatMap { $0.flatMap(Int.init) }
        return TemplateValidator(maxTextLength: limit ?? TemplateValidator.defaultMaxTextLength)
    }
}
