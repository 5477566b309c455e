import Foundation
import TgtDomain
import TgtStore
import TgtTDLib

/// Everything needed to open the Telegram session of one data folder, with the real libtdjson
/// or with the simulator (`--demo`, tests, benchmarks).
public struct TelegramEnvironment: Sendable {
    /// Which TDLib speaks for Telegram: the real libtdjson, or a simulator speaking its JSON.
    public struct Backend: Sendable {
        public let transport: any TDJSONTransport
        public let isSimulated: Bool
        /// Whether API credentials must be entered first (always for real TDLib; for the
        /// simulator only when a first launch is being shown or tested).
        public let requiresCredentials: Bool

        public static func tdlib(_ library: TDJSONLibrary) -> Backend {
            Backend(transport: library, isSimulated: false, requiresCredentials: true)
        }

        public static func simulated(_ transport: any TDJSONTransport, requiresCredentials: Bool = false) -> Backend {
            Backend(transport: transport, isSimulated: true, requiresCredentials: requiresCredentials)
        }
    }

    public static let applicationVersion = "0.1.0"

    public let directory: DataDirectory
    public let backend: Backend
    public let secrets: any SecretStoring

    public init(directory: DataDirectory, backend: Backend, secrets: (any SecretStoring)? = nil) {
        self.directory = directory
        self.backend = backend
        self.secrets = secrets ?? SecretStore(directory: directory)
    }

    /// The TDLib folders: a separate one for the simulator so demo mode never touches a real session.
    public var tdlibDatabaseFolder: URL {
        backend.isSimulated ? directory.url.appendingPathComponent("demo-tdlib", isDirectory: true) : directory.tdlibDatabaseFolder
    }

    /// Opens a session: takes the folder's lock, reads credentials and the database key, starts
    /// TDLib and returns once it has reached its first real authorization state.
    public func openSession(timeout: Double = 30) async throws(TelegramError) -> OpenSession {
        try await openSession(holding: SessionLock(directory: directory), timeout: timeout)
    }

    /// Opens a session under a lock the caller already holds (a server keeps its lock across
    /// sessions, from before the credentials exist to after a logout). On failure the lock is
    /// released only if `releaseOnFailure` is set.
    public func openSession(holding lock: SessionLock, releaseOnFailure: Bool = true, timeout: Double = 30) async throws(TelegramError) -> OpenSession {
        do {
            return try await startSession(lock: lock, timeout: timeout)
        } catch {
            if releaseOnFailure { lock.release() }
            throw error
        }
    }

    /// Whether API credentials are available (or not needed: the simulator, unless it asks).
    public var hasCredentials: Bool {
        !backend.requiresCredentials || ((try? secrets.credentials()) ?? nil) != nil
    }

    private func startSession(lock: SessionLock, timeout: Double) async throws(TelegramError) -> OpenSession {
        let credentials: APICredentials
        do {
            if let stored = try secrets.credentials() {
                credentials = stored
            } else if !backend.requiresCredentials {
                credentials = try APICredentials(apiID: "1", apiHash: String(repeating: "0", count: 32))
            } else {
                throw CredentialsError.missing
            }
        } catch let error as CredentialsError {
            throw .notSetUp(error.message, next: error.nextStep)
        } catch {
            throw .startFailed("\(error)")
        }
        let key: Data
        do { key = try secrets.tdlibDatabaseKey() } catch { throw .startFailed(error.message) }
        let parameters = TDFunctions.SetTdlibParameters(
            databaseDirectory: tdlibDatabaseFolder.path, filesDirectory: directory.tdlibFilesFolder.path,
            databaseEncryptionKey: key, apiID: credentials.apiID, apiHash: credentials.apiHash,
            systemLanguageCode: Locale.current.language.languageCode?.identifier ?? "en",
            deviceModel: Self.deviceModel, applicationVersion: Self.applicationVersion)
        let configuration = SessionConfiguration(parameters: parameters, logFile: directory.tdlibLogFile)
        let session = TelegramSession(runtime: TDRuntime.shared(for: backend.transport), configuration: configuration)
        do {
            try await session.start(timeout: timeout)
        } catch {
            await session.close(timeout: 5)
            throw error
        }
        return OpenSession(session: session, lock: lock)
    }

    static var deviceModel: String {
        #if os(macOS)
        "Mac (tgt)"
        #elseif os(iOS)
        "iPhone (TgTemplates)"
        #else
        "Linux (tgt)"
        #endif
    }
}

/// A started session and the folder lock it holds; `close()` releases both.
public struct OpenSession: Sendable {
    public let session: TelegramSession
    let lock: SessionLock

    public func close() async {
        await session.close()
        lock.release()
    }

    /// Closes TDLib but keeps the folder's lock (the caller goes on owning the folder).
    public func closeKeepingLock() async {
        await session.close()
    }
}
