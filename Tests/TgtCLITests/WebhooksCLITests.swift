import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// `tgt webhooks` through the real binary: refused addresses and events exit 2 and change
/// nothing; an add prints the secret once (its file 0600), the list and JSON never do; a test
/// delivery to nobody exits 1 with the reason, and the log shows it; remove takes the secret too.
@Suite("tgt webhooks", .serialized)
struct WebhooksCLITests {
    @Test("add (refusals first), list, test to nobody, log, remove; JSON with the API's names")
    func webhooks() async throws {
        let dir = try TestDirectory("cli-webhooks")
        defer { dir.remove() }
        func tgt(_ arguments: String...) async throws -> TgtBinary.Result { try await TgtBinary.run(arguments, dataDir: dir.path) }

        let none = try await tgt("webhooks")
        #expect(none.status == 0 && none.stdout.contains("No webhooks."), "\(none.stdout)\(none.stderr)")
        for (url, event, why) in [("ftp://example.org/x", "send.outcome", "Only http:// and https://"), ("http://127.0.0.1:1/x", "nope", "is not an event"),
                                  ("http://127.0.0.1:1/x#frag", "send.outcome", "#fragment"), ("http://a:b@127.0.0.1:1/x", "send.outcome", "no user name")]
        {
            let refused = try await tgt("webhooks", "add", url, "--event", event)
            #expect(refused.status == 2 && refused.stderr.contains(why), "\(url) \(event): \(refused.stderr)")
        }
        let noEvent = try await tgt("webhooks", "add", "http://127.0.0.1:1/x")
        #expect(noEvent.status == 2 && noEvent.stderr.contains("Choose at least one event"), "\(noEvent.stderr)")
        #expect(try await tgt("webhooks").stdout.contains("No webhooks."), "refusals change nothing")

        let added = try await tgt("webhooks", "add", "http://127.0.0.1:1/hook", "--event", "send.outcome,away-reply", "--event", "timer.done")
        #expect(added.status == 0, "\(added.stderr)")
        let secret = try #require(added.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("whsec_") })
        #expect(secret.count == 70 && added.stdout.contains("send.outcome, away.reply, timer.done"), "\(added.stdout)")
        let listed = try await tgt("--json", "webhooks", "list")
        let hooks = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let id = try #require(hooks.first?["id"] as? String)
        #expect(hooks.count == 1 && hooks[0]["events"] as? [String] == ["send.outcome", "away.reply", "timer.done"] && hooks[0]["include_text"] as? Bool == false)
        let plain = try await tgt("webhooks")
        #expect(!listed.stdout.contains(secret) && !plain.stdout.contains(secret), "the secret is printed once")
        let file = WebhookSecrets(directory: DataDirectory(url: dir.url)).file(try #require(UUID(uuidString: id)))
        #expect(SecureFile.permissions(of: file) == 0o600 && SecureFile.read(file) == Data(secret.utf8))

        let test = try await tgt("webhooks", "test", String(id.prefix(6)))
        #expect(test.status == 1 && test.stderr.contains("The test delivery was not taken"), "\(test.stdout)\(test.stderr)")
        let testJSON = try await tgt("--json", "webhooks", "test", String(id.prefix(6)))
        #expect(testJSON.status == 1 && testJSON.stdout.contains("\"state\" : \"failed\""), "a failed test exits 1 with --json too: \(testJSON.stdout)")
        let log = try await tgt("webhooks", "log")
        #expect(log.status == 0 && log.stdout.contains("✗") && log.stdout.contains("test → 127.0.0.1: failed after 1 attempt"), "\(log.stdout)")
        #expect(log.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("✗") }.count == 2)
        #expect(try await tgt("webhooks", "log", "--limit", "0").status == 2)
        #expect(try await tgt("webhooks", "remove", "zz").status == 2, "an id that names nothing")

        let noChat = try await tgt("webhooks", "add", "http://127.0.0.1:1/chat", "--event", "message.received")
        #expect(noChat.status == 2 && noChat.stderr.contains("choose at least one chat"), "\(noChat.stderr)")
        let chats = try await tgt("webhooks", "add", "http://127.0.0.1:1/chat", "--event", "message.received,chat.read", "--chat", "-1001000000001")
        #expect(chats.status == 0 && chats.stdout.contains("message.received, chat.read in chats -1001000000001"), "\(chats.stdout)\(chats.stderr)")
        #expect(try await tgt("webhooks", "remove", String(try #require(chats.stdout.split(separator: " ").dropFirst().first))).status == 0)

        let removed = try await tgt("webhooks", "remove", String(id.prefix(8)))
        #expect(removed.status == 0 && removed.stdout.contains("Removed the webhook to http://127.0.0.1:1/hook"), "\(removed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await tgt("webhooks", "log").stdout.contains("No deliveries yet."))
    }
}
