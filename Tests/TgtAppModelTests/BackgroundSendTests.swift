import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtStore
import TgtTelegram

/// One tap that never opens the app: which surfaces send in the background, what the widget
/// shows for each job state, what Siri answers, and which files a locked phone must read.
@Suite("Background sends from widgets, Siri and CarPlay", .timeLimit(.minutes(5)))
@MainActor
struct BackgroundSendTests {
    private static let minute: TimeInterval = 60

    /// A fixture with one template, "Leaving work", and the app started (logged in unless asked
    /// otherwise). The caller removes the fixture and shuts the app down.
    private func startedApp(loggedIn: Bool = true) async throws -> (AppFixture, AppModel, Template) {
        let fixture = try AppFixture()
        let template = try fixture.addTemplates(["Leaving work"])[0]
        let app = try AppModel(services: fixture.services)
        await app.start()
        if loggedIn { try await logIn(app, fixture.simulator) }
        return (fixture, app, template)
    }

    private func job(_ state: SendJob.State, updated: Date = Date(), error: String? = nil, source: SendJob.Source = .widget) -> SendJob {
        SendJob(id: UUID(), sequence: 1, templateID: UUID(), templateName: "Leaving work", source: source, variables: [:],
                state: state, batchID: nil, error: error, createdAt: updated, updatedAt: updated)
    }

    // MARK: - Which surfaces send in the background

