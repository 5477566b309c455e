import Foundation
import Testing
import TgtTestSupport
import TgtDomain
import TgtTimerSync

/// From the store's `CountdownTimer`s to replica state and back: what the phone sends after a
/// change in its store, and what it writes into the store after a message from the watch.
@Suite("Timer sync: CountdownTimer ⇄ replica")
struct MappingTests {
    static let t0 = Date(timeIntervalSince1970: 1_798_761_600.123)

    static func full() throws -> CountdownTimer {
        CountdownTimer(
            id: UUID(), name: "Bread", duration: try #require(TimerDuration(seconds: 3_723)),
            icon: try #require(TimerIcon(rawValue: "fork.knife")), color: .orange,
            state: .paused(remaining: 1_234.5678), todos: [TimerTodo(text: "Knead"), TimerTodo(text: "Proof", done: true)],
            notes: "Keep warm", action: CompletionAction(templateID: UUID(), values: ["who": "Ann"], remindMe: true),
            sortOrder: 3, createdAt: t0)
    }

    /// Everything but `updatedAt`, which a replica derives from its latest write.
    static func content(_ timer: CountdownTimer?) -> CountdownTimer? {
        timer.map { t in var t = t; t.updatedAt = t.createdAt; return t }
    }

    @Test("every field of a timer goes in and comes back, dates in whole milliseconds, to-dos in order")
    func roundTrip() throws {
        let timer = try Self.full()
        var phone = TimerReplica(id: ReplicaID("phone"))
        let createdSent = phone.save(timer, at: Self.t0)
        let created = try #require(createdSent)
        var watch = TimerReplica(id: ReplicaID("watch"))
        watch.receive(try SyncMessage(data: created.encoded()))
        let back = try #require(watch.timer(id: timer.id))
        var expected = timer
        expected.state = .paused(remaining: 1_234.568)
        expected.createdAt = Date(timeIntervalSince1970: 1_798_761_600.123)
        #expect(Self.content(back) == Self.content(expected))
        #expect(back.updatedAt >= back.createdAt)
        #expect(back.todos.map(\.text) == ["Knead", "Proof"])
    }

    @Test("absorbing the store's list: new timers are created, changed fields written, missing timers deleted")
    func absorb() throws {
        let bread = try Self.full()
        let tea = CountdownTimer(name: "Tea", duration: try #require(TimerDuration(seconds: 180)), createdAt: Self.t0)
        var phone = TimerReplica(id: ReplicaID("phone"))
        let firstSent = phone.absorb([bread, tea], at: Self.t0)
        let first = try #require(firstSent)
        #expect(Set(first.timers.keys) == [bread.id, tea.id])
        #expect(phone.absorb([bread, tea], at: Self.t0 + 1) == nil, "the same list again sends nothing")

        var started = try tea.started(at: Self.t0 + 2)
        started.todos = [TimerTodo(text: "Milk")]
        let secondSent = phone.absorb([started], at: Self.t0 + 2)
        let second = try #require(secondSent)
        #expect(second.timers[bread.id] == TimerRecord.tombstone(try #require(second.timers[bread.id]?.deleted)))
        let teaChange = try #require(second.timers[tea.id])
        #expect(teaChange.state?.value == .running(endsAt: Self.t0 + 182))
        #expect(teaChange.name == nil && teaChange.duration == nil && teaChange.todos.count == 1)
        #expect(phone.timers.map(\.name) == ["Tea"])
        #expect(phone.isDeleted(bread.id))
    }

    @Test("settling completes an overdue timer at its true end on either side")
    func settle() throws {
        let tea = try CountdownTimer(name: "Tea", duration: try #require(TimerDuration(seconds: 180)), createdAt: Self.t0).started(at: Self.t0)
        var watch = TimerReplica(id: ReplicaID("watch"))
        watch.save(tea, at: Self.t0)
        #expect(watch.settle(at: Self.t0 + 100) == nil)
        let doneSent = watch.settle(at: Self.t0 + 500)
        let done = try #require(doneSent)
        #expect(done.timers[tea.id]?.state?.value == .completed(at: Date(timeIntervalSince1970: 1_798_761_780.123)))
    }
}
