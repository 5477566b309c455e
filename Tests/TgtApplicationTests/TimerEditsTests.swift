import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// Making and editing timers through the one door every face uses (`TimerService`), on a real
/// SQLite store and the test's clock.
@Suite("Timer edits")
struct TimerEditsTests {
    struct Refused: Error {}

    @Test("create stamps the clock's now; edit and change keep the countdown and stamp now; a change that throws changes nothing")
    func edits() throws {
        let clock = TestClock(now: fixtureDate)
        let store = try AppDatabase.inMemory(clock: clock)
        let timers = TimerService(store: store, clock: clock)
        let tea = try timers.create(CountdownTimer(name: "Tea", duration: try TimerDuration(parsing: "4m")))
        #expect(tea.createdAt == fixtureDate && tea.updatedAt == fixtureDate)

        let running = try timers.apply(.start, to: tea.id)
        clock.advance(by: 60)
        var form = running
        form.name = "Green tea"
        form.duration = try TimerDuration(parsing: "3m")
        form.state = .idle
        let edited = try timers.edit(tea.id, like: form)
        #expect(edited.name == "Green tea" && edited.state == running.state, "an edit keeps the countdown")
        #expect(edited.updatedAt == fixtureDate.addingTimeInterval(60))

        clock.advance(by: 60)
        let noted = try timers.change(tea.id) { timer in
            timer.notes = "Steep, then lift"
            timer.state = .idle
        }
        #expect(noted.notes == "Steep, then lift" && noted.state == running.state, "only a control moves the countdown")
        #expect(noted.updatedAt == fixtureDate.addingTimeInterval(120))

        #expect(throws: (any Error).self) { try timers.change(tea.id) { timer in timer.notes = "lost"; throw Refused() } }
        #expect(try store.timer(id: tea.id)?.notes == "Steep, then lift")
    }
}