    @Test("widget, Siri, CarPlay and a place's crossing send without opening the app; only the widget needs the phone unlocked",
          arguments: SendJob.Source.allCases)
    func surfacePolicy(source: SendJob.Source) {
        let policy = source.policy
        switch source {
        case .widget:
            #expect(policy.sendsInBackground && policy.lockedPhone == .requiresUnlock)
        case .siri, .carPlay, .place:
            #expect(policy.sendsInBackground && policy.lockedPhone == .allowed)
        case .app, .deepLink:
            #expect(policy.opensApp && policy.lockedPhone == .requiresUnlock)
        }
        if policy.sendsInBackground {
            // Long enough for TDLib to start and Telegram to answer, short enough for the
            // system's time for one intent and for someone waiting on Siri.
            #expect(policy.answerDeadline >= 10 && policy.answerDeadline <= 30, "\(source): \(policy.answerDeadline) s")
        }
        if source == .app { #expect(policy.answerDeadline == 0, "the grid shows progress as it comes") }
    }

    // MARK: - What the widget shows

    @Test("a widget button shows queued, sending, ✓ for five minutes, an error for six hours, then nothing")
    func badges() throws {
        let now = Date()
        #expect(WidgetBadge.make(for: nil, now: now) == nil)

        let queued = try #require(WidgetBadge.make(for: job(.pending, updated: now.addingTimeInterval(-3600)), now: now))
        #expect(queued.phase == .queued && queued.title.description == "Queued" && queued.until == nil && queued.symbol == "clock")
        let sending = try #require(WidgetBadge.make(for: job(.sending), now: now))
        #expect(sending.phase == .sending && sending.title.description == "Sending…" && sending.until == nil)

        let sentAt = now.addingTimeInterval(-Self.minute)
        let sent = try #require(WidgetBadge.make(for: job(.sent, updated: sentAt), now: now))
        #expect(sent.phase == .sent && sent.title.description == "Sent" && sent.symbol == "checkmark.circle.fill")
        #expect(sent.until == sentAt.addingTimeInterval(WidgetBadge.sentDuration))
        #expect(WidgetBadge.make(for: job(.sent, updated: now.addingTimeInterval(-6 * Self.minute)), now: now) == nil)

        let failedAt = now.addingTimeInterval(-Self.minute)
        let failed = try #require(WidgetBadge.make(for: job(.failed, updated: failedAt, error: "You are not allowed to post in this chat."), now: now))
        #expect(failed.phase == .failed && failed.title.description == "Not sent")
        #expect(failed.detail == "You are not allowed to post in this chat.")
        #expect(failed.until == failedAt.addingTimeInterval(WidgetBadge.failedDuration))
        #expect(WidgetBadge.make(for: job(.failed, updated: now.addingTimeInterval(-7 * 3600), error: "x"), now: now) == nil)
        #expect(WidgetBadge.make(for: job(.failed, error: ""), now: now)?.detail == nil, "no empty reason")
        let batch = UUID()
        var held = job(.held)
        held.batchID = batch
        held.holdUntil = now.addingTimeInterval(4)
        let holding = try #require(WidgetBadge.make(for: held, now: now))
        #expect(holding.phase == .held && holding.title.description == "Sending soon" && holding.undoBatch == batch && holding.until == held.holdUntil)
        #expect(WidgetBadge.make(for: held, now: now.addingTimeInterval(5))?.phase == .sending, "its hold is over: it is going out")
        let undone = try #require(WidgetBadge.make(for: job(.undone, updated: sentAt), now: now))
        #expect(undone.phase == .undone && undone.title.description == "Undone" && undone.undoBatch == nil)
        #expect(Set(WidgetBadge.Phase.allCases) == [.queued, .sending, .sent, .failed, .held, .undone])
    }

    @Test("the snapshot follows a tap through the shared queue, and every move changes the widget revision")
    func snapshotFollowsTheQueue() throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let templates = try fixture.addTemplates(["Leaving work", "Home"])
        // The widget extension's own connection, as on the phone.
        let widgetStore = try fixture.extensionStore()
        func snapshot(_ now: Date = Date()) throws -> WidgetSnapshot { try WidgetSnapshot.make(from: widgetStore.asWorkspace(), family: .medium, now: now) }
        func phases(_ snap: WidgetSnapshot) -> [WidgetBadge.Phase?] { snap.items.map { $0.badge?.phase } }

        let plain = try snapshot()
        #expect(phases(plain) == [nil, nil] && plain.nextChange == nil)

        let job = try widgetStore.enqueueSend(templateID: templates[0].id, source: .widget)
        let queued = try snapshot()
        #expect(phases(queued) == [.queued, nil])
        #expect(queued.revision > plain.revision)

        let taken = try #require(try fixture.store.claimNextSendJob())
        #expect(taken.id == job.id)
        let sending = try snapshot()
        #expect(phases(sending) == [.sending, nil] && sending.revision > queued.revision)

        try fixture.store.finishSendJob(id: job.id, state: .sent, batchID: UUID())
        let sent = try snapshot()
        #expect(phases(sent) == [.sent, nil] && sent.revision > sending.revision)
        let clearAt = try #require(sent.nextChange)
        #expect(clearAt > Date() && clearAt <= Date().addingTimeInterval(WidgetBadge.sentDuration))
        // At the timeline's next entry the ✓ is gone without any app.
        let later = try snapshot(clearAt)
        #expect(phases(later) == [nil, nil] && later.nextChange == nil)

        // A failed tap shows until a later tap of the same template replaces it.
        let second = try widgetStore.enqueueSend(templateID: templates[1].id, source: .widget)
        _ = try fixture.store.claimNextSendJob()
        try fixture.store.finishSendJob(id: second.id, state: .failed, error: "Telegram refused it.")
        let failed = try snapshot()
        #expect(phases(failed) == [.sent, .failed] && failed.items[1].badge?.detail == "Telegram refused it.")
        try widgetStore.enqueueSend(templateID: templates[1].id, source: .widget)
        #expect(phases(try snapshot()) == [.sent, .queued])
        // Nothing else moves the revision: reading does not.
        #expect(try snapshot().revision == (try snapshot()).revision)
    }

