import Foundation
import Testing
import TgtApplication
import TgtDashboardClient
import TgtDomain
import TgtStore
import TgtTestSupport
import TgtWire

/// The undo hold over real HTTP on a test clock: a send with `hold` answers only when its hold
/// is over; meanwhile `GET /api/sends/held` lists it for every screen and `POST …/undo` takes
/// it back; the undo hold setting; and `tgt send`'s path through a running dashboard.
@Suite("Undo hold in the API", .timeLimit(.minutes(2)))
struct UndoHoldAPITests {
    static let family = Target(chatID: -1001000000001, chatTitle: "Family")
    static let alice = Target(chatID: 555_000_111, chatTitle: "Alice")

    @Test("hold, list, undo (then again, then too late, then unknown), bad holds and ids; nothing reaches Telegram before the hold ends")
    func holdAndUndo() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        try await fixture.run { client in
            try await client.logInToTelegram()
            let template = try fixture.sim.store.insert(Template(name: "Leaving", body: "Leaving work", targets: [Self.family, Self.alice]))
            let path = "templates/\(template.id.uuidString.lowercased())/send"
            // The held sends go over their own connections (the test client has one, and a
            // held send's request answers only when its hold is over).
            let dashboard = try client.dashboardClient(token: fixture.apiToken)
            let batchID = UUID()
            let batch = batchID.uuidString.lowercased()
            let hold = try #require(UndoHold(seconds: 5))
            async let reply = dashboard.send(templateID: template.id, variables: [:], location: nil, silent: nil, hold: hold, batchID: batchID)
            try await awaitCondition { try !fixture.sim.store.heldSends().isEmpty }
            let held = try await client.api(.get, "sends/held")
            let holds = try #require(held.data["holds"] as? [[String: Any]])
            #expect(holds.count == 1 && holds.first?["batch_id"] as? String == batch && holds.first?["targets"] as? [String] == ["Family", "Alice"])
            #expect(holds.first?["template_name"] as? String == "Leaving")
            #expect(fixture.sim.simulator.deliveredMessages.isEmpty)
            let log = try await client.api(.get, "sends")
            let targets = ((log.data["batches"] as? [[String: Any]])?.first?["targets"] as? [[String: Any]]) ?? []
            #expect(targets.map { $0["status"] as? String } == ["held", "held"] && targets.allSatisfy { $0["hold_until"] is String })

            let undo = try await client.api(.post, "sends/\(batch)/undo")
            #expect(undo.status == .ok && undo.data["result"] as? String == "undone" && undo.data["targets"] as? [String] == ["Family", "Alice"])
            let again = try await client.api(.post, "sends/\(batch)/undo")
            #expect(again.status == .ok && again.data["result"] as? String == "already_undone")
            clock.advance(by: 1)
            let answer = try await reply
            #expect(answer.undone && answer.results.map(\.status) == ["undone", "undone"])
            #expect((try await client.api(.get, "sends/held").data["holds"] as? [Any])?.isEmpty == true)

            // Too late: the hold ended and it went.
            let lateID = UUID()
            let late = lateID.uuidString.lowercased()
            async let sent = dashboard.send(templateID: template.id, variables: [:], location: nil, silent: nil, hold: try #require(UndoHold(seconds: 1)), batchID: lateID)
            try await awaitCondition { try !fixture.sim.store.heldSends().isEmpty }
            clock.advance(by: 1)
            #expect(try await sent.results.map(\.status) == ["sent", "sent"])
            let tooLate = try await client.api(.post, "sends/\(late)/undo")
            #expect(tooLate.status == .conflict && tooLate.errorCode == "too_late")
            #expect(fixture.sim.simulator.deliveredMessages.count == 2)
            // The same id again is refused, and sends nothing.
            let reused = try await client.api(.post, path, json: ["hold": 1, "batch_id": late])
            #expect(reused.status == .conflict && reused.errorCode == "send_exists")

            let unknown = try await client.api(.post, "sends/\(UUID().uuidString.lowercased())/undo")
            #expect(unknown.status == .notFound && unknown.errorCode == "send_not_found")
            for bad in [31, -1] {
                let refused = try await client.api(.post, path, json: ["hold": bad])
                #expect(refused.status == .badRequest, "hold \(bad)")
            }
            #expect(try await client.api(.post, path, json: ["hold": 1, "batch_id": "nope"]).status == .badRequest)
            #expect(try await client.api(.post, "sends/nope/undo").status == .badRequest)
            #expect(fixture.sim.simulator.deliveredMessages.count == 2, "refusals sent nothing")
        }
    }

