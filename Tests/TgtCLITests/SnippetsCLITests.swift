import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// `tgt snippets` through the real binary: off until turned on, on with the default or a chosen
/// prefix, off again; a refused prefix exits 2 and changes nothing, with the dashboard's rules
/// (`SnippetService`); `--json` has the API's field names.
@Suite("tgt snippets", .serialized)
struct SnippetsCLITests {
    @Test("status, on (with a prefix), off; a bad prefix is refused and changes nothing; JSON")
    func snippets() async throws {
        let dir = try TestDirectory("cli-snippets")
        defer { dir.remove() }
        func tgt(_ arguments: String...) async throws -> TgtBinary.Result { try await TgtBinary.run(arguments, dataDir: dir.path) }
        func stored() throws -> SnippetSettings { try Workspace.open(DataDirectory(url: dir.url), clock: TestClock()).snippets.settings() }

        let off = try await tgt("snippets")
        #expect(off.status == 0 && off.stdout.contains("Snippets are off (prefix ;)"), "\(off.stdout)\(off.stderr)")
        try AppDatabase.open(in: DataDirectory(url: dir.url), clock: TestClock())
            .replaceChatDirectory([CachedChat(id: -1001000000001, kind: .supergroup, title: "Family", memberCount: 5)])
        #expect(try await tgt("templates", "add", "--name", "Leaving work", "--body", "Leaving now", "--target", "-1001000000001").status == 0)
        let on = try await tgt("snippets", "on")
        #expect(on.status == 0 && on.stdout.contains("send ;leaving-work from any Telegram app") && on.stdout.contains("none has looked yet"), "\(on.stdout)")
        #expect(try stored() == SnippetSettings(isOn: true, prefix: ";"))
        for bad in ["ab", "/", "", ";;;;;", "; "] {
            let refused = try await tgt("snippets", "on", "--prefix", bad)
            #expect(refused.status == 2 && refused.stderr.contains("prefix"), "\(bad.debugDescription): \(refused.stderr)")
        }
        #expect(try stored() == SnippetSettings(isOn: true, prefix: ";"), "refusals change nothing")
        // What the dashboard's snippets did lately, as its send log rows have it.
        let store = try AppDatabase.open(in: DataDirectory(url: dir.url), clock: TestClock())
        let alice = Target(chatID: 555, chatTitle: "Alice")
        try store.logSnippet(templateID: nil, templateName: "Leaving work", target: alice, messageID: 7, error: nil, at: Date())
        try store.logSnippet(templateID: nil, templateName: "Leaving work", target: alice, messageID: 8,
                             error: "It needs a value for {{eta}}: type “;leaving-work eta=…”.", at: Date())
        let lately = try await tgt("snippets")
        #expect(lately.stdout.contains("Lately:\n  ✗ Alice: left as typed (just now). It needs a value for {{eta}}: type “;leaving-work eta=…”.\n  ✓ Alice: became “Leaving work” (just now)"),
                "\(lately.stdout)")
        #expect(try await tgt("snippets", "on", "--prefix", "!!").status == 0)
        let json = try await tgt("--json", "snippets", "status")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["on"] as? Bool == true && object["prefix"] as? String == "!!" && object["checked_at"] == nil, "\(json.stdout)")
        let offAgain = try await tgt("snippets", "off")
        #expect(try offAgain.status == 0 && offAgain.stdout.contains("Snippets are off (prefix !!)") && !stored().isOn)
    }
}
