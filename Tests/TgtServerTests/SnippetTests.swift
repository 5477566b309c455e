import Foundation
import HTTPTypes
import Testing
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTestSupport

/// Snippets through the running dashboard (its snippet service, the session's updates, real
/// edits on the simulator, the store on a test clock): turned on over the API, a snippet typed
/// on another device becomes the template's text once; values fill variables; what cannot
/// become a template's text stays as typed and Recent says why; other people's messages,
/// unknown names, ordinary and naughty messages are left alone; after a restart the service
/// works again and acts on nothing twice. The service takes messages one at a time, in order,
/// so a later snippet expanded proves every earlier message was handled.
@Suite("Snippets", .serialized, .timeLimit(.minutes(3)))
struct SnippetTests {
    static let alice: Int64 = 555_000_111
    static let family = Target(chatID: -1001000000001, chatTitle: "Family")

    struct World {
        let fixture: ServerFixture
        let client: ServerFixture.Client
        var folder: URL { fixture.sim.environment.tdlibDatabaseFolder }
        var simulator: TelegramSimulator { fixture.sim.simulator }

        /// The person types `text` in `chat` on their phone.
        func type(_ text: String, in chat: Int64 = SnippetTests.alice) {
            simulator.ownMessageFromAnotherDevice(inDatabaseDirectory: folder, chatID: chat, text: text)
        }

        /// The chat's messages as the dashboard shows them, newest last: text and whether edited.
        func messages(in chat: Int64 = SnippetTests.alice) async throws -> [(id: Int, text: String, edited: Bool)] {
            let reply = try await client.api(.get, "conversations/\(chat)/messages?limit=100")
            return (reply.data["messages"] as? [[String: Any]] ?? []).map {
                ($0["id"] as? Int ?? 0, $0["text"] as? String ?? "", $0["edit_date"] is String)
            }
        }

        /// Types `text` and waits until the chat shows one more `expanded` in its place.
        func typeAndSettle(_ text: String, becomes expanded: String, in chat: Int64 = SnippetTests.alice) async throws {
            let count = { try await messages(in: chat).filter { $0.text == expanded && $0.edited }.count }
            let before = try await count()
            type(text, in: chat)
            try await SnippetTests.poll { try await count() > before }
        }

        /// How many edits the simulator was asked for.
        var edits: Int { simulator.receivedRequests.filter { $0 == "editMessageText" }.count }
    }

