import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TgtDomain
import TgtServer
import TgtSimulator
import TgtStore
import TgtTelegram
import TgtTestSupport

@Suite("Login, chats, send and the send log through the API", .timeLimit(.minutes(5)))
struct TelegramAPITests {
    @Test("Login steps with a wrong code and a 2FA password; status follows")
    func login() async throws {
        let scenario = SimulatorScenario(account: SimulatedAccount(password: "pw", passwordHint: "two letters"))
        try await ServerFixture(scenario: scenario).run { client in
            let start = try await client.api(.get, "status")
            #expect(start.data["logged_in"] as? Bool == false)
            #expect((start.data["login"] as? [String: Any])?["step"] as? String == "phone_number")
            let badPhone = try await client.api(.post, "login/phone", json: ["phone_number": "12"])
            #expect(badPhone.status == .badRequest)
            #expect(badPhone.errorCode == "login")
            let code = try await client.api(.post, "login/phone", json: ["phone_number": "+1 555 000 1234"])
            #expect(code.data["step"] as? String == "code")
            #expect(code.data["code_length"] as? Int == 5)
            let wrong = try await client.api(.post, "login/code", json: ["code": "00000"])
            #expect(wrong.status == .badRequest)
            #expect(wrong.errorMessage == "That code is not right.")
            let password = try await client.api(.post, "login/code", json: ["code": "12345"])
            #expect(password.data["step"] as? String == "password")
            #expect(password.data["hint"] as? String == "two letters")
            let outOfOrder = try await client.api(.post, "login/email", json: ["email_address": "a@b.example"])
            #expect(outOfOrder.status == .badRequest)
            let ready = try await client.api(.post, "login/password", json: ["password": "pw"])
            #expect(ready.data["step"] as? String == "ready")
            let status = try await client.api(.get, "status")
            #expect(status.data["logged_in"] as? Bool == true)
            #expect((status.data["account"] as? [String: Any])?["name"] as? String == "Demo User")
            let logout = try await client.api(.post, "logout")
            #expect(logout.status == .ok)
            let after = try await client.api(.get, "login")
            #expect(after.data["step"] as? String == "phone_number", "a fresh client waits for the next login")
        }
    }

