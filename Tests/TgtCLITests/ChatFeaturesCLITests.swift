import Foundation
import Testing
import TgtTestSupport

/// `tgt chat react` (and the client's newer features) with the real binary against the demo account.
@Suite("tgt chat: reactions, forwards and pins with the real binary", .timeLimit(.minutes(5)))
struct ChatFeaturesCLITests {
    @Test("react: the choices, add, show in read, take back; a reaction the chat lacks is refused with the choices")
    func react() throws {
        let dir = try ChatCLITests.loggedIn("chat-react")
        defer { dir.remove() }
        let page = ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "read", "Alice", "--limit", "1"])) as? [String: Any]
        let id = try #require((page?["messages"] as? [[String: Any]])?.first?["id"] as? Int)
        let choices = try ChatCLITests.tgt(dir, ["chat", "react", "Alice", "\(id)"])
        #expect(choices.status == 0 && choices.stdout.contains("You may react with: 👍 ❤️"), "\(choices.stdout)\(choices.stderr)")
        let added = try ChatCLITests.tgt(dir, ["chat", "react", "Alice", "\(id)", "🔥"])
        #expect(added.status == 0 && added.stdout.contains("✓ Reacted 🔥") && added.stdout.contains("🔥 1 (yours)"), "\(added.stdout)\(added.stderr)")
        let read = try ChatCLITests.tgt(dir, ["chat", "read", "Alice", "--limit", "1"])
        #expect(read.stdout.contains("🔥 1 (yours)"), "\(read.stdout)")
        let refused = try ChatCLITests.tgt(dir, ["chat", "react", "Alice", "\(id)", "🦄"])
        #expect(refused.status != 0 && refused.stderr.contains("not a reaction this chat allows") && refused.stderr.contains("tgt chat react"), "\(refused.stderr)")
        let json = ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "react", "Alice", "\(id)", "🔥", "--remove"])) as? [[String: Any]]
        #expect(json?.contains { $0["is_chosen"] as? Bool == true } == false)
        let missing = try ChatCLITests.tgt(dir, ["chat", "react", "Alice", "\(id)", "--remove"])
        #expect(missing.status != 0 && missing.stderr.contains("Give the emoji"))
    }
}
