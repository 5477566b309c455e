import Foundation
import TgtDomain
import TgtStore
import TgtTDLib
import TgtTelegram

/// Which Telegram a process talks to — the person's account through libtdjson, or the built-in
/// simulator (`--demo`) — for one data folder: what opens its sessions. Made once at the
/// process's entry point (`TelegramLibrary.connection(directory:)`, `.demoConnection(…)`).
public struct TelegramConnection: Sendable {
    /// The Telegram layer's environment (a `LiveSession`'s host and a command's session are
    /// built on it); not for faces.
    let environment: TelegramEnvironment

    public init(environment: TelegramEnvironment) {
        self.environment = environment
    }

    /// TDLib (or the simulator) as `backend`, its database in `directory`, the credentials and
    /// the database key in `secrets` (the app's Keychain).
    public init(directory: DataDirectory, backend: TelegramBackend, secrets: any SecretStoring) {
        environment = TelegramEnvironment(directory: directory, backend: backend, secrets: secrets)
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

/// The C functions of a TDLib linked into the app (the TDLib framework's `td_create_client_id`,
/// `td_send`, `td_receive`, `td_execute`).
public typealias LinkedTDLibFunctions = TDJSONLibrary.LinkedFunctions

extension TelegramEnvironment.Backend {
    /// TDLib linked into the app (once per process).
    public static func linkedTDLib(_ functions: LinkedTDLibFunctions) -> TelegramBackend {
        .tdlib(TDJSONLibrary.linked(functions))
    }
}