    @Test("a widget tap in the app redraws the widgets as it is queued and as it ends")
    func widgetRedrawsDuringASend() async throws {
        let (fixture, app, template) = try await startedApp()
        defer { fixture.remove() }
        let before = fixture.widgets.reloads
        let outcome = await app.tap(templateID: template.id, source: .widget)
        #expect(AppModel.summary(of: outcome) == .sent)
        try await eventually("the ✓ is drawn") {
            try WidgetSnapshot.make(from: fixture.extensionStore().asWorkspace(), family: .small).items.first?.badge?.phase == .sent
        }
        try await eventually("queued, sending and sent each redrew") { fixture.widgets.reloads >= before + 2 }
        #expect(!app.widgets.refreshIfChanged(), "drawn up to date")
        await app.shutdown()
    }

    // MARK: - Background launches and what Siri answers

    @Test("a tap that launches the app in the background waits for TDLib to start, then sends")
    func tapDuringLaunch() async throws {
        let (fixture, first, template) = try await startedApp()
        defer { fixture.remove() }
        await first.shutdown()

        // The system launches the app for Siri: the intent taps before the model has started.
        let app = try AppModel(services: fixture.services)
        #expect(app.route == .starting)
        let starting = Task { await app.start() }
        // Room beyond Siri's 10 s for a loaded machine: without the wait for the start, the tap
        // would answer "queued" at once, however long it was allowed.
        let outcome = await app.tap(templateID: template.id, source: .siri, timeout: 60)
        await starting.value
        #expect(AppModel.summary(of: outcome) == .sent, "\(outcome)")
        #expect(SiriTexts.reply(outcome, template.name) == "Sent “Leaving work”.")
        #expect(MessagingIntentsModel.answer(for: outcome) == .success)
        #expect(fixture.simulator.deliveredMessages.count == 1)
        await app.shutdown()
    }

    @Test("offline: Siri says the tap is queued within its deadline, and it goes out by itself once Telegram is back")
    func offlineTapStaysQueued() async throws {
        let (fixture, app, template) = try await startedApp()
        defer { fixture.remove() }
        fixture.simulator.setOutage(true)
        let sleepers = fixture.clock.sleeperCount
        let tap = Task { await app.tap(templateID: template.id, source: .siri, timeout: 1) }
        // Without its deadline the tap would wait for the outage to end, which never comes here:
        // it answers when the app's clock reaches the deadline.
        try await eventually("the tap waits for its deadline on the clock") { fixture.clock.sleeperCount > sleepers }
        fixture.clock.advance(by: 1)
        let outcome = await tap.value
        guard case .queued(let job, .notConnected) = outcome else {
            Issue.record("expected queued while offline, got \(outcome)")
            return
        }
        #expect(SiriTexts.reply(outcome, template.name)
            == "“Leaving work” is queued: Telegram cannot be reached right now. It goes out by itself as soon as it can.")
        #expect(CarPlayGridModel.alert(for: outcome, templateName: template.name).description.hasPrefix("“Leaving work” is queued"))
        #expect(MessagingIntentsModel.answer(for: outcome) == .inProgress)
        #expect(fixture.simulator.deliveredMessages.isEmpty)

