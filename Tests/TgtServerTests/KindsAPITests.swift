import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TgtServer

/// Email, text message and X templates through the API: created and validated per field,
/// listed with kind chips, previewed with their channel's counter, and handed over as drafts.
@Suite("Template kinds API")
struct KindsAPITests {
    @Test("create per kind, field errors, kind filter and chips, send_variables")
    func createAndList() async throws {
        try await ServerFixture().run { client in
            let email = try await client.api(.post, "templates", json: [
                "name": "Late", "kind": "email", "to": ["boss@example.com"], "cc": ["team@example.org"],
                "subject": "Late: {{eta=10 min}}", "body": "*Sorry*, feeling {{mood|fine|tired}}",
            ])
            #expect(email.status == .created)
            #expect(email.data["kind"] as? String == "email")
            #expect(email.data["to"] as? [String] == ["boss@example.com"])
            #expect(email.data["subject"] as? String == "Late: {{eta=10 min}}")
            let variables = try #require(email.data["send_variables"] as? [[String: Any]])
            #expect(variables.map { $0["name"] as? String } == ["eta", "mood"])
            #expect(variables.first?["default"] as? String == "10 min")
            #expect(variables.first?["kind"] as? String == "text")
            #expect(variables.last?["choices"] as? [String] == ["fine", "tired"])
            #expect(variables.last?["default"] == nil)

            let bad = try await client.api(.post, "templates", json: [
                "name": "Bad", "kind": "text", "to": ["not a phone"], "body": "Back {{date+1x}}",
            ])
            #expect(bad.status == .unprocessableContent)
            let issues = try #require((bad.json["error"] as? [String: Any])?["issues"] as? [[String: Any]])
            #expect(Set(issues.compactMap { $0["field"] as? String }) == ["to", "body"])
            #expect(issues.contains { ($0["message"] as? String)?.contains("character 14") == true })

            #expect(try await client.api(.post, "templates", json: ["name": "Post", "kind": "x", "body": "Shipped"]).status == .created)
            #expect(try await client.api(.post, "templates", json: ["name": "Chat", "body": "Hi"]).status == .created)
            let list = try await client.api(.get, "templates?kind=email")
            #expect((list.data["templates"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Late"])
            let kinds = try #require(list.data["kinds"] as? [[String: Any]])
            #expect(kinds.map { $0["kind"] as? String } == ["telegram", "email", "x"])
            #expect(kinds.map { $0["count"] as? Int } == [1, 1, 1])
            #expect(kinds.map { $0["label"] as? String } == ["Telegram", "Email", "X post"])
            #expect(try await client.api(.get, "templates?kind=fax").status == .badRequest)

            // Converting keeps only what the new kind uses.
            let id = try #require(email.data["id"] as? String)
            let converted = try await client.api(.patch, "templates/\(id)", json: ["kind": "text", "to": ["+39 333 1234567"]])
            #expect(converted.status == .ok)
            #expect(converted.data["cc"] as? [String] == [] && converted.data["subject"] as? String == "")
        }
    }

    @Test("drafts: the link for the app, choices checked, logged as handed over; Telegram's send refuses drafts")
    func drafts() async throws {
        try await ServerFixture().run { client in
            let created = try await client.api(.post, "templates", json: [
                "name": "Late", "kind": "email", "to": ["boss@example.com"], "subject": "Late: {{eta=10 min}}",
                "body": "*Sorry* & {{mood|fine|tired}}",
            ])
            let id = try #require(created.data["id"] as? String)
            let missing = try await client.api(.post, "templates/\(id)/draft", json: [:])
            #expect(missing.status == .unprocessableContent)
            #expect((missing.json["error"] as? [String: Any])?["code"] as? String == "missing_variables")
            let wrong = try await client.api(.post, "templates/\(id)/draft", json: ["variables": ["mood": "sleepy"]])
            #expect((wrong.json["error"] as? [String: Any])?["code"] as? String == "not_a_choice")

            let draft = try await client.api(.post, "templates/\(id)/draft", json: ["variables": ["mood": "tired"]])
            #expect(draft.status == .ok)
            #expect(draft.data["status"] as? String == "handed_over")
            let url = try #require(draft.data["url"] as? String)
            let items = URLComponents(string: url)?.queryItems ?? []
            #expect(url.hasPrefix("mailto:boss@example.com?"))
            #expect(items.first { $0.name == "subject" }?.value == "Late: 10 min")
            #expect(items.first { $0.name == "body" }?.value == "Sorry & tired")
            #expect(draft.data["body"] as? String == "Sorry & tired")

            let sends = try await client.api(.get, "sends")
            let batches = try #require(sends.data["batches"] as? [[String: Any]])
            let targets = try #require(batches.first?["targets"] as? [[String: Any]])
            #expect(targets.first?["status"] as? String == "handed_over")

            let viaTelegram = try await client.api(.post, "templates/\(id)/send", json: [:])
            #expect(viaTelegram.status == .unprocessableContent)
            #expect((viaTelegram.json["error"] as? [String: Any])?["code"] as? String == "not_telegram")
            #expect(((viaTelegram.json["error"] as? [String: Any])?["next_step"] as? String)?.contains("/api/templates/\(id)/draft") == true)

            let telegram = try await client.api(.post, "templates", json: ["name": "TG", "body": "Hi"])
            let telegramID = try #require(telegram.data["id"] as? String)
            let notDraft = try await client.api(.post, "templates/\(telegramID)/draft", json: [:])
            #expect((notDraft.json["error"] as? [String: Any])?["code"] as? String == "not_a_draft")
        }
    }

    @Test("the preview counts in each channel's units")
    func counters() async throws {
        try await ServerFixture().run { client in
            let sms = try await client.api(.post, "preview", json: ["kind": "text", "body": String(repeating: "a", count: 161)])
            let counter = try #require(sms.data["counter"] as? [String: Any])
            #expect(counter["segments"] as? Int == 2 && counter["encoding"] as? String == "GSM-7")
            #expect(counter["summary"] as? String == "2 SMS · 161 characters (GSM-7)")
            let x = try await client.api(.post, "preview", json: ["kind": "x", "body": "*See* https://example.com/a/very/long/path {{mood|ok|bad}}"])
            #expect(x.data["text"] as? String == "See https://example.com/a/very/long/path ok")
            #expect((x.data["counter"] as? [String: Any])?["count"] as? Int == 4 + 23 + 3)
            let email = try await client.api(.post, "preview", json: ["kind": "email", "subject": "Hi {{who=you}}", "body": "_x_"])
            #expect(email.data["subject"] as? String == "Hi you")
            let telegram = try await client.api(.post, "preview", json: ["body": "*Hi* {{date:EEEE}}"])
            #expect((telegram.data["counter"] as? [String: Any])?["limit"] as? Int == 4096)
            let broken = try await client.api(.post, "preview", json: ["body": "{{time:}}"])
            #expect(broken.status == .unprocessableContent)
        }
    }
}
