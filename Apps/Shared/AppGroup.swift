import Foundation
import TgtAppModel
import TgtDomain
import TgtApplication

/// The App Group both the app and the widget extension belong to, and where each keeps what.
/// Change `identifier` here and in both entitlements files when you use your own team.
enum AppGroup {
    static let identifier = "group.app.tgtemplates"

    /// The shared container (template store, send queue, send log), or nil when the App
    /// Group is not set up (a signing problem: the entitlement is missing).
    static var sharedFolder: URL? {
        FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: identifier)?
            .appendingPathComponent("Store", isDirectory: true)
    }

    /// The app's private folder for TDLib (never shared: iOS kills suspended apps holding
    /// locks in shared containers).
    static var privateFolder: URL {
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
        return support.appendingPathComponent("Telegram", isDirectory: true)
    }

    /// The process's one clock (the app's, the widget extension's, an intent's): chosen here,
    /// at the entry point, and handed to the store and everything built on it.
    static let clock: any AppClock = SystemClock()

    /// The shared store, on the process's clock.
    static func openWorkspace() throws -> Workspace {
        try containers().openWorkspace(clock: clock)
    }

    static func containers() throws -> AppContainers {
        guard let shared = sharedFolder else { throw AppGroupError.missing }
        return try AppContainers(shared: shared, privateFolder: privateFolder)
    }
}

enum AppGroupError: Error, CustomStringConvertible {
    case missing
    var description: String { "The App Group \(AppGroup.identifier) is not available: check the team and the entitlements." }
}
