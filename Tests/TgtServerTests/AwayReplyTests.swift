import Foundation
import HTTPTypes
import Testing
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTestSupport

/// Away replies through the running dashboard (its away service, the session's updates, real
/// sends on the simulator, the store on a test clock): set over the API; people who write while
/// you are away get one answer, then none for the quiet hours, across a restart too; a first
/// message gets the greeting; bots, excluded people, automatic messages and groups get nothing;
/// "only while offline" follows your other apps; a burst of 200 messages from 50 people gets one
/// answer each, and the hourly cap holds. Since the service takes messages one at a time, in
/// order, a newcomer's greeting after a message proves that message was handled.
@Suite("Away replies", .serialized, .timeLimit(.minutes(3)))
struct AwayReplyTests {
    static let family = Target(chatID: -1001000000001, chatTitle: "Family")
    static let alice: Int64 = 555_000_111
    static let bot = SimulatedPerson(id: 800_001, firstName: "Weather", username: "weather_bot", isBot: true)
    static let carol = SimulatedPerson(id: 800_002, firstName: "Carol")
    static let dan = SimulatedPerson(id: 800_003, firstName: "Dan")
    static let newcomers = (0..<120).map { SimulatedPerson(id: 700_000 + Int64($0), firstName: "Person\($0)") }

    struct World {
        let fixture: ServerFixture
        let away: UUID
        let greeting: UUID
        var folder: URL { fixture.sim.environment.tdlibDatabaseFolder }
        var simulator: TelegramSimulator { fixture.sim.simulator }

        func writes(_ userID: Int64, _ text: String = "hello?", automatic: Bool = false) {
            simulator.personWrites(inDatabaseDirectory: folder, userID: userID, text: text, automatic: automatic)
        }
        func answers(to chatID: Int64) -> [String] { simulator.deliveredMessages.filter { $0.chatID == chatID }.map(\.content) }

        /// A newcomer writes and is greeted: everything written before was handled.
        func settle(_ newcomer: Int) async throws {
            let id = AwayReplyTests.newcomers[newcomer].id
            writes(id)
            try await AwayReplyTests.poll { answers(to: id).count == 1 }
        }

        func set(_ client: ServerFixture.Client, _ body: [String: Any]) async throws {
            var body = body
            body["reply_template_id"] = away.uuidString.lowercased()
            if body["greeting_template_id"] == nil { body["greeting_template_id"] = greeting.uuidString.lowercased() }
            let reply = try await client.api(.put, "away", json: body)
            #expect(reply.status == .ok, "\(reply.text)")
        }
    }

    /// Waits for `condition`, looking every 10 ms: a tighter loop would keep taking the
    /// simulator's lock that the 200 messages being handled need.
    static func poll(_ condition: () throws -> Bool) async throws {
        while try !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    static func world(_ fixture: ServerFixture, _ client: ServerFixture.Client) async throws -> World {
        try await client.logInToTelegram()
        let store = fixture.sim.store
        let away = try store.insert(Template(name: "Away", body: "I'm away until Monday, {{chat}}.", targets: [Self.family]))
        let greeting = try store.insert(Template(name: "Hello", body: "Hi! Thanks for writing, I'll answer soon.", targets: [Self.family]))
        fixture.sim.simulator.addPeople([Self.bot, Self.carol, Self.dan] + Self.newcomers)
        return World(fixture: fixture, away: away.id, greeting: greeting.id)
    }

    @Test("one answer, then quiet; a greeting first; never to bots, excluded people, automatic messages or groups; only while offline; in Recent")
    func rules() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        try await fixture.run { client in
            let world = try await Self.world(fixture, client)
            try await world.set(client, ["mode": "on", "quiet_hours": 12, "hourly_cap": 100, "excluded": [["user_id": Self.carol.id, "name": "Carol"]]])

            world.writes(Self.alice, "are you there?")
            try await Self.poll { world.answers(to: Self.alice).count == 1 }
            #expect(world.answers(to: Self.alice) == ["I'm away until Monday, Alice Moreau."], "the away reply, rendered for her chat")
            world.writes(Self.newcomers[0].id, "hi, we met at the conference")
            try await Self.poll { world.answers(to: Self.newcomers[0].id).count == 1 }
            #expect(world.answers(to: Self.newcomers[0].id) == ["Hi! Thanks for writing, I'll answer soon."], "a first message gets the greeting")

            world.writes(Self.alice, "hello again")
            world.writes(Self.newcomers[0].id, "me again")
            world.writes(Self.bot.id, "Sunny, 21°C")
            world.writes(Self.carol.id, "dinner?")
            world.writes(Self.dan.id, "I'm away, I'll answer later", automatic: true)
            world.simulator.memberWrites(inDatabaseDirectory: world.folder, chatID: Self.family.chatID, userID: Self.alice, text: "anyone home?")
            try await world.settle(1)
            #expect(world.answers(to: Self.alice).count == 1 && world.answers(to: Self.newcomers[0].id).count == 1, "quiet hours")
            #expect(world.answers(to: Self.bot.id).isEmpty && world.answers(to: Self.carol.id).isEmpty && world.answers(to: Self.dan.id).isEmpty)
            #expect(world.answers(to: Self.family.chatID).isEmpty, "never in a group")

            let (cookie, _) = try await client.signIn()
            let recent = try await client.request(.get, "/sends", headers: [.cookie: cookie])
            #expect(recent.text.contains("Away reply to Alice") && recent.text.contains("Greeting to Person0"), "in Recent")
            let sends = try await client.api(.get, "sends")
            #expect(sends.text.contains(#""origin":"away""#) && sends.text.contains(#""origin":"greeting""#), "\(sends.text.prefix(300))")
            let status = try await client.api(.get, "away")
            #expect(status.data["answers_last_hour"] as? Int == 3 && status.data["checked_at"] is String && status.data["away_now"] as? Bool == true)

            // Off: no away reply (the greeting still greets newcomers).
            clock.advance(by: 13 * 3600)
            try await world.set(client, ["mode": "off"])
            world.writes(Self.alice, "back yet?")
            try await world.settle(2)
            #expect(world.answers(to: Self.alice).count == 1)

            // Only while no app of yours is online.
            try await world.set(client, ["mode": "on", "only_when_offline": true])
            world.simulator.setAccountOnline(until: clock.now.addingTimeInterval(300))
            world.writes(Self.alice, "I see you online")
            try await world.settle(3)
            #expect(world.answers(to: Self.alice).count == 1, "you are online elsewhere: no answer")
            world.simulator.setAccountOnline(until: nil)
            world.writes(Self.alice, "now?")
            try await Self.poll { world.answers(to: Self.alice).count == 2 }
        }
    }

