import Foundation
import HTTPTypes
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// `/api/triggers` over real HTTP: a trigger is made with its secret and link in that reply
/// only (the link on the address the request came to), listed with its use, renamed and
/// revoked; values come from the link's query or the body (not both for one name); every bad
/// input is a 400 that makes nothing; the owner's API needs a token the link is not.
@Suite("Trigger links API", .timeLimit(.minutes(2)))
struct TriggerAPITests {
    static let family = Target(chatID: -1001000000001, chatTitle: "Family")

    @Test("make, list, fire with query values, rename, revoke; the secret is in the creation's reply only")
    func lifecycle() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        try await fixture.run { client in
            try await client.logInToTelegram()
            let store = fixture.sim.store
            try store.setUndoHold(.off)
            let late = try store.insert(Template(name: "Late", body: "Late by {{eta}} min, {{who}}", targets: [Self.family]))

            let made = try await client.api(.post, "triggers", json: [
                "template_id": late.id.uuidString.lowercased(), "name": " Shortcuts: late ", "allow": "only", "allowed": ["eta"],
                "pinned": ["who": "Ann"], "min_interval_seconds": 0, "per_day": 5,
            ])
            #expect(made.status == .created, "\(made.text)")
            let secret = try #require(made.data["secret"] as? String)
            #expect(secret.count == 43 && made.data["path"] as? String == "/t/\(secret)")
            let port = try #require(client.raw.port)
            #expect((made.data["url"] as? String).map { $0 == "http://localhost/t/\(secret)" } == true,
                    "the link on the address the request came to (this client says Host: localhost): \(made.data["url"] ?? "")")
            #if os(Linux)
            // The Host the request names (a phone on the network, a proxy's name) is the link's.
            let named = try await LoopbackPeer.request(
                port: port, path: "/api/triggers", body: #"{"template_id":"\#(late.id.uuidString.lowercased())","name":"Named"}"#,
                host: "home.example.net:8443", headers: ["Authorization: Bearer \(client.token)"])
            #expect(named.status == 201 && named.body.contains(#""url":"http:\/\/home.example.net:8443\/t\/"#) || named.body.contains("\"url\":\"http://home.example.net:8443/t/"), "\(named.body)")
            let hostile = try await LoopbackPeer.request(
                port: port, path: "/api/triggers", body: #"{"template_id":"\#(late.id.uuidString.lowercased())","name":"Hostile"}"#,
                host: "evil.example/<script>", headers: ["Authorization: Bearer \(client.token)"])
            #expect(!hostile.body.contains("<script>") && !hostile.body.contains("evil.example/"), "a Host that is not a host and port is not used: \(hostile.body)")
            for trigger in try store.triggers() where trigger.name != "Shortcuts: late" { try TriggerService(store: store, clock: store.clock).revoke(trigger.id) }
            #endif
            let trigger = try #require(made.data["trigger"] as? [String: Any])
            #expect(trigger["name"] as? String == "Shortcuts: late" && trigger["template_name"] as? String == "Late")
            #expect(trigger["allow"] as? String == "only" && trigger["allowed"] as? [String] == ["eta"])
            #expect(trigger["pinned"] as? [String: String] == ["who": "Ann"] && trigger["per_day"] as? Int == 5)
            let id = try #require(trigger["id"] as? String)
            #expect(try store.triggers().first?.secretDigest == TriggerService.digest(secret), "only the hash is kept")

