import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// A Telegram session one process opens for one piece of work (a `tgt` command's) and closes
/// after it: what the work does on it — send, schedule, read chats, log in — and the settling
/// every opening does first (sends an earlier run left unfinished or held, the schedule pass).
/// The face words each outcome; it never touches the session itself.
public struct CommandSession: Sendable {
    let open: OpenSession
    let workspace: Workspace
    var session: TelegramSession { open.session }

    init(open: OpenSession, workspace: Workspace) {
        self.open = open
        self.workspace = workspace
    }

    /// Whether the account is logged in.
    public var isLoggedIn: Bool { session.authorizationState == .ready }

    /// The connection's states as they change, the current one first.
    public func connectionStates() -> AsyncStream<ConnectionState> { session.connection.subscribe() }

    /// Closes TDLib and releases the folder's lock.
    public func close() async { await open.close() }

    /// What the settling of sends an earlier run left unfinished found (`InterruptedSendRecovery`).
    public typealias InterruptedSends = InterruptedSendRecovery.Outcome
    /// What the settling of sends an earlier run left in their undo hold did (`HeldSendRecovery`).
    public typealias HeldSends = HeldSendRecovery.Outcome
    /// What one schedule pass found and did (`ScheduleKeeper`).
    public typealias SchedulePass = ScheduleKeeper.Pass

    /// Settles, from TDLib's own resends, the sends an earlier run left unfinished when it was
    /// killed before `cutoff`; `starting` hears how many there are before the wait.
    public func settleInterruptedSends(before cutoff: Date, starting: (Int) -> Void) async -> InterruptedSends {
        await InterruptedSendRecovery(session: session, store: workspace.store).run(before: cutoff, starting: starting)
    }

    /// Settles the sends an earlier run left in their undo hold: waits for a hold that has not
    /// ended, sends what is due, records what is too late as not sent. `waiting` hears of each
    /// hold still running (its template and when it ends). Nil: there were none.
    public func settleHeldSends(before cutoff: Date, waiting: @escaping @Sendable (_ template: String, _ until: Date) -> Void) async -> HeldSends? {
        guard !((try? workspace.store.heldSends()) ?? []).isEmpty else { return nil }
        let recovery = HeldSendRecovery(sender: Sender(session: session, store: workspace.store), store: workspace.store, clock: workspace.clock)
        return await recovery.run(before: cutoff, waiting: waiting)
    }

    /// One schedule pass, when anything waits on Telegram's servers (a scheduled send, a
    /// running timer's completion, an active series) and the account is logged in: Telegram's
    /// schedule and the send log then agree. Nil: there was nothing to do.
    public func reconcileSchedule() async -> SchedulePass? {
        let store = workspace.store
        guard isLoggedIn else { return nil }
        let live = (try? store.liveScheduledSends()) ?? []
        let timersWaiting = ((try? store.timers()) ?? []).contains { $0.pendingCompletion != nil }
        let seriesActive = !((try? store.activeSeries()) ?? []).isEmpty
        guard !live.isEmpty || timersWaiting || seriesActive else { return nil }
        return await ScheduleKeeper(session: session, store: store, clock: workspace.clock).sync()
    }

    /// The sender for `request`, with `{{me}}` filled in from the account (and kept for drafts
    /// and previews made without a session).
    public func sending(_ request: SendRequest) async -> (sender: any MessageSending, request: SendRequest) {
        var request = request
        if let me = await session.senderName(keepingIn: workspace.store) { request.context.me = me }
        return (Sender(session: session, store: workspace.store), request)
    }

    /// Puts a prepared request on Telegram's schedule for `date`.
    public func scheduleLater(_ request: SendRequest, at date: Date) async throws(ScheduleError) -> [ScheduledSend] {
        try await ScheduleKeeper(session: session, store: workspace.store, clock: workspace.clock).scheduleLater(request, at: date)
    }

    /// The chats, with the chat lists loaded; files to send are staged in the folder's
    /// outgoing copies.
    public func chats() async throws -> any ChatAccess {
        let service = ChatService(session: session, clock: workspace.clock)
        try await service.loadChatLists()
        return SessionChatAccess(service: service, staging: OutgoingStaging(root: workspace.directory.outgoingFolder), clock: workspace.clock)
    }

    /// The login's steps (each answer waits at most `timeout` s for Telegram).
    public func loginSteps(timeout: Double = 30) -> any LoginSteps {
        SessionLoginSteps(flow: LoginFlow(session: session, timeout: timeout))
    }
}

/// Opens a `CommandSession` around one piece of work and closes it after, whatever happens: a
/// face's way of running the application's services on a session of its own (the CLI's
/// `SessionScope`, which also shows the connection's trouble and handles Ctrl-C).
public protocol CommandSessionOpening: Sendable {
    func withSession<T>(requireLogin: Bool, _ body: (CommandSession) async throws -> T) async throws -> T
}

extension SendService {
    /// Sending on sessions the process opens per send (a command's own), `{{me}}` from the account.
    public init(workspace: Workspace, sessions: some CommandSessionOpening) {
        self.init(
            store: workspace.store, clock: workspace.clock,
            onSession: { request, work in
                try await sessions.withSession(requireLogin: true) { session in
                    let (sender, request) = await session.sending(request)
                    return try await work(sender, request)
                }
            },
            schedule: { request, date in
                try await sessions.withSession(requireLogin: true) { session in try await session.scheduleLater(request, at: date) }
            })
    }
}

extension SessionAccount {
    /// The account's status and logging out, on sessions the process opens for them.
    public init(sessions: some CommandSessionOpening) {
        self.init { requireLogin, work in
            try await sessions.withSession(requireLogin: requireLogin) { session in try await work(session.session) }
        }
    }
}

extension SessionChatDirectory {
    /// Reloads the chat directory on a session the process opens for it; `loading` runs once
    /// the session is open, as the reload starts (a face's "Loading your chats…").
    public init(workspace: Workspace, sessions: some CommandSessionOpening, loading: @escaping @Sendable () -> Void = {}) {
        self.init(store: workspace.store) { work in
            try await sessions.withSession(requireLogin: true) { session in
                loading()
                try await work(session.session)
            }
        }
    }
}
