import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// One data folder as a process works with it: its store, opened once at the process's start,
/// and the clock every part of the process reads. A face holds this, never the store: each
/// area's service comes from here (`templates`, `timers`, `series`, `scheduledSends`,
/// `settings`, `triggers`, `away`, `snippets`, `webhooks`, `followUps`, `drafts`, `sendRules`, `sendLog`, `preview`; for the app,
/// `sendQueue` and `sendHold`), already on the process's clock.
public struct Workspace: Sendable {
    let store: AppDatabase
    /// The data folder.
    public let directory: DataDirectory
    /// The clock the whole process reads (the wall clock at an entry point, a test clock in tests).
    public var clock: any AppClock { store.clock }

    /// The store itself, for tests (`@testable import`): faces reach it only through the
    /// services above and `LiveSession`, which builds the session host on it.
    var database: AppDatabase { store }

    /// Opens the folder's store (creating or migrating it), on `clock`.
    public static func open(_ directory: DataDirectory, clock: any AppClock) throws(StoreError) -> Workspace {
        Workspace(store: try AppDatabase.open(in: directory, clock: clock), directory: directory)
    }

    /// A workspace over a store a face not yet moved over already holds.
    public init(store: AppDatabase, directory: DataDirectory) {
        self.store = store
        self.directory = directory
    }

    /// Templates, with the Markdown checked by `library` when saving (nil: the send checks it).
    public func templates(checkingWith library: TelegramLibrary? = nil) -> TemplateService {
        library?.templates(store) ?? TemplateService(store: store, markup: nil)
    }

    /// Timers; `schedule` runs one schedule pass after a change.
    public func timers(schedule: @escaping @Sendable () async -> Void = {}) -> TimerService {
        TimerService(store: store, clock: clock, schedule: schedule)
    }

    /// Repeating series; `schedule` runs one schedule pass after a change.
    public func series(schedule: @escaping @Sendable () async -> Void = {}) -> SeriesService {
        SeriesService(store: store, clock: clock, schedule: schedule)
    }

    /// What waits on Telegram's schedule; `schedule` runs one schedule pass after a change.
    public func scheduledSends(schedule: @escaping @Sendable () async -> Void = {}) -> ScheduledSendService {
        ScheduledSendService(store: store, schedule: schedule)
    }

    /// The default location and the undo hold.
    public var settings: SettingsService { SettingsService(store: store) }

    /// Trigger links.
    public var triggers: TriggerService { TriggerService(store: store, clock: clock) }

    /// Drafts handed to other apps (email, text message, X).
    public var drafts: DraftService { DraftService(store: store, clock: clock) }

    /// The rules every send passes (the undo hold per source, the request an order makes).
    public var sendRules: SendRules { SendRules(store: store) }

    /// Templates, with the Markdown checked by the session's TDLib when saving.
    func templates(checkingWith environment: TelegramEnvironment) -> TemplateService {
        TemplateService(store: store, markup: environment.backend.transport)
    }

    /// Previews rendered and formatted by the session's TDLib, offline.
    func preview(checkingWith environment: TelegramEnvironment) -> SendPreview {
        SendPreview(store: store, transport: environment.backend.transport)
    }

    /// Previews rendered and formatted by `library`'s offline Markdown parser.
    public func preview(with library: TelegramLibrary) -> SendPreview { library.preview(store) }

    /// Webhooks: endpoints, secrets, the delivery log, test deliveries and the dispatcher.
    public var webhooks: WebhookService { WebhookService(store: store, directory: directory) }

    /// Follow-ups: set on a send, listed, cancelled (judged by `LiveSession.watchFollowUps`).
    public var followUps: FollowUpService { FollowUpService(store: store) }

    /// Away replies' settings and status.
    public var away: AwayService { AwayService(store: store, clock: clock) }

    /// Snippets' settings and status.
    public var snippets: SnippetService { SnippetService(store: store, clock: clock) }

    /// The send log as the faces show it: recent sends, held ones, a batch, their replies.
    public var sendLog: SendLogReader { SendLogReader(store: store) }

    /// Whether the chat directory was loaded from Telegram recently enough to offer as is.
    public func chatDirectoryIsCurrent() throws(StoreError) -> Bool { try store.chatDirectoryIsCurrent() }

    /// The chats templates can target, as last loaded from Telegram (`search` filters by title).
    public func cachedChats(search: String? = nil) throws(StoreError) -> [CachedChat] {
        try store.cachedChats(search: search)
    }
}
