import Foundation
import HTTPTypes
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// Trigger links over real HTTP on a test clock: a POST fires its one template as a one-tap
/// send does; a GET only shows the name (NFC tags and link previews fetch with GET); unknown,
/// revoked and expired secrets are one and the same 404; the rate limit is a 429 with
/// Retry-After; wrong guesses from one address are slowed down; the secret opens nothing else.
@Suite("Trigger links over HTTP", .timeLimit(.minutes(2)))
struct TriggerLinkTests {
    @Test("fire, confirm, refuse: the same 404 for every dead link, 429 with Retry-After, throttled guessing, nothing else opened")
    func links() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        try await fixture.run { client in
            try await client.logInToTelegram()
            let store = fixture.sim.store
            try store.setUndoHold(.off)
            let home = try store.insert(Template(name: "Home", body: "Home, {{who}} 🏠", targets: [Target(chatID: -1001000000001, chatTitle: "Family")]))
            let made = try TriggerService(store: store, clock: clock)
                .create(templateID: home.id, name: "Front door tag", policy: TriggerPolicy(variables: .only(["who"])))
            let json: HTTPFields = [.contentType: "application/json"]

            let page = try await client.request(.get, "/t/\(made.secret)")
            #expect(page.status == .ok && page.text.contains("Send “Home”?"))
            #expect(!page.text.contains("Family") && !page.text.contains("{{who}}"), "the page reveals the name only")
            #expect(fixture.sim.simulator.deliveredMessages.isEmpty, "a GET never sends")

            let fired = try await client.request(.post, "/t/\(made.secret)", headers: json, body: #"{"variables":{"who":"Ada"}}"#)
            #expect(fired.status == .ok && fired.data["all_sent"] as? Bool == true && fired.data["sent_count"] as? Int == 1)
            #expect((fired.data["results"] as? [[String: Any]])?.map { $0["status"] as? String } == ["sent"])
            #expect(!fired.text.contains("Family"), "the reply does not name the targets")
            #expect(fixture.sim.simulator.deliveredMessages.map(\.content) == ["Home, Ada 🏠"])
            #expect(try store.recentSends().first?.status == .sent, "in the send log like a tap")

            let soon = try await client.request(.post, "/t/\(made.secret)", headers: json, body: #"{"variables":{"who":"Bo"}}"#)
            #expect(soon.status == .tooManyRequests && soon.errorCode == "too_soon" && soon.headers[.retryAfter] == "10", "\(soon.status) \(soon.text)")
            clock.advance(by: 10)
            let refused = try await client.request(.post, "/t/\(made.secret)", headers: json, body: #"{"variables":{"mood":"x"}}"#)
            #expect(refused.status == .badRequest && refused.errorCode == "variable_not_allowed")

            let bearer = try await client.request(.get, "/api/templates", headers: [.authorization: "Bearer \(made.secret)"])
            #expect(bearer.status == .unauthorized, "the secret is no API token")

            try TriggerService(store: store, clock: clock).revoke(made.trigger.id)
            let revoked = try await client.request(.post, "/t/\(made.secret)", headers: json, body: "{}")
            let unknown = try await client.request(.post, "/t/\(String(repeating: "x", count: 43))", headers: json, body: "{}")
            #expect(revoked.status == .notFound && unknown.status == .notFound && revoked.text == unknown.text)
            let deadPage = try await client.request(.get, "/t/\(made.secret)")
            #expect(deadPage.status == .notFound && deadPage.text.contains("There is no such trigger."))
            #expect(fixture.sim.simulator.deliveredMessages.count == 1)

            // Three wrong links so far; 17 more reach the limit of 20 per 10 minutes.
            for n in 0..<17 {
                let wrong = try await client.request(.post, "/t/wrong-\(n)", headers: json, body: "{}")
                #expect(wrong.status == .notFound)
            }
            let throttled = try await client.request(.post, "/t/wrong-again", headers: json, body: "{}")
            #expect(throttled.status == .tooManyRequests && throttled.headers[.retryAfter] != nil)
            clock.advance(by: 601)
            #expect(try await client.request(.post, "/t/wrong-later", headers: json, body: "{}").status == .notFound, "the slowdown ends")
        }
    }

    /// Runs `body` on a fresh dashboard on a test clock with `homeTrigger` made.
    static func withHomeTrigger(_ body: @escaping @Sendable (ServerFixture.Client, ServerFixture, TestClock, Template, TriggerService.Created) async throws -> Void)
        async throws
    {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        try await fixture.run { client in
            let (home, made) = try await homeTrigger(client, fixture, clock: clock)
            try await body(client, fixture, clock, home, made)
        }
    }

    /// A live trigger for "Home, {{who}} 🏠" to the Family chat (undo hold off, logged in),
    /// a request may give `who`, no wait between sends.
    static func homeTrigger(_ client: ServerFixture.Client, _ fixture: ServerFixture, clock: TestClock) async throws
        -> (Template, TriggerService.Created)
    {
        try await client.logInToTelegram()
        let store = fixture.sim.store
        try store.setUndoHold(.off)
        let home = try store.insert(Template(name: "Home", body: "Home, {{who}} 🏠", targets: [Target(chatID: -1001000000001, chatTitle: "Family")]))
        let made = try TriggerService(store: store, clock: clock)
            .create(templateID: home.id, name: "Front door tag", policy: TriggerPolicy(variables: .only(["who"]), minimumInterval: 0))
        return (home, made)
    }

    @Test("a refused request changes nothing: a value that makes the message too long spends no use, writes no row and names no chat")
    func refusedChangesNothing() async throws {
        try await Self.withHomeTrigger { client, fixture, clock, _, made in
            let store = fixture.sim.store
            let json: HTTPFields = [.contentType: "application/json"]
            let long = String(repeating: "x", count: 4090)
            let refused = try await client.request(.post, "/t/\(made.secret)", headers: json, body: #"{"variables":{"who":"\#(long)"}}"#)
            #expect(refused.status == .unprocessableContent && refused.errorCode == "too_long", "\(refused.status) \(refused.text.prefix(300))")
            #expect(refused.errorMessage == "The message would be longer than Telegram allows (4096 characters).")
            #expect(!refused.text.contains("Family") && !refused.text.contains("Home,"), "no chat, no text: \(refused.text.prefix(300))")
            let kept = try #require(try store.trigger(id: made.trigger.id))
            #expect(kept.useCount == 0 && kept.lastUsed == nil && kept.recentUses.isEmpty, "no use spent")
            #expect(try store.recentSends().isEmpty, "no send-log row")
            #expect(fixture.sim.simulator.deliveredMessages.isEmpty)

            let fine = try await client.request(.post, "/t/\(made.secret)", headers: json, body: #"{"variables":{"who":"Ada"}}"#)
            #expect(fine.status == .ok, "\(fine.status) \(fine.text)")
            #expect(try store.trigger(id: made.trigger.id)?.useCount == 1)
        }
    }

    @Test("control characters in a link's values are refused, from the query or the body; line breaks and tabs pass")
    func controlCharacters() async throws {
        try await Self.withHomeTrigger { client, fixture, clock, _, made in
            let store = fixture.sim.store
            let json: HTTPFields = [.contentType: "application/json"]
            for body in [#"{"variables":{"who":"A\u0000da"}}"#, #"{"variables":{"who":"A\u0001da"}}"#, #"{"variables":{"who":"A\u0085da"}}"#,
                         #"{"variables":{"who":"A\u001bda"}}"#] {
                let refused = try await client.request(.post, "/t/\(made.secret)", headers: json, body: body)
                #expect(refused.status == .badRequest && refused.errorCode == "invalid_input", "\(body): \(refused.status) \(refused.text)")
                #expect(refused.errorMessage?.contains("{{who}}") == true && refused.errorMessage?.contains("control character") == true,
                        "\(refused.text)")
            }
            let query = try await client.request(.post, "/t/\(made.secret)?who=A%00da", headers: json, body: "{}")
            #expect(query.status == .badRequest && query.errorCode == "invalid_input", "\(query.status) \(query.text)")
            #expect(fixture.sim.simulator.deliveredMessages.isEmpty, "nothing reached Telegram")
            #expect(try store.trigger(id: made.trigger.id)?.useCount == 0 && (try store.recentSends().isEmpty))

            let fine = try await client.request(.post, "/t/\(made.secret)", headers: json, body: #"{"variables":{"who":"Ada\nand\tBo"}}"#)
            #expect(fine.status == .ok, "\(fine.status) \(fine.text)")
            #expect(fixture.sim.simulator.deliveredMessages.map(\.content) == ["Home, Ada\nand\tBo 🏠"])
        }
    }

    @Test("every dead link is the same answer: revoked, expired, unknown and template deleted, by POST, GET and HEAD")
    func deadLinksAlike() async throws {
        try await Self.withHomeTrigger { client, fixture, clock, home, revoked in
            let store = fixture.sim.store
            let triggers = TriggerService(store: store, clock: clock)
            let expiring = try triggers.create(templateID: home.id, name: "Expiring", policy: TriggerPolicy(expires: clock.now.addingTimeInterval(60)))
            let gone = try store.insert(Template(name: "Gone", body: "Gone", targets: [Target(chatID: -1001000000001, chatTitle: "Family")]))
            let orphan = try triggers.create(templateID: gone.id, name: "Orphan")
            try triggers.revoke(revoked.trigger.id)
            try store.deleteTemplate(id: gone.id)
            clock.advance(by: 61)
            let dead = [revoked.secret, expiring.secret, orphan.secret, String(repeating: "x", count: 43)]
            let json: HTTPFields = [.contentType: "application/json"]
            for method in [HTTPRequest.Method.post, .get, .head] {
                var answers: [(HTTPResponse.Status, String, String?)] = []
                for secret in dead {
                    let reply = try await client.request(method, "/t/\(secret)", headers: method == .post ? json : [:], body: method == .post ? "{}" : nil)
                    answers.append((reply.status, reply.text, reply.headers[.contentType]))
                }
                #expect(answers.allSatisfy { $0.0 == .notFound }, "\(method): \(answers.map(\.0))")
                #expect(Set(answers.map(\.1)).count == 1 && Set(answers.map(\.2)).count == 1, "\(method): one body and type for all")
                if method == .head { #expect(answers.allSatisfy { $0.1.isEmpty }, "HEAD has no body") }
            }
            #expect(fixture.sim.simulator.deliveredMessages.isEmpty)
        }
    }

    @Test("Origin: null is another site: a trigger link refuses it as it refuses any other site")
    func nullOrigin() async throws {
        try await Self.withHomeTrigger { client, fixture, clock, _, made in
            for origin in ["null", "https://elsewhere.example"] {
                let reply = try await client.request(.post, "/t/\(made.secret)", headers: [.contentType: "application/json", .origin: origin], body: "{}")
                #expect(reply.status == .forbidden && reply.errorCode == "cross_site", "\(origin): \(reply.status) \(reply.text)")
            }
            #expect(fixture.sim.simulator.deliveredMessages.isEmpty)
            #expect(try fixture.sim.store.trigger(id: made.trigger.id)?.useCount == 0)
        }
    }

    @Test("HEAD on a live link answers as GET does (the confirmation page's status and headers, no body) and sends nothing")
    func headAsGet() async throws {
        try await Self.withHomeTrigger { client, fixture, clock, _, made in
            let get = try await client.request(.get, "/t/\(made.secret)")
            let head = try await client.request(.head, "/t/\(made.secret)")
            #expect(get.status == .ok && head.status == .ok, "\(head.status)")
            #expect(head.text.isEmpty, "no body")
            for name in [HTTPField.Name.contentType, .cacheControl, .contentSecurityPolicy, HTTPField.Name("Referrer-Policy")!] {
                #expect(head.headers[name] == get.headers[name], "\(name)")
            }
            #expect(fixture.sim.simulator.deliveredMessages.isEmpty, "a HEAD never sends")
            #expect(try fixture.sim.store.trigger(id: made.trigger.id)?.useCount == 0)
            // Twenty HEADs of a live link are no wrong guesses: the link still opens after them.
            for _ in 0..<21 { _ = try await client.request(.head, "/t/\(made.secret)") }
            #expect(try await client.request(.get, "/t/\(made.secret)").status == .ok)
        }
    }
}
