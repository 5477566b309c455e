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
}
