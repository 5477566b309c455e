import Foundation
import TgtStore

/// Where the app keeps its data: the template store in the App Group container that the
/// widget extension also reads, and TDLib's database in the app's private container.
///
/// TDLib never goes in the shared container: iOS kills a suspended app that holds file locks
/// there, and TDLib holds its database open all the time.
public struct AppContainers: Sendable {
    /// The App Group container (templates, send log, send queue).
    public let shared: URL
    /// The app's own folder (TDLib's database and files, its lock).
    public let privateFolder: URL

    /// Refuses a private folder inside the shared one (or the other way round).
    public init(shared: URL, privateFolder: URL) throws(AppSetupError) {
        let sharedPath = shared.standardizedFileURL.path
        let privatePath = privateFolder.standardizedFileURL.path
        guard !Self.isInside(privatePath, sharedPath), !Self.isInside(sharedPath, privatePath) else {
            throw .overlappingContainers
        }
        self.shared = shared.standardizedFileURL
        self.privateFolder = privateFolder.standardizedFileURL
    }

    /// The SQLite store both the app and its extensions open.
    public var databaseFile: URL { shared.appendingPathComponent("tgtemplates.sqlite") }

    /// The folder TDLib works in (database, files, lock), for `TelegramEnvironment`.
    public var telegramDirectory: DataDirectory { DataDirectory(url: privateFolder) }

    /// Opens the shared store, creating the folder. On iOS the files are protected "until first
    /// unlock", so the app and widgets can read them while the phone is locked.
    public func openStore() throws(StoreError) -> AppDatabase {
        do {
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        } catch {
            throw .dataDirectory("cannot create \(shared.path)")
        }
        #if os(iOS)
        try? FileManager.default.setAttributes([.protectionKey: FileProtectionType.completeUntilFirstUserAuthentication], ofItemAtPath: shared.path)
        #endif
        return try AppDatabase.open(at: databaseFile, shared: true)
    }

    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}

/// Why the app could not be put together.
public enum AppSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    case overlappingContainers

    public var description: String {
        switch self {
        case .overlappingContainers: "TDLib's folder must not be inside the shared App Group container (nor the other way round)."
        }
    }
}
