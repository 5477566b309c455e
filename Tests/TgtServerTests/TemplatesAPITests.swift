import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TgtServer

@Suite("Templates API")
struct TemplatesAPITests {
    static var family: [String: Any] { ["chat_id": -1001000000001] }
    static var standups: [String: Any] { ["chat_id": -1001000000002, "topic_id": 11] }

    @Test("Create, read, list with groups, change, duplicate, reorder, delete")
    func lifecycle() async throws {
        try await ServerFixture().run { client in
            try await client.logInToTelegram()
            #expect(try await client.api(.get, "chats?refresh=true").status == .ok)
            let created = try await client.api(.post, "templates", json: [
                "name": "Leaving work", "icon": "car.fill", "body": "Leaving now, home at {{time}} — {{note}}",
                "targets": [Self.family, Self.standups], "silent": true,
            ])
            #expect(created.status == .created)
            let id = try #require(created.data["id"] as? String)
            #expect(created.data["custom_variables"] as? [String] == ["note"])
            #expect((created.data["targets"] as? [[String: Any]])?.map { $0["display_name"] as? String } == ["Family", "Work › Standups"])

            let second = try await client.api(.post, "templates", json: ["name": "Arrived", "body": "Here", "targets": [Self.family], "location_mode": "native"])
            let secondID = try #require(second.data["id"] as? String)

            let list = try await client.api(.get, "templates")
            #expect((list.data["templates"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Leaving work", "Arrived"])
            let groups = try #require(list.data["groups"] as? [[String: Any]])
            #expect(groups.map { $0["title"] as? String } == ["Family", "Work"])
            #expect(groups.map { $0["count"] as? Int } == [2, 1])
            let filtered = try await client.api(.get, "templates?chat_id=-1001000000002")
            #expect((filtered.data["templates"] as? [[String: Any]])?.count == 1)
            let searched = try await client.api(.get, "templates?search=arr")
            #expect((searched.data["templates"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Arrived"])

            let patched = try await client.api(.patch, "templates/\(id)", json: ["name": "Leaving the office", "silent": false])
            #expect(patched.status == .ok)
            #expect(patched.data["name"] as? String == "Leaving the office")
            #expect(patched.data["body"] as? String == "Leaving now, home at {{time}} — {{note}}", "PATCH keeps what it does not name")

            let copy = try await client.api(.post, "templates/\(id)/duplicate")
            #expect(copy.status == .created)
            let copyID = try #require(copy.data["id"] as? String)

            let order = try await client.api(.put, "templates/order", json: ["ids": [secondID, copyID, id]])
            #expect(order.status == .ok)
            let reordered = try await client.api(.get, "templates")
            #expect((reordered.data["templates"] as? [[String: Any]])?.map { $0["id"] as? String } == [secondID, copyID, id])
            let incomplete = try await client.api(.put, "templates/order", json: ["ids": [secondID]])
            #expect(incomplete.status == .badRequest)

            #expect(try await client.api(.delete, "templates/\(copyID)").status == .ok)
            #expect(try await client.api(.get, "templates/\(copyID)").status == .notFound)
            #expect(try await client.api(.delete, "templates/\(copyID)").status == .notFound)
        }
    }

