import Foundation
import TgtApplication
import TgtDomain

/// How a dashboard runs: where it listens and whether it speaks to the simulator.
public struct DashboardOptions: Sendable {
    public var host: String
    public var port: Int
    /// The Telegram simulator stands in for Telegram (`tgt serve --demo`).
    public var isDemo: Bool
    /// Send cookies with `Secure` (when the dashboard sits behind an HTTPS proxy).
    public var secureCookies: Bool
    /// The reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    public var trustedProxies: TrustedProxies

    public init(host: String = "127.0.0.1", port: Int = 8080, isDemo: Bool = false, secureCookies: Bool = false,
                trustedProxies: TrustedProxies = .none)
    {
        self.host = host
        self.port = port
        self.isDemo = isDemo
        self.secureCookies = secureCookies
        self.trustedProxies = trustedProxies
    }

    /// The address links point at when a request does not say which it came to.
    public var origin: String {
        let scheme = secureCookies ? "https" : "http"
        let name = ["0.0.0.0", "::", ""].contains(host) ? "127.0.0.1" : host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(name):\(port)"
    }

    /// Whether the address only accepts connections from this machine.
    public var isLoopback: Bool {
        ["127.0.0.1", "::1", "localhost"].contains(host) || host.hasPrefix("127.")
    }
}

/// Everything the dashboard's routes share: the process's Telegram session (and through it the
/// workspace), the dashboard's secrets, the signed-in browsers and the sign-in throttle.
public struct Dashboard: Sendable {
    /// The process's Telegram session, the door to the account, its chats and sending.
    public let telegram: LiveSession
    public let secrets: DashboardSecrets
    public let sessions: WebSessions
    public let throttle: LoginThrottle
    /// Wrong trigger secrets, per address: guessing is slowed to 20 tries per 10 minutes.
    public let triggerThrottle = LoginThrottle(limit: 20, window: 10 * 60)
    public let options: DashboardOptions
    /// The data folder's store and services, on the process's clock.
    public let workspace: Workspace
    /// The bearer token of this run, written to `server.json` for the local `tgt` commands.
    public let localToken: String
    /// The code that allows choosing the first password (printed by `tgt serve`); nil once set.
    public let setupCode: Locked<String?>
    /// Files uploaded to send (`POST /api/uploads`), until they are sent or deleted.
    let uploads: UploadStore
    /// Voice notes last served as CAF (`GET …/file?format=caf`).
    let playableCopies = PlayableCopies()
    /// What posts webhook deliveries (HTTP(S); tests may give one with a short timeout).
    public var webhookPoster: any WebhookPosting = HTTPWebhookPoster.shared

    public init(telegram: LiveSession, secrets: DashboardSecrets, options: DashboardOptions,
                sessions: WebSessions = WebSessions(), throttle: LoginThrottle = LoginThrottle())
    {
        self.telegram = telegram
        self.secrets = secrets
        self.options = options
        self.sessions = sessions
        self.throttle = throttle
        workspace = telegram.workspace
        localToken = "tgt_local_" + SecretToken.make()
        setupCode = Locked(secrets.hasPassword ? nil : SecretToken.humanCode())
        uploads = UploadStore(folder: telegram.directory.uploadsFolder)
    }

    /// Closes the Telegram session before the process lets the folder go, and writes the
    /// simulator's figures when the process was asked to (`SimulatorStats`).
    public func shutdown(processEnvironment: [String: String]) async {
        await telegram.shutdown()
        SimulatorStats.writeIfAsked(for: telegram, processEnvironment: processEnvironment)
    }

    /// The dashboard of a process's workspace, on its Telegram connection: the session (which
    /// takes the folder's session lock) is built here, once, at the process's start.
    public init(connection: TelegramConnection, workspace: Workspace, secrets: DashboardSecrets,
                options: DashboardOptions) throws(TelegramError)
    {
        self.init(telegram: try LiveSession(connection: connection, workspace: workspace), secrets: secrets, options: options)
    }

    /// The current first-run code, if no password has been chosen yet.
    public var currentSetupCode: String? { setupCode.withLock { $0 } }
}
