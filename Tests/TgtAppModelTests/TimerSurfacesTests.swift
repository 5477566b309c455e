import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtStore
import TgtTestSupport
import TgtTimerSync

/// The Live Activity's content and plan, the timers widget, and the phone's side of the watch
/// sync over a real store.
@Suite("App model: Live Activity, timers widget, watch sync")
@MainActor
struct TimerSurfacesTests {
    static let t0 = Date(timeIntervalSince1970: 1_798_761_600)

    static func timer(_ name: String, seconds: Int = 600, state: CountdownTimer.State = .idle) throws -> CountdownTimer {
        CountdownTimer(name: name, duration: try #require(TimerDuration(seconds: seconds)), icon: try #require(TimerIcon(rawValue: "fork.knife")),
                       color: .orange, state: state, createdAt: t0)
    }

    @Test("a running timer's activity counts down over its own interval; paused and done show a still clock")
    func content() throws {
        #expect(TimerActivityContent.make(for: try Self.timer("Idle"), at: Self.t0) == nil, "no activity while idle")

        let running = try #require(TimerActivityContent.make(for: try Self.timer("Pasta", state: .running(endsAt: Self.t0 + 300)), at: Self.t0))
        #expect(running.phase == .running)
        #expect(running.countdown == (Self.t0 - 300)...(Self.t0 + 300), "the ring spans the duration")
        #expect(running.controls == [.pause, .reset])
        #expect(running.label == nil)
        #expect(running.staleDate == Self.t0 + 300)
        #expect(running.symbol == "fork.knife" && running.colorHex == "#FF9500")

        let pasta = try Self.timer("Pasta", state: .running(endsAt: Self.t0 + 300))
        #expect(TimerActivityContent.make(for: pasta, at: Self.t0 + 100) == running, "the same content all along: no updates while it counts down")

        let extended = try #require(TimerActivityContent.make(for: try Self.timer("Tea", seconds: 60, state: .running(endsAt: Self.t0 + 90)), at: Self.t0 + 10))
        #expect(extended.countdown == Self.t0...(Self.t0 + 90), "after a +1 min that left more than the duration, the ring starts at that change")

        let paused = try #require(TimerActivityContent.make(for: try Self.timer("Pasta", state: .paused(remaining: 150)), at: Self.t0))
        #expect(paused.phase == .paused && paused.countdown == nil)
        #expect(paused.stillClock == "02:30" && paused.stillProgress == 0.75)
        #expect(paused.controls == [.resume, .reset])
        #expect(paused.label?.description == "PAUSED")
        #expect(paused.controls.map(\.title.description) == ["RESUME", "RESET"])

        let over = try #require(TimerActivityContent.make(for: try Self.timer("Pasta", state: .running(endsAt: Self.t0 - 1)), at: Self.t0))
        #expect(over.phase == .done && over.stillClock == "00:00" && over.controls == [.reset])
        #expect(over.label?.description == "DONE")
    }

    @Test("the plan starts, updates and ends activities to match the timers")
    func plan() throws {
        let soon = try Self.timer("Soon", state: .running(endsAt: Self.t0 + 60))
        let later = try Self.timer("Later", state: .running(endsAt: Self.t0 + 600))
        let steps = LiveActivityPlan.steps(shown: [:], timers: [later, soon, try Self.timer("Idle")], now: Self.t0)
        #expect(steps.map(\.id) == [soon.id, later.id], "soonest first, none for an idle timer")
        #expect(steps.allSatisfy { if case .start = $0 { true } else { false } })

        var shown: [UUID: TimerActivityContent] = [:]
        for step in steps { if case .start(let id, let content) = step { shown[id] = content } }
        #expect(LiveActivityPlan.steps(shown: shown, timers: [later, soon], now: Self.t0 + 1).isEmpty, "a countdown needs no updates")

        let pausedSoon = try soon.paused(at: Self.t0 + 10)
        let doneLater = later.settled(at: Self.t0 + 601)
        let deleted = LiveActivityPlan.steps(shown: shown, timers: [pausedSoon], now: Self.t0 + 10)
        #expect(deleted.count == 2)
        #expect(deleted.contains { if case .update(soon.id, let c) = $0 { c.phase == .paused } else { false } })
        #expect(deleted.contains(.end(later.id, nil, dismissAt: nil)), "deleted: gone at once")
        let finished = LiveActivityPlan.steps(shown: shown, timers: [doneLater, soon.reset(at: Self.t0 + 601)], now: Self.t0 + 601)
        #expect(finished.contains { if case .end(later.id, let c?, let at?) = $0 { c.phase == .done && at == Self.t0 + 901 } else { false } })
        #expect(finished.contains(.end(soon.id, nil, dismissAt: nil)), "reset: gone at once")
    }

