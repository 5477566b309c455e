import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain
import TgtDashboardClient

/// Options every command takes.
struct GlobalOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp("Data folder (default: $TGT_DATA_DIR, else ~/.local/share/tgtemplates).", valueName: "path"))
    var dataDir: String?

    @Flag(name: .long, help: "Use the built-in Telegram simulator instead of your account (code 12345, password demo). Keeps its own data.")
    var demo = false

    @Flag(name: .long, help: "Print machine-readable JSON on standard output.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("Path of libtdjson to use (default: $TGT_TDJSON, beside tgt, the recorded path, system paths, then the tdjson Python package).", valueName: "path"))
    var tdjson: String?

    var console: Console { Console(json: json) }

    /// The data folder in effect (demo mode uses a `demo` subfolder so it never mixes with real data).
    var directory: DataDirectory {
        let base = DataDirectory.resolve(flag: dataDir)
        return demo ? DataDirectory(url: base.url.appendingPathComponent("demo", isDirectory: true)) : base
    }

    /// The running `tgt serve` that owns this folder's Telegram session, if any: commands that
    /// need Telegram then go through it instead of opening TDLib a second time.
    var dashboard: DashboardClient? { DashboardClient.forRunningServer(in: directory) }

    /// The command's clock, the one every part of the process reads: the wall clock, chosen
    /// here at the entry point (the lower layers take a clock and default to none).
    var clock: any AppClock { SystemClock() }

    /// The data folder's store and services, opened once per process (on first use) and
    /// handed to every part of the command.
    func workspace() throws -> Workspace {
        let directory = directory
        return try Self.openWorkspace.withLock { opened in
            if let opened, opened.directory.url == directory.url { return opened }
            let workspace = try Workspace.open(directory, clock: clock)
            opened = workspace
            return workspace
        }
    }

    /// The process's workspace, once opened.
    private static let openWorkspace = Locked<Workspace?>(nil)

    func library() throws -> TelegramLibrary {
        let library = try TelegramLibrary.load(explicitPath: tdjson)
        if library.foundThroughPython, Self.pythonHint.firstTime() {
            console.note(Self.pythonHintText(libraryPath: library.path, recordFile: TelegramLibrary.recordedPathFile))
        }
        return library
    }

    /// The Python hint, once per process.
    private static let pythonHint = Locked(false)

    /// One line: libtdjson was found only by starting Python, and the command that records its
    /// path so the next commands find it without (or `TGT_TDJSON` when there is no home folder).
    static func pythonHintText(libraryPath: String, recordFile: String?) -> String {
        let slow = "note: libtdjson was found by asking Python, which slows every command"
        guard let recordFile else { return "\(slow); set TGT_TDJSON=\(shellQuoted(libraryPath)) to skip that." }
        let folder = (recordFile as NSString).deletingLastPathComponent
        return "\(slow); record it once: mkdir -p \(shellQuoted(folder)) && echo \(shellQuoted(libraryPath)) > \(shellQuoted(recordFile))"
    }

    /// A path as a shell word: bare when it is only letters, digits and `/._+-`, else in single quotes.
    static func shellQuoted(_ path: String) -> String {
        let plain = !path.isEmpty && path.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "/._+-".unicodeScalars.contains($0)) }
        return plain ? path : "'" + path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// The Telegram this command talks to: the simulator in demo mode, the real libtdjson otherwise.
    func telegram() throws -> TelegramConnection {
        let library = try library()
        guard demo else { return library.connection(directory: directory) }
        return library.demoConnection(directory: directory, settings: DemoSettings(environment: ProcessInfo.processInfo.environment), clock: clock)
    }

    /// Runs a command body, turning any error into one line (or a JSON error) and an exit code.
    func run(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            report(error)
            throw ExitCode(ExitStatus.of(error).rawValue)
        }
    }

    func report(_ error: any Error) {
        let facing = error as? any UserFacingError
        let message = facing?.message ?? "Unexpected error: \(error)"
        let nextStep = CLINextStep.forError(error)
        if json {
            console.emit(ErrorEnvelope(error: .init(code: facing?.code ?? "unexpected", message: message, nextStep: nextStep)))
        }
        var text = "error: \(message)"
        if let next = nextStep { text += "\n  \(next)" }
        console.note(text)
    }
}

/// `{"error": {"code": …, "message": …, "next_step": …}}` for `--json` failures.
struct ErrorEnvelope: Encodable {
    struct Body: Encodable {
        var code: String
        var message: String
        var nextStep: String?
        enum CodingKeys: String, CodingKey {
            case code, message
            case nextStep = "next_step"
        }
    }
    var error: Body
}
