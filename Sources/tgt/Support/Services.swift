import Foundation
import TgtApplication
import TgtDashboardClient
import TgtDomain
import TgtStore
import TgtTelegram

/// The application services a command uses, on the Telegram session it can have: the running
/// dashboard's while `tgt serve` holds it (through its API), else this process's own. This is
/// the one place that chooses; commands call the services without knowing which they got.
extension GlobalOptions {
    /// Templates, saved with the Markdown checked by TDLib's own parser (offline) when
    /// libtdjson is found; `saving` says so when it is not (the send checks it then).
    func templates(_ store: AppDatabase, saving: Bool = false) -> TemplateService {
        let library = try? library()
        if saving, library == nil {
            console.note("note: TDLib was not found, so the Markdown was not checked now; `tgt send` checks it before sending.")
        }
        return library?.templates(store) ?? TemplateService(store: store, markup: nil)
    }

    /// Repeating series: written to the store here, and put on Telegram's schedule by this
    /// command's own pass or by the running dashboard's keeper (`ScheduleSync`).
    func series(_ store: AppDatabase) -> SeriesService {
        let global = self
        return SeriesService(store: store, clock: global.clock) { _ = await ScheduleSync.sync(global, store: store) }
    }

    /// Sending templates now and later.
    func sending(_ store: AppDatabase) -> any TemplateSending {
        if let dashboard {
            console.note("Using the running dashboard's Telegram session (pid \(dashboard.descriptor.pid)).")
            return DashboardSending(client: dashboard, clock: clock)
        }
        let global = self
        return SendService(
            store: store, clock: clock,
            onSession: { request, work in
                try await SessionScope.with(global) { _, session in
                    var request = request
                    if let me = await session.senderName(keepingIn: store) { request.context.me = me }
                    return try await work(Sender(session: session, store: store), request)
                }
            },
            schedule: { request, date in
                try await SessionScope.with(global) { _, session in
                    try await ScheduleKeeper(session: session, store: store, clock: store.clock).scheduleLater(request, at: date)
                }
            })
    }

    /// The Telegram account: its status and logging out.
    func account() -> any AccountAccess {
        if let dashboard { return DashboardAccount(client: dashboard) }
        let global = self
        return SessionAccount { requireLogin, work in
            try await SessionScope.with(global, requireLogin: requireLogin) { _, session in try await work(session) }
        }
    }

    /// Runs `body` with the chats: through the running dashboard while `tgt serve` holds the
    /// session, else on this process's own session with the chat lists loaded.
    func withChats<T>(_ body: (any ChatAccess) async throws -> T) async throws -> T {
        if let dashboard { return try await body(DashboardChatAccess(client: dashboard)) }
        return try await SessionScope.with(self) { environment, session in
            let service = ChatService(session: session, clock: clock)
            try await service.loadChatLists()
            return try await body(SessionChatAccess(service: service, staging: OutgoingStaging(root: environment.directory.outgoingFolder), clock: clock))
        }
    }

    /// The chats templates can target, reloaded from Telegram into the store.
    func chatDirectory(_ store: AppDatabase) -> any ChatDirectoryRefreshing {
        if let dashboard {
            console.note("Loading your chats from Telegram through the running dashboard (pid \(dashboard.descriptor.pid))…")
            return DashboardChatDirectory(client: dashboard)
        }
        let global = self
        return SessionChatDirectory(store: store) { work in
            try await SessionScope.with(global) { _, session in
                global.console.note("Loading your chats from Telegram…")
                try await work(session)
            }
        }
    }

    /// Runs an interactive login with the login steps of the session this command can have.
    func withLogin(_ body: (any LoginSteps) async throws -> Void) async throws {
        if let dashboard {
            console.note("Logging in through the running dashboard (pid \(dashboard.descriptor.pid)).")
            try await body(DashboardLoginSteps(client: dashboard))
            return
        }
        try await SessionScope.with(self, requireLogin: false) { _, session in
            try await body(SessionLoginSteps(flow: LoginFlow(session: session, timeout: 30)))
        }
    }

    /// Where the account is reached, for a status line: "through the dashboard, pid N" or nil.
    var sessionHolder: String? { dashboard.map { "through the dashboard, pid \($0.descriptor.pid)" } }
}
