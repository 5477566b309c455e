import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// Which Telegram a process talks to — the person's account through libtdjson, or the built-in
/// simulator (`--demo`) — for one data folder: what opens its sessions. Made once at the
/// process's entry point (`TelegramLibrary.connection(directory:)`, `.demoConnection(…)`).
public struct TelegramConnection: Sendable {
    /// The Telegram layer's environment (the dashboard's session host is built on it).
    public let environment: TelegramEnvironment

    public init(environment: TelegramEnvironment) {
        self.environment = environment
    }

    /// The version a Telegram session reports for this program.
    public static var applicationVersion: String { TelegramEnvironment.applicationVersion }

    /// Whether API credentials are available (or not needed: the simulator).
    public var hasCredentials: Bool { environment.hasCredentials }

    /// Opens the folder's session for one piece of work (a command's): takes the folder's lock,
    /// starts TDLib and returns once it has reached its first authorization state. The caller
    /// must `close()` it before the process exits.
    public func openSession(in workspace: Workspace) async throws(TelegramError) -> CommandSession {
        CommandSession(open: try await environment.openSession(), workspace: workspace)
    }
}

extension TelegramLibrary {
    /// The person's own Telegram account, its TDLib database in `directory`.
    public func connection(directory: DataDirectory) -> TelegramConnection {
        TelegramConnection(environment: environment(directory: directory))
    }

    /// The built-in simulator (the demo account), its data in `directory`, answering on `clock`.
    public func demoConnection(directory: DataDirectory, settings: DemoSettings, clock: any AppClock) -> TelegramConnection {
        TelegramConnection(environment: demoEnvironment(directory: directory, settings: settings, clock: clock))
    }
}
