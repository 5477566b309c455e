import Foundation
import Testing
import TgtTestSupport

/// The lower layers say what to do next in any face's words; the command line words it as the
/// `tgt` command that helps, on stderr and in the `--json` error, also when the error came
/// back from a running `tgt serve`.
@Suite("tgt binary: next steps name tgt commands", .timeLimit(.minutes(5)))
struct NextStepCLITests {
    @Test("store, timer, credentials and login errors end with the command to run")
    func commandHints() async throws {
        let dir = try TestDirectory("cli-next-steps")
        defer { dir.remove() }
        func tgt(_ args: String...) async throws -> TgtBinary.Result { try await TgtBinary.run(args, dataDir: dir.path) }
        await #expect(try tgt("timers", "add", "--name", "Pasta", "--duration", "12m").status == 0)
        for (arguments, status, hint) in [
            (["templates", "show", "Nope"], Int32(2), "\n  List them with `tgt templates list`."),
            (["timers", "show", "Soup"], 2, "\n  List them with `tgt timers list`."),
            (["timers", "pause", "Pasta"], 2, "\n  Start it first (`tgt timers start \"Pasta\"`)."),
            (["chats"], 3, "\n  Run `tgt setup` (or set TGT_API_ID and TGT_API_HASH)."),
            (["--demo", "chats"], 3, "\n  Run `tgt login`."),
        ] {
            let result = try await TgtBinary.run(arguments, dataDir: dir.path)
            #expect(result.status == status && result.stderr.contains(hint), "\(arguments): \(result.stderr)")
        }
        let json = try await tgt("--json", "templates", "show", "Nope")
        let envelope = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: [String: String]]
        #expect(envelope?["error"]?["code"] == "template_not_found")
        #expect(envelope?["error"]?["next_step"] == "List them with `tgt templates list`.")
    }

    @Test("through a running tgt serve, not logged in still says to run tgt login (not the dashboard's words)")
    func throughServe() async throws {
        let dir = try TestDirectory("cli-next-steps-serve")
        defer { dir.remove() }
        let server = try await TgtBinary.startDemoServe(dataDir: dir.url)
        defer { if server.isRunning { server.terminate() } }
        let result = try await TgtBinary.run(["--demo", "--json", "chats"], dataDir: dir.path)
        #expect(result.status == 3, "\(result.stderr)")
        let envelope = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [String: String]]
        #expect(envelope?["error"]?["code"] == "not_logged_in")
        #expect(envelope?["error"]?["next_step"] == "Run `tgt login`.", "\(result.stdout)")
    }
}
