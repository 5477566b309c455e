import Foundation
import Testing
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// Telegram's own scheduler, driven by `ScheduleKeeper` against the simulator (which keeps
/// scheduled messages "server side" in the database directory, with TDLib's rules).
@Suite("Scheduling on Telegram's servers", .timeLimit(.minutes(5)))
struct ScheduleKeeperTests {
    static let family = Target(chatID: -1001000000001, chatTitle: "Family")
    static let climbing = Target(chatID: -4001, chatTitle: "Climbing crew")
    static let standups = Target(chatID: -1001000000002, topicID: 11, chatTitle: "Work", topicTitle: "Standups")

    func scheduled(_ t: SimulatedTelegram) -> [(chatID: Int64, content: String, sendDate: Int32)] {
        t.simulator.scheduledMessages(inDatabaseDirectory: t.environment.tdlibDatabaseFolder)
    }

    @Test("send later: every target scheduled with Telegram's ids, then posted by Telegram at its time and marked sent")
    func sendLater() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let template = try t.store.insert(Template(name: "Standup", body: "*Standup* in {{chat}} at {{eta}}", targets: [Self.family, Self.standups]))
        let at = clock.now.addingTimeInterval(30)
        let rows = try await keeper.scheduleLater(SendRequest(template: template, variables: ["eta": "9:30"]), at: at)
        #expect(rows.map(\.status) == [.scheduled, .scheduled])
        #expect(rows.allSatisfy { $0.telegramIDs.count == 1 && $0.telegramIDs[0] & 7 == 4 })
        let waiting = scheduled(t)
        #expect(Set(waiting.map(\.content)) == ["Standup in Family at 9:30", "Standup in \(Self.standups.displayName) at 9:30"])
        #expect(waiting.allSatisfy { $0.sendDate == Int32(at.timeIntervalSince1970.rounded()) })
        #expect(t.simulator.deliveredMessages.isEmpty)
        // Nothing is posted before its date.
        clock.advance(by: 29)
        #expect(t.simulator.deliveredMessages.isEmpty)
        // Telegram posts them at their date; the keeper learns it from updateDeleteMessages.
        let feed = StoreChangeFeed(store: t.store, clock: clock)
        defer { feed.stop() }
        let changes = feed.changes()
        let run = Task { await keeper.keepRunning(following: changes) }
        try await awaitCondition {
            clock.advance(by: 0.2)
            return try t.store.liveScheduledSends().isEmpty
        }
        run.cancel()
        #expect(t.simulator.deliveredMessages.allSatisfy { $0.at.map { $0 >= at } ?? false })
        #expect(try t.store.scheduledSend(id: rows[0].id)?.status == .sent)
        #expect(try t.store.scheduledSend(id: rows[1].id)?.status == .sent)
        #expect(t.simulator.deliveredMessages.count == 2)
        #expect(scheduled(t).isEmpty)
        await open.close()
    }

    @Test("send later to a private chat and Saved Messages from a session that never loaded them: opened first, then scheduled")
    func sendLaterToPrivateChats() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let me = SimulatedAccount().userID
        let template = try t.store.insert(Template(name: "Later", body: "See you", targets: [
            Target(chatID: 555_000_111, chatTitle: "Alice"), Target(chatID: me, chatTitle: "Saved Messages"),
        ]))
        let rows = try await keeper.scheduleLater(SendRequest(template: template), at: clock.now.addingTimeInterval(120))
        #expect(rows.map(\.status) == [.scheduled, .scheduled])
        #expect(Set(scheduled(t).map(\.chatID)) == [555_000_111, me])
        let requests = t.simulator.receivedRequests
        #expect(requests.firstIndex(of: "createPrivateChat") ?? .max < requests.firstIndex(of: "sendMessage") ?? 0)
        await open.close()
    }

    @Test("dates Telegram would not schedule are refused before anything is written")
    func dateRules() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let template = try t.store.insert(Template(name: "Hi", body: "hi", targets: [Self.family]))
        for (offset, expected) in [(5.0, ScheduleError.tooSoon(seconds: 5)), (-60, .inThePast), (400 * 86_400, .tooFar)] {
            await #expect(throws: expected) { try await keeper.scheduleLater(SendRequest(template: template), at: clock.now.addingTimeInterval(offset)) }
        }
        #expect(try t.store.liveScheduledSends().isEmpty)
        #expect(scheduled(t).isEmpty)
        await open.close()
    }

    @Test("a timer: start schedules its message (timer variables) and a reminder; +1 min moves them; pause deletes them; resume schedules again; reset deletes")
    func timerLifecycle() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let template = try t.store.insert(Template(name: "Pasta", body: "{{timer}} is ready 🍝 ({{duration}}, {{todos_done}}) — {{who=Ada}}", targets: [Self.family]))
        var timer = CountdownTimer(name: "Pasta timer", duration: try TimerDuration(parsing: "12m"))
        timer.todos = [TimerTodo(text: "Salt", done: true), TimerTodo(text: "Drain")]
        timer.action = CompletionAction(templateID: template.id, values: ["who": "Bea"], remindMe: true)
        timer = try t.store.insert(timer)
        let id = timer.id
        let started = try t.store.change(id) { try $0.started(at: clock.now) }
        var pass = await keeper.sync()
        #expect(pass.scheduled == 2)
        let end = Int32((started.endsAt ?? .distantPast).timeIntervalSince1970.rounded())
        #expect(Set(scheduled(t).map(\.content)) == ["Pasta timer is ready 🍝 (12:00, 1 of 2) — Bea", "⏰ Pasta timer is done (12:00).\nTo-dos: 1 of 2."])
        #expect(Set(scheduled(t).map(\.chatID)) == [-1001000000001, 424242])
        #expect(scheduled(t).allSatisfy { $0.sendDate == end })
        let rows = try t.store.scheduledSends(timerID: id)
        #expect(rows.map(\.status) == [.scheduled, .scheduled])
        // A second pass changes nothing (nothing scheduled twice).
        pass = await keeper.sync()
        #expect(pass == ScheduleKeeper.Pass())
        #expect(scheduled(t).count == 2)
        // A to-do ticked while it runs: the waiting texts are edited in place (same ids).
        try t.store.change(id) { t in
            var t = t
            t.todos[1].done = true
            return t
        }
        pass = await keeper.sync()
        #expect(pass.edited == 2)
        #expect(Set(scheduled(t).map(\.content)) == ["Pasta timer is ready 🍝 (12:00, 2 of 2) — Bea", "⏰ Pasta timer is done (12:00).\nTo-dos: 2 of 2."])
        #expect(try t.store.scheduledSends(timerID: id).map(\.telegramIDs) == rows.map(\.telegramIDs))
        #expect(await keeper.sync() == ScheduleKeeper.Pass())

        let extended = try t.store.change(id) { try $0.extended(by: 60, at: clock.now) }
        pass = await keeper.sync()
        #expect(pass.moved == 2)
        let newEnd = Int32((extended.endsAt ?? .distantPast).timeIntervalSince1970.rounded())
        #expect(scheduled(t).count == 2 && scheduled(t).allSatisfy { $0.sendDate == newEnd })
        let moved = try t.store.scheduledSends(timerID: id)
        #expect(moved.map(\.status) == [.scheduled, .scheduled])
        #expect(moved.map(\.telegramIDs) != rows.map(\.telegramIDs), "the ids encode the date, so they change")
        #expect(await keeper.sync() == ScheduleKeeper.Pass())

        try t.store.change(id) { try $0.paused(at: clock.now) }
        pass = await keeper.sync()
        #expect(pass.cancelled == 2)
        #expect(scheduled(t).isEmpty)
        #expect(try t.store.scheduledSend(id: moved[0].id)?.entry.error == "The timer was paused.")

        try t.store.change(id) { try $0.resumed(at: clock.now) }
        pass = await keeper.sync()
        #expect(pass.scheduled == 2 && scheduled(t).count == 2)

        try t.store.change(id) { $0.reset(at: clock.now) }
        pass = await keeper.sync()
        #expect(pass.cancelled == 2 && scheduled(t).isEmpty)
        #expect(t.simulator.deliveredMessages.isEmpty)
        await open.close()
    }

    @Test("a scheduled message deleted in another Telegram app reads as cancelled there, and is not scheduled again")
    func deletedElsewhere() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let template = try t.store.insert(Template(name: "Parking", body: "Parking runs out", targets: [Self.climbing]))
        var timer = CountdownTimer(name: "Parking", duration: try TimerDuration(parsing: "50m"))
        timer.action = CompletionAction(templateID: template.id)
        timer = try t.store.insert(timer)
        let id = timer.id
        try t.store.change(id) { try $0.started(at: clock.now) }
        await keeper.sync()
        #expect(scheduled(t).count == 1)
        let feed = StoreChangeFeed(store: t.store, clock: clock)
        defer { feed.stop() }
        let changes = feed.changes()
        let run = Task { await keeper.keepRunning(following: changes) }
        t.simulator.deleteScheduledElsewhere(inDatabaseDirectory: t.environment.tdlibDatabaseFolder, chatID: -4001, content: "Parking runs out")
        try await awaitCondition {
            clock.advance(by: 0.1)
            return try t.store.scheduledSends(timerID: id).first?.status == .cancelled
        }
        run.cancel()
        let row = try #require(try t.store.scheduledSends(timerID: id).first)
        #expect(row.status == .cancelled)
        #expect(row.entry.error == ScheduleKeeper.deletedElsewhere)
        #expect(await keeper.sync() == ScheduleKeeper.Pass())
        #expect(scheduled(t).isEmpty)
        await open.close()
    }

    @Test("the 101st scheduled message of a chat: the whole batch is refused, nothing half-scheduled")
    func limitOf100() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let one = try t.store.insert(Template(name: "Filler", body: "filler {{n}}", targets: [Self.climbing]))
        let at = clock.now.addingTimeInterval(3600)
        for n in 0..<100 { _ = try await keeper.scheduleLater(SendRequest(template: one, variables: ["n": "\(n)"]), at: at) }
        #expect(scheduled(t).count == 100)
        let both = try t.store.insert(Template(name: "Both", body: "both", targets: [Self.family, Self.climbing]))
        await #expect(throws: ScheduleError.tooMany(chat: "Climbing crew")) {
            try await keeper.scheduleLater(SendRequest(template: both), at: at)
        }
        #expect(scheduled(t).filter { $0.chatID == -1001000000001 }.isEmpty)
        #expect(scheduled(t).count == 100)
        #expect(try t.store.liveScheduledSends().count == 100)
        await open.close()
    }

    @Test("Telegram's own SCHEDULE_TOO_MUCH half-way through a batch: the targets already scheduled are taken back")
    func telegramRefusesHalfway() async throws {
        var scenario = SimulatorScenario()
        scenario.scheduledPerChatLimit = 1
        let clock = TestClock()
        let t = try SimulatedTelegram(scenario: scenario, clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        // Another app filled Climbing crew (to this scenario's limit of 1); our count allows 100.
        let sent = try await open.session.send(TDFunctions.SendMessage(chatID: -4001, content: .text(FormattedText(text: "other")),
                                                                       sendDate: Int32(clock.now.timeIntervalSince1970) + 3600))
        _ = await open.session.confirmation(chatID: sent.chatID, temporaryID: sent.id, timeout: 30)
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let both = try t.store.insert(Template(name: "Both", body: "both", targets: [Self.family, Self.climbing]))
        await #expect(throws: ScheduleError.tooMany(chat: "Climbing crew")) {
            try await keeper.scheduleLater(SendRequest(template: both), at: clock.now.addingTimeInterval(3600))
        }
        #expect(scheduled(t).filter { $0.chatID == -1001000000001 }.isEmpty, "Family was scheduled, then taken back")
        #expect(scheduled(t).map(\.content) == ["other"])
        #expect(try t.store.liveScheduledSends().isEmpty)
        #expect(try t.store.recentSends().filter { $0.templateName == "Both" }.allSatisfy { $0.status == .failed })
        await open.close()
    }

    @Test("a timer's message cancelled by the user stays cancelled until the timer runs anew; a text ending in a new line is found again after a move")
    func userCancelAndTrimmedText() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let template = try t.store.insert(Template(name: "Ready", body: "Ready\n{{todos}}", targets: [Self.family]))
        var timer = CountdownTimer(name: "Oven", duration: try TimerDuration(parsing: "40m"))
        timer.action = CompletionAction(templateID: template.id)
        timer = try t.store.insert(timer)
        let id = timer.id
        try t.store.change(id) { try $0.started(at: clock.now) }
        await keeper.sync()
        #expect(scheduled(t).map(\.content) == ["Ready"], "Telegram keeps the text without its trailing new line")
        // +1 min changes the message's id; the keeper finds it again by its (trimmed) text.
        try t.store.change(id) { try $0.extended(by: 60, at: clock.now) }
        await keeper.sync()
        let row = try #require(try t.store.scheduledSends(timerID: id).first)
        #expect(row.status == .scheduled)
        #expect(await keeper.sync() == ScheduleKeeper.Pass())
        // The user cancels it: later passes leave it cancelled.
        try await keeper.cancel(ids: [row.id])
        #expect(scheduled(t).isEmpty)
        #expect(await keeper.sync() == ScheduleKeeper.Pass())
        #expect(scheduled(t).isEmpty)
        // Paused for a while and resumed: a new run (a new end), scheduled again.
        try t.store.change(id) { try $0.paused(at: clock.now) }
        clock.advance(by: 5)
        try t.store.change(id) { try $0.resumed(at: clock.now) }
        #expect(await keeper.sync().scheduled == 1)
        await open.close()
    }

    @Test("after a kill: a row handed to TDLib is found by its text, a running timer with no rows is scheduled, a paused one's messages are deleted")
    func recoveryAfterKill() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let template = try t.store.insert(Template(name: "Tea", body: "Tea is ready", targets: [Self.family]))
        // 1. Killed between Telegram's answer and the store write: the row says "sending".
        let end = clock.now.addingTimeInterval(600)
        var tea = CountdownTimer(name: "Tea", duration: try TimerDuration(parsing: "10m"))
        tea.action = CompletionAction(templateID: template.id)
        tea.state = .running(endsAt: end)
        tea = try t.store.insert(tea)
        let payload = ScheduledPayload(text: FormattedText(text: "Tea is ready"), location: nil, silent: false)
        let storedEnd = try #require(try t.store.timer(id: tea.id)?.endsAt)
        let added = try t.store.addScheduledSends([NewScheduledSend(
            templateID: template.id, templateName: "Tea", target: Self.family, payload: payload.encoded(), textDigest: TextDigest.of("Tea is ready"),
            scheduledFor: storedEnd, timerID: tea.id)])
        let row = try #require(added.first)
        try t.store.markScheduling(id: row.id)
        let sent = try await open.session.send(TDFunctions.SendMessage(chatID: Self.family.chatID, content: .text(payload.text),
                                                                       sendDate: Int32(end.timeIntervalSince1970.rounded())))
        _ = await open.session.confirmation(chatID: sent.chatID, temporaryID: sent.id, timeout: 30)
        // 2. Killed after a start was written, before Telegram heard of it.
        var coffee = CountdownTimer(name: "Coffee", duration: try TimerDuration(parsing: "5m"))
        coffee.action = CompletionAction(templateID: try t.store.insert(Template(name: "Coffee", body: "Coffee!", targets: [Self.climbing])).id)
        coffee.state = .running(endsAt: clock.now.addingTimeInterval(300))
        coffee = try t.store.insert(coffee)

        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let pass = await keeper.sync()
        #expect(pass.scheduled == 2)
        #expect(try t.store.scheduledSend(id: row.id)?.status == .scheduled)
        #expect(try t.store.scheduledSend(id: row.id)?.telegramIDs.count == 1)
        #expect(scheduled(t).map(\.content).sorted() == ["Coffee!", "Tea is ready"], "nothing twice, nothing lost")
        // 3. Killed after a pause was written, before the messages were deleted.
        try t.store.change(tea.id) { try $0.paused(at: clock.now) }
        #expect(await keeper.sync().cancelled == 1)
        #expect(scheduled(t).map(\.content) == ["Coffee!"])
        await open.close()
    }

    @Test("less than 15 s ahead is too close for Telegram's scheduler: the message waits here and is sent at the end")
    func tooCloseSendsAtCompletion() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let template = try t.store.insert(Template(name: "Egg", body: "Egg done", targets: [Self.family]))
        // 8 s: under 15 s, so Telegram's scheduler is not asked.
        var egg = CountdownTimer(name: "Egg", duration: try TimerDuration(parsing: "8s"))
        egg.action = CompletionAction(templateID: template.id)
        egg = try t.store.insert(egg)
        let id = egg.id
        try t.store.change(id) { try $0.started(at: clock.now) }
        let first = await keeper.sync()
        #expect(first.deferred == 1 && first.nextWake != nil)
        #expect(scheduled(t).isEmpty)
        let feed = StoreChangeFeed(store: t.store, clock: clock)
        defer { feed.stop() }
        let changes = feed.changes()
        let run = Task { await keeper.keepRunning(following: changes) }
        // Not before its end...
        clock.advance(by: 7)
        #expect(await keeper.sync().sentNow == 0)
        #expect(t.simulator.deliveredMessages.isEmpty)
        // ...and at its end, by the running keeper.
        try await awaitCondition {
            clock.advance(by: 0.1)
            return try t.store.scheduledSends(timerID: id).first?.status == .sent
        }
        run.cancel()
        #expect(try t.store.scheduledSends(timerID: id).first?.status == .sent)
        #expect(t.simulator.deliveredMessages.map(\.content) == ["Egg done"])
        if case .completed? = try t.store.timer(id: id)?.state {} else { Issue.record("the timer did not complete") }
        await open.close()
    }
}
