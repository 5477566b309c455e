import Foundation
import Testing
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` in the middle of a burst of sends, then a restart: every send log row ends final,
/// nothing is delivered twice, and what Telegram (the simulator's on-disk "server side")
/// received agrees with the rows.
@Suite("Sends interrupted by kill -9 are settled by the next process", .serialized, .timeLimit(.minutes(10)))
struct InterruptedSendsCLITests {
    /// One row per target of each tap; two targets per template.
    static let targets = ["-1001000000001", "-4001"]

    @Test("kill -9 of tgt serve at random moments of a burst of 20 sends", arguments: [UInt64(7), 21, 1234])
    func killServeMidBurst(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let dir = try TestDirectory("cli-kill-serve")
        defer { dir.remove() }
        let template = try await prepare(dir)

        let server = try startServer(dir, latencyMs: 120)
        defer { if server.process.isRunning { kill(server.process.processIdentifier, SIGKILL) } }
        let descriptor = try await server.descriptor()
        let session = URLSession(configuration: .ephemeral)
        let endpoint = try #require(URL(string: "\(descriptor.url)/api/templates/\(template)/send"))
        let fire = Task {
            await withTaskGroup(of: Void.self) { group in
                for n in 0..<20 {
                    group.addTask {
                        var request = URLRequest(url: endpoint)
                        request.httpMethod = "POST"
                        request.setValue("Bearer \(descriptor.token)", forHTTPHeaderField: "Authorization")
                        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                        request.httpBody = Data(#"{"variables":{"n":"\#(n)"}}"#.utf8)
                        _ = try? await session.data(for: request)
                    }
                }
            }
        }
        // Somewhere between "a few sends accepted" and "most of them confirmed".
        let delay = 0.15 + Double(random.next() % 1_200) / 1_000
        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
        kill(server.process.processIdentifier, SIGKILL)
        server.process.waitUntilExit()
        await fire.value

        try await restartAndCheck(dir, context: "seed \(seed), killed after \(delay) s")
    }

    @Test("kill -9 of a direct tgt send: once TDLib holds the message, it is confirmed by the next process")
    func killDirectSend() async throws {
        let dir = try TestDirectory("cli-kill-send")
        defer { dir.remove() }
        _ = try await prepare(dir)
        let tdlibFolder = dir.url.appendingPathComponent("demo/demo-tdlib")
        for n in 0..<2 {
            let process = ChildProcess()
            process.executableURL = TgtBinary.url
            process.arguments = ["--demo", "send", "Burst", "--var", "n=\(n)"]
            var env = ProcessInfo.processInfo.environment
            env["TGT_DATA_DIR"] = dir.path
            env["TGT_DEMO_LATENCY_MS"] = "4000"
            process.environment = env
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Kill the moment TDLib (the simulator) has accepted the first target's message and
            // before Telegram confirmed it (a 4 s round trip, so a loaded machine still kills in time): only TDLib's resend can tell
            // what became of it.
            try await awaitCondition { TelegramSimulator.pendingMessageCount(inDatabaseDirectory: tdlibFolder) > 0 || !process.isRunning }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let said = try await restartAndCheck(dir, context: "direct send \(n)")
            #expect(said.contains("confirmed sent"), "the resent message is proven delivered: \(said)")
        }
        // TDLib accepts a message locally at once, so the dying process may have handed over
        // the second target's message too (then it is confirmed as well), or not (then it is
        // "never sent" or "may have been delivered"): restartAndCheck held the rows to what
        // arrived; here, every run's first message arrived, none twice.
        for n in 0..<2 {
            let arrived = Self.delivered(dir).filter { $0.text == "Burst number \(n)" }.count
            #expect((1...2).contains(arrived), "Burst number \(n) arrived \(arrived) times")
        }
    }

    // MARK: - Steps

    /// Logs in (demo) and adds the template "Burst {{n}}" for two chats; returns its id.
    func prepare(_ dir: TestDirectory) async throws -> String {
        let login = try await TgtBinary.run(["--demo", "login"], dataDir: dir.path, input: "+15555550123\n12345\ndemo\n")
        #expect(login.status == 0, "\(login.stderr)")
        var args = ["--demo", "--json", "templates", "add", "--name", "Burst", "--body", "Burst number {{n}}"]
        for target in Self.targets { args += ["--target", target] }
        #expect(try await TgtBinary.run(["--demo", "chats"], dataDir: dir.path).status == 0)
        let added = try await TgtBinary.run(args, dataDir: dir.path)
        #expect(added.status == 0, "\(added.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
        return try #require(object?["id"] as? String).lowercased()
    }

    /// The next process (`tgt status`) settles what the killed one left; then the rows and the
    /// simulator's deliveries must agree.
    @discardableResult
    func restartAndCheck(_ dir: TestDirectory, context: String) async throws -> String {
        let started = Date()
        let status = try await TgtBinary.run(["--demo", "status"], dataDir: dir.path)
        let took = Date().timeIntervalSince(started)
        #expect(status.status == 0, "\(context): \(status.stderr)")
        // The recovery waits at most 3 s for TDLib's announcements and 10 s for verdicts.
        #expect(took < 25, "\(context): settling took \(took) s")

        let store = try AppDatabase.open(at: dir.url.appendingPathComponent("demo/tgtemplates.sqlite"), clock: TestClock())
        let rows = try store.recentSends(limit: 10_000)
        let unfinished = rows.filter { $0.status == .queued || $0.status == .sending }
        #expect(unfinished.isEmpty, "\(context): rows left unfinished: \(unfinished.map(\.status))")
        let sent = rows.filter { $0.status == .sent }
        #expect(sent.allSatisfy { $0.messageID != nil }, "\(context): a sent row without Telegram's message id")
        let maybe = rows.filter { $0.status == .failed && $0.error == SendLogEntry.maybeDeliveredReason }

        let delivered = Self.delivered(dir)
        // Nothing delivered twice: every text went to each chat at most once.
        let keys = delivered.map { "\($0.chat) \($0.text)" }
        #expect(Set(keys).count == keys.count, "\(context): delivered twice: \(keys.sorted())")
        // What arrived is what the rows say: every "sent" row arrived; beyond those, only rows
        // marked "may have been delivered" can account for more.
        #expect(delivered.count >= sent.count, "\(context): \(sent.count) rows sent but \(delivered.count) delivered")
        #expect(delivered.count <= sent.count + maybe.count,
                "\(context): \(delivered.count) delivered, \(sent.count) sent + \(maybe.count) may have been delivered")
        // Per chat too.
        for chat in Self.targets.compactMap(Int64.init) {
            let arrived = delivered.filter { $0.chat == chat }.count
            let rowsSent = sent.filter { $0.target.chatID == chat }.count
            let rowsMaybe = maybe.filter { $0.target.chatID == chat }.count
            #expect(arrived >= rowsSent && arrived <= rowsSent + rowsMaybe, "\(context): chat \(chat): \(arrived) arrived, \(rowsSent) sent, \(rowsMaybe) maybe")
        }
        if ProcessInfo.processInfo.environment["TGT_TEST_VERBOSE"] != nil {
            FileHandle.standardError.write(Data("\(context): rows \(rows.count), sent \(sent.count), maybe \(maybe.count), delivered \(delivered.count); tgt status said: \(status.stderr)\n".utf8))
        }
        return status.stderr
    }

    /// The simulator's record of what Telegram received (`tgt-simulator-delivered.jsonl` in
    /// the demo TDLib folder): one line per message.
    static func delivered(_ dir: TestDirectory) -> [(chat: Int64, text: String)] {
        TelegramSimulator.deliveredMessages(inDatabaseDirectory: dir.url.appendingPathComponent("demo/demo-tdlib"))
            .map { ($0.chatID, $0.content) }
    }

    /// A running `tgt --demo serve` and the descriptor it writes.
    struct Server {
        var process: ChildProcess
        var dir: TestDirectory

        struct Descriptor: Decodable {
            var url: String
            var token: String
        }

        /// Waits until the server has written it (or has ended).
        func descriptor() async throws -> Descriptor {
            let file = dir.url.appendingPathComponent("demo/server.json")
            try await awaitCondition { FileManager.default.fileExists(atPath: file.path) || !process.isRunning }
            return try JSONDecoder().decode(Descriptor.self, from: Data(contentsOf: file))
        }
    }

    func startServer(_ dir: TestDirectory, latencyMs: Int) throws -> Server {
        let process = ChildProcess()
        process.executableURL = TgtBinary.url
        process.arguments = ["--demo", "serve", "--port", "0"]
        var env = ProcessInfo.processInfo.environment
        env["TGT_DATA_DIR"] = dir.path
        env["TGT_DEMO_LATENCY_MS"] = String(latencyMs)
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return Server(process: process, dir: dir)
    }
}