    @Test("QR login shows the code as an SVG image until it is scanned")
    func qrLogin() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            let qr = try await client.api(.post, "login/qr")
            #expect(qr.data["step"] as? String == "qr_code")
            #expect((qr.data["qr_link"] as? String)?.hasPrefix("tg://login?token=") == true)
            #expect((qr.data["qr_svg"] as? String)?.hasPrefix("<svg") == true)
            fixture.sim.simulator.confirmQRLogin()
            var step = ""
            try await awaitCondition {
                step = try await client.api(.get, "login").data["step"] as? String ?? ""
                return step == "ready"
            }
            #expect(step == "ready")
        }
    }

    @Test("an edit keeps targets the chat list no longer offers (a closed topic, a chat you left) and never blocks other changes")
    func editKeepsOldTargets() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await client.logInToTelegram()
            #expect(try await client.api(.get, "chats?refresh=true").status == .ok)
            let created = try await client.api(.post, "templates", json: ["name": "Old", "body": "Hi", "targets": [["chat_id": -1001000000001]]])
            let id = try #require(created.data["id"] as? String)
            let uuid = try #require(UUID(uuidString: id))
            var saved = try #require(try fixture.sim.store.template(id: uuid))
            let closedTopic = Target(chatID: -1001000000002, topicID: 99, chatTitle: "Work", topicTitle: "Old topic")
            let leftChat = Target(chatID: -1009999, chatTitle: "A group I left")
            saved.targets += [closedTopic, leftChat]
            _ = try fixture.sim.store.update(saved)
            let targets: [[String: Any]] = [["chat_id": -1001000000001], ["chat_id": -1001000000002, "topic_id": 99], ["chat_id": -1009999]]
            let edited = try await client.api(.patch, "templates/\(uuid.uuidString.lowercased())", json: ["name": "Renamed", "targets": targets])
            #expect(edited.status == .ok, "\(edited.text)")
            #expect(try fixture.sim.store.template(id: uuid)?.targets == [Target(chatID: -1001000000001, chatTitle: "Family"), closedTopic, leftChat])
            let fresh = try await client.api(.post, "templates", json: ["name": "New", "body": "Hi", "targets": [["chat_id": -1001000000002, "topic_id": 99]]])
            #expect(fresh.status == .unprocessableContent && fresh.text.contains("has no topic 99"), "a new template may not pick it: \(fresh.text)")
        }
    }

    @Test("A target the cached list lacks is checked with Telegram when logged in: a chat you cannot post in and an unknown chat are refused, an archived one takes Telegram's title")
    func targetsOutsideTheCache() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            let loggedOut = try await client.api(.post, "templates", json: ["name": "Script", "body": "Hi", "targets": [["chat_id": -4003, "chat_title": "Flat"]]])
            #expect(loggedOut.status == .created, "logged out, a script's chat_title is taken on trust: \(loggedOut.text)")
            try await client.logInToTelegram()
            try fixture.sim.store.replaceChatDirectory([])
            let muted = try await client.api(.post, "templates", json: ["name": "A", "body": "Hi", "targets": [["chat_id": -4002, "chat_title": "N"]]])
            #expect(muted.status == .unprocessableContent && muted.text.contains("You cannot post in “Neighbours”: its admins do not let members post."),
                    "\(muted.text)")
            let unknown = try await client.api(.post, "templates", json: ["name": "B", "body": "Hi", "targets": [["chat_id": 999_999, "chat_title": "Ghost"]]])
            #expect(unknown.status == .unprocessableContent && unknown.text.contains("Chat 999999 is not one of your Telegram chats."), "\(unknown.text)")
            let archived = try await client.api(.post, "templates", json: ["name": "C", "body": "Hi", "targets": [["chat_id": -4003]]])
            #expect(archived.status == .created, "\(archived.text)")
            let targets = archived.data["targets"] as? [[String: Any]]
            #expect(targets?.first?["chat_title"] as? String == "Old flatmates", "the archived chat, named as Telegram names it")
            let names = (try await client.api(.get, "templates").data["templates"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names == ["Script", "C"], "refused bodies saved nothing")
        }
    }

    @Test("One tap sends to every target: per-target results, a failing target, retry of one, the send log")
    func send() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            let early = try await client.api(.post, "preview", json: ["body": "Hi *there*"])
            #expect(early.status == .ok, "preview needs no login: TDLib parses Markdown offline")
            let notReady = try await client.api(.get, "chats?refresh=true")
            #expect(notReady.status == .conflict)
            #expect(notReady.errorCode == "not_logged_in")
            try await client.logInToTelegram()
            let chats = try await client.api(.get, "chats?refresh=true")
            let listed = try #require(chats.data["chats"] as? [[String: Any]])
            #expect(listed.map { $0["title"] as? String } == ["Saved Messages", "Family", "Work", "Climbing crew", "Tech News", "Alice", "Neighbours"])
            #expect(listed.map { $0["summary"] as? String } == [
                "notes to yourself", "5 members", "forum · 48 members", "7 members", "can't post: only the channel's admins can post.", "private chat",
                "can't post: its admins do not let members post.",
            ])
            #expect(listed.last?["can_post"] as? Bool == false && listed.last?["cannot_post_reason"] as? String == "its admins do not let members post.")
            #expect(listed.last?["cannot_post_code"] as? String == "members_muted" && listed.first?["cannot_post_code"] == nil)
            // A chat you cannot post in is refused as a target with the reason; nothing is saved.
            let refused = try await client.api(.post, "templates", json: [
                "name": "Running late", "body": "Running *{{minutes}}* min late", "targets": [["chat_id": -1001000000001], ["chat_id": -4002]],
            ])
            #expect(refused.status == .unprocessableContent && refused.text.contains("You cannot post in “Neighbours”: its admins do not let members post."),
                    "\(refused.text)")
            #expect((try await client.api(.get, "templates").data["templates"] as? [Any])?.isEmpty == true)
            let created = try await client.api(.post, "templates", json: [
                "name": "Running late", "body": "Running *{{minutes}}* min late", "targets": [["chat_id": -1001000000001]],
            ])
            let id = try #require(created.data["id"] as? String)
            // Saved before Neighbours' admins muted members: the target stays, an edit keeps it, the send fails there.
            let uuid = try #require(UUID(uuidString: id))
            var saved = try #require(try fixture.sim.store.template(id: uuid))
            saved.targets.append(Target(chatID: -4002, chatTitle: "Neighbours"))
            _ = try fixture.sim.store.update(saved)
            let edited = try await client.api(.patch, "templates/\(id)", json: [
                "silent": false, "targets": [["chat_id": -1001000000001], ["chat_id": -4002]],
            ])
            #expect(edited.status == .ok, "an existing target may stay: \(edited.text)")

            let missing = try await client.api(.post, "templates/\(id)/send", json: [:])
            #expect(missing.status == .unprocessableContent)
            #expect(missing.errorCode == "missing_variables")
            let badVar = try await client.api(.post, "templates/\(id)/send", json: ["variables": ["minutes": 10]])
            #expect(badVar.status == .badRequest)
            let badLocation = try await client.api(.post, "templates/\(id)/send", json: ["variables": ["minutes": "10"], "location": ["latitude": 100, "longitude": 0]])
            #expect(badLocation.status == .badRequest)
            let control = try await client.api(.post, "templates/\(id)/send", json: ["variables": ["minutes": "1\u{0}0"]])
            #expect(control.status == .badRequest && control.errorCode == "invalid_input" && control.errorMessage?.contains("U+0000 (NUL)") == true,
                    "a control character in a value is refused as a trigger link refuses it: \(control.text)")
            #expect((try await client.api(.get, "sends").data["batches"] as? [Any])?.count == 0, "nothing was sent or logged")

            let report = try await client.api(.post, "templates/\(id)/send", json: ["variables": ["minutes": "10"]])
            #expect(report.status == .ok)
            #expect(report.data["all_sent"] as? Bool == false)
            let results = try #require(report.data["results"] as? [[String: Any]])
            #expect(results.map { $0["status"] as? String } == ["sent", "failed"])
            #expect(results[1]["error"] as? String == "You are not allowed to post in this chat.")

            let retry = try await client.api(.post, "templates/\(id)/send", json: ["variables": ["minutes": "10"], "targets": ["-4002"]])
            #expect((retry.data["results"] as? [[String: Any]])?.map { $0["target"] as? String } == ["-4002"])
            let unknown = try await client.api(.post, "templates/\(id)/send", json: ["variables": ["minutes": "10"], "targets": ["-999"]])
            #expect(unknown.status == .badRequest)

            let log = try await client.api(.get, "sends?limit=10")
            let batches = try #require(log.data["batches"] as? [[String: Any]])
            #expect(batches.count == 2)
            #expect((batches[1]["targets"] as? [[String: Any]])?.map { $0["status"] as? String } == ["sent", "failed"])
            #expect(try await client.api(.get, "sends?limit=0").status == .badRequest)
            #expect(try await client.api(.post, "templates/6f1c1a52-0000-4000-8000-000000000000/send", json: [:]).status == .notFound)
        }
    }

    @Test("Preview: TDLib's entities with UTF-16 offsets; broken Markdown is pointed at")
    func preview() async throws {
        try await ServerFixture().run { client in
            let ok = try await client.api(.post, "preview", json: ["body": "🚗 *Leaving* {{time}} {{who}}", "variables": ["who": "me"]])
            #expect(ok.status == .ok)
            let entities = try #require(ok.data["entities"] as? [[String: Any]])
            #expect(entities.first?["type"] as? String == "textEntityTypeBold")
            #expect(entities.first?["offset"] as? Int == 3, "the car emoji is two UTF-16 units")
            #expect((ok.data["text"] as? String)?.hasSuffix(" me") == true)
            let broken = try await client.api(.post, "preview", json: ["body": "Hello *world"])
            #expect(broken.status == .unprocessableContent)
            #expect(broken.errorCode == "bad_markdown")
            #expect(broken.issues.first?["field"] == "body")
        }
    }

    @Test("Settings: default location is checked; a bad one changes nothing")
    func settings() async throws {
        try await ServerFixture().run { client in
            #expect(try await client.api(.patch, "settings", json: ["default_location": "45.4642,9.19"]).status == .ok)
            let bad = try await client.api(.patch, "settings", json: ["default_location": "north"])
            #expect(bad.status == .badRequest)
            #expect(try await client.api(.get, "settings").data["default_location"] as? String == "45.464200,9.190000")
            #expect(try await client.api(.patch, "settings", json: ["default_location": NSNull()]).data["default_location"] is NSNull)
        }
    }
}