    @Test("the timers widget lists running timers soonest first with their end dates, and says when nothing runs")
    func widget() throws {
        let timers = [try Self.timer("Late", state: .running(endsAt: Self.t0 + 900)), try Self.timer("Paused", state: .paused(remaining: 5)),
                      try Self.timer("Early", state: .running(endsAt: Self.t0 + 30)), try Self.timer("Next", state: .running(endsAt: Self.t0 + 90))]
        let snapshot = TimersWidgetSnapshot.make(timers: timers, now: Self.t0, limit: 2)
        #expect(snapshot.items.map(\.name) == ["Early", "Next"])
        #expect(snapshot.items.first?.countdown.upperBound == Self.t0 + 30)
        #expect(snapshot.nextChange == Self.t0 + 30)
        #expect(snapshot.emptyText == nil)
        let none = TimersWidgetSnapshot.make(timers: [try Self.timer("Idle")], now: Self.t0, limit: 4)
        #expect(none.items.isEmpty && none.emptyText?.description == "No timers running" && none.nextChange == nil)
    }

    @Test("the phone's sync: store changes go to the watch, the watch's changes land in the store, deletions stick across launches")
    func phoneSync() throws {
        let folder = try TestDirectory("timersync")
        defer { folder.remove() }
        let store = try AppDatabase.open(at: folder.url.appendingPathComponent("store.sqlite"), clock: TestClock(), shared: true)
        let stateFile = folder.url.appendingPathComponent("timer-sync.json")
        let now = Self.t0
        let pasta = try store.insert(try Self.timer("Pasta"))
        var phone = PhoneTimerSync(workspace: store.asWorkspace(), stateFile: stateFile)
        var watch = TimerReplica(id: ReplicaID("watch"))
        watch.receive(try SyncMessage(data: phone.fullState(at: now).encoded()))
        #expect(watch.timers.map(\.name) == ["Pasta"])

        // The watch starts it and adds a timer of its own, named like one made on the phone meanwhile.
        let start = try #require(try watch.control(.start, pasta.id, at: now + 1))
        try store.insert(try Self.timer("Tea"))
        let tea = try Self.timer("Tea", seconds: 180)
        let createdSent = watch.save(tea, at: now + 2)
        let created = try #require(createdSent)
        #expect(phone.receive(start, at: now + 3) != nil, "the phone's Tea travels to the watch")
        let reply = try #require(phone.receive(created, at: now + 3))
        #expect(try store.timer(id: pasta.id)?.endsAt == now + 601)
        #expect(try store.timer(id: tea.id)?.name == "Tea (2)", "two timers cannot share a name in the store")
        watch.receive(reply)
        #expect(watch.timer(id: tea.id)?.name == "Tea (2)")

        // Deleted on the phone; the watch's late to-do on it does not bring it back, even after a relaunch.
        try store.deleteTimer(id: pasta.id)
        let delete = try #require(phone.outgoing(at: now + 4))
        let lateTodo = try #require(try watch.edit(pasta.id, at: now + 5) { $0.todos.append(TimerTodo(text: "Salt")) })
        phone = PhoneTimerSync(workspace: store.asWorkspace(), stateFile: stateFile)
        _ = phone.receive(lateTodo, at: now + 6)
        _ = phone.receive(watch.fullState(), at: now + 6)
        #expect(try store.timer(id: pasta.id) == nil)
        watch.receive(delete)
        watch.receive(phone.fullState(at: now + 7))
        #expect(watch.records == phone.replica.records)
        #expect(Set(watch.timers.map(\.name)) == Set(try store.timers().map(\.name)))
        #expect(phone.lastError == nil)
    }
}

extension LiveActivityPlan.Step {
    var id: UUID {
        switch self {
        case .start(let id, _), .update(let id, _), .end(let id, _, _): id
        }
    }
}

@Suite("App model: timer controls from a Live Activity")
struct TimerControlActionTests {
    @Test("pause and resume go through the store; a control that does not apply changes nothing")
    func controls() throws {
        let folder = try TestDirectory("timercontrol")
        defer { folder.remove() }
        let t0 = Date(timeIntervalSince1970: 1_798_761_600)
        let clock = TestClock(now: t0)
        let store = try AppDatabase.open(at: folder.url.appendingPathComponent("store.sqlite"), clock: clock, shared: true)
        let tea = try store.insert(CountdownTimer(name: "Tea", duration: try #require(TimerDuration(seconds: 180)), createdAt: t0))
        try TimerControlAction.perform(.start, timerID: tea.id, workspace: store.asWorkspace())
        clock.advance(to: t0 + 60)
        let paused = try TimerControlAction.perform(.pause, timerID: tea.id, workspace: store.asWorkspace())
        #expect(paused.state == .paused(remaining: 120))
        clock.advance(to: t0 + 61)
        #expect(throws: StoreError.self) { try TimerControlAction.perform(.pause, timerID: tea.id, workspace: store.asWorkspace()) }
        #expect(try store.timer(id: tea.id)?.state == .paused(remaining: 120))
        clock.advance(to: t0 + 100)
        let resumed = try TimerControlAction.perform(.resume, timerID: tea.id, workspace: store.asWorkspace())
        #expect(resumed.endsAt == t0 + 220)
        clock.advance(to: t0 + 101)
        #expect(try TimerControlAction.perform(.reset, timerID: tea.id, workspace: store.asWorkspace()).state == .idle)
    }
}