    @Test("a burst of 200 messages from 50 people: one answer each, within the cap; past the cap nobody, until the hour is over")
    func burstAndCap() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        try await fixture.run { client in
            let world = try await Self.world(fixture, client)
            try await world.set(client, ["mode": "on", "hourly_cap": 52, "quiet_hours": 12])
            for round in 0..<4 {
                for person in Self.newcomers.prefix(50) { world.writes(person.id, "message \(round)") }
            }
            try await world.settle(50)
            for person in Self.newcomers.prefix(51) {
                #expect(world.answers(to: person.id).count == 1, "\(person.firstName): \(world.answers(to: person.id))")
            }
            #expect(try fixture.sim.store.awayAnswers(inHourBefore: clock.now) == 51)

            // The 52nd answer is the last of the hour: the 53rd person waits in vain.
            try await world.settle(51)
            world.writes(Self.newcomers[52].id)
            try await Self.poll { try fixture.sim.store.recentSends(limit: 500).contains { $0.targetTitle == "Person52" } }
            let capped = try #require(try fixture.sim.store.recentSends(limit: 500).first { $0.targetTitle == "Person52" })
            #expect(capped.status == .failed && capped.origin == "greeting" && capped.error?.contains("52 automatic answers in the last hour") == true,
                    "Recent says why it was not sent")
            clock.advance(by: 3601)
            try await world.settle(53)
            #expect(world.answers(to: Self.newcomers[52].id).isEmpty, "over the cap: not answered, and not later either")
        }
    }

    @Test("a restart within the quiet hours does not answer the same person again; after them it does")
    func restart() async throws {
        let clock = TestClock()
        let first = try await ServerFixture(clock: clock)
        try await first.run(keepingData: true) { client in
            let world = try await Self.world(first, client)
            try await world.set(client, ["mode": "on", "quiet_hours": 6])
            world.writes(Self.alice)
            try await Self.poll { world.answers(to: Self.alice).count == 1 }
        }
        let second = try await ServerFixture(restarting: first, clock: clock)
        try await second.run { client in
            let world = World(fixture: second, away: UUID(), greeting: UUID())
            try await awaitCondition { await second.host.session?.authorizationState == .ready }
            let before = world.answers(to: Self.alice).count
            clock.advance(by: 3600)
            world.writes(Self.alice, "after your restart")
            try await world.settle(0)
            #expect(world.answers(to: Self.alice).count == before, "quiet hours survive the restart")
            clock.advance(by: 5 * 3600)
            world.writes(Self.alice, "six hours later")
            try await Self.poll { world.answers(to: Self.alice).count == before + 1 }
        }
    }
}
