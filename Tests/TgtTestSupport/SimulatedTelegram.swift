import Foundation
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram

/// A data folder, a store and a Telegram simulator (with real libtdjson for Markdown parsing),
/// wired the way the CLI wires them.
public struct SimulatedTelegram: Sendable {
    public let folder: TestDirectory
    public let simulator: TelegramSimulator
    public let environment: TelegramEnvironment
    public let store: AppDatabase
    /// The clock the simulator's server runs on: a `TestClock` that stands still unless the test
    /// passes its own to move (or, where another process on the wall clock shares the server, a
    /// `SystemClock` it names).
    public var clock: any AppClock { simulator.clock }

    /// `transport` may wrap the simulator (to hold or reorder what passes between it and TDLib's client).
    public init(scenario: SimulatorScenario = SimulatorScenario(), clock: any AppClock = TestClock(),
                transport: (TelegramSimulator) -> any TDJSONTransport = { $0 }) throws
    {
        folder = try TestDirectory("sim")
        simulator = TelegramSimulator(scenario: scenario, executor: try OfflineTDLib.library(), clock: clock)
        let directory = DataDirectory(url: folder.url)
        environment = TelegramEnvironment(directory: directory, backend: .simulated(transport(simulator)))
        store = try AppDatabase.open(in: directory, clock: clock)
    }

    /// Opens a session and logs in with the scenario's phone, code and password.
    public func loggedIn() async throws -> OpenSession {
        let open = try await environment.openSession()
        let flow = LoginFlow(session: open.session, timeout: 30)
        var step = flow.step
        let account = simulator.account
        for _ in 0..<6 {
            switch step {
            case .ready: return open
            case .phoneNumber: step = try await flow.submitPhoneNumber(account.phoneNumber)
            case .code: step = try await flow.submitCode(account.code)
            case .password: step = try await flow.submitPassword(account.password ?? "")
            case .emailAddress: step = try await flow.submitEmailAddress("demo@example.com")
            case .emailCode: step = try await flow.submitEmailCode(account.emailCode)
            case .registration: step = try await flow.register(firstName: account.firstName, lastName: account.lastName)
            default: break
            }
        }
        await open.close()
        throw TelegramError.notLoggedIn
    }

    /// Closes the store and deletes the folder.
    public func remove() {
        store.close()
        folder.remove()
    }
}
