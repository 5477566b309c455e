import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTelegram
import TgtTestSupport

/// The undo hold in the app, over its own session on the simulator and the app's test clock:
/// the grid's button counts down and offers Undo, a widget's button turns into Undo while its
/// tap is held, CarPlay's alert says the seconds left with Undo, and Siri (asked aloud) sends
/// at once. Nothing reaches Telegram before a hold ends; an undone tap never does.
@Suite("Undo hold in the app", .timeLimit(.minutes(3)))
@MainActor
struct UndoHoldAppTests {
    func started(_ fixture: AppFixture) async throws -> AppModel {
        try fixture.store.setUndoHold(try #require(UndoHold(seconds: 5)))
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        return app
    }

    @Test("the grid: a tap counts down with Undo; Undo takes it back (nothing sent, the tap says undone); left alone it goes")
    func grid() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let template = try fixture.addTemplates(["Leaving work"])[0]
        let app = try await started(fixture)
        #expect(await app.templates.send(template) == .queued)
        try await eventually("the tap is held") { if case .held = app.templates.state(of: template.id) { true } else { false } }
        #expect(app.templates.state(of: template.id).heldText(at: fixture.clock.now)?.description == "Sending in 5 s")
        #expect(app.templates.state(of: template.id).heldText(at: fixture.clock.now.addingTimeInterval(2.5))?.description == "Sending in 3 s")
        #expect(app.templates.state(of: template.id).isBusy, "a second tap waits for this one")
        let job = try #require(fixture.store.sendJobs().last)
        #expect(job.state == .held && job.holdUntil == fixture.clock.now.addingTimeInterval(5))
        #expect(fixture.simulator.deliveredMessages.isEmpty)
        app.templates.undo(template.id)
        try await eventually("the tap ends undone") {
            fixture.clock.advance(by: 1)
            return app.templates.state(of: template.id) == .undone
        }
        #expect(try fixture.store.sendJob(id: job.id)?.state == .undone)
        #expect(fixture.simulator.deliveredMessages.isEmpty, "an undone tap never reaches Telegram")
        #expect(try fixture.store.recentSends().map(\.status) == [.undone])

        try await eventually("the button is idle again") {
            fixture.clock.advance(by: 1)
            return app.templates.state(of: template.id) == .idle
        }
        #expect(await app.templates.send(template) == .queued)
        try await eventually("held again") { if case .held = app.templates.state(of: template.id) { true } else { false } }
        try await eventually("sent when the hold ends") {
            fixture.clock.advance(by: 1)
            return fixture.simulator.deliveredMessages.count == 1
        }
        await app.shutdown()
    }

    @Test("a widget's button turns into Undo while its tap is held; CarPlay's alert names the seconds with Undo; Siri sends at once")
    func surfaces() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let templates = try fixture.addTemplates(["Leaving work", "Arrived"])
        let app = try await started(fixture)

        // Widget: held, then left to go.
        let widget = Task { await app.tap(templateID: templates[0].id, source: .widget) }
        try await eventually("the widget's tap is held") { try fixture.store.sendJobs().last?.state == .held }
        let snapshot = try WidgetSnapshot.make(from: fixture.workspace, family: .medium, now: fixture.clock.now)
        let badge = try #require(snapshot.items.first { $0.id == templates[0].id }?.badge)
        let heldBatch = try fixture.store.sendJobs().last?.batchID
        #expect(badge.phase == .held && badge.undoBatch == heldBatch && heldBatch != nil && badge.title.description == "Sending soon")
        #expect(fixture.simulator.deliveredMessages.isEmpty)
        fixture.clock.advance(by: 5)
        #expect(AppModel.summary(of: await widget.value) == .sent)

        // CarPlay: the alert during the hold, and its Undo.
        let seen = Locked<[HeldTap]>([])
        let carPlay = Task {
            await app.tap(templateID: templates[1].id, source: .carPlay) { tap in seen.withLock { $0.append(tap) } }
        }
        try await eventually("CarPlay hears of the hold") { !seen.withLock { $0 }.isEmpty }
        let tap = try #require(seen.withLock { $0 }.first)
        let alert = CarPlayGridModel.holdAlert(for: tap, now: fixture.clock.now)
        #expect(alert.title.description == "Sending “Arrived” in 5 s" && alert.undo.description == "Undo" && alert.letGo.description == "OK")
        #expect(app.undo(batchID: tap.batchID) == .undone(targets: ["Family"]))
        let undone = await Self.finish(carPlay, fixture.clock)
        #expect(AppModel.summary(of: undone) == .undone)
        #expect(CarPlayGridModel.alert(for: undone, templateName: "Arrived").description == "“Arrived” was not sent: you undid it.")
        #expect(fixture.simulator.deliveredMessages.count == 1, "only the widget's tap went out")

        // Siri, asked aloud, sends at once (no hold to wait out).
        let siri = await app.tap(templateID: templates[1].id, source: .siri)
        #expect(AppModel.summary(of: siri) == .sent && fixture.simulator.deliveredMessages.count == 2)
        await app.shutdown()
    }

    /// Moves the clock a second at a time until `task` ends.
    static func finish<T: Sendable>(_ task: Task<T, Never>, _ clock: TestClock) async -> T {
        let done = Locked(false)
        let watcher = Task {
            _ = await task.value
            done.withLock { $0 = true }
        }
        while !done.withLock({ $0 }) {
            clock.advance(by: 1)
            await Task.yield()
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        await watcher.value
        return await task.value
    }
}
