import Foundation
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram

/// The libtdjson a process reaches Telegram through, found once at its start: what a face says
/// about it (where it was found, its version, the hint to record its path), the offline checks
/// that ask it (Markdown, previews), and the Telegram environment built on it, for the person's
/// account or, in demo mode, for the built-in simulator.
///
/// It is looked for in this order: the path a face was given, `$TGT_TDJSON`, beside the
/// executable, the recorded path, the system's library folders, then Python's `tdjson` package
/// (see `TDLibraryLocator`).
public struct TelegramLibrary: Sendable {
    let library: TDJSONLibrary

    /// Loads libtdjson, once per process and path.
    public static func load(explicitPath: String?) throws(TDLibraryError) -> TelegramLibrary {
        TelegramLibrary(library: try TDJSONLibrary.load(explicitPath: explicitPath))
    }

    /// Where the library was loaded from.
    public var path: String { library.path }

    /// Whether only Python knew where it was: every start then runs python3, so a face suggests
    /// recording the path (`recordedPathFile`).
    public var foundThroughPython: Bool { library.foundThroughPython }

    /// The file a found path can be written to so the next starts find it without Python (nil
    /// without a home folder).
    public static var recordedPathFile: String? { TDLibraryLocator().recordedPathFile }

    /// TDLib's version as the library reports it offline, nil when it does not answer.
    public var version: String? {
        (try? TDClient.execute(TDFunctions.GetOption("version"), on: library))?.stringValue
    }

    /// Template writes whose Markdown this library checks.
    public func templates(_ store: AppDatabase) -> TemplateService {
        TemplateService(store: store, markup: library)
    }

    /// Previews rendered and formatted by this library, offline.
    public func preview(_ store: AppDatabase) -> SendPreview {
        SendPreview(store: store, transport: library)
    }

    /// The person's own Telegram account, its TDLib database in `directory`.
    func environment(directory: DataDirectory) -> TelegramEnvironment {
        TelegramEnvironment(directory: directory, backend: .tdlib(library))
    }

    /// The built-in Telegram simulator (the demo account, code 12345, password demo), its data in
    /// `directory`, answering on `clock`; this library answers its offline requests.
    func demoEnvironment(directory: DataDirectory, settings: DemoSettings, clock: any AppClock) -> TelegramEnvironment {
        var scenario = SimulatorScenario.demo
        if let latency = settings.latency { scenario.latency = latency }
        if let rate = settings.uploadBytesPerSecond { scenario.uploadBytesPerSecond = rate }
        let simulator = TelegramSimulator(scenario: scenario, executor: library, clock: clock)
        return TelegramEnvironment(directory: directory, backend: .simulated(simulator))
    }
}