    @Test("Bad input gets a clear 4xx and changes nothing")
    func badInput() async throws {
        try await ServerFixture().run { client in
            try await client.logInToTelegram()
            _ = try await client.api(.get, "chats?refresh=true")
            let good = try await client.api(.post, "templates", json: ["name": "Keep", "body": "Body", "targets": [Self.family]])
            let id = try #require(good.data["id"] as? String)

            let cases: [(String, HTTPRequest.Method, String, String?, HTTPResponse.Status, String)] = [
                ("not JSON", .post, "templates", "{name: ", .badRequest, "invalid_json"),
                ("array body", .post, "templates", "[1,2]", .badRequest, "invalid_json"),
                ("empty body", .post, "templates", "", .badRequest, "invalid_json"),
                ("wrong type", .patch, "templates/\(id)", #"{"silent": "yes"}"#, .badRequest, "invalid_input"),
                ("number as name", .patch, "templates/\(id)", #"{"name": 12}"#, .badRequest, "invalid_input"),
                ("unknown field", .patch, "templates/\(id)", #"{"nmae": "x"}"#, .badRequest, "invalid_input"),
                ("unknown icon", .patch, "templates/\(id)", #"{"icon": "rocket"}"#, .unprocessableContent, "invalid_template"),
                ("bad location mode", .patch, "templates/\(id)", #"{"location_mode": "gps"}"#, .unprocessableContent, "invalid_template"),
                ("empty name", .patch, "templates/\(id)", #"{"name": "  "}"#, .unprocessableContent, "invalid_template"),
                ("duplicate name", .post, "templates", #"{"name": "keep", "body": "x", "targets": [{"chat_id": -1001000000001}]}"#, .unprocessableContent, "invalid_template"),
                ("NUL in name", .post, "templates", #"{"name": "Keep\u0000x", "body": "x"}"#, .unprocessableContent, "invalid_template"),
                ("unknown chat", .patch, "templates/\(id)", #"{"targets": [{"chat_id": 123}]}"#, .unprocessableContent, "invalid_template"),
                ("unknown topic", .patch, "templates/\(id)", #"{"targets": [{"chat_id": -1001000000002, "topic_id": 99}]}"#, .unprocessableContent, "invalid_template"),
                ("broken variable", .patch, "templates/\(id)", #"{"body": "Hi {{name"}"#, .unprocessableContent, "invalid_template"),
                ("broken Markdown", .patch, "templates/\(id)", #"{"body": "_+"}"#, .unprocessableContent, "invalid_template"),
                ("broken Markdown after a variable", .post, "templates", #"{"name": "New", "body": "Hi {{who}} *bold"}"#, .unprocessableContent, "invalid_template"),
                ("only a byte-order mark", .patch, "templates/\(id)", #"{"body": "\ufeff"}"#, .unprocessableContent, "invalid_template"),
                ("only invisible characters", .patch, "templates/\(id)", #"{"body": "\u200b\u200d \u2800"}"#, .unprocessableContent, "invalid_template"),
                ("only markup", .patch, "templates/\(id)", #"{"body": "**"}"#, .unprocessableContent, "invalid_template"),
                ("NUL in body", .patch, "templates/\(id)", #"{"body": "Hi\u0000"}"#, .unprocessableContent, "invalid_template"),
                ("unknown id", .get, "templates/6f1c1a52-0000-4000-8000-000000000000", nil, .notFound, "not_found"),
                ("malformed id", .patch, "templates/not-a-uuid", #"{"name": "x"}"#, .notFound, "not_found"),
                ("missing name", .post, "templates", #"{"body": "x"}"#, .badRequest, "invalid_input"),
            ]
            for (label, method, path, body, status, code) in cases {
                let reply = try await client.api(method, path, raw: body)
                #expect(reply.status == status, "\(label): \(reply.text)")
                #expect(reply.errorCode == code, "\(label): \(reply.text)")
                #expect(reply.json["success"] as? Bool == false, "\(label)")
                #expect(!(reply.errorMessage ?? "").isEmpty, "\(label)")
            }
            let emptyName = try await client.api(.patch, "templates/\(id)", json: ["name": ""])
            #expect(emptyName.issues.first?["field"] == "name", "validation names the field")
            // The message a send would give, pointing at the character, on the body field.
            let markdown = try await client.api(.patch, "templates/\(id)", json: ["body": "Hi {{who}} *bold"])
            #expect(markdown.issues.first?["field"] == "body")
            #expect(markdown.issues.first?["message"]?.contains("character 12 (“*bold”)") == true, "\(markdown.text)")
            let control = try await client.api(.patch, "templates/\(id)", raw: #"{"body": "Hi\u0007"}"#)
            #expect(control.issues.first?["message"]?.contains("U+0007") == true, "\(control.text)")

            let huge = String(repeating: "x", count: 300_000)
            let oversize = try await client.api(.patch, "templates/\(id)", raw: #"{"body": "\#(huge)"}"#)
            #expect(oversize.status == .contentTooLarge)
            #expect(oversize.errorCode == "too_large")
            let wrongType = try await client.api(.patch, "templates/\(id)", raw: "name=x", headers: [.contentType: "text/plain"])
            #expect(wrongType.status == .unsupportedMediaType)

            let after = try await client.api(.get, "templates/\(id)")
            #expect(after.data["name"] as? String == "Keep")
            #expect(after.data["body"] as? String == "Body")
            #expect((after.data["targets"] as? [[String: Any]])?.count == 1)
            #expect((try await client.api(.get, "templates")).data["total"] as? Int == 1)
        }
    }

    @Test("User content is escaped in pages: a <script> name shows as text")
    func escaping() async throws {
        try await ServerFixture().run { client in
            try await client.logInToTelegram()
            _ = try await client.api(.get, "chats?refresh=true")
            let name = "<script>alert(1)</script>"
            let created = try await client.api(.post, "templates", json: ["name": name, "body": "<b>\"x\" & 'y'</b>", "targets": [Self.family]])
            #expect(created.status == .created)
            let (cookie, _) = try await client.signIn()
            let page = try await client.request(.get, "/", headers: [.cookie: cookie])
            #expect(page.status == .ok)
            #expect(!page.text.contains(name))
            #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            let id = try #require(created.data["id"] as? String)
            let editor = try await client.request(.get, "/templates/\(id)/edit", headers: [.cookie: cookie])
            #expect(!editor.text.contains("<b>\"x\""))
            #expect(editor.text.contains("&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;"))
            #expect(!page.text.contains("<script>") || !page.text.contains("<script>alert"), "no inline script at all")
        }
    }
}
