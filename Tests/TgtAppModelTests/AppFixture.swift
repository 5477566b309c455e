import Foundation
import Testing
import TgtAppModel
@testable import TgtApplication
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// The Keychain's stand-in: secrets in memory, behind the same interface.
final class MemorySecretStore: SecretStoring, @unchecked Sendable {
    private let lock = NSLock()
    private var saved: APICredentials?
    private var key: Data?

    init(credentials: APICredentials? = nil) { saved = credentials }

    func credentials() throws(CredentialsError) -> APICredentials? { lock.withLock { saved } }
    func saveCredentials(_ credentials: APICredentials) throws(StoreError) { lock.withLock { saved = credentials } }
    func removeCredentials() { lock.withLock { saved = nil } }
    func tdlibDatabaseKey() throws(StoreError) -> Data {
        lock.withLock {
            if let key { return key }
            let made = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
            key = made
            return made
        }
    }
}

/// Counts widget reloads and App Shortcuts parameter refreshes.
final class WidgetCounter: WidgetReloading, @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var shortcutCount = 0
    var reloads: Int { lock.withLock { count } }
    var shortcutRefreshes: Int { lock.withLock { shortcutCount } }
    func reloadWidgets() { lock.withLock { count += 1 } }
    func reloadShortcutParameters() { lock.withLock { shortcutCount += 1 } }
}

/// The alerts and badges the app would show, as told.
final class RecordingAlerts: MessageAlerting, @unchecked Sendable {
    private let lock = NSLock()
    private var shownAlerts: [MessageAlert] = []
    private var badgeCounts: [Int] = []
    var shown: [MessageAlert] { lock.withLock { shownAlerts } }
    var badges: [Int] { lock.withLock { badgeCounts } }
    func show(_ alert: MessageAlert) async { lock.withLock { shownAlerts.append(alert) } }
    func setBadge(_ count: Int) async { lock.withLock { badgeCounts.append(count) } }
    func clearAll() async { lock.withLock { shownAlerts.removeAll() } }
}

/// A location provider that answers as told (or never).
final class ScriptedLocation: LocationProviding, @unchecked Sendable {
    enum Answer { case at(Coordinate), fails(LocationFailure), never }
    private let lock = NSLock()
    private var answer: Answer
    private var permission: LocationAuthorization

    init(_ answer: Answer = .fails(.denied), permission: LocationAuthorization = .denied) {
        self.answer = answer
        self.permission = permission
    }

    func set(_ answer: Answer, permission: LocationAuthorization) {
        lock.withLock {
            self.answer = answer
            self.permission = permission
        }
    }

    func authorization() async -> LocationAuthorization { lock.withLock { permission } }

    func currentLocation() async throws(LocationFailure) -> Coordinate {
        switch lock.withLock({ answer }) {
        case .at(let coordinate): return coordinate
        case .fails(let failure): throw failure
        case .never:
            // Parked until the caller gives up and cancels the lookup: a clock nobody advances.
            try? await TestClock().sleep(until: .distantFuture)
            throw .timedOut
        }
    }
}

/// An app over the Telegram simulator: shared store and private TDLib folder in separate
/// temporary folders (as the App Group and the app container are), real SQLite, real
/// libtdjson for Markdown.
struct AppFixture {
    let root: TestDirectory
    let containers: AppContainers
    let simulator: TelegramSimulator
    let secrets: MemorySecretStore
    let widgets = WidgetCounter()
    let alerts = RecordingAlerts()
    let location: ScriptedLocation
    private(set) var services: AppServices
    /// The screens' clock: a ✓ goes away only when a test advances it past the display time.
    let clock = TestClock()

