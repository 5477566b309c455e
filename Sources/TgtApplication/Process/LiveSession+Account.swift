import Foundation
import TgtDomain
import TgtTelegram

/// Where a long-running process's Telegram session stands, as its status line and first-run
/// screens show it.
public struct LiveSessionState: Sendable, Equatable {
    /// The login's step; nil while TDLib is not running (no credentials yet, or it failed).
    public var step: LoginStep?
    /// The account's display name, when logged in.
    public var accountName: String?
    /// The connection's state, while TDLib runs.
    public var connection: ConnectionState?

    public var isLoggedIn: Bool { step == .ready }
}

extension LiveSession {
    /// Where the session stands now. With `accountName`, a logged-in account's name is read
    /// from Telegram (and kept for drafts and previews made without a session).
    public func state(accountName: Bool = true) async -> LiveSessionState {
        guard let session = await host.session else { return LiveSessionState() }
        let step = LoginStep(session.authorizationState)
        var state = LiveSessionState(step: step, connection: session.connection.current)
        if accountName, step == .ready, let me = try? await session.account() {
            state.accountName = me.displayName
            try? workspace.settings.noteAccountName(me.displayName)
        }
        return state
    }

    /// The login's current step, after any start or restart under way; throws what a face
    /// should show when TDLib is not running (no credentials yet, or why it failed to start).
    public func loginStep() async throws(TelegramError) -> LoginStep {
        LoginStep(try await host.requireSession().authorizationState)
    }

    /// The login's steps on this session (each answer waits at most `timeout` s for Telegram).
    public func loginSteps(timeout: Double = 30) async throws(TelegramError) -> SessionLoginSteps {
        SessionLoginSteps(flow: LoginFlow(session: try await host.requireSession(), timeout: timeout))
    }
}
