import ArgumentParser
import Foundation
import TgtDomain
import TgtStore

/// The controls share their shape: read the command's own input, resolve the timer, apply one
/// change in one transaction.
protocol TimerControlCommand: AsyncParsableCommand {
    var global: GlobalOptions { get }
    var timer: String { get }
    static var verb: String { get }
    /// The change to make at `now`; input errors are thrown here, before the store is opened.
    func control(at now: Date) throws -> @Sendable (CountdownTimer) throws(TimerError) -> CountdownTimer
}

extension TimerControlCommand {
    func run() async throws {
        try await global.run {
            let apply = try control(at: Date())
            let store = try Timers.store(global)
            let id = try store.resolveTimer(timer).id
            let changed = try store.change(id) { try apply($0) }
            try TimerText.report(changed, global, store: store, verb: Self.verb)
            await ScheduleSync.afterTimerChange(changed, global, store: store)
        }
    }
}

struct TimersStart: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a timer from its full duration.",
                                                    discussion: "Example:\n  tgt timers start Pasta")
    static let verb = "Started"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    func control(at now: Date) -> @Sendable (CountdownTimer) throws(TimerError) -> CountdownTimer { { (t) throws(TimerError) in try t.started(at: now) } }
}

struct TimersPause: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause a running timer.",
                                                    discussion: "Example:\n  tgt timers pause Pasta")
    static let verb = "Paused"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    func control(at now: Date) -> @Sendable (CountdownTimer) throws(TimerError) -> CountdownTimer { { (t) throws(TimerError) in try t.paused(at: now) } }
}

struct TimersResume: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume a paused timer.",
                                                    discussion: "Example:\n  tgt timers resume Pasta")
    static let verb = "Resumed"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    func control(at now: Date) -> @Sendable (CountdownTimer) throws(TimerError) -> CountdownTimer { { (t) throws(TimerError) in try t.resumed(at: now) } }
}

struct TimersReset: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "reset", abstract: "Put a timer back to its full duration, stopped.",
                                                    discussion: "Example:\n  tgt timers reset Pasta")
    static let verb = "Reset"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    func control(at now: Date) -> @Sendable (CountdownTimer) throws(TimerError) -> CountdownTimer { { $0.reset(at: now) } }
}

struct TimersExtend: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "extend", abstract: "Add time to a running or paused timer (+1 min by default).",
                                                    discussion: "Examples:\n  tgt timers extend Pasta\n  tgt timers extend Pasta --by 5m")
    static let verb = "Extended"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    @Option(help: "How much: a duration (1m by default).") var by: String = "1m"

    func control(at now: Date) throws -> @Sendable (CountdownTimer) throws(TimerError) -> CountdownTimer {
        let seconds = try Timers.duration(by).seconds
        return { (t) throws(TimerError) in try t.extended(by: seconds, at: now) }
    }
}