    init(scenario: SimulatorScenario = SimulatorScenario(), credentials: Bool = true,
         location: ScriptedLocation = ScriptedLocation(), sentDisplayDuration: Double = 0.2, locationTimeout: Double = 10,
         serverClock: any AppClock = TestClock()) throws
    {
        root = try TestDirectory("app")
        containers = try AppContainers(shared: root.url.appendingPathComponent("group"), privateFolder: root.url.appendingPathComponent("private"))
        simulator = TelegramSimulator(scenario: scenario, executor: try OfflineTDLib.library(), clock: serverClock)
        secrets = MemorySecretStore(credentials: credentials ? try APICredentials(apiID: "12345", apiHash: String(repeating: "ab", count: 16)) : nil)
        self.location = location
        var services = try AppServices.app(
            containers: containers, clock: clock, backend: .simulated(simulator, requiresCredentials: true), secrets: secrets,
            location: location, widgets: widgets, appVersion: "1.0 (7)")
        services.sentDisplayDuration = sentDisplayDuration
        services.locationTimeout = locationTimeout
        services.messageAlerts = alerts
        self.services = services
        // Taps go at once unless a test is about the undo hold (it sets its own).
        try services.workspace.database.setUndoHold(.off)
    }

    var store: AppDatabase { services.workspace.database }

    /// The shared store as the app's models take it.
    var workspace: Workspace { services.workspace }

    /// Gives the app a place monitor (a device that can watch places).
    mutating func useMonitor(_ monitor: any PlaceMonitoring) { services.places = monitor }

    /// A second connection to the shared store, as a widget extension or intent would open it.
    func extensionStore() throws -> AppDatabase { try AppDatabase.open(at: containers.databaseFile, clock: TestClock(), shared: true) }

    func remove() {
        store.close()
        root.remove()
    }

    /// Adds templates straight into the store.
    @discardableResult
    func addTemplates(_ names: [String], targets: [Target] = [AppFixture.family]) throws -> [Template] {
        try names.map { try store.insert(Template(name: $0, body: "Message for \($0)", targets: targets)) }
    }

    static let family = Target(chatID: -1001000000001, chatTitle: "Family")
    static let climbing = Target(chatID: -4001, chatTitle: "Climbing crew")
    static let standups = Target(chatID: -1001000000002, topicID: 11, chatTitle: "Work", topicTitle: "Standups")
}

/// Waits until `condition` holds on the main actor. No deadline of its own: the suite's
/// `.timeLimit` ends a wait that never succeeds, and the issue then says what was awaited.
@MainActor
func eventually(_ what: Comment, _ condition: @MainActor () async throws -> Bool,
                sourceLocation: SourceLocation = #_sourceLocation) async throws
{
    do {
        try await awaitCondition { @Sendable @MainActor in try await condition() }
    } catch is CancellationError {
        Issue.record("cancelled while waiting: \(what)", sourceLocation: sourceLocation)
        throw CancellationError()
    }
}

/// Logs an app in through its login screen with the scenario's answers.
@MainActor
func logIn(_ app: AppModel, _ simulator: TelegramSimulator) async throws {
    try await eventually("the login screen") { app.route == .login || app.route == .main }
    let account = simulator.account
    for _ in 0..<6 where app.route != .main {
        switch app.login.step {
        case .phoneNumber: app.login.phoneNumber = account.phoneNumber
        case .code: app.login.code = account.code
        case .password: app.login.password = account.password ?? ""
        default: break
        }
        await app.login.submit()
        #expect(app.login.error == nil)
    }
    try await eventually("the main screen") { app.route == .main }
}

extension AppDatabase {
    /// This store as the app's models take it (a widget extension's own connection, say).
    func asWorkspace() -> Workspace { Workspace(store: self, directory: DataDirectory(url: FileManager.default.temporaryDirectory)) }
}

extension LiveSession {
    /// The Telegram layer's session host behind the app's door, for what a test checks or
    /// prepares below the faces.
    var sessionHost: SessionHost { host }
}

extension AppServices {
    /// The Telegram layer's environment behind the app's connection (TDLib's folders), for
    /// what a test prepares in the simulator's database.
    var environment: TelegramEnvironment { connection.environment }
}
