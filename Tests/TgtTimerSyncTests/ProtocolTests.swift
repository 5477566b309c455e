import Foundation
import Testing
import TgtTestSupport
import TgtDomain
import TgtTimerSync

/// The protocol's rules, one case each: absolute dates, last writer per field, the writer-id
/// tiebreak, the hybrid clock against a fast watch, tombstones, idempotence, the wire format.
@Suite("Timer sync: rules")
struct ProtocolTests {
    static let t0 = Date(timeIntervalSince1970: 1_798_761_600)
    static let phoneID = ReplicaID("phone"), watchID = ReplicaID("watch")

    static func pasta() throws -> CountdownTimer {
        CountdownTimer(id: UUID(), name: "Pasta", duration: try #require(TimerDuration(seconds: 720)),
                       todos: [TimerTodo(text: "Salt the water")], createdAt: t0)
    }

    /// A phone and a watch that both hold `timer`.
    static func pair(_ timer: CountdownTimer) throws -> (TimerReplica, TimerReplica) {
        var phone = TimerReplica(id: phoneID), watch = TimerReplica(id: watchID)
        let createdSent = phone.save(timer, at: t0)
        let created = try #require(createdSent)
        watch.receive(created)
        return (phone, watch)
    }

    @Test("a start travels as its end date: received an hour later, it still ends when it would have")
    func absoluteDates() throws {
        let timer = try Self.pasta()
        var (phone, watch) = try Self.pair(timer)
        let start = Self.t0.addingTimeInterval(5)
        let started = try #require(try phone.control(.start, timer.id, at: start))
        #expect(started.timers[timer.id]?.state?.value == .running(endsAt: start.addingTimeInterval(720)))
        #expect(started.timers[timer.id]?.name == nil, "only the fields that changed travel")
        watch.receive(started)
        #expect(watch.timer(id: timer.id)?.endsAt == start.addingTimeInterval(720))
        #expect(watch.timer(id: timer.id)?.remaining(at: start.addingTimeInterval(120)) == 600)
    }

    @Test("concurrent edits of different fields both survive; of the same field, the later wins on both sides")
    func lastWriterPerField() throws {
        let timer = try Self.pasta()
        var (phone, watch) = try Self.pair(timer)
        let rename = try #require(try phone.edit(timer.id, at: Self.t0 + 10) { $0.name = "Penne" })
        let start = try #require(try watch.control(.start, timer.id, at: Self.t0 + 11))
        let notesPhone = try #require(try phone.edit(timer.id, at: Self.t0 + 20) { $0.notes = "phone" })
        let notesWatch = try #require(try watch.edit(timer.id, at: Self.t0 + 21) { $0.notes = "watch" })
        for message in [start, notesWatch] { phone.receive(message) }
        for message in [notesPhone, rename] { watch.receive(message) }
        #expect(phone.records == watch.records)
        let merged = try #require(phone.timer(id: timer.id))
        #expect(merged.name == "Penne")
        #expect(merged.endsAt == Self.t0 + 11 + 720)
        #expect(merged.notes == "watch")
    }

    @Test("two writes in the same millisecond: the writer id decides, the same way on both sides")
    func writerTiebreak() throws {
        let timer = try Self.pasta()
        var (phone, watch) = try Self.pair(timer)
        let at = Self.t0 + 30
        let fromPhone = try #require(try phone.edit(timer.id, at: at) { $0.name = "From phone" })
        let fromWatch = try #require(try watch.edit(timer.id, at: at) { $0.name = "From watch" })
        phone.receive(fromWatch)
        watch.receive(fromPhone)
        #expect(phone.timer(id: timer.id)?.name == "From watch", "“watch” > “phone”")
        #expect(watch.timer(id: timer.id)?.name == "From watch")
    }

    @Test("a watch whose clock runs 5 s fast cannot undo the phone's next tap (hybrid clock)")
    func fastWatch() throws {
        let timer = try Self.pasta()
        var (phone, watch) = try Self.pair(timer)
        let watchNow = Self.t0 + 105
        let start = try #require(try watch.control(.start, timer.id, at: watchNow))
        phone.receive(start)
        // One second later on the phone, which is 4 s before the watch's stamp.
        let pause = try #require(try phone.control(.pause, timer.id, at: Self.t0 + 101))
        watch.receive(pause)
        #expect(watch.timer(id: timer.id)?.state == phone.timer(id: timer.id)?.state)
        guard case .paused = watch.timer(id: timer.id)?.state else {
            Issue.record("the pause was lost to the watch's clock")
            return
        }
    }