    static func poll(_ condition: () async throws -> Bool) async throws {
        while try await !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    static func world(_ fixture: ServerFixture, _ client: ServerFixture.Client) async throws -> World {
        try await client.logInToTelegram()
        let store = fixture.sim.store
        _ = try store.insert(Template(name: "Arrived", body: "Arrived 📍", targets: [Self.family]))
        _ = try store.insert(Template(name: "Leaving work", body: "*Leaving* now, home by {{eta}}.", targets: [Self.family]))
        _ = try store.insert(Template(name: "Standup", body: "Standup in {{chat}}, room {{room=B2}}.", targets: [Self.family]))
        return World(fixture: fixture, client: client)
    }

    @Test("on over the API; typed on another device: expanded once, values filled; left as typed with the reason in Recent; others left alone")
    func expands() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        try await fixture.run { client in
            let world = try await Self.world(fixture, client)
            let off = try await client.api(.get, "snippets")
            #expect(off.status == .ok && off.data["on"] as? Bool == false && off.data["prefix"] as? String == ";", "\(off.text)")
            let bad = try await client.api(.put, "snippets", json: ["on": true, "prefix": "ab"])
            #expect(bad.status == .badRequest && bad.errorCode == "bad_prefix", "\(bad.text)")
            #expect(try await client.api(.get, "snippets").data["on"] as? Bool == false, "a refused prefix changes nothing")
            let on = try await client.api(.put, "snippets", json: ["on": true])
            #expect(on.status == .ok && on.data["on"] as? Bool == true && on.data["prefix"] as? String == ";", "\(on.text)")

            try await world.typeAndSettle(";arrived", becomes: "Arrived 📍")
            try await world.typeAndSettle(";leaving-work eta=18:30", becomes: "Leaving now, home by 18:30.")
            try await world.typeAndSettle(";Standup", becomes: "Standup in Alice, room B2.")
            try await world.typeAndSettle(#";standup room="the big one""#, becomes: "Standup in Alice, room the big one.")
            try await world.typeAndSettle(";arrived", becomes: "Arrived 📍", in: Self.family.chatID)

            // Left alone: someone else's snippet, unknown names, ordinary and naughty messages.
            world.simulator.memberWrites(inDatabaseDirectory: world.folder, chatID: Self.family.chatID, userID: Self.alice, text: ";arrived")
            for text in [";nosuch", "arrived", "; arrived", ";arrived\nsecond line", ";arrived please", "\u{202E};arrived", ";<script>alert(1)</script>",
                         ";arrived x=\"unclosed", ";' OR 1=1 --", String(repeating: ";", count: 4000)]
            {
                world.type(text)
            }
            // Left as typed, with the reason: a value missing.
            world.type(";leaving work")
            try await world.typeAndSettle(";arrived", becomes: "Arrived 📍")
            let mine = try await world.messages()
            #expect(mine.filter(\.edited).count == 5, "\(mine.filter(\.edited).map(\.text))")
            #expect(mine.contains { $0.text == ";leaving work" && !$0.edited } && mine.contains { $0.text == ";nosuch" && !$0.edited })
            #expect(try await world.messages(in: Self.family.chatID).contains { $0.text == ";arrived" && !$0.edited }, "someone else's message")
            #expect(world.edits == 6, "each snippet edited once: \(world.edits)")

            let recent = try fixture.sim.store.recentSends(limit: 20).filter { $0.origin == "snippet" }
            #expect(recent.filter { $0.status == .sent }.count == 6)
            let refused = try #require(recent.first { $0.status == .failed })
            #expect(refused.error == "It needs a value for {{eta}}: type “;leaving work eta=…”." && refused.targetTitle == "Alice", "\(refused)")
            let (cookie, _) = try await client.signIn()
            let page = try await client.request(.get, "/sends", headers: [.cookie: cookie])
            #expect(page.text.contains("Snippet in Alice") && page.text.contains("left as typed") && page.text.contains("expanded"))
            let settings = try await client.request(.get, "/settings", headers: [.cookie: cookie])
            #expect(settings.text.contains("id=\"snippets\"") && settings.text.contains("Snippets are on.") && settings.text.contains("“edited”"))

            // Off, then on with another prefix: ; starts nothing any more. (Off itself is the
            // expander's first check: SnippetExpanderTests.)
            #expect(try await client.api(.put, "snippets", json: ["on": false]).status == .ok)
            world.type(";arrived")
            try await Self.poll { try await world.messages().last?.text == ";arrived" }
            #expect(try await client.api(.put, "snippets", json: ["on": true, "prefix": "!!"]).data["prefix"] as? String == "!!")
            try await world.typeAndSettle("!!arrived", becomes: "Arrived 📍")
            #expect(try await world.messages().contains { $0.text == ";arrived" && !$0.edited }, "the old prefix starts nothing")
        }
    }

    @Test("after a restart the service expands again, and nothing is acted on twice")
    func restart() async throws {
        let clock = TestClock()
        let first = try await ServerFixture(clock: clock)
        try await first.run(keepingData: true) { client in
            let world = try await Self.world(first, client)
            #expect(try await client.api(.put, "snippets", json: ["on": true]).status == .ok)
            try await world.typeAndSettle(";arrived", becomes: "Arrived 📍")
        }
        let second = try await ServerFixture(restarting: first, clock: clock)
        try await second.run { client in
            try await awaitCondition { await second.host.session?.authorizationState == .ready }
            let world = World(fixture: second, client: client)
            try await world.typeAndSettle(";leaving-work eta=now", becomes: "Leaving now, home by now.")
            #expect(world.edits == 2, "one edit before the restart, one after: \(world.edits)")
            #expect(try second.sim.store.recentSends(limit: 10).filter { $0.origin == "snippet" }.count == 2)
        }
    }
}
