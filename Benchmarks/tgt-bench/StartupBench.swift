import Foundation
import TgtStore
import TgtTDLib
import TgtTelegram

/// Cold starts, each a fresh process timed from spawn to exit (median of `runs`):
/// `tgt --version` against a Swift program that only prints (`tgt-bench-print`), and a one-tap
/// `tgt --demo send` (one target, the simulator at 0 ms) against its floor: `tgt --version` plus
/// opening TDLib's database the way tgt does (a child, `tgt-bench tdlib-open`, that opens a real
/// libtdjson database and closes it, less the bare process start it also pays). Goal: the send
/// within 1.5× of that floor.
enum StartupBench {
    static let runs = Int(ProcessInfo.processInfo.environment["BENCH_STARTUP_RUNS"] ?? "15") ?? 15

    static func run() -> (String, [String]) {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let tgt = folder.appendingPathComponent("tgt").path
        let printer = folder.appendingPathComponent("tgt-bench-print").path
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).path
        for binary in [tgt, printer] where !FileManager.default.isExecutableFile(atPath: binary) {
            return ("Cold start", ["\(binary) missing: build it with `swift build -c release --product \(URL(fileURLWithPath: binary).lastPathComponent)`"])
        }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("bench-start-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: data) }
        var env = ProcessInfo.processInfo.environment
        env["TGT_DATA_DIR"] = data.path
        env["TGT_DEMO_LATENCY_MS"] = "0"
        do {
            try setUp(tgt: tgt, environment: env)
        } catch {
            return ("Cold start", ["could not prepare the demo account: \(error)"])
        }
        var openEnv = env
        openEnv["TGT_API_ID"] = "12345"
        openEnv["TGT_API_HASH"] = String(repeating: "a", count: 32)
        var printing: [Double] = [], version: [Double] = [], opening: [Double] = [], sending: [Double] = []
        for i in 0..<runs {
            printing.append(runMeasured([printer], environment: env).seconds)
            version.append(runMeasured([tgt, "--version"], environment: env).seconds)
            let dir = data.appendingPathComponent("tdlib-\(i)").path
            let open = runMeasured([bench, "tdlib-open", dir], environment: openEnv)
            guard open.status == 0 else { return ("Cold start", ["tgt-bench tdlib-open failed (exit \(open.status))"]) }
            opening.append(open.seconds)
            let send = runMeasured([tgt, "--demo", "send", "Cold"], environment: env)
            guard send.status == 0 else { return ("Cold start", ["tgt --demo send failed (exit \(send.status))"]) }
            sending.append(send.seconds)
        }
        let p = median(printing), v = median(version), o = median(opening), s = median(sending)
        let floor = v + max(o - p, 0)
        return ("Cold start: \(runs) runs each, medians, process spawn to exit", [
            "| command | time | vs its floor |",
            "|---|---|---|",
            "| `tgt-bench-print` (a Swift program that only prints) | \(ms(p)) | |",
            "| `tgt --version` | \(ms(v)) | \(ratio(v / p)) of printing |",
            "| `tgt-bench tdlib-open` (process start, load libtdjson, open a TDLib database, close) | \(ms(o)) | |",
            "| floor: `tgt --version` + (tdlib-open − printing) | \(ms(floor)) | 1.00× |",
            "| `tgt --demo send Cold` (1 target, simulator at 0 ms, confirmed) | \(ms(s)) | **\(ratio(s / floor))** |",
            "",
            "Goal: the send within 1.5× of the floor.",
        ])
    }

    /// Prepares the demo account: logged in, chats loaded, the template "Cold" for one chat.
    static func setUp(tgt: String, environment: [String: String]) throws {
        func run(_ arguments: [String], input: String? = nil) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tgt)
            process.arguments = ["--demo"] + arguments
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let pipe = Pipe()
            process.standardInput = pipe
            try process.run()
            if let input { pipe.fileHandleForWriting.write(Data(input.utf8)) }
            try pipe.fileHandleForWriting.close()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { throw StoreBench.Failure(description: "tgt \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
        }
        try run(["login"], input: "+15555550123\n12345\ndemo\n")
        try run(["chats"])
        try run(["templates", "add", "--name", "Cold", "--body", "Cold start", "--target", "-1001000000001"])
    }

    /// `tgt-bench tdlib-open DIR`: opens a real TDLib database in DIR as tgt does (parameters,
    /// then the first authorization state), closes it, and exits.
    static func openChild(_ directory: String) async -> Int32 {
        do {
            let library = try TDJSONLibrary.load()
            let environment = TelegramEnvironment(directory: DataDirectory(url: URL(fileURLWithPath: directory)), backend: .tdlib(library))
            let open = try await environment.openSession()
            await open.close()
            return 0
        } catch {
            note("tdlib-open: \(error)")
            return 1
        }
    }
}
