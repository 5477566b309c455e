import Foundation
import Testing
import TgtTestSupport
import TgtDomain

@Suite("Timers: durations, state as dates, controls, validation")
struct TimerTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_246_200)

    static func timer(_ seconds: Int = 1500, name: String = "Pasta") throws -> CountdownTimer {
        CountdownTimer(name: name, duration: try #require(TimerDuration(seconds: seconds)), createdAt: t0)
    }

    @Test("durations as people type them", arguments: [
        ("90", 90), ("1:30", 90), ("1:02:03", 3723), ("1h30m", 5400), ("25m", 1500), ("45s", 45), ("2h", 7200),
        (" 1H5S ", 3605), ("99:59:59", 359_999), ("0:01", 1),
    ])
    func parse(text: String, seconds: Int) throws {
        #expect(try TimerDuration(parsing: text).seconds == seconds)
    }

    @Test("everything else is refused with an example", arguments: ["", "0", "0:00", "100:00:00", "360000", "soon", "1:60", "1m1h", "5mm", "-5", "1.5m", "1::2", "１０"])
    func refused(text: String) {
        #expect(throws: TimerDurationError.self) { try TimerDuration(parsing: text) }
        do { _ = try TimerDuration(parsing: text) } catch { #expect(error.nextStep?.contains("1h30m") == true) }
    }

    @Test("one clock text everywhere")
    func clock() {
        #expect(TimerDuration.clock(1500) == "25:00")
        #expect(TimerDuration.clock(3723) == "1:02:03")
        #expect(TimerDuration.clock(59) == "00:59")
        #expect(TimerDuration.clock(359_999) == "99:59:59")
        #expect(TimerDuration.clock(-3) == "00:00")
    }

    @Test("start, pause, resume, +1 min, reset: state kept as dates")
    func controls() throws {
        let idle = try Self.timer()
        #expect(idle.remaining(at: Self.t0) == 1500 && idle.clockText(at: Self.t0) == "25:00" && idle.stateLabel == nil)
        let running = try idle.started(at: Self.t0)
        #expect(running.endsAt == Self.t0.addingTimeInterval(1500))
        #expect(running.clockText(at: Self.t0.addingTimeInterval(0.4)) == "25:00", "rounded up: a started timer shows its full time")
        #expect(running.progress(at: Self.t0.addingTimeInterval(750)) == 0.5)
        let paused = try running.paused(at: Self.t0.addingTimeInterval(600))
        #expect(paused.state == .paused(remaining: 900) && paused.stateLabel == "PAUSED")
        // However long it stays paused, it keeps 15 minutes.
        #expect(paused.remaining(at: Self.t0.addingTimeInterval(86_400)) == 900)
        let resumed = try paused.resumed(at: Self.t0.addingTimeInterval(3600))
        #expect(resumed.endsAt == Self.t0.addingTimeInterval(4500))
        let extended = try resumed.extended(at: Self.t0.addingTimeInterval(3600))
        #expect(extended.endsAt == Self.t0.addingTimeInterval(4560))
        #expect(try paused.extended(at: Self.t0).state == .paused(remaining: 960))
        #expect(extended.reset(at: Self.t0).state == .idle)
        #expect(throws: TimerError.alreadyRunning("Pasta")) { try running.started(at: Self.t0) }
        #expect(throws: TimerError.notRunning("Pasta")) { try idle.paused(at: Self.t0) }
        #expect(throws: TimerError.notPaused("Pasta")) { try running.resumed(at: Self.t0) }
        #expect(throws: TimerError.pausedUseResume("Pasta")) { try paused.started(at: Self.t0) }
        #expect(throws: TimerError.notRunning("Pasta")) { try idle.extended(at: Self.t0) }
    }

    @Test("an overdue timer completes with its true end time, whenever it is looked at")
    func settling() throws {
        let running = try Self.timer(60).started(at: Self.t0)
        #expect(running.settled(at: Self.t0.addingTimeInterval(59)) == running)
        let later = running.settled(at: Self.t0.addingTimeInterval(3 * 86_400))
        #expect(later.state == .completed(at: Self.t0.addingTimeInterval(60)) && later.stateLabel == "DONE")
        #expect(later.remaining(at: Self.t0) == 0 && later.progress(at: Self.t0) == 1)
        // A pause after the end is that completion too; a completed timer starts again in full.
        #expect(try running.paused(at: Self.t0.addingTimeInterval(61)).state == .completed(at: Self.t0.addingTimeInterval(60)))
        #expect(try later.started(at: Self.t0).endsAt == Self.t0.addingTimeInterval(60))
    }

    @Test("+1 min never goes past 99:59:59")
    func extendCap() throws {
        let long = try Self.timer(TimerDuration.maximum).started(at: Self.t0)
        #expect(try long.extended(at: Self.t0).endsAt == Self.t0.addingTimeInterval(Double(TimerDuration.maximum)))
    }

    @Test("to-dos as text for completion messages")
    func todos() throws {
        var timer = try Self.timer()
        timer.todos = [TimerTodo(text: "Salt the water", done: true), TimerTodo(text: "Grate cheese")]
        #expect(timer.todosDoneText == "1 of 2")
        #expect(timer.todosText == "☑ Salt the water\n☐ Grate cheese")
    }

    @Test("validation: the document's message, lengths, control characters")
    func validation() throws {
        #expect(TimerValidator.problems(try Self.timer(name: "")).map(\.message) == ["Please enter a timer name."])
        #expect(TimerValidator.problems(try Self.timer(name: String(repeating: "n", count: 65))).map(\.field) == [.name])
        #expect(TimerValidator.problems(try Self.timer(name: " Pad")).map(\.field) == [.name])
        var timer = try Self.timer()
        timer.notes = String(repeating: "x", count: 10_001)
        timer.todos = [TimerTodo(text: "  "), TimerTodo(text: String(repeating: "t", count: 501)), TimerTodo(text: "ok\u{7}")]
        #expect(TimerValidator.problems(timer).map(\.field) == [.notes, .todos, .todos, .todos])
        timer.notes = "fine"
        timer.todos = [TimerTodo(text: "fine")]
        #expect(TimerValidator.problems(timer).isEmpty)
    }

    @Test("icons and colors: the document's sets")
    func appearance() {
        #expect(TimerIcon.allCases.prefix(12).map(\.rawValue) == [
            "timer", "figure.run", "book.fill", "cup.and.saucer.fill", "fork.knife", "pencil", "gamecontroller.fill",
            "music.note", "briefcase.fill", "figure.yoga", "bicycle", "wrench.and.screwdriver.fill",
        ])
        #expect(TimerIcon(rawValue: "car.fill") != nil, "template icons are timer icons too")
        #expect(TimerIcon(rawValue: "nope") == nil)
        #expect(Set(TimerIcon.allCases).count == TimerIcon.allCases.count)
        #expect(TimerColor.allCases.map(\.rawValue) == ["#FF3B30", "#FF9500", "#FFCC00", "#34C759", "#007AFF", "#5856D6", "#AF52DE", "#8E8E93"])
        #expect(TimerColor(parsing: "ff9500") == .orange && TimerColor(parsing: "Grey") == .gray && TimerColor(parsing: "pink") == nil)
    }

    @Test("timers round-trip through JSON; a bad duration or icon does not decode")
    func coding() throws {
        var timer = try Self.timer()
        timer = try timer.started(at: Self.t0)
        timer.action = CompletionAction(templateID: UUID(), values: ["eta": "5"], remindMe: true)
        let data = try JSONEncoder().encode(timer)
        #expect(try JSONDecoder().decode(CountdownTimer.self, from: data) == timer)
        let bad = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"duration\":1500", with: "\"duration\":0")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(CountdownTimer.self, from: Data(bad.utf8)) }
    }
}
