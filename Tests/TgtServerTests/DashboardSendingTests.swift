import Foundation
import Testing
import TgtTestSupport
import TgtApplication
import TgtDashboardClient
import TgtDomain
import TgtWire

/// `TemplateSending` through a running dashboard (what `tgt send` uses while `tgt serve` holds
/// the session), over real HTTP: the order's every field reaches the dashboard's `SendService`,
/// and its refusals come back with its words.
@Suite("Sending through a running dashboard", .timeLimit(.minutes(2)))
struct DashboardSendingTests {
    @Test("all targets, a retry of one, a chat instead of the targets; a refused order says why and sends nothing")
    func sending() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await client.logInToTelegram()
            let sending = DashboardSending(client: try client.dashboardClient(token: fixture.apiToken), clock: fixture.sim.clock)
            let family = Target(chatID: -1001000000001, chatTitle: "Family")
            let alice = Target(chatID: 555_000_111, chatTitle: "Alice")
            let template = try fixture.sim.store.insert(Template(name: "Mood", body: "Feeling {{mood}}", targets: [family, alice]))

            let steps = Locked<[SendStep]>([])
            let all = try await sending.send(SendOrder(templateID: template.id, variables: ["mood": "fine"])) { step in steps.withLock { $0.append(step) } }
            #expect(all.templateName == "Mood" && all.items.map(\.target) == [family.key.description, alice.key.description] && all.allSent)
            #expect(steps.withLock { $0 }.count == 2, "one step per target once the dashboard answered")

            let retry = try await sending.send(SendOrder(templateID: template.id, variables: ["mood": "ok"], onlyTargets: [alice.key.description]), progress: { _ in })
            #expect(retry.items.map(\.target) == [alice.key.description])

            let into = try await sending.send(SendOrder(templateID: template.id, variables: ["mood": "good"], destination: family), progress: { _ in })
            #expect(into.items.map(\.title) == ["Family"] && into.allSent, "the chat instead of both targets")

            let before = fixture.sim.simulator.deliveredMessages.count
            await #expect {
                _ = try await sending.send(SendOrder(templateID: template.id, variables: ["mood": "ok", "mod": "typo"]), progress: { _ in })
            } throws: { error in
                (error as? DashboardClientError)?.message == "“Mood” does not use {{mod}}."
            }
            #expect(fixture.sim.simulator.deliveredMessages.count == before, "a refused order sends nothing")
        }
    }
}
