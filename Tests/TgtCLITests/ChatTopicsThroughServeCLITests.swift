import Foundation
import Testing
import TgtTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A `tgt serve --demo` for one test, on its own data folder, logged in to the demo account.
final class DemoServe {
    let dir: TestDirectory
    let process: ChildProcess

    init(_ name: String) async throws {
        dir = try TestDirectory(name)
        process = try await TgtBinary.startDemoServe(dataDir: dir.url)
        await #expect(try tgt(["login"], input: "+15555550123\n12345\ndemo\n").status == 0)
        try await awaitCondition {  // the dashboard loads the lists right after the login
            let list = await (try? JSONSerialization.jsonObject(with: Data(try tgt(["--json", "chat", "list"]).stdout.utf8))) as? [[String: Any]] ?? []
            return list.count >= 6
        }
    }

    func tgt(_ args: [String], input: String = "") async throws -> TgtBinary.Result {
        try await TgtBinary.run(["--demo"] + args, dataDir: dir.path, input: input)
    }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        dir.remove()
    }
}

/// A `tgt chat read --follow` running in the background, its output collected as it comes.
final class Follower {
    let process: ChildProcess
    let stdout: CollectedOutput
    let stderr: CollectedOutput

    init(_ args: [String], dataDir: String) throws {
        let process = ChildProcess()
        process.executableURL = TgtBinary.url
        process.arguments = ["--demo"] + args
        var env = ProcessInfo.processInfo.environment
        env["TGT_DATA_DIR"] = dataDir
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        self.process = process
        stdout = CollectedOutput.reading(out)
        stderr = CollectedOutput.reading(err)
    }

    /// Waits for `text` on standard output: true once it is there, false if the output ended
    /// without it. (No deadline of its own: the suite's time limit is the deadline.)
    func waitFor(_ text: String) async throws -> Bool {
        try await awaitCondition { stdout.text.contains(text) || stdout.isClosed }
        return stdout.text.contains(text)
    }

    /// Waits for `text` on standard error, as `waitFor` does on standard output.
    func waitForNote(_ text: String) async throws -> Bool {
        try await awaitCondition { stderr.text.contains(text) || stderr.isClosed }
        return stderr.text.contains(text)
    }

    /// Waits for the process to end; its exit status.
    func exitStatus() async throws -> Int32 {
        try await awaitCondition { !process.isRunning }
        return process.terminationStatus
    }

    func stop() { if process.isRunning { process.terminate() } }
}

