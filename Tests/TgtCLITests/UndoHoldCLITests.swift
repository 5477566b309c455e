import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The undo hold through the real `tgt` binary on the demo simulator: Ctrl-C (SIGINT) during
/// the hold takes the send back and nothing reaches Telegram; `kill -9` during the hold leaves
/// a held row that the next process sends once (its hold ended moments ago) and never twice.
@Suite("Undo hold from the command line", .serialized, .timeLimit(.minutes(5)))
struct UndoHoldCLITests {
    static let family = "-1001000000001"

    /// Logs in (demo) and adds "Leaving" for Family.
    func prepare(_ dir: TestDirectory) async throws {
        let login = try await TgtBinary.run(["--demo", "login"], dataDir: dir.path, input: "+15555550123\n12345\ndemo\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(try await TgtBinary.run(["--demo", "chats"], dataDir: dir.path).status == 0)
        let added = try await TgtBinary.run(["--demo", "templates", "add", "--name", "Leaving", "--body", "Leaving work {{n}}", "--target", Self.family],
                                      dataDir: dir.path)
        #expect(added.status == 0, "\(added.stderr)")
    }

    func store(_ dir: TestDirectory) throws -> AppDatabase {
        try AppDatabase.open(at: dir.url.appendingPathComponent("demo/tgtemplates.sqlite"), clock: TestClock())
    }

    /// `tgt --demo send Leaving --hold N` on pipes; its output goes to files read at the end.
    func startSend(_ dir: TestDirectory, n: Int, hold: Int, json: Bool = false) throws -> (ChildProcess, URL, URL) {
        let process = ChildProcess()
        process.executableURL = TgtBinary.url
        process.arguments = ["--demo"] + (json ? ["--json"] : []) + ["send", "Leaving", "--var", "n=\(n)", "--hold", "\(hold)"]
        var env = ProcessInfo.processInfo.environment
        env["TGT_DATA_DIR"] = dir.path
        process.environment = env
        let out = dir.url.appendingPathComponent("send-\(n).out")
        let err = dir.url.appendingPathComponent("send-\(n).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    @Test("SIGINT during the hold undoes it: exit 8, the rows say undone, Telegram received nothing; --json says so too")
    func interruptUndoes() async throws {
        let dir = try TestDirectory("cli-undo")
        defer { dir.remove() }
        try await prepare(dir)
        let store = try store(dir)
        for (n, json) in [(1, false), (2, true)] {
            let (process, out, err) = try startSend(dir, n: n, hold: 30, json: json)
            // Held, and the hold's countdown has begun (from then on Ctrl-C undoes instead of stopping).
            try await awaitCondition { try !store.heldSends().isEmpty && text(err).contains("Holding “Leaving”") || !process.isRunning }
            #expect(process.isRunning, "still holding: \(text(err))")
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            #expect(process.terminationStatus == 8, "exit 8 when undone: \(text(err))")
            #expect(text(err).contains("Holding “Leaving” for 30 s before sending to Family: Ctrl-C (SIGINT) undoes it."), "\(text(err))")
            if json {
                let object = try JSONSerialization.jsonObject(with: Data(text(out).utf8)) as? [String: Any]
                let results = try #require(object?["results"] as? [[String: Any]])
                #expect(results.map { $0["status"] as? String } == ["undone"])
            } else {
                #expect(text(out) == "Undone: “Leaving” was not sent (Family).\n")
            }
        }
        #expect(try store.recentSends().map(\.status) == [.undone, .undone])
        #expect(InterruptedSendsCLITests.delivered(dir).isEmpty, "nothing reached Telegram")
    }

    @Test("kill -9 during the hold: the next tgt sends it when the hold ends, once (too late ones: UndoHoldTests)")
    func killDuringHold() async throws {
        let dir = try TestDirectory("cli-kill-hold")
        defer { dir.remove() }
        try await prepare(dir)
        let store = try store(dir)
        // Long enough that the kill surely lands inside it on a loaded machine; the next
        // process then waits out what is left of it.
        let (process, _, _) = try startSend(dir, n: 7, hold: 12)
        try await awaitCondition { try !store.heldSends().isEmpty || !process.isRunning }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try store.heldSends().count == 1, "the killed process left its send held")
        #expect(InterruptedSendsCLITests.delivered(dir).isEmpty)

        // The next command that opens the session waits for the hold (it had not ended), then sends.
        let next = try await TgtBinary.run(["--demo", "status"], dataDir: dir.path)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.contains("Held sends an earlier run left: 1 sent after its hold"), "\(next.stderr)")
        #expect(try store.heldSends().isEmpty && store.recentSends().map(\.status) == [.sent])
        #expect(InterruptedSendsCLITests.delivered(dir).map(\.text) == ["Leaving work 7"])

        // Again: nothing more goes out.
        #expect(try await TgtBinary.run(["--demo", "status"], dataDir: dir.path).status == 0)
        #expect(InterruptedSendsCLITests.delivered(dir).map(\.text) == ["Leaving work 7"], "never sent twice")
    }
}
