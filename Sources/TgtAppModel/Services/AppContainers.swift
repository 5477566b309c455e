import Foundation
import Logging
import TgtApplication
import TgtDomain

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

    /// Opens the shared store, creating the folder; any process can (the app in the background,
    /// the widget extension), none waits for another. On iOS the files get the classes of
    /// `DataProtectionPlan` ("until first unlock"), so a send can read them on a locked phone.
    public func openWorkspace(clock: any AppClock) throws(StoreError) -> Workspace {
        do {
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        } catch {
            throw .dataDirectory("cannot create \(shared.path)")
        }
        let workspace = try Workspace.openShared(at: databaseFile, in: DataDirectory(url: shared), clock: clock)
        applyProtection()
        return workspace
    }

    /// The protection classes of the shared store and TDLib's folder, as `DataProtectionPlan`
    /// says (on iOS; elsewhere there is no Data Protection).
    public func applyProtection() {
        #if os(iOS) || os(watchOS)
        for (entry, why) in DataProtectionPlan(containers: self).applyWithFileManager() {
            Logger(label: "tgt.app.files").warning("could not set the file protection", metadata: ["path": "\(entry.url.path)", "error": "\(why)"])
        }
        #endif
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
