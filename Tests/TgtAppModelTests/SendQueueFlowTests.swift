import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTelegram
import TgtTestSupport

@Suite("Taps from widgets, CarPlay, Siri and links go through the shared queue", .timeLimit(.minutes(5)))
@MainActor
struct SendQueueFlowTests {
    @Test("a widget tap while logged out is kept, and sent once after the login")
    func widgetTapWhileLoggedOut() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let template = try fixture.addTemplates(["Leaving work"])[0]
        // The widget extension queues the tap while the app is not running at all.
        let widgetStore = try fixture.extensionStore()
        let job = try widgetStore.enqueueSend(templateID: template.id, source: .widget)
        #expect(throws: StoreError.self) { try widgetStore.enqueueSend(templateID: UUID(), source: .widget) }

        let app = try AppModel(services: fixture.services)
        await app.start()
        #expect(app.route == .login)
        #expect(try fixture.store.sendJob(id: job.id)?.state == .pending)
        // A CarPlay tap now says it waits for the login, and is kept too.
        let carPlay = await app.tap(templateID: template.id, source: .carPlay)
        guard case .queued(let second, .notLoggedIn) = carPlay else {
            Issue.record("expected queued, got \(carPlay)")
            return
        }
        #expect(CarPlayGridModel.alert(for: carPlay, templateName: template.name).description
            == "Log in to Telegram on your iPhone. “Leaving work” is queued and goes out then.")
        #expect(fixture.simulator.deliveredMessages.isEmpty)

        try await logIn(app, fixture.simulator)
        // Delivered first, then confirmed and recorded: wait for the records.
        try await eventually("both queued taps are sent") {
            try fixture.store.sendJob(id: job.id)?.state == .sent && fixture.store.sendJob(id: second.id)?.state == .sent
        }
        #expect(try fixture.store.pendingSendJobCount() == 0 && fixture.simulator.deliveredMessages.count == 2)
        #expect(try fixture.store.sendJob(id: job.id)?.state == .sent)
        #expect(try fixture.store.sendJob(id: second.id)?.state == .sent)
        #expect(try fixture.store.sendJobs().map(\.source) == [.widget, .carPlay])
        // Nothing more goes out later (no second copy).
        await app.queue.drain()
        #expect(fixture.simulator.deliveredMessages.count == 2)
        await app.shutdown()
    }

    @Test("five rapid taps are all sent, once each, in the order they were made")
    func fiveRapidTaps() async throws {
        let fixture = try AppFixture(scenario: SimulatorScenario(latency: 0.02))
        defer { fixture.remove() }
        let templates = try fixture.addTemplates(["One", "Two", "Three", "Four", "Five"], targets: [AppFixture.climbing])
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        let sources: [SendJob.Source] = [.widget, .carPlay, .siri, .deepLink, .widget]
        for (template, source) in zip(templates, sources) {
            try await app.enqueue(templateID: template.id, source: source)
        }
        try await eventually("all five sent") { try fixture.simulator.deliveredMessages.count >= 5 && fixture.store.pendingSendJobCount() == 0 }
        // Every job taken has finished (a drain waits for the one running): a second copy would
        // have gone out by now.
        await app.queue.drain()
        #expect(fixture.simulator.deliveredMessages.map(\.content) == templates.map { "Message for \($0.name)" })
        let jobs = try fixture.store.sendJobs()
        #expect(jobs.map(\.templateName) == ["One", "Two", "Three", "Four", "Five"])
        #expect(jobs.allSatisfy { $0.state == .sent && $0.batchID != nil })
        #expect(Set(jobs.compactMap(\.batchID)).count == 5)
        await app.shutdown()
    }

    @Test("a send an earlier run left half-done is reported as interrupted, never sent again")
    func interruptedAtLaunch() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let template = try fixture.addTemplates(["Arrived"])[0]
        let job = try fixture.store.enqueueSend(templateID: template.id, source: .siri)
        #expect(try fixture.store.claimNextSendJob()?.id == job.id)  // the last run took it, then died
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        await app.queue.drain()
        #expect(fixture.simulator.deliveredMessages.isEmpty)
        let stored = try #require(try fixture.store.sendJob(id: job.id))
        #expect(stored.state == .failed)
        #expect(stored.error?.contains("Check the chat before sending it again") == true)
        await app.shutdown()
    }

    @Test("deep links: tgtemplates://send?id= queues and sends; bad links change nothing")
    func deepLinks() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let template = try fixture.addTemplates(["On my way"])[0]
        let link = DeepLink.send(template.id).url
        #expect(link.absoluteString == "tgtemplates://send?id=\(template.id.uuidString.lowercased())")
        #expect(DeepLink(url: link) == .send(template.id))
        for bad in ["tgtemplates://send", "tgtemplates://send?id=nope", "https://send?id=\(template.id)", "tgtemplates://edit?id=\(template.id)"] {
            #expect(DeepLink(url: try #require(URL(string: bad))) == nil, "\(bad)")
        }
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        let invalid = await app.open(try #require(URL(string: "tgtemplates://send?id=zzz")))
        #expect(invalid.description.contains("does not name a template"))
        #expect(await app.open(DeepLink.send(UUID()).url) == .notFound)
        #expect(try fixture.store.sendJobs().isEmpty)
        let outcome = await app.open(link)
        guard case .finished(let done) = outcome, case .sent(let report) = done.result else {
            Issue.record("not sent: \(outcome)")
            return
        }
        #expect(report.allSent)
        #expect(done.job.source == .deepLink)
        #expect(SiriTexts.reply(outcome, "On my way") == "Sent “On my way”.")
        await app.shutdown()
    }

    @Test("a failing target: the others get it, the tile keeps each target's error")
    func failingTarget() async throws {
        let fixture = try AppFixture(scenario: SimulatorScenario(sendBehaviours: [-4002: .fail(code: 403, message: "CHAT_WRITE_FORBIDDEN")]))
        defer { fixture.remove() }
        let neighbours = Target(chatID: -4002, chatTitle: "Neighbours")
        let template = try fixture.store.insert(Template(name: "Parcel", body: "Parcel for you", targets: [neighbours, AppFixture.family]))
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        await app.templates.send(template)
        try await eventually("finished") {
            if case .failed = app.templates.state(of: template.id) { return true }
            return false
        }
        guard case .failed(let targets, _) = app.templates.state(of: template.id) else { return }
        #expect(targets.map(\.title) == ["Neighbours", "Family"])
        #expect(targets[0].status == .failed && targets[0].detail == "You are not allowed to post in this chat.")
        #expect(targets[1].status == .sent)
        app.templates.dismissResult(of: template.id)
        #expect(app.templates.state(of: template.id) == .idle)
        let outcome = await app.tap(templateID: template.id, source: .carPlay)
        #expect(CarPlayGridModel.alert(for: outcome, templateName: template.name).description == "“Parcel” reached 1 of 2 chats")
        await app.shutdown()
    }
}

/// Siri's reply in English.
enum SiriTexts {
    static func reply(_ outcome: AppModel.TapOutcome, _ name: String) -> String {
        TemplateEntityIndex.reply(for: outcome, templateName: name).description
    }
}

extension AppModel.TapOutcome: CustomStringConvertible {
    public var description: String {
        switch self {
        case .finished(let outcome): "finished(\(outcome.job.state))"
        case .queued(let job, let why): "queued(\(job.state), \(why))"
        case .notFound: "notFound"
        case .failed(let text): "failed(\(text))"
        }
    }
}
