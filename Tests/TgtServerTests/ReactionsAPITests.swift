import Foundation
import HTTPTypes
import Testing
import TgtServer
import TgtTestSupport

/// Reactions over real HTTP: the choices, adding and taking back one's own, refusals, and the
/// reactions in every message the API gives.
@Suite("Reactions API", .timeLimit(.minutes(5)))
struct ReactionsAPITests {
    @Test("choices, add, add again, take back; a reaction the chat lacks is 422 and changes nothing; bad bodies are 400")
    func reactions() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let alice = ChatsAPITests.alice
            let page = ChatsAPITests.messages(try await client.api(.get, "conversations/\(alice)/messages"))
            #expect(page.allSatisfy { $0["reactions"] is [Any] })
            let id = try #require(page.last?["id"] as? Int)
            let path = "conversations/\(alice)/messages/\(id)/reactions"
            let choices = try await client.api(.get, path)
            #expect(choices.status == .ok && (choices.data["available"] as? [String])?.contains("👍") == true, "\(choices.text)")
            #expect((choices.data["available"] as? [String])?.contains("🦄") == false)

            let added = try await client.api(.post, path, json: ["reaction": "❤️", "chosen": true])
            let mine = { (reply: ServerFixture.Client.Reply) in (reply.data["reactions"] as? [[String: Any]] ?? []).filter { $0["is_chosen"] as? Bool == true } }
            #expect(added.status == .ok && mine(added).map { $0["emoji"] as? String } == ["❤️"], "\(added.text)")
            #expect(mine(try await client.api(.post, path, json: ["reaction": "❤️", "chosen": true])).count == 1)
            let shown = ChatsAPITests.messages(try await client.api(.get, "conversations/\(alice)/messages")).first { $0["id"] as? Int == id }
            #expect((shown?["reactions"] as? [[String: Any]])?.contains { $0["emoji"] as? String == "❤️" && $0["is_chosen"] as? Bool == true } == true)

            let refused = try await client.api(.post, path, json: ["reaction": "🦄", "chosen": true])
            #expect(refused.status == .unprocessableContent && refused.errorCode == "reaction_not_available", "\(refused.text)")
            #expect(mine(try await client.api(.post, path, json: ["reaction": "❤️", "chosen": true])).map { $0["emoji"] as? String } == ["❤️"])
            for body: [String: Any] in [["reaction": "", "chosen": true], ["reaction": "👍"], ["reaction": String(repeating: "👍", count: 50), "chosen": true],
                                        ["reaction": "👍", "chosen": true, "extra": 1]] {
                let bad = try await client.api(.post, path, json: body)
                #expect(bad.status == .badRequest, "\(body): \(bad.text)")
            }
            #expect(try await client.api(.post, "conversations/\(alice)/messages/999999999/reactions", json: ["reaction": "👍", "chosen": true]).status == .notFound)
            #expect(try await client.api(.get, "conversations/31337/messages/\(id)/reactions").status == .notFound)

            let back = try await client.api(.post, path, json: ["reaction": "❤️", "chosen": false])
            #expect(back.status == .ok && mine(back).isEmpty, "\(back.text)")
        }
    }
}
