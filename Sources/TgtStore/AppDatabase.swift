import Foundation
import GRDB
import Logging
import TgtDomain

/// The one owner of TgTemplates' SQLite database: templates, their targets, the send log, the
/// cached chat directory and settings. Every write is one transaction; migrations only add.
public final class AppDatabase: Sendable {
    let writer: any DatabaseWriter
    let logger = Logger(label: "tgt.store")
    /// The process's clock: every time the store writes (created, updated, queued, sent) is read
    /// from it, so a test's clock reaches the rows too.
    public let clock: any AppClock
    /// The account name this process last found or put in the store (`noteSenderName`), so
    /// that noting the same name again reads nothing. Forgotten when the setting is written.
    let notedSenderName = Locked<String?>(nil)

    /// Opens (creating and migrating) the database file at `url`. A database in an App Group
    /// container (`shared`) lets go of its file locks while the app is suspended (see
    /// `suspendSharedDatabases()`), or iOS would kill the app for holding them.
    public static func open(at url: URL, clock: any AppClock, shared: Bool = false) throws(StoreError) -> AppDatabase {
        do {
            var config = Configuration()
            config.foreignKeysEnabled = true
            config.busyMode = .timeout(5)
            config.observesSuspensionNotifications = shared
            let pool = try DatabasePool(path: url.path, configuration: config)
            return try AppDatabase(writer: pool, clock: clock)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .database("\(url.path): \(error)")
        }
    }

    /// Closes the database's connections (a pool's reader and writer); any later use fails.
    /// For an owner done with the store for good, such as a test removing its folder.
    public func close() {
        do { try (writer as? DatabasePool)?.close() } catch { logger.notice("database not closed", metadata: ["error": "\(error)"]) }
    }

    /// Opens the database inside a data folder (creating the folder).
    public static func open(in directory: DataDirectory, clock: any AppClock) throws(StoreError) -> AppDatabase {
        try directory.create()
        return try open(at: directory.databaseFile, clock: clock)
    }

    /// Tells shared databases the app is about to be suspended: they finish what runs and
    /// refuse new work until `resumeSharedDatabases()`.
    public static func suspendSharedDatabases() {
        NotificationCenter.default.post(name: Database.suspendNotification, object: nil)
    }

    /// Lets shared databases work again after `suspendSharedDatabases()`.
    public static func resumeSharedDatabases() {
        NotificationCenter.default.post(name: Database.resumeNotification, object: nil)
    }

    /// A private in-memory database (tests and previews).
    public static func inMemory(clock: any AppClock) throws(StoreError) -> AppDatabase {
        do { return try AppDatabase(writer: DatabaseQueue(), clock: clock) } catch { throw .database("in-memory: \(error)") }
    }

    init(writer: any DatabaseWriter, clock: any AppClock, upTo version: String? = nil) throws {
        self.writer = writer
        self.clock = clock
        if let version {
            try Self.migrator.migrate(writer, upTo: version)
        } else {
            try Self.migrator.migrate(writer)
        }
    }

    /// Opens `url` migrated only up to `version` (for migration tests: an "older schema").
    public static func openForMigrationTest(at url: URL, upTo version: String, clock: any AppClock) throws -> AppDatabase {
        try AppDatabase(writer: DatabaseQueue(path: url.path), clock: clock, upTo: version)
    }

    /// The migrations applied so far, oldest first.
    public func appliedMigrations() throws(StoreError) -> [String] {
        try read { db in
            // In the order they were registered (v10 after v9, not after v1).
            let applied = try Self.migrator.appliedIdentifiers(db)
            return Self.migrator.migrations.filter(applied.contains)
        }
    }

    /// Runs `body` in a read transaction, mapping errors to `StoreError`.
    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StoreError) -> T {
        do { return try writer.read(body) } catch { throw Self.map(error) }
    }

    /// Runs `body` in one write transaction: all of it is saved, or none of it.
    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StoreError) -> T {
        do { return try writer.write(body) } catch { throw Self.map(error) }
    }

    static func map(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        return .database(String(describing: error))
    }
}
