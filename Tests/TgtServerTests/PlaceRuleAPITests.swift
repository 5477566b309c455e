import Foundation
import HTTPTypes
import Testing
import TgtServer

/// Arriving and leaving through the API and the editor page: a template's place rule is set,
/// read, changed and removed for the iPhone app to pick up; bad rules change nothing.
@Suite("Place rules API")
struct PlaceRuleAPITests {
    static var family: [String: Any] { ["chat_id": -1001000000001, "chat_title": "Family"] }
    static var home: [String: Any] { ["crossing": "arrive", "latitude": 45.4642, "longitude": 9.19, "place_name": "Home"] }

    @Test("create with a rule (defaults filled in), change it, remove it; the editor page shows it")
    func lifecycle() async throws {
        try await ServerFixture().run { client in
            let created = try await client.api(.post, "templates", json: [
                "name": "Arrived", "body": "Home 🏠", "targets": [Self.family], "place": Self.home,
            ])
            #expect(created.status == .created)
            let place = try #require(created.data["place"] as? [String: Any])
            #expect(place["crossing"] as? String == "arrive")
            #expect(place["latitude"] as? Double == 45.4642)
            #expect(place["radius"] as? Int == 150)
            #expect(place["window_minutes"] as? Int == 60)
            #expect(place["summary"] as? String == "Arriving at Home (150 m), at most once an hour")
            let id = try #require(created.data["id"] as? String)

            var leave = Self.home
            leave["crossing"] = "leave"
            leave["radius"] = 400
            leave["window_minutes"] = 1_440
            let changed = try await client.api(.patch, "templates/\(id)", json: ["place": leave])
            #expect((changed.data["place"] as? [String: Any])?["summary"] as? String == "Leaving Home (400 m), at most once a day")
            let (cookie, _) = try await client.signIn()
            let editor = try await client.request(.get, "/templates/\(id)/edit", headers: [.cookie: cookie])
            #expect(editor.text.contains("id=\"place_on\" aria-controls=\"place-fields\" checked"))
            #expect(editor.text.contains("value=\"45.4642, 9.19\""))
            #expect(editor.text.contains("<option value=\"leave\" selected>Leaving</option>"))
            #expect(editor.text.contains("<option value=\"1440\" selected>once a day</option>"))
            #expect(editor.text.contains("href=\"https://maps.google.com/?q=45.464200,9.190000\""))

            // Settings → Download templates: the file the iPhone app imports, with the rule.
            let export = try await client.request(.get, "/settings/export", headers: [.cookie: cookie])
            #expect(export.status == .ok)
            #expect(export.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"tgtemplates-") == true)
            let archive = try #require(try JSONSerialization.jsonObject(with: Data(export.text.utf8)) as? [String: Any])
            #expect(archive["format"] as? String == "tgtemplates.templates" && archive["version"] as? Int == 4)
            let exported = try #require((archive["templates"] as? [[String: Any]])?.first?["place"] as? [String: Any])
            #expect(exported["crossing"] as? String == "leave" && exported["radius"] as? Int == 400 && exported["place_name"] as? String == "Home")
            #expect(try await client.request(.get, "/settings/export").status != .ok, "only a signed-in browser downloads them")

            // A PATCH without "place" keeps it; "remove_place" removes it.
            let renamed = try await client.api(.patch, "templates/\(id)", json: ["name": "Arrived home"])
            #expect(renamed.data["place"] != nil)
            let both = try await client.api(.patch, "templates/\(id)", json: ["place": Self.home, "remove_place": true])
            #expect(both.status == .badRequest)
            let removed = try await client.api(.patch, "templates/\(id)", json: ["remove_place": true])
            #expect(removed.status == .ok && removed.data["place"] == nil)
            let page = try await client.request(.get, "/templates/\(id)/edit", headers: [.cookie: cookie])
            #expect(page.text.contains("id=\"place_on\" aria-controls=\"place-fields\">"))
            #expect(page.text.contains("id=\"place-fields\" class=\"place-fields\" hidden"))
        }
    }

    /// A field of the rule, its bad value as JSON, and what the refusal says.
    @Test("bad rules are refused beside the place field and change nothing", arguments: [
        ("radius", "20", "The radius is 20 m"),
        ("window_minutes", "1", "Send at most once in 5 minutes"),
        ("place_name", "\" Home\"", "cannot start or end with spaces"),
        ("place_name", "\"  \"", "Name the place"),
        ("place_name", "\"\"", "Name the place"),
        ("latitude", "95.0", "latitude must be -90…90"),
        ("longitude", "-181.0", "longitude -180…180"),
    ])
    func refused(field: String, value: String, message: String) async throws {
        try await ServerFixture().run { client in
            let created = try await client.api(.post, "templates", json: ["name": "Arrived", "body": "Home", "targets": [Self.family]])
            let id = try #require(created.data["id"] as? String)
            var place = Self.home
            place[field] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
            let refused = try await client.api(.patch, "templates/\(id)", json: ["place": place])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.issues.contains { $0["field"] == "place" && $0["message"]?.contains(message) == true }, "\(refused.issues)")
            let made = try await client.api(.post, "templates", json: ["name": "Other", "body": "Home", "place": place])
            #expect(made.status == .unprocessableContent)
            let list = try await client.api(.get, "templates")
            #expect((list.data["templates"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Arrived"])
            #expect((list.data["templates"] as? [[String: Any]])?.first?["place"] == nil)
        }
    }

    @Test("a rule needs a Telegram template whose values all have defaults; unknown crossings and fields are bad requests")
    func templateRules() async throws {
        try await ServerFixture().run { client in
            let email = try await client.api(.post, "templates", json: [
                "name": "Mail", "kind": "email", "to": ["a@example.com"], "subject": "Hi", "body": "Home", "place": Self.home,
            ])
            #expect(email.issues.contains { $0["field"] == "place" && $0["message"]?.hasPrefix("Only Telegram templates") == true })
            let asking = try await client.api(.post, "templates", json: ["name": "ETA", "body": "In {{eta}} min", "place": Self.home])
            #expect(asking.issues.contains { $0["message"]?.contains("give {{eta}} a default") == true })
            #expect(try await client.api(.post, "templates", json: ["name": "ETA", "body": "In {{eta=10}} min", "place": Self.home]).status == .created)
            var odd = Self.home
            odd["crossing"] = "teleport"
            #expect(try await client.api(.post, "templates", json: ["name": "Odd", "body": "x", "place": odd]).status == .badRequest)
            odd = Self.home
            odd["altitude"] = 3
            #expect(try await client.api(.post, "templates", json: ["name": "Odd", "body": "x", "place": odd]).status == .badRequest)
            // Converting to a draft kind drops the rule.
            let list = try await client.api(.get, "templates")
            let id = try #require((list.data["templates"] as? [[String: Any]])?.first?["id"] as? String)
            let converted = try await client.api(.patch, "templates/\(id)", json: ["kind": "x"])
            #expect(converted.status == .ok && converted.data["place"] == nil)
        }
    }
}
