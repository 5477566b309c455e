import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTestSupport

@Suite("tgt binary: demo mode and crash safety", .timeLimit(.minutes(5)))
struct CLIDemoAndCrashTests {
    @Test("demo: send before login says to log in; login via stdin, chats, add, send, dry run")
    func demoEndToEnd() async throws {
        let dir = try TestDirectory("cli-demo")
        defer { dir.remove() }
        func tgt(_ args: [String], input: String = "") async throws -> TgtBinary.Result {
            try await TgtBinary.run(["--demo"] + args, dataDir: dir.path, input: input)
        }
        let early = try await tgt(["chats"])
        #expect(early.status == 3 && early.stderr.contains("You are not logged in to Telegram.") && early.stderr.contains("tgt login"))
        #expect(!early.stderr.contains("Loading your chats"), "nothing is loaded before the login is checked")
        let login = try await tgt(["login"], input: "+15555550123\n12345\ndemo\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.contains("Logged in as Demo User"))
        #expect(login.stderr.contains("hint: the word demo"))
        let chats = try await tgt(["--json", "chats"])
        #expect(chats.status == 0)
        let demoLine = try #require(chats.stderr.range(of: "Demo mode"))
        let loadingLine = try #require(chats.stderr.range(of: "Loading your chats from Telegram…"))
        #expect(demoLine.lowerBound < loadingLine.lowerBound, "the session opens, then the chats load: \(chats.stderr)")
        let list = try JSONSerialization.jsonObject(with: Data(chats.stdout.utf8)) as? [[String: Any]]
        #expect(list?.map { $0["title"] as? String } == ["Saved Messages", "Family", "Work", "Climbing crew", "Tech News", "Alice", "Neighbours"])
        #expect(list?.map { $0["kind"] as? String } == ["saved_messages", "supergroup", "supergroup", "basic_group", "channel", "private", "basic_group"])
        #expect(list?.map { $0["can_post"] as? Bool } == [true, true, true, true, false, true, false])
        #expect(list?.last?["cannot_post_reason"] as? String == "its admins do not let members post.")
        #expect(list?.last?["cannot_post_code"] as? String == "members_muted")
        let table = try await tgt(["chats", "--cached"])
        #expect(table.stdout.contains("Tech News") && table.stdout.contains("can't post: only the channel's admins can post."), "\(table.stdout)")
        #expect(table.stdout.contains("Saved Messages") && table.stdout.contains("notes to yourself") && table.stdout.contains("private chat"))
        // A chat you cannot post in is refused with the reason, and nothing is saved.
        let refused = try await tgt(["templates", "add", "--name", "News", "--body", "x", "--target", "-1001000000003"])
        #expect(refused.status != 0 && refused.stderr.contains("You cannot post in “Tech News”: only the channel's admins can post."), "\(refused.stderr)")
        await #expect(try tgt(["templates", "list"]).stdout.contains("News") == false)
        // Alice's private chat and your Saved Messages are targets like groups.
        await #expect(try tgt(["templates", "add", "--name", "Note", "--body", "Parked on level {{level=2}}", "--target", "555000111",
                         "--target", "424242"]).status == 0)
        let note = try await tgt(["send", "Note"])
        #expect(note.status == 0 && note.stdout.contains("Sent “Note” to 2 of 2 targets."), "\(note.stdout) \(note.stderr)")
        #expect(note.stderr.contains("✓ Alice") && note.stderr.contains("✓ Saved Messages"))
        await #expect(try tgt(["templates", "add", "--name", "Standup", "--body", "Standup in {{minutes}}' in {{chat}}",
                         "--target", "-1001000000002/11", "--target", "-4001"]).status == 0)
        let dry = try await tgt(["send", "Standup", "--var", "minutes=5", "--dry-run"])
        #expect(dry.stdout.contains("Standup in 5' in Work › Standups") && dry.stdout.contains("nothing was sent"))
        let sent = try await tgt(["send", "Standup", "--var", "minutes=5"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains("Sent “Standup” to 2 of 2 targets."))
        #expect(sent.stderr.contains("✓ Work › Standups") && sent.stderr.contains("✓ Climbing crew"))
        let status = try await tgt(["status"])
        #expect(status.stdout.contains("logged in as Demo User") && status.stdout.contains("demo mode"))
        let logout = try await tgt(["logout", "--yes"])
        #expect(logout.status == 0)
        await #expect(try tgt(["send", "Standup", "--var", "minutes=5"]).status == 3)
    }

    @Test("Ctrl-C during login closes the Telegram session and exits 130")
    func interrupt() async throws {
        let dir = try TestDirectory("cli-sigint")
        defer { dir.remove() }
        let process = ChildProcess()
        process.executableURL = TgtBinary.url
        process.arguments = ["--demo", "login"]
        var env = ProcessInfo.processInfo.environment
        env["TGT_DATA_DIR"] = dir.path
        process.environment = env
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let said = CollectedOutput.reading(errors)
        // Wait for the phone prompt, then interrupt.
        try await awaitCondition { said.text.contains("phone number") || said.isClosed }
        process.interrupt()
        try await awaitCondition { !process.isRunning && said.isClosed }
        let seen = said.text
        #expect(process.terminationStatus == 130)
        #expect(seen.contains("closing the Telegram session"))
        try input.fileHandleForWriting.close()
    }

    @Test("Ctrl-C while Telegram checks the phone number stops quietly with 130, no error and no second prompt")
    func interruptDuringPhoneRequest() async throws {
        let dir = try TestDirectory("cli-sigint-phone")
        defer { dir.remove() }
        let process = ChildProcess()
        process.executableURL = TgtBinary.url
        process.arguments = ["--demo", "login", "--phone", "+15555550123"]
        var env = ProcessInfo.processInfo.environment
        env["TGT_DATA_DIR"] = dir.path
        env["TGT_DEMO_LATENCY_MS"] = "4000"  // the phone number request stays in flight
        process.environment = env
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        // Once tgt catches SIGINT, its session is open and the login starts (the phone number
        // request then stays in flight for the simulated 4 s): no bet on how long starting takes.
        try await awaitCondition { catchesSIGINT(process.processIdentifier) || !process.isRunning }
        process.interrupt()
        process.waitUntilExit()
        let seen = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130)
        #expect(seen.contains("closing the Telegram session"))
        #expect(!seen.contains("Request aborted") && !seen.contains("Telegram said"), "\(seen)")
        #expect(!seen.contains("phone number"), "no prompt after Ctrl-C: \(seen)")
        try input.fileHandleForWriting.close()
    }

    @Test("killing tgt in the middle of a large import leaves all of it or none of it")
    func killDuringImport() throws {
        let source = try TestDirectory("crash-src")
        defer { source.remove() }
        let count = 5000
        let archive = TemplateArchive(templates: (0..<count).map { i in
            Template(name: "Template \(i)", icon: .allCases[i % 36], body: String(repeating: "Body \(i) ✈️ ", count: 20),
                     targets: [Target(chatID: -1000 - Int64(i), chatTitle: "Group \(i)")])
        }, exportedAt: fixtureDate)
        let file = source.file("big.json")
        try archive.encoded().write(to: file)
        var outcomes: Set<Int> = []
        for delay in [0.05, 0.15, 0.3, 0.6] {
            let dir = try TestDirectory("crash")
            defer { dir.remove() }
            let store = try AppDatabase.open(in: DataDirectory(url: dir.url), clock: TestClock())
            try store.insert(Template(name: "Existing", body: "kept"))
            let process = ChildProcess()
            process.executableURL = TgtBinary.url
            process.arguments = ["templates", "import", file.path]
            var env = ProcessInfo.processInfo.environment
            env["TGT_DATA_DIR"] = dir.path
            process.environment = env
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = try AppDatabase.open(in: DataDirectory(url: dir.url), clock: TestClock()).templates()
            #expect(after.count == 1 || after.count == count + 1, "delay \(delay): \(after.count) templates")
            #expect(after.contains { $0.name == "Existing" })
            outcomes.insert(after.count)
        }
        #expect(!outcomes.isEmpty)
    }
}

/// Whether process `pid` has a handler for SIGINT (Linux: the `SigCgt` mask of
/// `/proc/<pid>/status`, bit 1 for signal 2).
private func catchesSIGINT(_ pid: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
          let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return false }
    return mask & (1 << (SIGINT - 1)) != 0
}
