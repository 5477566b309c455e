import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// The application services every face calls, over a real SQLite store: one rule, one write,
/// one schedule pass per change.
@Suite("Application services")
struct ApplicationServicesTests {
    static let team = Target(chatID: -5, chatTitle: "Team")

    final class Passes: Sendable {
        let count = Locked(0)
        func run() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    @Test("TimerService: a control applies at the clock's now, runs one pass; one that does not apply changes nothing and runs none")
    func timerControls() async throws {
        let folder = try TestDirectory("app-timers")
        defer { folder.remove() }
        let store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: TestClock())
        let clock = TestClock()
        let passes = Passes()
        let timers = TimerService(store: store, clock: clock) { passes.run() }
        let tea = try store.insert(CountdownTimer(name: "Tea", duration: try TimerDuration(parsing: "3m")))

        let started = try await timers.control(tea.id, .start)
        #expect(started.endsAt == clock.now.addingTimeInterval(180) && passes.value == 1)
        clock.advance(by: 30)
        let extended = try await timers.control(tea.id, .extend(seconds: 120))
        #expect(extended.endsAt == clock.now.addingTimeInterval(150 + 120) && passes.value == 2)
        await #expect(throws: StoreError.timerState(.alreadyRunning("Tea"))) { try await timers.control(tea.id, .start) }
        #expect(try store.timer(id: tea.id) == extended && passes.value == 2, "refused: nothing written, no pass")
        // Past its end, a pause finds it completed at that end (the one rule: settle first).
        clock.advance(by: 600)
        await #expect(throws: StoreError.timerState(.notRunning("Tea"))) { try await timers.control(tea.id, .pause) }
        let restarted = try timers.apply(.start, to: tea.id)
        #expect(restarted.isRunning && passes.value == 2, "apply writes without a pass")
        let unknown = UUID()
        await #expect(throws: StoreError.timerNotFound(unknown.uuidString)) { try await timers.control(unknown, .reset) }
    }

    @Test("TimerControl: names round-trip for links, intents and Live Activity content; unknown names are refused")
    func controlNames() throws {
        for control in TimerControl.allCases + [.extend(seconds: 300)] {
            #expect(TimerControl(rawValue: control.rawValue) == control)
            let json = try JSONEncoder().encode([control])
            #expect(try JSONDecoder().decode([TimerControl].self, from: json) == [control])
        }
        #expect(TimerControl.extend.rawValue == "extend" && TimerControl.extend(seconds: 300).rawValue == "extend:300")
        for bad in ["", "stop", "extend:", "extend:0", "extend:-5", "extend:999999", "Start"] { #expect(TimerControl(rawValue: bad) == nil, "\(bad)") }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([TimerControl].self, from: Data(#"["launch"]"#.utf8)) }
    }

    @Test("ScheduledSendService: cancels waiting sends with one pass; unknown or finished ids are refused and nothing changes")
    func cancelScheduled() async throws {
        let folder = try TestDirectory("app-scheduled")
        defer { folder.remove() }
        let store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: TestClock())
        let passes = Passes()
        let service = ScheduledSendService(store: store) { passes.run() }
        let rows = try store.addScheduledSends((0..<3).map { n in
            NewScheduledSend(templateID: nil, templateName: "Later \(n)", target: Self.team, payload: "{}", textDigest: "d\(n)",
                             scheduledFor: Date().addingTimeInterval(3600), timerID: nil)
        })
        #expect(try service.waiting().map(\.id) == rows.map(\.id))

        await #expect(throws: ScheduledSendError.notFound([999])) { try await service.cancel([rows[0].id, 999]) }
        #expect(try service.waiting().count == 3 && passes.value == 0, "refused as a whole: nothing cancelled")

        let cancelled = try await service.cancel([rows[0].id])
        #expect(cancelled.map(\.status) == [.cancelled] && passes.value == 1)
        #expect(try service.waiting().map(\.id) == [rows[1].id, rows[2].id])
        await #expect(throws: ScheduledSendError.alreadyFinal(id: rows[0].id, status: .cancelled)) { try await service.cancel([rows[0].id, rows[1].id]) }
        #expect(try service.waiting().count == 2 && passes.value == 1)
        #expect(ScheduledSendError.alreadyFinal(id: 1, status: .sent).message == "This send is already posted; there is nothing to cancel.")
    }
}
