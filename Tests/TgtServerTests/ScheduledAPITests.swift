import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TgtTestSupport
import TgtDomain
import TgtServer
import TgtTelegram

/// Send later and timers' completion messages over real HTTP: scheduled on the simulator's
/// server side by the dashboard's session, listed, cancelled, and shown in the send log.
@Suite("Scheduled sends API")
struct ScheduledAPITests {
    static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    @Test("send later: refused before login and for bad times; scheduled per target; listed; cancelled; in the send log")
    func sendLater() async throws {
        let fixture = try await ServerFixture()
        let folder = fixture.sim.environment.tdlibDatabaseFolder
        let template = try fixture.sim.store.insert(Template(name: "Standup", body: "Standup in 5", targets: [
            Target(chatID: -1001000000001, chatTitle: "Family"), Target(chatID: -4001, chatTitle: "Climbing crew"),
        ]))
        let mail = try fixture.sim.store.insert(Template(name: "Mail", kind: .email, body: "hi", to: ["a@example.com"]))
        let id = template.id.uuidString.lowercased()
        // Times are the server's (its clock), as a person's would be its wall clock.
        let now = fixture.sim.clock.now
        try await fixture.run { client in
            let later = Self.iso(now.addingTimeInterval(3600))
            let loggedOut = try await client.api(.post, "templates/\(id)/schedule", json: ["send_at": later])
            #expect(loggedOut.status == .conflict && loggedOut.errorCode == "not_logged_in", "\(loggedOut.status) \(loggedOut.text)")
            try await client.logInToTelegram()

            let soon = try await client.api(.post, "templates/\(id)/schedule", json: ["send_at": Self.iso(now.addingTimeInterval(5))])
            #expect(soon.status == .unprocessableContent && soon.errorCode == "too_soon")
            let far = try await client.api(.post, "templates/\(id)/schedule", json: ["send_at": Self.iso(now.addingTimeInterval(400 * 86_400))])
            #expect(far.status == .unprocessableContent && far.errorCode == "too_far")
            #expect(try await client.api(.post, "templates/\(id)/schedule", json: [:] as [String: String]).status == .badRequest)
            let draft = try await client.api(.post, "templates/\(mail.id.uuidString.lowercased())/schedule", json: ["send_at": later])
            #expect(draft.status == .unprocessableContent && draft.errorCode == "not_telegram")
            #expect(fixture.sim.simulator.scheduledMessages(inDatabaseDirectory: folder).isEmpty, "nothing scheduled by refusals")

            let scheduled = try await client.api(.post, "templates/\(id)/schedule", json: ["send_at": later])
            #expect(scheduled.status == .ok, "\(scheduled.text)")
            let rows = scheduled.data["scheduled"] as? [[String: Any]] ?? []
            #expect(rows.map { $0["status"] as? String } == ["scheduled", "scheduled"])
            #expect(rows.map { $0["title"] as? String } == ["Family", "Climbing crew"])
            #expect(fixture.sim.simulator.scheduledMessages(inDatabaseDirectory: folder).count == 2)

            let list = try await client.api(.get, "scheduled")
            #expect(list.data["total"] as? Int == 2)
            let first = try #require(rows.first?["id"] as? Int)
            let cancel = try await client.api(.post, "scheduled/\(first)/cancel")
            #expect(cancel.status == .ok && cancel.data["status"] as? String == "cancelled", "\(cancel.text)")
            #expect(try await client.api(.post, "scheduled/\(first)/cancel").status == .conflict)
            #expect(try await client.api(.post, "scheduled/999999/cancel").status == .notFound)
            #expect(try await client.api(.get, "scheduled").data["total"] as? Int == 1)
            #expect(fixture.sim.simulator.scheduledMessages(inDatabaseDirectory: folder).map(\.chatID) == [-4001])

            let sends = try await client.api(.get, "sends")
            let targets = ((sends.data["batches"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]]) ?? []
            #expect(targets.map { $0["status"] as? String } == ["cancelled", "scheduled"])
            #expect(targets.last?["scheduled_for"] as? String != nil)
        }
    }

    @Test("a timer with a completion message: start schedules it (the reply shows it per target), pause deletes it")
    func timerCompletion() async throws {
        let fixture = try await ServerFixture()
        let folder = fixture.sim.environment.tdlibDatabaseFolder
        let template = try fixture.sim.store.insert(Template(name: "Tea ready", body: "{{timer}} is ready", targets: [Target(chatID: -1001000000001, chatTitle: "Family")]))
        try await fixture.run { client in
            try await client.logInToTelegram()
            let created = try await client.api(.post, "timers", json: [
                "name": "Tea", "duration": "4m", "action": ["template_id": template.id.uuidString.lowercased(), "remind_me": true] as [String: Any],
            ] as [String: Any])
            let id = try #require(created.data["id"] as? String, "\(created.text)")
            #expect(created.data["completion_sends"] as? [Any] != nil && (created.data["completion_sends"] as? [Any])?.isEmpty == true)
            let started = try await client.api(.post, "timers/\(id)/start")
            let sends = started.data["completion_sends"] as? [[String: Any]] ?? []
            #expect(Set(sends.compactMap { $0["title"] as? String }) == ["Family", "Saved Messages"], "\(started.text)")
            #expect(sends.allSatisfy { $0["status"] as? String == "scheduled" })
            #expect(Set(fixture.sim.simulator.scheduledMessages(inDatabaseDirectory: folder).map(\.content)) == ["Tea is ready", "⏰ Tea is done (04:00)."])
            let paused = try await client.api(.post, "timers/\(id)/pause")
            #expect((paused.data["completion_sends"] as? [[String: Any]] ?? []).allSatisfy { $0["status"] as? String == "cancelled" })
            #expect(fixture.sim.simulator.scheduledMessages(inDatabaseDirectory: folder).isEmpty)
        }
    }
}
