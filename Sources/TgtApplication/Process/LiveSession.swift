import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// The Telegram session of a process that stays up — the dashboard's server (`tgt serve`) and
/// the app — over its workspace: built once at the process's start (it takes the data folder's
/// TDLib lock until `shutdown`), it starts TDLib when credentials exist, restarts it after a
/// logout, and is the door through which such a face reaches Telegram: the account's state and
/// login, its chats (`chats()`), sending (`sending`), the schedule, and what happens as it
/// happens (`events`, `storeChanges`). A face holds this, never the session or its services.
public struct LiveSession: Sendable {
    let host: SessionHost
    /// The data folder's store and services, on the process's clock.
    public let workspace: Workspace

    /// Takes the data folder's TDLib lock for `workspace` (or fails saying which process holds
    /// it); TDLib starts with `start()`.
    public init(connection: TelegramConnection, workspace: Workspace) throws(TelegramError) {
        host = try SessionHost(environment: connection.environment, store: workspace.store, clock: workspace.clock)
        self.workspace = workspace
    }

    /// Over a session host a test (or a lower layer) already holds.
    public init(host: SessionHost) {
        self.host = host
        workspace = Workspace(store: host.store, directory: host.environment.directory)
    }

    /// The clock the whole process reads.
    public var clock: any AppClock { host.clock }
    /// The data folder.
    public var directory: DataDirectory { host.environment.directory }
    /// The folders TDLib writes files into (its database and the downloaded files): the only
    /// places a face may serve a file TDLib names from.
    public var tdlibFolders: [URL] { [host.environment.tdlibDatabaseFolder, host.environment.directory.tdlibFilesFolder] }
    /// Templates, with the Markdown checked by the session's TDLib when saving.
    public var templates: TemplateService { workspace.templates(checkingWith: host.environment) }
    /// Previews rendered and formatted by the session's TDLib, offline.
    public var preview: SendPreview { workspace.preview(checkingWith: host.environment) }
    /// The API credentials in effect, from the session's own secret store (the data folder's
    /// file, or the app's Keychain); nil when none are set up. Saving is `saveCredentials`.
    public func apiCredentials() throws(CredentialsError) -> APICredentials? { try host.environment.secrets.credentials() }

    // MARK: - The session's life

    /// Starts TDLib if the credentials are there; otherwise waits for `saveCredentials`.
    public func start() async { await host.start() }

    /// Stops taking sends, waits (at most `grace` seconds) for those in flight, closes TDLib
    /// and releases the folder. A second call returns at once.
    public func shutdown(grace: Double = 20) async { await host.shutdown(grace: grace) }

    /// Closes the current client (if any) and opens a new one.
    public func restart() async { await host.restart() }

    /// Whether API credentials exist.
    public var hasCredentials: Bool { get async { await host.hasCredentials } }

    /// Why TDLib is not running, when it failed to start.
    public var lastStartError: TelegramError? { get async { await host.lastStartError } }

    /// Whether TDLib runs and the account is logged in.
    public var isLoggedIn: Bool { get async { await host.session?.authorizationState == .ready } }

    /// Saves API credentials and (re)starts TDLib with them.
    public func saveCredentials(_ credentials: APICredentials) async throws(StoreError) {
        try await host.saveCredentials(credentials)
    }

    /// Logs out of Telegram; a fresh client is started for the next login.
    public func logOut() async throws(TelegramError) { try await host.logOut() }

    // MARK: - What happens

    /// Connection and login changes, per-target send progress and chat changes, as TDLib
    /// reports them (the current connection or login state first when `replayingCurrent`).
    public func events(replayingCurrent: Bool = true) -> AsyncStream<SessionEvent> {
        host.events.subscribe(replayingCurrent: replayingCurrent)
    }

    /// The areas of the store that changed, by any process, from now on (ends at shutdown).
    public func storeChanges() -> AsyncStream<Set<StoreChange>> { host.storeChanges.changes() }

    // MARK: - Doors

    /// The logged-in account's chats; files to send are staged in the folder's outgoing copies.
    public func chats() async throws(TelegramError) -> SessionChatAccess {
        SessionChatAccess(service: try await host.chatService(), staging: OutgoingStaging(root: directory.outgoingFolder), clock: clock)
    }

    /// Reloads the chat directory (the targets a template may name) from Telegram into the store.
    public func refreshChats() async throws(TelegramError) -> [CachedChat] { try await host.refreshChats() }

    /// Sending on this session, now and on Telegram's schedule; a shutdown waits for sends in
    /// flight, and their progress goes out as `events`.
    public var sending: SendService {
        let host = host
        return SendService(
            workspace: workspace, onSession: { request, work in try await host.withSender(request, work) },
            schedule: { request, date in
                guard let keeper = await host.scheduleKeeper else { throw TelegramError.notLoggedIn }
                return try await keeper.scheduleLater(request, at: date)
            })
    }

    /// One schedule pass now (after a timer or a scheduled send changed), when logged in.
    public func syncSchedule() async {
        if let keeper = await host.scheduleKeeper { await keeper.sync() }
    }
}
