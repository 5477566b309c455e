import Foundation
import HTTPTypes
import Testing
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTestSupport

/// Follow-ups through the running dashboard (its follow-up service, the session's updates, the
/// simulator's reads and replies, the store on a test clock): set over the API on a tap's
/// send; a read before the moment is met, none fires a reminder into Saved Messages at the
/// moment, a reply before it is met; cancelled ones never act; bad requests change nothing;
/// after a restart a read that happened while nothing ran is dated by Telegram and decides.
@Suite("Follow-ups", .serialized, .timeLimit(.minutes(3)))
struct FollowUpTests {
    static let alice = Target(chatID: 555_000_111, chatTitle: "Alice")
    static let family = Target(chatID: -1001000000001, chatTitle: "Family")
    static var me: Int64 { SimulatorScenario().account.userID }

    /// The follow-ups as the API lists them, by chat and condition.
    static func states(_ client: ServerFixture.Client) async throws -> [String: String] {
        let list = try await client.api(.get, "follow-ups").data["follow_ups"] as? [[String: Any]] ?? []
        return Dictionary(list.map { ("\($0["chat_title"] ?? "")/\($0["condition"] ?? "")", $0["state"] as? String ?? "") }, uniquingKeysWith: { a, _ in a })
    }

    /// The texts of Saved Messages, newest last.
    static func saved(_ client: ServerFixture.Client) async throws -> [String] {
        let reply = try await client.api(.get, "conversations/\(me)/messages?limit=50")
        return (reply.data["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    /// Sends `template` now and waits until Telegram confirmed it (a real round trip, however
    /// busy the machine): only then is its follow-up watched with a moment, and the other
    /// side's read and answer are due on the test clock counted from that confirmation, so
    /// the clock must not move before it.
    static func sendNow(_ template: Template, _ client: ServerFixture.Client, store: AppDatabase) async throws -> String {
        let sent = try await client.api(.post, "templates/\(template.id.uuidString.lowercased())/send", json: [:] as [String: String])
        #expect(sent.status == .ok, "\(sent.text)")
        let batch = try #require(sent.data["batch_id"] as? String)
        try await awaitCondition {
            let rows = try store.recentSends(limit: 50).filter { $0.batchID.uuidString.lowercased() == batch.lowercased() }
            return !rows.isEmpty && rows.allSatisfy { $0.status == .sent }
        }
        return batch
    }

    @Test("bad requests over the API set nothing; a good one is set, watching, in words")
    func refusals() async throws {
        let fixture = try await ServerFixture(clock: TestClock())
        let store = fixture.sim.store
        let hello = try store.insert(Template(name: "Hello", body: "Hello!", targets: [Self.alice]))
        let nudge = try store.insert(Template(name: "Nudge", body: "Did you see my message?", targets: [Self.alice]))
        let ask = try store.insert(Template(name: "Ask", body: "Did {{who}} call?", targets: [Self.alice]))
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let batch = try await Self.sendNow(hello, client, store: store)
            // Bad requests first: nothing is set.
            for (body, status, code) in [
                (["batch_id": batch, "condition": "not_read", "within_minutes": 0, "action": "remind"] as [String: Any], HTTPResponse.Status.badRequest, "follow_up_bad_wait"),
                (["batch_id": batch, "condition": "not_read", "within_minutes": 10_081, "action": "remind"], .badRequest, "follow_up_bad_wait"),
                (["batch_id": batch, "condition": "read", "action": "send", "template_id": UUID().uuidString], .notFound, "template_not_found"),
                (["batch_id": UUID().uuidString, "condition": "read", "action": "remind"], .unprocessableContent, "follow_up_nothing_to_follow"),
                (["condition": "read", "action": "remind"], .badRequest, "invalid_follow_up_target"),
                (["batch_id": batch, "condition": "read", "action": "send"], .badRequest, "template_required"),
                (["batch_id": batch, "condition": "read", "action": "send", "template_id": ask.id.uuidString], .badRequest, "follow_up_template_unusable"),
            ] {
                let refused = try await client.api(.post, "follow-ups", json: body)
                #expect(refused.status == status && refused.errorCode == code, "\(body): \(refused.text)")
            }
            #expect(try await Self.states(client).isEmpty)
            let set = try await client.api(.post, "follow-ups", json: [
                "batch_id": batch, "condition": "not_read", "within_minutes": 1, "action": "send", "template_id": nudge.id.uuidString,
            ] as [String: Any])
            #expect(set.status == .created, "\(set.text)")
            let first = try #require((set.data["follow_ups"] as? [[String: Any]])?.first)
            #expect(first["sentence"] as? String == "If Alice has not read it within 1 min, send “Nudge”" && first["due_at"] is String)
        }
    }

    @Test("on a tap's send: read in time is met; no reply at the moment posts the reminder; a reply in time is met")
    func throughTheAPI() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        let store = fixture.sim.store
        let hello = try store.insert(Template(name: "Hello", body: "Hello!", targets: [Self.alice]))
        let home = try store.insert(Template(name: "Home", body: "Home soon", targets: [Self.family]))
        let nudge = try store.insert(Template(name: "Nudge", body: "Did you see my message?", targets: [Self.alice]))
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let batch = try await Self.sendNow(hello, client, store: store)
            let notRead = try await client.api(.post, "follow-ups", json: [
                "batch_id": batch, "condition": "not_read", "within_minutes": 1, "action": "send", "template_id": nudge.id.uuidString,
            ] as [String: Any])
            #expect(notRead.status == .created, "\(notRead.text)")
            let set = try #require((notRead.data["follow_ups"] as? [[String: Any]])?.first)
            #expect(set["sentence"] as? String == "If Alice has not read it within 1 min, send “Nudge”" && set["state"] as? String == "watching" && set["due_at"] is String)
            #expect(try await client.api(.post, "follow-ups", json: ["batch_id": batch, "condition": "no_reply", "within_minutes": 1, "action": "remind"]).status == .created)
            let familyBatch = try await Self.sendNow(home, client, store: store)
            #expect(try await client.api(.post, "follow-ups", json: ["batch_id": familyBatch, "condition": "no_reply", "within_minutes": 1, "action": "remind"]).status == .created)

            // Both sends are confirmed (sendNow waits), so the reads and Mum's answer are due a
            // few seconds from now on the test clock: it moves a second at a time, never up to
            // the first moment, until Alice's read and Mum's answer are seen.
            var dues: [Date] = []
            try await awaitCondition {
                dues = try store.followUps().compactMap(\.dueAt)
                return dues.count == 3
            }
            let due = try #require(dues.min())
            try await awaitCondition {
                if clock.now.addingTimeInterval(1) < due { clock.advance(by: 1) }
                let states = try await Self.states(client)
                return states["Alice/not_read"] == "met" && states["Family/no_reply"] == "met"
            }
            #expect(try await Self.states(client)["Alice/no_reply"] == "watching")
            // The moment: no reply from Alice, so the reminder goes to Saved Messages; Nudge is never sent.
            clock.advance(to: due.addingTimeInterval(1))
            try await awaitCondition { try await Self.states(client)["Alice/no_reply"] == "fired" }
            let reminder = try #require(try await Self.saved(client).last)
            #expect(reminder.contains("no reply from Alice to “Hello”"), "\(reminder)")
            #expect(try store.recentSends(limit: 20).allSatisfy { $0.templateName != "Nudge" })
            let list = try await client.api(.get, "follow-ups").data["follow_ups"] as? [[String: Any]] ?? []
            #expect((list.first { $0["state"] as? String == "fired" }?["reason"] as? String)?.contains("Reminder posted in Saved Messages") == true)
        }
    }