            let fired = try await client.request(.post, "/t/\(secret)?eta=10%20or%2015")
            #expect(fired.status == .ok && fired.data["all_sent"] as? Bool == true, "\(fired.text)")
            #expect(fixture.sim.simulator.deliveredMessages.map(\.content) == ["Late by 10 or 15 min, Ann"])
            let twice = try await client.request(.post, "/t/\(secret)?eta=10", headers: [.contentType: "application/json"], body: #"{"variables":{"eta":"5"}}"#)
            #expect(twice.status == .badRequest && twice.errorMessage?.contains("given twice") == true, "\(twice.text)")
            let pinned = try await client.request(.post, "/t/\(secret)?who=Bob")
            #expect(pinned.status == .badRequest && pinned.errorCode == "variable_not_allowed", "a pinned value cannot be given")
            #expect(fixture.sim.simulator.deliveredMessages.count == 1)

            clock.advance(by: 90)
            let list = try await client.api(.get, "triggers")
            #expect(list.status == .ok && !list.text.contains(secret), "a list never shows the secret")
            let listed = try #require((list.data["triggers"] as? [[String: Any]])?.first)
            #expect(listed["use_count"] as? Int == 1 && listed["uses_last_day"] as? Int == 1 && listed["last_used"] is String)

            let renamed = try await client.api(.patch, "triggers/\(id)", json: ["name": "Late (Shortcuts)"])
            #expect(renamed.status == .ok && renamed.data["name"] as? String == "Late (Shortcuts)")
            #expect(try await client.api(.patch, "triggers/\(id)", json: ["name": "  "]).status == .badRequest)

            let revoked = try await client.api(.delete, "triggers/\(id)")
            #expect(revoked.status == .ok)
            #expect(try await client.api(.delete, "triggers/\(id)").status == .notFound, "revoked once")
            #expect(try await client.api(.patch, "triggers/\(id)", json: ["name": "x"]).status == .notFound)
            #expect(try await client.request(.post, "/t/\(secret)?eta=1").status == .notFound)
            let after = try await client.api(.get, "triggers")
            #expect((after.data["triggers"] as? [[String: Any]])?.isEmpty == true)
        }
    }

    @Test("bad input makes nothing: unknown or draft template, bad names and limits, pinned or allowed names the template does not use, a past expiry; no token, no access")
    func refusals() async throws {
        let fixture = try await ServerFixture(clock: TestClock())
        try await fixture.run { client in
            let store = fixture.sim.store
            let home = try store.insert(Template(name: "Home", body: "Home, {{who}}", targets: [Self.family]))
            let mail = try store.insert(Template(name: "Mail", kind: .email, body: "Hi", to: ["a@example.com"]))
            let homeID = home.id.uuidString.lowercased()
            let cases: [([String: Any], Int, String)] = [
                (["template_id": UUID().uuidString, "name": "x"], 404, "not_found"),
                (["template_id": mail.id.uuidString.lowercased(), "name": "x"], 400, "not_telegram"),
                (["template_id": homeID, "name": ""], 400, "invalid_input"),
                (["template_id": homeID, "name": "x", "per_day": 0], 400, "invalid_input"),
                (["template_id": homeID, "name": "x", "min_interval_seconds": 86_401], 400, "invalid_input"),
                (["template_id": homeID, "name": "x", "pinned": ["typo": "1"]], 400, "unused_variables"),
                (["template_id": homeID, "name": "x", "allow": "only", "allowed": ["eta"]], 400, "unused_variables"),
                (["template_id": homeID, "name": "x", "allow": "only"], 400, "invalid_input"),
                (["template_id": homeID, "name": "x", "allow": "none", "allowed": ["who"]], 400, "invalid_input"),
                (["template_id": homeID, "name": "x", "expires": "2020-01-01T00:00:00Z"], 400, "invalid_input"),
                (["template_id": homeID, "name": "x", "secret": "mine"], 400, ""),
            ]
            for (body, status, code) in cases {
                let reply = try await client.api(.post, "triggers", json: body)
                #expect(reply.status.code == status && (code.isEmpty || reply.errorCode == code), "\(body): \(reply.status) \(reply.text)")
            }
            #expect(try store.triggers().isEmpty, "nothing was made")
            #expect(try await client.api(.get, "triggers", auth: false).status == .unauthorized)
            #expect(try await client.api(.post, "triggers", json: ["template_id": homeID, "name": "x"], auth: false).status == .unauthorized)

            let made = try await client.api(.post, "triggers", json: ["template_id": homeID, "name": "Door"])
            let secret = try #require(made.data["secret"] as? String)
            let withSecret = try await client.api(.get, "triggers", auth: false, headers: [.authorization: "Bearer \(secret)"])
            #expect(withSecret.status == .unauthorized, "a link's secret opens nothing else")
        }
    }

    @Test("Settings makes a link with its QR code (shown once), lists its use, renames and revokes it; a refused form keeps what was typed")
    func settingsPage() async throws {
        let fixture = try await ServerFixture(clock: TestClock())
        try await fixture.run { client in
            let store = fixture.sim.store
            let home = try store.insert(Template(name: "Home", body: "Home, {{who}}", targets: [Self.family]))
            let (cookie, csrf) = try await client.signIn()
            let form: HTTPFields = [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
            func post(_ path: String, _ fields: [String: String]) async throws -> ServerFixture.Client.Reply {
                let body = (fields.merging(["_csrf": csrf]) { a, _ in a }).map { key, value in
                    "\(key)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                }.joined(separator: "&")
                return try await client.request(.post, path, headers: form, body: body)
            }
            let refused = try await post("/settings/triggers", ["name": "Front door", "template_id": home.id.uuidString.lowercased(), "pin": "typo=1"])
            #expect(refused.status == .badRequest && refused.text.contains("value=\"Front door\"") && refused.text.contains("typo"), "\(refused.status)")
            #expect(try store.triggers().isEmpty)

            let made = try await post("/settings/triggers", ["name": "Front door", "template_id": home.id.uuidString.lowercased(), "allow": "none",
                                                              "pin": "who=Ann", "expires": "2099-12-31"])
            #expect(made.status == .ok)
            let kept = try #require(try store.triggers().first)
            let link = try #require(made.text.range(of: #"id="trigger-link">([^<]+)<"#, options: .regularExpression).map { String(made.text[$0]) })
            let secret = String(link.dropFirst(#"id="trigger-link">"#.count).dropLast().split(separator: "/").last ?? "")
            #expect(TriggerService.digest(secret) == kept.secretDigest, "the page shows the link with the secret")
            #expect(made.text.contains("class=\"qr\"") && made.text.contains("data:image/svg+xml;base64,"))
            #expect(kept.policy.variables == .none && kept.policy.pinned == ["who": "Ann"] && kept.policy.expires != nil)
            let again = try await client.request(.get, "/settings", headers: [.cookie: cookie])
            #expect(again.text.contains("Front door") && !again.text.contains(secret), "shown once")
            #expect(again.text.contains("Never used"))

            let id = kept.id.uuidString.lowercased()
            #expect(try await post("/settings/triggers/\(id)/rename", ["name": "Front door tag"]).status == .seeOther)
            #expect(try store.triggers().first?.name == "Front door tag")
            #expect(try await post("/settings/triggers/\(id)/revoke", [:]).status == .seeOther)
            #expect(try store.triggers().isEmpty)
            let noCSRF = try await client.request(.post, "/settings/triggers", headers: form, body: "name=x&template_id=\(id)")
            #expect(noCSRF.status == .forbidden)
        }
    }
}
