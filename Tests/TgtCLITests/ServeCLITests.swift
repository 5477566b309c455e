import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("tgt serve: the real binary", .timeLimit(.minutes(5)))
struct ServeCLITests {
    @Test("While tgt serve runs, other commands go through it; a second owner is refused; SIGTERM closes cleanly")
    func serveOwnsTheSession() async throws {
        let dir = try TestDirectory("cli-serve")
        defer { dir.remove() }
        let output = Pipe()
        let server = try await TgtBinary.startDemoServe(dataDir: dir.url, standardOutput: output)
        defer { if server.isRunning { server.terminate() } }
        let descriptor = dir.url.appendingPathComponent("demo/server.json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: descriptor)) as? [String: Any])
        #expect((json["url"] as? String)?.hasPrefix("http://127.0.0.1:") == true)
        #expect(json["pid"] as? Int == Int(server.processIdentifier))
        let permissions = try FileManager.default.attributesOfItem(atPath: descriptor.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)

        func tgt(_ args: [String], input: String = "") async throws -> TgtBinary.Result {
            try await TgtBinary.run(["--demo"] + args, dataDir: dir.path, input: input)
        }
        let login = try await tgt(["login"], input: "+15555550123\n12345\ndemo\n")
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stderr.contains("through the running dashboard"))
        let status = try await tgt(["--json", "status"])
        #expect(status.stdout.contains("through the dashboard, pid \(server.processIdentifier)"), "\(status.stdout)")
        await #expect(try tgt(["chats"]).status == 0)
        let refused = try await tgt(["templates", "add", "--name", "Hi", "--body", "Hi {{who}}", "--target", "-1001000000001", "--target", "-4002"])
        #expect(refused.status != 0 && refused.stderr.contains("You cannot post in “Neighbours”: its admins do not let members post."), "\(refused.stderr)")
        await #expect(try tgt(["templates", "add", "--name", "Hi", "--body", "Hi {{who}}", "--target", "-1001000000001"]).status == 0)
        // A template saved before Neighbours' admins muted members keeps its target, and fails there.
        try Self.addTargetAsSavedBefore(Target(chatID: -4002, chatTitle: "Neighbours"), to: "Hi", dataDir: dir.url.appendingPathComponent("demo"))
        let sent = try await tgt(["send", "Hi", "--var", "who=all"])
        #expect(sent.status == 5, "Neighbours refuses posts in the demo")
        #expect(sent.stdout.contains("Sent “Hi” to 1 of 2 targets; failed: Neighbours."))

        let second = try await tgt(["serve", "--port", "0"])
        #expect(second.status == 6)
        #expect(second.stderr.contains("pid \(server.processIdentifier)"))
        let remote = try await tgt(["serve", "--host", "0.0.0.0", "--port", "0", "--data-dir", dir.url.appendingPathComponent("other").path])
        #expect(remote.status == 2)
        #expect(remote.stderr.contains("without a dashboard password"))
        let badProxy = try await tgt(["serve", "--port", "0", "--trusted-proxy", "proxy.local", "--data-dir", dir.url.appendingPathComponent("other").path])
        #expect(badProxy.status == 2 && badProxy.stderr.contains("“proxy.local” is not an address or a network"), "\(badProxy.stderr)")

        kill(server.processIdentifier, SIGTERM)
        server.waitUntilExit()
        #expect(server.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: descriptor.path))
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed.contains("First run: choose a dashboard password"))
        let direct = try await tgt(["status"])
        #expect(direct.stdout.contains("logged in as Demo User"), "the session survives and is usable directly again: \(direct.stdout)")
    }

    /// Adds `target` to the template named `name` straight in the store, as a template saved
    /// before the chat stopped accepting posts would have it (the CLI and API now refuse it).
    static func addTargetAsSavedBefore(_ target: Target, to name: String, dataDir: URL) throws {
        let store = try AppDatabase.open(at: dataDir.appendingPathComponent("tgtemplates.sqlite"), clock: TestClock())
        guard var template = try store.templates().first(where: { $0.name == name }) else { throw CocoaError(.fileNoSuchFile) }
        template.targets.append(target)
        _ = try store.update(template)
    }
}