    @Test("the undo hold setting: 5 by default, 0…30 accepted, anything else refused with nothing changed; the grid carries it")
    func setting() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            #expect(try await client.api(.get, "settings").data["undo_hold"] as? Int == 5)
            #expect(try await client.api(.patch, "settings", json: ["undo_hold": 0]).data["undo_hold"] as? Int == 0)
            #expect(try await client.api(.patch, "settings", json: ["undo_hold": 30]).data["undo_hold"] as? Int == 30)
            for bad: Any in [31, -5, "ten"] {
                let refused = try await client.api(.patch, "settings", json: ["undo_hold": bad])
                #expect(refused.status == .badRequest, "\(bad)")
            }
            #expect(try fixture.sim.store.undoHold().seconds == 30)
            try await client.logInToTelegram()
            let (cookie, csrf) = try await client.signIn()
            _ = try fixture.sim.store.insert(Template(name: "Hi", body: "Hi", targets: [Self.family]))
            let form = try await client.request(.post, "/settings/undo-hold", headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                                body: "_csrf=\(csrf)&undo_hold=12")
            #expect(form.status == .seeOther || form.status == .found, "\(form.status)")
            let grid = try await client.request(.get, "/", headers: [.cookie: cookie])
            #expect(grid.text.contains("data-undo-hold=\"12\""), "\(grid.status)")
            let bad = try await client.request(.post, "/settings/undo-hold", headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                               body: "_csrf=\(csrf)&undo_hold=45")
            #expect(bad.status == .badRequest && bad.text.contains("is not an undo hold"))
            #expect(try fixture.sim.store.undoHold().seconds == 12)
        }
    }

    @Test("tgt send's path through a running dashboard: the countdown, an undo from the terminal's side, the undone outcome")
    func throughDashboard() async throws {
        let clock = TestClock()
        let fixture = try await ServerFixture(clock: clock)
        try await fixture.run { client in
            try await client.logInToTelegram()
            // The terminal's countdown runs on a clock of its own: a test clock, so a loaded
            // machine cannot make its first step say less than the whole hold.
            let sending = DashboardSending(client: try client.dashboardClient(token: fixture.apiToken), clock: TestClock())
            let template = try fixture.sim.store.insert(Template(name: "Oops", body: "Wrong tile", targets: [Self.family]))
            let batch = UUID()
            let steps = Locked<[SendStep]>([])
            async let outcome = sending.send(SendOrder(templateID: template.id, hold: try #require(UndoHold(seconds: 30)), batchID: batch)) { step in
                steps.withLock { $0.append(step) }
            }
            try await awaitCondition { try !fixture.sim.store.heldSends().isEmpty && !steps.withLock { $0 }.isEmpty }
            #expect(try await sending.undo(batchID: batch) == .undone(targets: ["Family"]))
            // The dashboard's hold wakes on its clock: past its end, it finds the send undone.
            clock.advance(by: 31)
            let result = try await outcome
            #expect(result.undone && result.failed.isEmpty && fixture.sim.simulator.deliveredMessages.isEmpty)
            guard case .holding(let id, _, let left)? = steps.withLock({ $0 }).first else {
                Issue.record("the first step is the hold")
                return
            }
            #expect(id == batch.uuidString.lowercased() && left == 30)
        }
    }
}
