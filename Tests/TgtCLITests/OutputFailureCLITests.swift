import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTestSupport

/// Output that cannot be written (a full disk, a closed descriptor) never crashes `tgt`: the
/// command does its work and exits 7 (or its own failure code), saying so on standard error
/// when that still works; a send's exit code still tells whether the message went out.
@Suite("tgt binary: output that cannot be written", .serialized)
struct OutputFailureCLITests {
    /// How the run's standard output or error is broken (a shell redirection).
    enum Broken: String, CaseIterable {
        case stdoutFull = "> /dev/full"
        case stdoutClosed = ">&-"
        case stderrFull = "2> /dev/full"
        case stderrClosed = "2>&-"

        var isStdout: Bool { self == .stdoutFull || self == .stdoutClosed }
    }

    /// Runs `tgt ARGS` through the shell with its output broken as `broken`.
    static func run(_ args: [String], broken: Broken, dir: TestDirectory) throws -> TgtBinary.Result {
        let quoted = ([TgtBinary.url.path] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The other stream goes to a file the test reads (a pipe would hide a closed descriptor).
        let other = dir.file("other-\(UUID().uuidString.prefix(6)).txt")
        let redirect = broken.isStdout ? "2> '\(other.path)'" : "> '\(other.path)'"
        process.arguments = ["-c", "exec \(quoted) \(broken.rawValue) \(redirect)"]
        var env = ProcessInfo.processInfo.environment
        env["TGT_DATA_DIR"] = dir.path
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = (try? String(contentsOf: other, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: other)
        return TgtBinary.Result(status: process.terminationStatus,
                                stdout: broken.isStdout ? "" : text, stderr: broken.isStdout ? text : "")
    }

    static let commands: [[String]] = [
        ["--help"], ["--version"], ["templates", "--help"], ["status"], ["--json", "status"], ["chats"], ["--json", "chats"],
        ["templates", "list"], ["--json", "templates", "list"], ["templates", "show", "Hi"], ["templates", "icons"],
        ["templates", "export"], ["send", "Hi", "--dry-run"], ["login"], ["templates", "show", "No such template"],
    ]

    @Test("every command, with standard output or error full or closed: no crash, a documented exit code, and one line saying so")
    func everyCommand() async throws {
        let dir = try TestDirectory("cli-output")
        defer { dir.remove() }
        try await Self.prepare(dir)
        for args in Self.commands {
            let full = ["--demo"] + args
            let normal = try await TgtBinary.run(full, dataDir: dir.path)
            for broken in Broken.allCases {
                let result = try Self.run(full, broken: broken, dir: dir)
                let context = "tgt \(args.joined(separator: " ")) \(broken.rawValue)"
                // 132 (SIGILL) was Foundation's fatal error; no signal of any kind is acceptable.
                #expect(result.status < 128, "\(context): exit \(result.status)")
                let wroteThere = broken.isStdout ? !normal.stdout.isEmpty : !normal.stderr.isEmpty
                if normal.status != 0 {
                    // A failing command keeps its own code: it says more than "output failed".
                    #expect(result.status == normal.status, "\(context): \(result.status) vs \(normal.status)")
                } else if wroteThere {
                    #expect(result.status == 7, "\(context): exit \(result.status)")
                } else {
                    #expect(result.status == 0, "\(context): exit \(result.status)")
                }
                if broken.isStdout, wroteThere {
                    #expect(result.stderr.contains("could not write its output to standard output"), "\(context): \(result.stderr)")
                    #expect(result.stderr.components(separatedBy: "could not write its output").count == 2, "one line only: \(result.stderr)")
                }
            }
        }
    }

    @Test("tgt send > /dev/full sends the message once and exits 7, not a failure a script would retry")
    func sendToFullDisk() async throws {
        let dir = try TestDirectory("cli-output-send")
        defer { dir.remove() }
        try await Self.prepare(dir)
        for broken in Broken.allCases {
            let before = InterruptedSendsCLITests.delivered(dir).count
            let result = try Self.run(["--demo", "send", "Hi"], broken: broken, dir: dir)
            #expect(result.status == 7, "\(broken.rawValue): \(result.status)")
            #expect(InterruptedSendsCLITests.delivered(dir).count == before + 1, "\(broken.rawValue): sent exactly once")
        }
        let store = try AppDatabase.open(at: dir.url.appendingPathComponent("demo/tgtemplates.sqlite"), clock: TestClock())
        #expect(try store.recentSends().count == 4)
        #expect(try store.recentSends().allSatisfy { $0.status == .sent })
        // A send that partly fails keeps exit 5 even when its output is lost too.
        let refused = try await TgtBinary.run(["--demo", "templates", "edit", "Hi", "--add-target", "-4002"], dataDir: dir.path)
        #expect(refused.status != 0 && refused.stderr.contains("You cannot post in “Neighbours”"), "muted members: refused when saving")
        try ServeCLITests.addTargetAsSavedBefore(Target(chatID: -4002, chatTitle: "Neighbours"), to: "Hi", dataDir: dir.url.appendingPathComponent("demo"))
        #expect(try Self.run(["--demo", "send", "Hi"], broken: .stdoutFull, dir: dir).status == 5)
    }

    @Test("a closed pipe still ends the command quietly, as before (tgt … | head)")
    func closedPipe() async throws {
        let dir = try TestDirectory("cli-output-pipe")
        defer { dir.remove() }
        // Far more output than a pipe holds (64 KiB), imported in one transaction.
        let one = try AppDatabase.inMemory(clock: TestClock())
        try one.insert(Template(name: "Template", body: "Body with some text to make every line of the listing longer"))
        var archive = try one.exportTemplates()
        let model = try #require(archive.templates.first)
        archive.templates = (0..<3_000).map { i in
            var t = model
            t.id = UUID()
            t.name = "Template \(i)"
            t.sortOrder = i
            return t
        }
        try archive.encoded().write(to: dir.file("many.json"))
        #expect(try await TgtBinary.run(["templates", "import", dir.file("many.json").path], dataDir: dir.path).status == 0)
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", "'\(TgtBinary.url.path)' templates list | head -n 1 > /dev/null; echo \"${PIPESTATUS[0]}\""]
        var env = ProcessInfo.processInfo.environment
        env["TGT_DATA_DIR"] = dir.path
        process.environment = env
        let output = Pipe(), errors = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // SIGPIPE ends it (141) as it ends `yes | head`; where SIGPIPE is ignored (as under a
        // test runner) the broken pipe gives the same status; it never traps, and says nothing.
        #expect(status == "141", "\(status)")
        #expect(said.isEmpty, "\(said)")
    }

    /// Demo login, chats, and a template "Hi" for Family.
    static func prepare(_ dir: TestDirectory) async throws {
        #expect(try await TgtBinary.run(["--demo", "login"], dataDir: dir.path, input: "+15555550123\n12345\ndemo\n").status == 0)
        #expect(try await TgtBinary.run(["--demo", "chats"], dataDir: dir.path).status == 0)
        #expect(try await TgtBinary.run(["--demo", "templates", "add", "--name", "Hi", "--body", "Hello *all*", "--target", "-1001000000001"],
                                  dataDir: dir.path).status == 0)
    }
}
