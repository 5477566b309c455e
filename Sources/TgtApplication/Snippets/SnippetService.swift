import Foundation
import TgtDomain
import TgtStore

/// Snippets' settings for every face (Settings, the API, `tgt snippets`): read, and save after
/// checking the prefix; and when the running dashboard last looked for snippets.
public struct SnippetService: Sendable {
    let store: AppDatabase
    public let clock: any AppClock

    public init(store: AppDatabase, clock: any AppClock) {
        self.store = store
        self.clock = clock
    }

    public func settings() throws(StoreError) -> SnippetSettings { try store.snippetSettings() }

    /// Saves `settings` (changing nothing when the prefix is refused).
    public func save(_ settings: SnippetSettings) throws {
        try store.setSnippetSettings(try settings.validated())
    }

    /// When `tgt serve` last looked for snippets (nil: no dashboard has run with them on).
    public func checkedAt() throws(StoreError) -> Date? { try store.snippetsCheckedAt() }

    /// What snippets did lately, newest first: expanded (`sent`), or left as typed (`failed`,
    /// with why in `error`).
    public func recent(limit: Int = 5) throws(StoreError) -> [SendLogEntry] { try store.recentSnippets(limit: limit) }

    /// The newest snippet outcome (a send log id) already told to the person, kept across
    /// restarts; nil before any was told.
    public func noticeMark() throws(StoreError) -> Int64? { try store.snippetNoticeMark() }

    /// Remembers that outcomes up to send log id `id` were told.
    public func setNoticeMark(_ id: Int64) throws(StoreError) { try store.setSnippetNoticeMark(id) }

    /// Notes that the snippets looked for messages now.
    public func noteCheck() throws(StoreError) { try store.noteSnippetsCheck(at: clock.now) }
}
