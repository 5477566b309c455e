import Foundation
import TgtTelegram

/// The Telegram account as every face reports it.
public struct AccountStatus: Sendable, Equatable {
    public var loggedIn: Bool
    /// The account's display name, when logged in.
    public var accountName: String?
    /// The connection's state in words ("connected", "waiting for network"), when logged in.
    public var connection: String?

    public init(loggedIn: Bool, accountName: String? = nil, connection: String? = nil) {
        self.loggedIn = loggedIn
        self.accountName = accountName
        self.connection = connection
    }
}

/// The account on whichever session a face has: this process's own (`SessionAccount`) or a
/// running dashboard's, so `tgt status` and `tgt logout` do not know which.
public protocol AccountAccess: Sendable {
    func status() async throws -> AccountStatus
    /// Logs the session out of Telegram (templates and settings stay).
    func logOut() async throws
}

/// The account on a session this process opens for the work.
public struct SessionAccount: AccountAccess {
    /// Opens the session, runs the work on it and closes it; with `requireLogin`, refuses
    /// (`TelegramError.notLoggedIn`) a session that is not logged in.
    public typealias OpenSession = @Sendable (_ requireLogin: Bool, _ work: @escaping @Sendable (TelegramSession) async throws -> AccountStatus?) async throws -> AccountStatus?

    private let open: OpenSession
    /// How long `status()` waits for the connection before reporting its state.
    public var connectionWait: Double

    public init(connectionWait: Double = 3, open: @escaping OpenSession) {
        self.open = open
        self.connectionWait = connectionWait
    }

    public func status() async throws -> AccountStatus {
        let wait = connectionWait
        return try await open(false) { session in
            guard LoginFlow(session: session).step == .ready else { return AccountStatus(loggedIn: false) }
            let name = (try? await session.account())?.displayName
            let connection = await session.waitForConnection(timeout: wait)
            return AccountStatus(loggedIn: true, accountName: name, connection: connection?.label ?? "unknown")
        } ?? AccountStatus(loggedIn: false)
    }

    public func logOut() async throws {
        _ = try await open(true) { session in
            try await LoginFlow(session: session).logOut()
            return nil
        }
    }
}