        fixture.simulator.setOutage(false)
        try await eventually("sent once Telegram is back") { try fixture.store.sendJob(id: job.id)?.state == .sent }
        #expect(fixture.simulator.deliveredMessages.count == 1)
        await app.shutdown()
    }

    @Test("logged out: the tap is queued at once and Siri and SiriKit ask for the login on the phone")
    func loggedOutTap() async throws {
        let (fixture, app, template) = try await startedApp(loggedIn: false)
        defer { fixture.remove() }
        let asked = fixture.clock.now
        let outcome = await app.tap(templateID: template.id, source: .siri)
        // No wait for a login that cannot come: the answer comes without the app's clock moving
        // (a wait for Siri's deadline would never end, as nothing advances the clock).
        #expect(fixture.clock.now == asked, "no wait for a login that cannot come")
        guard case .queued(_, .notLoggedIn) = outcome else {
            Issue.record("expected queued for the login, got \(outcome)")
            return
        }
        #expect(SiriTexts.reply(outcome, template.name).hasPrefix("You are not logged in to Telegram."))
        #expect(MessagingIntentsModel.answer(for: outcome) == .failureRequiringAppLaunch)
        await app.shutdown()
    }

    @Test("SiriKit's answer for every outcome: only a send that reached every chat is a success")
    func messagingAnswers() {
        let done = job(.sent, source: .siri)
        let target = Target(chatID: -1, chatTitle: "Family")
        func finished(_ statuses: [TargetResult.Status]) -> AppModel.TapOutcome {
            .finished(JobOutcome(job: done, result: .sent(SendReport(batchID: UUID(), templateName: "Leaving work", results: statuses.map {
                TargetResult(target: target, status: $0, messageID: nil, error: $0 == .failed ? "refused" : nil, attempts: 1)
            }))))
        }
        let cases: [(AppModel.TapOutcome, MessagingIntentsModel.SendAnswer)] = [
            (finished([.sent, .sent]), .success),
            (finished([.sent, .failed]), .failure),
            (finished([.failed]), .failure),
            (.finished(JobOutcome(job: done, result: .failed(.verbatim("no location")))), .failure),
            (.queued(done, .notLoggedIn), .failureRequiringAppLaunch),
            (.queued(done, .notConnected), .inProgress),
            (.queued(done, .appNotRunning), .inProgress),
            (.notFound, .failure),
            (.failed(.verbatim("disk full")), .failure),
        ]
        for (outcome, answer) in cases {
            #expect(MessagingIntentsModel.answer(for: outcome) == answer, "\(outcome)")
        }
        #expect(SiriTexts.reply(.queued(done, .appNotRunning), "Leaving work").hasPrefix("“Leaving work” is queued"))
    }

    // MARK: - Files a locked phone must read

    @Test("every file a locked-phone send opens is readable after the first unlock, and the plan covers them all")
    func dataProtectionPlan() throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let plan = DataProtectionPlan(containers: fixture.containers)
        let paths = Set(plan.entries.map(\.url.path))
        let database = fixture.containers.databaseFile.path
        #expect(paths == [fixture.containers.shared.path, database, database + "-wal", database + "-shm", fixture.containers.privateFolder.path])
        for entry in plan.entries {
            #expect(entry.neededWhileLocked && entry.protection.readableWhileLocked, "\(entry.url.lastPathComponent): \(entry.protection)")
            #expect(!entry.reason.isEmpty)
        }
        // The strongest class that still lets a locked phone send, and the entitlement's value.
        #expect(DataProtectionPlan.defaultProtection == .completeUntilFirstUserAuthentication)
        #expect(DataProtectionPlan.defaultProtection.rawValue == "NSFileProtectionCompleteUntilFirstUserAuthentication")
        #expect(!FileProtectionClass.complete.readableWhileLocked && !FileProtectionClass.completeUnlessOpen.readableWhileLocked)
        #expect(DataProtectionPlan.keychainAccessibility == "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly")

        // Applied to what exists, folders first; failures are reported, not thrown.
        var applied: [String] = []
        let failures = plan.apply { url, protection in
            #expect(protection == .completeUntilFirstUserAuthentication)
            applied.append(url.path)
            if url.path.hasSuffix("-shm") { throw CocoaError(.fileWriteNoPermission) }
        }
        let existing = plan.entries.filter { FileManager.default.fileExists(atPath: $0.url.path) }.map(\.url.path)
        #expect(Set(applied) == Set(existing) && existing.contains(database))
        #expect(Array(applied.prefix(2)).allSatisfy { [fixture.containers.shared.path, fixture.containers.privateFolder.path].contains($0) })
        #expect(failures.map(\.0.url.path) == existing.filter { $0.hasSuffix("-shm") })
    }
}