    @Test("a store change noticed late keeps its own time: a later watch edit still wins")
    func lateAbsorb() throws {
        let timer = try Self.pasta()
        var (phone, watch) = try Self.pair(timer)
        // Paused from a Live Activity at +10 s while the phone's sync was not running…
        var stored = try #require(phone.timer(id: timer.id))
        stored = try stored.started(at: Self.t0 + 1).paused(at: Self.t0 + 10)
        // …resumed on the watch at +20 s; the phone notices its store at +60 s, then hears the watch.
        try watch.control(.start, timer.id, at: Self.t0 + 1)
        let resume = try #require(try watch.edit(timer.id, at: Self.t0 + 20) { $0.state = .running(endsAt: Self.t0 + 731) })
        let pauseSent = phone.absorb([stored], at: Self.t0 + 60)
        let pause = try #require(pauseSent)
        phone.receive(resume)
        watch.receive(pause)
        #expect(phone.records == watch.records)
        #expect(phone.timer(id: timer.id)?.endsAt == Self.t0 + 731, "the watch's later resume wins")
    }

    @Test("a delete wins over edits made elsewhere before or after it, and a late create does not bring it back")
    func tombstones() throws {
        let timer = try Self.pasta()
        var phone = TimerReplica(id: Self.phoneID), watch = TimerReplica(id: Self.watchID)
        let createSent = phone.save(timer, at: Self.t0)
        let create = try #require(createSent)
        watch.receive(create)
        let tick = try #require(try watch.edit(timer.id, at: Self.t0 + 50) { $0.todos[0].done = true })
        let delete = phone.delete(timer.id, at: Self.t0 + 40)
        watch.receive(delete)
        phone.receive(tick)
        phone.receive(create)
        watch.receive(create)
        #expect(phone.timers.isEmpty && watch.timers.isEmpty)
        #expect(phone.records == watch.records)
        #expect(phone.save(timer, at: Self.t0 + 60) == nil, "saving a deleted timer again does not revive it")
        #expect(throws: SyncError.timerNotFound(timer.id)) { try phone.control(.start, timer.id, at: Self.t0 + 61) }

        // A replica that hears of the delete before the create never shows the timer.
        var late = TimerReplica(id: ReplicaID("ipad"))
        late.receive(delete)
        late.receive(create)
        #expect(late.timers.isEmpty)
    }

    @Test("a to-do deleted on one side and ticked on the other stays deleted; the others keep their ticks")
    func todoTombstones() throws {
        var timer = try Self.pasta()
        timer.todos.append(TimerTodo(text: "Grate cheese"))
        var (phone, watch) = try Self.pair(timer)
        let salt = timer.todos[0].id
        let remove = try #require(try phone.edit(timer.id, at: Self.t0 + 5) { $0.todos.removeFirst() })
        let tick = try #require(try watch.edit(timer.id, at: Self.t0 + 6) { t in
            t.todos[0].done = true
            t.todos[1].done = true
        })
        phone.receive(tick)
        watch.receive(remove)
        watch.receive(tick)
        #expect(phone.records == watch.records)
        let todos = try #require(watch.timer(id: timer.id)?.todos)
        #expect(todos.map(\.text) == ["Grate cheese"])
        #expect(todos.allSatisfy { $0.done })
        #expect(!todos.map(\.id).contains(salt))
    }

    @Test("the same message received any number of times changes things once")
    func idempotent() throws {
        let timer = try Self.pasta()
        var (phone, watch) = try Self.pair(timer)
        try phone.control(.start, timer.id, at: Self.t0)
        let extend = try #require(try phone.control(.extend, timer.id, at: Self.t0 + 1))
        #expect(watch.receive(extend) == [timer.id])
        let once = watch.records
        #expect(watch.receive(extend).isEmpty)
        #expect(watch.receive(extend).isEmpty)
        #expect(watch.records == once)
        #expect(watch.timer(id: timer.id)?.endsAt == Self.t0 + 780, "+1 min counted once")
    }

    @Test("messages survive the wire exactly; a newer version and garbage are refused with a message")
    func wire() throws {
        let timer = try Self.pasta()
        var phone = TimerReplica(id: Self.phoneID)
        phone.save(timer, at: Self.t0)
        try phone.control(.start, timer.id, at: Self.t0 + 0.0005)
        let full = phone.fullState()
        #expect(try SyncMessage(data: full.encoded()) == full)

        var newer = full
        newer.version = SyncMessage.currentVersion + 1
        #expect(throws: SyncError.newerVersion(newer.version)) { try SyncMessage(data: newer.encoded()) }
        do {
            _ = try SyncMessage(data: Data("not json".utf8))
            Issue.record("garbage was read")
        } catch {
            #expect(error.code == "sync_unreadable")
            #expect(error.message == "A timer change from the other device could not be read.")
        }
    }
}


@Suite("Timer sync: controls")
struct ControlTests {
    @Test("the main button and the buttons shown follow the state")
    func available() {
        #expect(TimerControl.available(for: .idle) == [.start])
        #expect(TimerControl.available(for: .running(endsAt: ProtocolTests.t0)) == [.pause, .extend, .reset])
        #expect(TimerControl.available(for: .paused(remaining: 5)) == [.resume, .extend, .reset])
        #expect(TimerControl.available(for: .completed(at: ProtocolTests.t0)) == [.start, .reset])
    }
}
