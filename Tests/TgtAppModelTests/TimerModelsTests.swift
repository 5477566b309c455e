import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtStore
import TgtTestSupport

/// The timers' view models over a real store: cards, the detail screen's controls and time,
/// haptics as values, to-dos and notes, the editor's validation, and the notification plan.
@Suite("App model: timers", .timeLimit(.minutes(5)))
@MainActor
struct TimerModelsTests {
    /// Controls refresh the list, which settles timers against the real clock: times are
    /// taken from now on (whole milliseconds, as the store keeps them).
    static var t0: Date { Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000 + 10) }

    @Test("the editor: the document's message until a name and a duration, then saves; the list shows cards")
    func editorAndList() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        await app.start()
        #expect(app.timers.emptyText?.description == "No timers yet")
        let editor = app.timerEditor(for: nil)
        #expect(editor.problem?.description == "Please enter a timer name and duration")
        editor.name = "Pasta"
        #expect(editor.problem?.description == "Please enter a timer name and duration", "still no duration")
        editor.minutes = 12
        editor.icon = try #require(TimerIcon(rawValue: "fork.knife"))
        editor.color = .orange
        #expect(editor.canSave)
        let saved = try #require(editor.save())
        #expect(saved.duration.seconds == 720)
        editor.minutes = 60
        #expect(!editor.canSave, "minutes go to 59")

        let detail = app.timerDetail(for: saved)
        detail.addTodo("Salt the water")
        detail.addTodo("Grate cheese")
        detail.setNotes("Al dente")
        // The list follows the store: the editor's and the detail's writes reach it from there.
        try await eventually("the list shows the timer with its to-dos and notes") {
            app.timers.timers.first.map { $0.todos.count == 2 && !$0.notes.isEmpty } == true
        }
        let cards = app.timers.cards(at: Date())
        #expect(cards.map(\.name) == ["Pasta"])
        #expect(cards.first?.time == "12:00" && cards.first?.color == .orange)
        #expect(cards.first?.todos?.description == "2 to-dos" && cards.first?.notes.description == "Notes added")

        let edit = app.timerEditor(for: app.timers.timers.first)
        #expect(edit.minutes == 12 && edit.name == "Pasta" && edit.original != nil)
        edit.name = "Spaghetti"
        #expect(edit.save()?.todos.count == 2, "editing keeps to-dos and notes")
        await app.shutdown()
    }

    @Test("the detail screen: controls, titles, time, progress, haptics, completion on tick")
    func detail() async throws {
        let t0 = TimerModelsTests.t0
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        let timer = try fixture.store.insert(CountdownTimer(name: "Tea", duration: try #require(TimerDuration(seconds: 180))))
        let detail = app.timerDetail(for: timer)
        #expect(detail.primary == .start && detail.primary.title.description == "START" && !detail.canExtend && !detail.canReset)
        fixture.clock.advance(to: t0)
        detail.tapPrimary()
        #expect(detail.haptic == .start && detail.primary.title.description == "PAUSE")
        #expect(detail.timeText(at: t0.addingTimeInterval(60)) == "02:00")
        #expect(abs(detail.progress(at: t0.addingTimeInterval(90)) - 0.5) < 0.0001)
        fixture.clock.advance(to: t0.addingTimeInterval(60))
        detail.extend()
        #expect(detail.haptic == .extend && detail.timeText(at: t0.addingTimeInterval(60)) == "03:00")
        fixture.clock.advance(to: t0.addingTimeInterval(120))
        detail.tapPrimary()
        #expect(detail.label?.description == "PAUSED" && detail.primary.title.description == "RESUME")
        #expect(detail.timeText(at: t0.addingTimeInterval(9_999)) == "02:00", "a paused timer keeps its time")
        fixture.clock.advance(to: t0.addingTimeInterval(200))
        detail.tapPrimary()
        #expect(detail.haptic == .resume)
        detail.tick(at: t0.addingTimeInterval(300))
        #expect(detail.label == nil, "not yet at the end")
        detail.tick(at: t0.addingTimeInterval(400))
        #expect(detail.haptic == .complete && detail.label?.description == "DONE")
        #expect(detail.timer.state == .completed(at: t0.addingTimeInterval(320)))
        #expect(try fixture.store.timer(id: timer.id)?.state == .completed(at: t0.addingTimeInterval(320)))
        // Paused by another process before its end: the next tick does not ring.
        let other = app.timerDetail(for: try #require(try fixture.store.timer(id: timer.id)))
        fixture.clock.advance(to: t0.addingTimeInterval(400))
        other.reset()
        other.tapPrimary()
        try fixture.store.change(timer.id) { try $0.paused(at: t0.addingTimeInterval(410)) }
        other.tick(at: t0.addingTimeInterval(600))
        #expect(other.haptic == .start && other.label?.description == "PAUSED")
        detail.reset()
        #expect(detail.timer.state == .idle && detail.primary == .start)
        detail.tapPrimary()
        detail.tapPrimary()  // pause
        detail.tapPrimary()  // resume
        #expect(detail.error == nil)
    }

    @Test("to-dos: add, toggle, edit, reorder, delete; a bad text changes nothing")
    func todos() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        let timer = try fixture.store.insert(CountdownTimer(name: "Pasta", duration: try #require(TimerDuration(seconds: 720))))
        let detail = app.timerDetail(for: timer)
        for text in ["Boil water", "Salt it", "Pasta in"] { detail.addTodo(text) }
        let ids = detail.timer.todos.map(\.id)
        detail.toggleTodo(ids[1])
        #expect(detail.haptic == .toggleTodo)
        detail.moveTodos(fromOffsets: IndexSet(integer: 2), toOffset: 0)
        #expect(detail.timer.todos.map(\.text) == ["Pasta in", "Boil water", "Salt it"])
        detail.editTodo(ids[0], text: "Boil 3 l of water")
        detail.deleteTodo(ids[2])
        #expect(detail.timer.todos.map(\.text) == ["Boil 3 l of water", "Salt it"])
        #expect(detail.timer.todosDoneText == "1 of 2")
        detail.addTodo("   ")
        #expect(detail.error != nil && detail.timer.todos.count == 2)
        #expect(try fixture.store.timer(id: timer.id)?.todos.count == 2)
        // The screen is stale (another process removed a to-do): moving a row it shows is safe.
        try fixture.store.change(timer.id) { t in
            var t = t
            t.todos.removeLast()
            return t
        }
        detail.moveTodos(fromOffsets: IndexSet(integer: 1), toOffset: 0)
        #expect(try fixture.store.timer(id: timer.id)?.todos.map(\.text) == ["Boil 3 l of water"])
        #expect(detail.error == nil)
    }

    @Test("notifications: one per running timer at its end, soonest first, never more than iOS's 64")
    func notificationPlan() throws {
        let t0 = Self.t0
        let running = try (0..<100).map { i in
            try CountdownTimer(name: "T\(i)", duration: #require(TimerDuration(seconds: 60 + (99 - i) * 10))).started(at: t0)
        }
        let idle = CountdownTimer(name: "Idle", duration: try #require(TimerDuration(seconds: 5)))
        let overdue = try CountdownTimer(name: "Over", duration: #require(TimerDuration(seconds: 5))).started(at: t0.addingTimeInterval(-60))
        let plan = NotificationPlan.items(for: running + [idle, overdue], now: t0)
        #expect(plan.count == 64)
        #expect(plan.first?.title == "T99" && plan.first?.fireAt == t0.addingTimeInterval(60))
        #expect(zip(plan, plan.dropFirst()).allSatisfy { $0.fireAt <= $1.fireAt })
        #expect(!plan.contains { $0.title == "Idle" || $0.title == "Over" })
        #expect(plan.first?.body.description == "“T99” is done.")
    }
}

/// A timer's completion message from the app: chosen in the editor (with the template's
/// variables), scheduled on Telegram by the app's session when the timer starts, deleted when
/// it pauses, and shown per target on the detail screen.
@Suite("App model: timers' completion messages")
@MainActor
struct TimerCompletionModelsTests {
    @Test("the editor asks for the template's values; start schedules it on Telegram, pause cancels it, the detail says so per target")
    func completion() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        let pasta = try fixture.store.insert(Template(name: "Pasta", body: "{{timer}} ready for {{who}} ({{mood|hungry|fine}})", targets: [AppFixture.family]))
        _ = try fixture.store.insert(Template(name: "Mail", kind: .email, body: "hi", to: ["a@example.com"]))

        let editor = app.timerEditor(for: nil)
        editor.name = "Spaghetti"
        editor.minutes = 12
        #expect(editor.completionTemplates.map(\.name) == ["Pasta"], "only Telegram templates can be posted")
        editor.completionTemplateID = pasta.id
        #expect(editor.completionVariables.map(\.name) == ["who", "mood"])
        #expect(editor.problem?.description == "“Pasta” needs a value for {{who}}.")
        editor.completionValues = ["who": "Ada", "mood": "late"]
        #expect(editor.problem?.description == "“late” is not a choice for {{mood}}; choose one of “hungry”, “fine”.")
        editor.completionValues["mood"] = "fine"
        editor.remindMe = true
        let saved = try #require(editor.save())
        #expect(saved.action == CompletionAction(templateID: pasta.id, values: ["who": "Ada", "mood": "fine"], remindMe: true))

        let detail = app.timerDetail(for: saved)
        #expect(detail.completionStatus.isEmpty)
        detail.tapPrimary()
        try await eventually("scheduled on Telegram") {
            detail.completionStatus.count == 2 && detail.completionStatus.allSatisfy { $0.state.description.hasPrefix("Scheduled on Telegram for ") }
        }
        #expect(Set(detail.completionStatus.map(\.target)) == ["Family", "Saved Messages"])
        detail.tapPrimary()
        try await eventually("cancelled when paused") {
            detail.completionStatus.count == 2 && detail.completionStatus.allSatisfy { $0.state.description == "Cancelled" }
        }
        await app.shutdown()
    }
}
