import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// `tgt triggers` through the real binary, with a real `tgt serve --demo` running: the link is
/// printed once (on the running dashboard's address) and fires over HTTP; the list says when it
/// was used and how often; rename and revoke by name or id prefix; bad input exits 2 and makes
/// nothing.
@Suite("tgt triggers", .serialized, .timeLimit(.minutes(3)))
struct TriggersCLITests {
    @Test("add (link once, JSON too), fire it with curl through tgt serve, list with its use, rename, revoke; bad input exits 2")
    func lifecycle() async throws {
        let dir = try TestDirectory("cli-triggers")
        defer { dir.remove() }
        let server = try await TgtBinary.startDemoServe(dataDir: dir.url)
        defer { if server.isRunning { server.terminate(); server.waitUntilExit() } }
        func tgt(_ args: [String], input: String = "") async throws -> TgtBinary.Result {
            try await TgtBinary.run(["--demo"] + args, dataDir: dir.path, input: input)
        }
        await #expect(try tgt(["login"], input: "+15555550123\n12345\ndemo\n").status == 0)
        await #expect(try tgt(["chats"]).status == 0)
        await #expect(try tgt(["templates", "add", "--name", "Late", "--body", "Late by {{eta}} min, {{who}}", "--target", "-1001000000001"]).status == 0)
        await #expect(try tgt(["settings", "--undo-hold", "0"]).status == 0)

        let made = try await tgt(["--json", "triggers", "add", "Cron: late", "--template", "late", "--allow", "eta", "--pin", "who=Ann",
                            "--min-interval", "0", "--per-day", "5", "--expires", "2099-12-31"])
        #expect(made.status == 0, "\(made.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(made.stdout.utf8)) as? [String: Any])
        let secret = try #require(json["secret"] as? String)
        let url = try #require(json["url"] as? String)
        let descriptor = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: dir.url.appendingPathComponent("demo/server.json"))) as? [String: Any])
        #expect(url == "\(descriptor["url"] as? String ?? "")/t/\(secret)", "the running dashboard's address")
        let trigger = try #require(json["trigger"] as? [String: Any])
        #expect(trigger["allowed"] as? [String] == ["eta"] && trigger["pinned"] as? [String: String] == ["who": "Ann"] && trigger["per_day"] as? Int == 5)

        let curl = ChildProcess()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-fsS", "-X", "POST", url + "?eta=20"]
        let out = Pipe()
        curl.standardOutput = out
        try curl.run()
        let reply = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        #expect(curl.terminationStatus == 0 && reply.contains("\"all_sent\":true"), "\(reply)")
        let store = try AppDatabase.open(at: dir.url.appendingPathComponent("demo/tgtemplates.sqlite"), clock: TestClock())
        #expect(try store.recentSends().first.map { $0.status == .sent && $0.templateName == "Late" } == true)

        let list = try await tgt(["triggers"])
        #expect(list.status == 0 && list.stdout.contains("Cron: late → “Late”") && list.stdout.contains("used 1 time"), "\(list.stdout)")
        #expect(list.stdout.contains("values for {{eta}}") && list.stdout.contains("5 a day") && !list.stdout.contains(secret))

        let plain = try await tgt(["triggers", "add", "Door", "--template", "Late", "--allow", "none", "--pin", "who=Bo", "--pin", "eta=1"])
        #expect(plain.status == 0 && plain.stdout.contains("/t/") && plain.stdout.contains("shown only now"), "\(plain.stdout)")
        #expect(plain.stderr.contains("reaches this computer only"))

        for bad in [["x", "--template", "Nope"], ["x", "--template", "Late", "--pin", "typo=1"], ["x", "--template", "Late", "--allow", "a b!"],
                    ["x", "--template", "Late", "--per-day", "0"], ["x", "--template", "Late", "--expires", "2020-01-01"],
                    ["x", "--template", "Late", "--expires", "someday"], ["x", "--template", "Late", "--base-url", "home"], ["", "--template", "Late"]]
        {
            let refused = try await tgt(["triggers", "add"] + bad)
            #expect(refused.status == 2 && refused.stderr.hasPrefix("error: "), "\(bad): \(refused.status) \(refused.stderr)")
        }
        #expect(try TriggerService(store: store, clock: store.clock).list().count == 2, "bad input made nothing")

        let id = try #require(trigger["id"] as? String)
        await #expect(try tgt(["triggers", "rename", String(id.prefix(6)), "Cron: running late"]).stdout.contains("Renamed “Cron: late” to “Cron: running late”."))
        let revoked = try await tgt(["triggers", "revoke", "Cron: running late"])
        #expect(revoked.status == 0 && revoked.stdout.contains("Revoked “Cron: running late”"))
        await #expect(try tgt(["triggers", "revoke", "Cron: running late"]).status == 2, "already revoked: no such trigger")
        let after = try await tgt(["--json", "triggers", "list"])
        let names = ((try JSONSerialization.jsonObject(with: Data(after.stdout.utf8)) as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["Door"])
    }
}
