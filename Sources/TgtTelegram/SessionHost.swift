import Foundation
import Logging
import TgtDomain
import TgtStore
import TgtTDLib

/// The one Telegram session a long-running front end (the dashboard, the iOS app) owns for its
/// data folder.
///
/// It takes the folder's lock when created and keeps it until `shutdown()`, so no other
/// process can open TDLib there meanwhile; it opens TDLib as soon as API credentials exist,
/// opens a fresh client after a logout, runs one start or restart at a time (never two TDLib
/// clients at once), counts sends in flight so a shutdown can wait for them, and republishes
/// connection, login and send progress as `SessionEvent`s.
public actor SessionHost {
    public nonisolated let environment: TelegramEnvironment
    public nonisolated let store: AppDatabase
    public nonisolated let events = Broadcast<SessionEvent>()
    /// The store's changes, by any process: what open screens follow to reload (stopped at
    /// shutdown).
    public nonisolated let storeChanges: StoreChangeFeed
    private let lock: SessionLock
    private var open: OpenSession?
    private var watcher: Task<Void, Never>?
    private var startError: TelegramError?
    private var activeSends = 0
    /// A shutdown waiting for the sends in flight: resumed when the last one ends or its grace
    /// time is up, whichever comes first.
    private var sendsSettled: CheckedContinuation<Void, Never>?
    /// Where "now" comes from and what waits sleep on (the session's keeper uses it too).
    public nonisolated let clock: any AppClock
    private var shuttingDown = false
    private var pending: Task<Void, Never>?
    /// When this process took the folder: older unfinished send log rows are another's.
    /// (On the store's clock, which stamps the rows.)
    private let tookSessionAt: Date
    private var recoveredInterruptedSends = false
    private var lateVerdicts: Task<Void, Never>?
    /// Settles sends an earlier run left in their undo hold (`HeldSendRecovery`).
    private var heldRecovery: Task<Void, Never>?
    /// Keeps Telegram's schedule in step with timers and "send later" while the session runs.
    public private(set) var scheduleKeeper: ScheduleKeeper?
    private var keeperLoop: Task<Void, Never>?
    private let logger = Logger(label: "tgt.telegram.host")

    /// Takes the data folder's TDLib lock (or fails saying which process holds it).
    public init(environment: TelegramEnvironment, store: AppDatabase, clock: any AppClock) throws(TelegramError) {
        self.environment = environment
        self.store = store
        self.clock = clock
        tookSessionAt = store.clock.now
        storeChanges = StoreChangeFeed(store: store, clock: clock)
        lock = try SessionLock(directory: environment.directory)
    }

    /// Starts TDLib if the credentials are there; otherwise waits for `saveCredentials`.
    public func start() async {
        await transition { await $0.startNow() }
    }

    /// Runs one start/restart at a time; requests that need the session wait for it, so a
    /// client never sees the gap between two TDLib clients.
    private func transition(_ work: @escaping @Sendable (SessionHost) async -> Void) async {
        let previous = pending
        let task = Task {
            await previous?.value
            await work(self)
        }
        pending = task
        await task.value
    }

    private func startNow() async {
        guard open == nil, !shuttingDown, environment.hasCredentials else { return }
        do {
            let session = try await environment.openSession(holding: lock, releaseOnFailure: false)
            open = session
            startError = nil
            watch(session.session)
            await recoverInterruptedSends(session.session)
            // After the recovery of interrupted sends, whose window must not see our own
            // scheduled messages.
            let keeper = ScheduleKeeper(session: session.session, store: store, clock: clock)
            scheduleKeeper = keeper
            let changes = storeChanges.changes()
            keeperLoop = Task { await keeper.keepRunning(following: changes) }
        } catch {
            startError = error
            logger.error("TDLib did not start", metadata: ["error": "\(error.message)"])
        }
    }

    /// Once per run, before any send of ours: settles what an earlier process left
    /// unfinished (requests wait for it, as for any start), then keeps listening in the
    /// background for verdicts TDLib had not given yet.
    private func recoverInterruptedSends(_ session: TelegramSession) async {
        guard !recoveredInterruptedSends else {
            await session.endRecoveryWindow()
            return
        }
        recoveredInterruptedSends = true
        let recovery = InterruptedSendRecovery(session: session, store: store)
        let outcome = await recovery.run(before: tookSessionAt)
        if outcome.total > 0 {
            logger.notice("settled sends an earlier run left unfinished", metadata: [
                "sent": "\(outcome.sent)", "failed": "\(outcome.failed)", "not_sent": "\(outcome.notSent)", "uncertain": "\(outcome.uncertain)",
            ])
        }
        if !outcome.stillPending.isEmpty {
            lateVerdicts = Task { await recovery.followLateVerdicts(outcome.stillPending) }
        }
        // In the background: a leftover whose hold has not ended waits for it (its tile shows
        // it held, with Undo, meanwhile).
        let held = HeldSendRecovery(sender: Sender(session: session, store: store), store: store, clock: clock)
        let cutoff = tookSessionAt
        heldRecovery = Task { _ = await held.run(before: cutoff) }
    }

    /// Whether API credentials exist: a running session had them, so the credentials file is
    /// read only while there is none (this is asked on every page and status call).
    public var hasCredentials: Bool { open != nil || environment.hasCredentials }

    /// The running session, if TDLib has started.
    public var session: TelegramSession? { open?.session }

    /// Why TDLib is not running, when it failed to start.
    public var lastStartError: TelegramError? { startError }

    /// The session (after any start or restart under way), or the error a front end should show.
    public func requireSession() async throws(TelegramError) -> TelegramSession {
        if let pending { await pending.value }
        if let session = open?.session { return session }
        if let startError { throw startError }
        if !hasCredentials {
            throw .notSetUp("The Telegram API credentials are not set up yet.", next: "Enter the API id and hash from my.telegram.org.")
        }
        throw .startFailed("the Telegram session is not running")
    }

    /// The session, only when logged in.
    public func requireLoggedIn() async throws(TelegramError) -> TelegramSession {
        let session = try await requireSession()
        guard session.authorizationState == .ready else { throw .notLoggedIn }
        return session
    }

    /// Saves API credentials and (re)starts TDLib with them.
    public func saveCredentials(_ credentials: APICredentials) async throws(StoreError) {
        try environment.secrets.saveCredentials(credentials)
        await restart()
    }

    /// Logs out of Telegram; a fresh client is started for the next login.
    public func logOut() async throws(TelegramError) {
        let session = try await requireSession()
        try await LoginFlow(session: session).logOut()
        await restart(replacing: session)
    }

    /// Closes the current client (if any) and opens a new one.
    public func restart() async {
        await restart(replacing: nil)
    }

    /// Restarts only if `session` (when given) is still the current one: a logout and the
    /// watcher noticing the closed client must not restart twice.
    private func restart(replacing session: TelegramSession?) async {
        await transition { host in
            if let session, await host.open?.session !== session { return }
            await host.closeCurrent()
            await host.startNow()
            await host.publishLogin()
        }
    }

    /// Stops the schedule keeper and waits for its pass in progress.
    private func stopKeeper() async {
        keeperLoop?.cancel()
        await scheduleKeeper?.stop()
        await keeperLoop?.value
        keeperLoop = nil
        scheduleKeeper = nil
    }

    private func closeCurrent() async {
        await stopKeeper()
        watcher?.cancel()
        if let open { await open.closeKeepingLock() }
        open = nil
    }

    /// Sends a template; counted so a shutdown waits for it. Progress goes out as events.
    public func send(_ request: SendRequest) async throws(SendError) -> SendReport {
        do {
            return try await withSender(request) { sender, request in try await sender.send(request) { _ in } }
        } catch let error as SendError {
            throw error
        } catch {
            throw .store(error.localizedDescription)
        }
    }

    /// Runs `work` with this session's sender (its progress also goes out as events), the
    /// request's `{{me}}` filled in. A shutdown waits for it (up to its grace) like a send.
    public func withSender<T: Sendable>(_ request: SendRequest,
                                        _ work: @Sendable (any MessageSending, SendRequest) async throws -> T) async throws -> T
    {
        guard !shuttingDown else { throw SendError.store("TgTemplates is shutting down; nothing was sent.") }
        guard let session = open?.session, session.authorizationState == .ready else { throw SendError.notLoggedIn }
        var request = request
        if let me = await session.senderName(keepingIn: store) { request.context.me = me }
        activeSends += 1
        defer { finishSend() }
        return try await work(HostSender(sender: Sender(session: session, store: store), events: events, templateID: request.template.id), request)
    }

    private func finishSend() {
        activeSends -= 1
        if activeSends == 0 { stopWaitingForSends() }
    }

    private func stopWaitingForSends() {
        sendsSettled?.resume()
        sendsSettled = nil
    }

    /// Reloads the chat directory from Telegram into the store.
    /// The chat services of the logged-in session.
    public func chatService() async throws(TelegramError) -> ChatService {
        ChatService(session: try await requireLoggedIn(), clock: clock)
    }

    public func refreshChats() async throws(TelegramError) -> [CachedChat] {
        let session = try await requireLoggedIn()
        return try await ChatDirectory(session: session).refresh(into: store)
    }

    /// Stops taking sends, waits (at most `grace` seconds) for those in flight, marks any
    /// still unfinished as interrupted, closes TDLib and releases the folder.
    /// A second call returns at once.
    public func shutdown(grace: Double = 20) async {
        guard !shuttingDown else { return }
        shuttingDown = true
        if let pending { await pending.value }
        if activeSends > 0 {
            logger.info("waiting for sends in flight", metadata: ["count": "\(activeSends)"])
            let clock = self.clock
            let graceOver = Task { [weak self] in
                guard (try? await clock.sleep(for: grace)) != nil else { return }
                await self?.stopWaitingForSends()
            }
            await withCheckedContinuation { sendsSettled = $0 }
            graceOver.cancel()
        }
        do {
            // TDLib keeps what it accepted and sends it after the next start; until then these
            // are honestly "may have been delivered" (or "not sent" if never handed over).
            let settled = try store.settleInterruptedSends()
            if settled > 0 { logger.warning("marked unfinished sends as interrupted", metadata: ["count": "\(settled)"]) }
        } catch {
            logger.error("could not update the send log", metadata: ["error": "\(error.message)"])
        }
        lateVerdicts?.cancel()
        heldRecovery?.cancel()
        await stopKeeper()
        watcher?.cancel()
        if let open { await open.close() } else { lock.release() }
        open = nil
        events.finish()
        storeChanges.stop()
    }

    /// Follows the session's connection and authorization changes; restarts after a logout.
    private func watch(_ session: TelegramSession) {
        watcher?.cancel()
        let events = self.events
        let replies = ReplyWatcher(session: session, store: store)
        let clock = self.clock
        let staging = OutgoingStaging(root: environment.directory.outgoingFolder)
        watcher = Task { [weak self] in
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await state in session.connection.subscribe() {
                        events.send(.connection(state))
                    }
                }
                group.addTask {
                    for await event in session.chatEvents.subscribe(replayingCurrent: false) {
                        events.send(.chat(event))
                        // A send from a staged copy settled, whichever process made it: the copy goes.
                        if case .messageSent(_, let message) = event { staging.forgetSettled(message) }
                        if case .messageFailed(_, let message, _) = event { staging.forgetSettled(message) }
                        guard case .newMessage(let message) = event else { continue }
                        if message.isOutgoing {
                            replies.adoptPosted(message)
                        } else if message.replyTo != nil {
                            _ = await replies.consider(message)
                        }
                    }
                }
                group.addTask {
                    var loadedChats = false
                    for await state in session.authorization.subscribe() {
                        if state == .ready, !loadedChats {
                            // The chat lists, kept from updates from now on (loadChats until 404).
                            loadedChats = true
                            Task {
                                try? await ChatService(session: session, clock: clock).loadChatLists()
                                // Replies that came while nothing ran (two days back, bounded per chat).
                                _ = await replies.catchUp(since: clock.now.addingTimeInterval(-2 * 86_400))
                            }
                        }
                        events.send(.login(LoginStep(state)))
                        if state == .closed {
                            await self?.sessionClosed(session)
                            return
                        }
                    }
                }
            }
        }
    }

    /// TDLib closed by itself (after a logout from another device, say): open a new client.
    private func sessionClosed(_ session: TelegramSession) async {
        guard !shuttingDown, open?.session === session else { return }
        logger.info("the Telegram session closed; starting a new one")
        await restart(replacing: session)
    }

    private func publishLogin() {
        let step = open?.session.authorizationState.map { LoginStep($0) } ?? .starting
        events.send(.login(step))
    }
}

extension LoginStep {
    /// A stable name for the step, used by the API and the pages.
    public var key: String {
        switch self {
        case .starting: "starting"
        case .phoneNumber: "phone_number"
        case .code: "code"
        case .password: "password"
        case .emailAddress: "email_address"
        case .emailCode: "email_code"
        case .registration: "registration"
        case .qrCode: "qr_code"
        case .unsupported: "unsupported"
        case .ready: "ready"
        case .loggingOut: "logging_out"
        case .closed: "closed"
        }
    }
}
