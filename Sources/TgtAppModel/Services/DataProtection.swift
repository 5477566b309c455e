import Foundation

/// iOS's Data Protection classes, by the names of Foundation's `FileProtectionType` values
/// (what `FileManager` and the `com.apple.developer.default-data-protection` entitlement take).
public enum FileProtectionClass: String, Sendable, CaseIterable {
    /// Readable only while the phone is unlocked.
    case complete = "NSFileProtectionComplete"
    /// Files already open stay readable after the lock; new ones cannot be opened.
    case completeUnlessOpen = "NSFileProtectionCompleteUnlessOpen"
    /// Readable from the first unlock after a restart on, also while locked.
    case completeUntilFirstUserAuthentication = "NSFileProtectionCompleteUntilFirstUserAuthentication"
    case none = "NSFileProtectionNone"

    /// Whether a background run on a locked phone (after the first unlock) can open the file.
    public var readableWhileLocked: Bool {
        switch self {
        case .complete, .completeUnlessOpen: false
        case .completeUntilFirstUserAuthentication, .none: true
        }
    }
}

/// Which protection each of the app's files gets, and why: Siri in the car and the widget's
/// buttons run the send in the background, often with the phone locked, and then need the
/// template store, the send queue, TDLib's database and the Keychain items all readable.
///
/// "Until first user authentication" is the strongest class that allows it: the files stay
/// encrypted from a restart until the first unlock. (Before that first unlock nothing can be
/// sent; the tap fails to open the store and says so.)
public struct DataProtectionPlan: Sendable {
    /// One file or folder and its class. Folders pass their class to files created in them.
    public struct Entry: Sendable, Equatable {
        public var url: URL
        public var isFolder: Bool
        public var protection: FileProtectionClass
        /// Whether a locked-phone send opens it.
        public var neededWhileLocked: Bool
        /// Why it has this class.
        public var reason: String
    }

    /// The app's default for every file it creates (the entitlement in both targets).
    public static let defaultProtection = FileProtectionClass.completeUntilFirstUserAuthentication
    /// The Keychain accessibility of the API credentials and TDLib's database key
    /// (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`: after the first unlock, never
    /// leaves the device in a backup).
    public static let keychainAccessibility = "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"

    public let entries: [Entry]

    public init(containers: AppContainers) {
        let store = DataProtectionPlan.defaultProtection
        let database = containers.databaseFile
        let queueReason = "templates, send queue and send log: the widget extension and a background send read them while the phone is locked"
        entries = [
            Entry(url: containers.shared, isFolder: true, protection: store, neededWhileLocked: true, reason: queueReason),
            Entry(url: database, isFolder: false, protection: store, neededWhileLocked: true, reason: queueReason),
            // SQLite's write-ahead log and shared memory: a locked write must reach them too.
            Entry(url: URL(fileURLWithPath: database.path + "-wal"), isFolder: false, protection: store, neededWhileLocked: true,
                  reason: "SQLite's write-ahead log of the store"),
            Entry(url: URL(fileURLWithPath: database.path + "-shm"), isFolder: false, protection: store, neededWhileLocked: true,
                  reason: "SQLite's shared memory index of the store"),
            Entry(url: containers.privateFolder, isFolder: true, protection: store, neededWhileLocked: true,
                  reason: "TDLib's database, files and lock: TDLib opens them for every send, locked or not"),
        ]
    }

    /// Gives every existing entry its class (folders first, so what is created in them later
    /// inherits it). `setProtection` is `FileManager`'s on iOS; tests pass their own.
    /// Returns the entries that could not be set, with why.
    @discardableResult
    public func apply(_ setProtection: (URL, FileProtectionClass) throws -> Void) -> [(Entry, String)] {
        var failures: [(Entry, String)] = []
        for entry in entries.sorted(by: { $0.isFolder && !$1.isFolder })
        where FileManager.default.fileExists(atPath: entry.url.path) {
            do {
                try setProtection(entry.url, entry.protection)
            } catch {
                failures.append((entry, String(describing: error)))
            }
        }
        return failures
    }

    #if os(iOS) || os(watchOS)
    /// Sets the classes with `FileManager` (on the Apple platforms that have Data Protection).
    @discardableResult
    public func applyWithFileManager() -> [(Entry, String)] {
        apply { url, protection in
            try FileManager.default.setAttributes([.protectionKey: FileProtectionType(rawValue: protection.rawValue)], ofItemAtPath: url.path)
        }
    }
    #endif
}