    @Test("when read → a template into the chat, sent once and logged as a follow-up's; a cancelled one never acts")
    func whenReadAndCancel() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        let store = fixture.sim.store
        let hello = try store.insert(Template(name: "Hello", body: "Hello!", targets: [Self.alice]))
        let thanks = try store.insert(Template(name: "Thanks", body: "Thanks for reading 🙏", targets: [Self.family]))
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let first = try await Self.sendNow(hello, client, store: store)
            let read = try await client.api(.post, "follow-ups", json: ["batch_id": first, "condition": "read", "action": "send", "template_id": thanks.id.uuidString])
            #expect(read.status == .created, "\(read.text)")
            let second = try await Self.sendNow(hello, client, store: store)
            // Alice never answers: this one would remind at its minute, but is cancelled first.
            let other = try await client.api(.post, "follow-ups", json: ["batch_id": second, "condition": "no_reply", "within_minutes": 1, "action": "remind"])
            let id = try #require(((other.data["follow_ups"] as? [[String: Any]])?.first)?["id"] as? String)
            let cancelled = try await client.api(.post, "follow-ups/\(id)/cancel")
            #expect(cancelled.status == .ok && cancelled.data["state"] as? String == "cancelled", "\(cancelled.text)")
            let again = try await client.api(.post, "follow-ups/\(id)/cancel")
            #expect(again.status == .conflict && again.errorCode == "follow_up_ended", "\(again.text)")
            #expect(try await client.api(.post, "follow-ups/\(UUID().uuidString)/cancel").status == .notFound)
            clock.advance(by: 120)
            try await awaitCondition { try store.recentSends(limit: 20).contains { $0.templateName == "Thanks" && $0.status == .sent } }
            let thanksSends = try store.recentSends(limit: 20).filter { $0.templateName == "Thanks" }
            #expect(thanksSends.count == 1 && thanksSends.first?.origin == "follow_up" && thanksSends.first?.target.chatID == Self.alice.chatID,
                    "into the followed chat (not the template's own target), once")
            try await awaitCondition { try await Self.states(client).values.sorted() == ["cancelled", "fired"] }
            #expect(try await Self.saved(client).allSatisfy { !$0.contains("Follow-up") }, "the cancelled one posted nothing")
        }
    }

    @Test("after a restart: a read that came while nothing ran is dated by Telegram (met); no reply while nothing ran acts late")
    func afterRestart() async throws {
        let clock = TestClock()
        let first = try await ServerFixture(clock: clock)
        let hello = try first.sim.store.insert(Template(name: "Hello", body: "Hello!", targets: [Self.alice]))
        try await first.run(keepingData: true) { client in
            try await ChatsAPITests.loggedIn(client)
            let batch = try await Self.sendNow(hello, client, store: first.sim.store)
            for condition in ["not_read", "no_reply"] {
                #expect(try await client.api(.post, "follow-ups", json: ["batch_id": batch, "condition": condition, "within_minutes": 1, "action": "remind"]).status == .created)
            }
        }
        // Nothing runs while Alice reads (two seconds in) and the minute passes, and more.
        clock.advance(by: 300)
        let second = try await ServerFixture(restarting: first, clock: clock)
        try await second.run { client in
            try await awaitCondition { await second.host.session?.authorizationState == .ready }
            try await awaitCondition {
                let states = try await Self.states(client)
                return states["Alice/not_read"] == "met" && states["Alice/no_reply"] == "fired"
            }
            let list = try await client.api(.get, "follow-ups").data["follow_ups"] as? [[String: Any]] ?? []
            let met = try #require(list.first { $0["condition"] as? String == "not_read" })
            #expect((met["reason"] as? String)?.hasPrefix("Read at ") == true, "dated by getMessageReadDate: \(met)")
            let fired = try #require(list.first { $0["condition"] as? String == "no_reply" })
            #expect((fired["reason"] as? String)?.contains("late") == true, "\(fired)")
            #expect(try await Self.saved(client).last?.contains("no reply from Alice") == true)
        }
    }
}
