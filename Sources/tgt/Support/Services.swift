import Foundation
import TgtApplication
import TgtDashboardClient
import TgtDomain

/// The application services a command uses, on the Telegram session it can have: the running
/// dashboard's while `tgt serve` holds it (through its API), else this process's own. This is
/// the one place that chooses; commands call the services without knowing which they got.
extension GlobalOptions {
    /// Templates, saved with the Markdown checked by TDLib's own parser (offline) when
    /// libtdjson is found; `saving` says so when it is not (the send checks it then).
    func templates(_ workspace: Workspace, saving: Bool = false) -> TemplateService {
        let library = try? library()
        if saving, library == nil {
            console.note("note: TDLib was not found, so the Markdown was not checked now; `tgt send` checks it before sending.")
        }
        return workspace.templates(checkingWith: library)
    }

    /// Repeating series: written to the store here, and put on Telegram's schedule by this
    /// command's own pass or by the running dashboard's keeper (`ScheduleSync`).
    func series(_ workspace: Workspace) -> SeriesService {
        let global = self
        return workspace.series { _ = await ScheduleSync.sync(global, workspace: workspace) }
    }

    /// Sending templates now and later.
    func sending(_ workspace: Workspace) -> any TemplateSending {
        if let dashboard {
            console.note("Using the running dashboard's Telegram session (pid \(dashboard.descriptor.pid)).")
            return DashboardSending(client: dashboard, clock: clock)
        }
        return SendService(workspace: workspace, sessions: self)
    }

    /// The Telegram account: its status and logging out.
    func account() -> any AccountAccess {
        if let dashboard { return DashboardAccount(client: dashboard) }
        return SessionAccount(sessions: self)
    }

    /// Runs `body` with the chats: through the running dashboard while `tgt serve` holds the
    /// session, else on this process's own session with the chat lists loaded.
    func withChats<T>(_ body: (any ChatAccess) async throws -> T) async throws -> T {
        if let dashboard { return try await body(DashboardChatAccess(client: dashboard)) }
        return try await SessionScope.with(self) { session in try await body(try await session.chats()) }
    }

    /// The chats templates can target, reloaded from Telegram into the store.
    func chatDirectory(_ workspace: Workspace) -> any ChatDirectoryRefreshing {
        if let dashboard {
            console.note("Loading your chats from Telegram through the running dashboard (pid \(dashboard.descriptor.pid))…")
            return DashboardChatDirectory(client: dashboard)
        }
        let console = console
        return SessionChatDirectory(workspace: workspace, sessions: self) { console.note("Loading your chats from Telegram…") }
    }

    /// Runs an interactive login with the login steps of the session this command can have.
    func withLogin(_ body: (any LoginSteps) async throws -> Void) async throws {
        if let dashboard {
            console.note("Logging in through the running dashboard (pid \(dashboard.descriptor.pid)).")
            try await body(DashboardLoginSteps(client: dashboard))
            return
        }
        try await SessionScope.with(self, requireLogin: false) { session in try await body(session.loginSteps()) }
    }

    /// Where the account is reached, for a status line: "through the dashboard, pid N" or nil.
    var sessionHolder: String? { dashboard.map { "through the dashboard, pid \($0.descriptor.pid)" } }
}

/// A command's own sessions: each piece of work opens the folder's session and closes it after
/// (`SessionScope`, which shows connection trouble and handles Ctrl-C).
extension GlobalOptions: CommandSessionOpening {
    func withSession<T>(requireLogin: Bool, _ body: (CommandSession) async throws -> T) async throws -> T {
        try await SessionScope.with(self, requireLogin: requireLogin, body)
    }
}