@Suite("tgt chat --topic and --follow while tgt serve holds the session", .serialized, .timeLimit(.minutes(10)))
struct ChatTopicsThroughServeCLITests {
    static func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    @Test("read --topic prints what it prints without serve; send --topic posts into the topic; bad topics exit 2 and send nothing")
    func topics() async throws {
        // Without serve first: the reference output.
        let direct = try await ChatCLITests.loggedIn("chat-topic-direct")
        defer { direct.remove() }
        let referenceText = try await ChatCLITests.tgt(direct, ["chat", "read", "Work", "--topic", "11", "--limit", "6"])
        let referenceJSON = try await ChatCLITests.tgt(direct, ["--json", "chat", "read", "Work", "--topic", "11", "--limit", "6"])
        #expect(referenceText.status == 0 && referenceJSON.status == 0, "\(referenceText.stderr)")

        let serve = try await DemoServe("chat-topic-serve")
        defer { serve.stop() }
        let text = try await serve.tgt(["chat", "read", "Work", "--topic", "11", "--limit", "6"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == referenceText.stdout)
        let json = try await serve.tgt(["--json", "chat", "read", "Work", "--topic", "11", "--limit", "6"])
        #expect(json.stdout == referenceJSON.stdout)
        let topics = (Self.json(json.stdout)["messages"] as? [[String: Any]] ?? []).map { $0["topic_id"] as? Int }
        #expect(topics.count == 6 && topics.allSatisfy { $0 == 11 }, "\(topics)")

        let sent = try await serve.tgt(["--json", "chat", "send", "Work", "--topic", "12", "Pizza at *one*?"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(Self.json(sent.stdout)["topic_id"] as? Int == 12)
        let lunch = try await serve.tgt(["chat", "read", "Work", "--topic", "12", "--limit", "2"])
        #expect(lunch.stdout.contains("You: Pizza at one?"), "\(lunch.stdout)")
        let standups = try await serve.tgt(["chat", "read", "Work", "--topic", "11", "--limit", "6"])
        #expect(!standups.stdout.contains("Pizza"))

        let unknown = try await serve.tgt(["chat", "send", "Work", "--topic", "99", "lost"])
        #expect(unknown.status == 2 && unknown.stderr.contains("“Work” has no topic 99"), "\(unknown.stderr)")
        let unknownRead = try await serve.tgt(["chat", "read", "Work", "--topic", "99"])
        #expect(unknownRead.status == 2 && unknownRead.stderr.contains("has no topic 99"))
        let notForum = try await serve.tgt(["chat", "read", "Family", "--topic", "11"])
        #expect(notForum.status == 2 && notForum.stderr.contains("“Family” is not a forum"), "\(notForum.stderr)")
        let after = try await serve.tgt(["--json", "chat", "read", "Work", "--limit", "3"])
        #expect(!after.stdout.contains("lost"), "nothing was sent")
    }

    @Test("--follow through serve: new messages, a reply, an edit and a deletion as they happen; --mark-read; Ctrl-C exits 130")
    func follow() async throws {
        let serve = try await DemoServe("chat-follow-serve")
        defer { serve.stop() }
        let follower = try Follower(["--json", "chat", "read", "Family", "--limit", "2", "--follow", "--mark-read"], dataDir: serve.dir.path)
        defer { follower.stop() }
        #expect(try await follower.waitFor("\"has_older\""), "the first page: \(follower.stdout.text) \(follower.stderr.text)")
        let sent = try await serve.tgt(["--json", "chat", "send", "Family", "Leaving work"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let id = try #require(Self.json(sent.stdout)["id"] as? Int)
        #expect(try await follower.waitFor("\"id\":\(id)"), "our message: \(follower.stdout.text.suffix(600))")
        #expect(try await follower.waitFor("\"sender\":{\"id\":555000201"), "Mum's reply: \(follower.stdout.text.suffix(600))")
        await #expect(try serve.tgt(["chat", "edit", "Family", "\(id)", "Leaving in 10"]).status == 0)
        #expect(try await follower.waitFor("\"event\":\"edited\""), "\(follower.stdout.text.suffix(400))")
        await #expect(try serve.tgt(["chat", "delete", "Family", "\(id)", "--for-all"]).status == 0)
        #expect(try await follower.waitFor("\"event\":\"deleted\",\"message_ids\":\"\(id)\""), "\(follower.stdout.text.suffix(400))")
        let lines = follower.stdout.text.split(separator: "\n")
        #expect(lines.filter { $0.contains("\"id\":\(id),") }.count == 1, "our message once, not again on later events")
        #expect(lines.contains { $0.contains("\"text\":\"Leaving in 10\"") })

        kill(follower.process.processIdentifier, SIGINT)
        #expect(try await follower.exitStatus() == 130, "Ctrl-C: the shell's 130, as on the direct path: \(follower.stderr.text)")
        let list = await (try? JSONSerialization.jsonObject(with: Data(try serve.tgt(["--json", "chat", "list"]).stdout.utf8))) as? [[String: Any]] ?? []
        #expect(list.first { $0["title"] as? String == "Family" }?["unread_count"] as? Int == 0, "--mark-read read Mum's reply")
    }

    @Test("read --topic --mark-read reads only that topic (Work's newest message is in Standups, two older unread in General), directly and through serve")
    func markTopicRead() async throws {
        func workUnread(_ list: TgtBinary.Result) -> Int? {
            let chats = (try? JSONSerialization.jsonObject(with: Data(list.stdout.utf8))) as? [[String: Any]] ?? []
            return chats.first { $0["title"] as? String == "Work" }?["unread_count"] as? Int
        }
        // The seed leaves five unread in Work: three in Standups (11), two in General (1).
        let direct = try await ChatCLITests.loggedIn("chat-topic-read-direct")
        defer { direct.remove() }
        await #expect(workUnread(try ChatCLITests.tgt(direct, ["--json", "chat", "list"])) == 5)
        let read = try await ChatCLITests.tgt(direct, ["chat", "read", "Work", "--topic", "11", "--limit", "10", "--mark-read"])
        #expect(read.status == 0, "\(read.stderr)")
        await #expect(workUnread(try ChatCLITests.tgt(direct, ["--json", "chat", "list"])) == 2, "General stays unread")
        await #expect(try ChatCLITests.tgt(direct, ["chat", "read", "Work", "--topic", "1", "--mark-read"]).status == 0)
        await #expect(workUnread(try ChatCLITests.tgt(direct, ["--json", "chat", "list"])) == 0)

        // Through serve the API reads the topic up to its own newest message.
        let serve = try await DemoServe("chat-topic-read-serve")
        defer { serve.stop() }
        await #expect(workUnread(try serve.tgt(["--json", "chat", "list"])) == 5)
        let served = try await serve.tgt(["chat", "read", "Work", "--topic", "11", "--limit", "2", "--mark-read"])
        #expect(served.status == 0, "\(served.stderr)")
        await #expect(workUnread(try serve.tgt(["--json", "chat", "list"])) == 2, "General stays unread")
        let unknown = try await serve.tgt(["chat", "read", "Work", "--topic", "99", "--mark-read"])
        #expect(unknown.status == 2 && unknown.stderr.contains("has no topic 99"), "\(unknown.stderr)")
        await #expect(try serve.tgt(["chat", "read", "Work", "--topic", "1", "--limit", "1", "--mark-read"]).status == 0)
        await #expect(workUnread(try serve.tgt(["--json", "chat", "list"])) == 0)
    }

    @Test("--follow --topic through serve shows only the topic's new messages, and the server going away ends it with exit 4")
    func followTopicUntilServerStops() async throws {
        let serve = try await DemoServe("chat-follow-topic-serve")
        defer { serve.stop() }
        let follower = try Follower(["chat", "read", "Work", "--topic", "11", "--limit", "3", "--follow"], dataDir: serve.dir.path)
        defer { follower.stop() }
        #expect(try await follower.waitFor("Work"), "\(follower.stderr.text)")
        _ = try await follower.waitForNote("Following Work")
        await #expect(try serve.tgt(["chat", "send", "Work", "--topic", "12", "Lunch *talk*"]).status == 0)
        await #expect(try serve.tgt(["chat", "send", "Work", "--topic", "11", "Standup *notes*"]).status == 0)
        #expect(try await follower.waitFor("You: Standup notes"), "\(follower.stdout.text.suffix(400))")
        #expect(!follower.stdout.text.contains("Lunch talk"))

        kill(serve.process.processIdentifier, SIGTERM)
        #expect(try await follower.exitStatus() == 4, "\(follower.stderr.text)")
        #expect(follower.stderr.text.contains("went away"), "\(follower.stderr.text)")
    }
}
