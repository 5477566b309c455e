import ArgumentParser
import Foundation
import TgtDomain
import TgtStore

/// The controls share their shape: resolve the timer, apply one change in one transaction.
protocol TimerControlCommand: AsyncParsableCommand {
    var global: GlobalOptions { get }
    var timer: String { get }
    static var verb: String { get }
    static func apply(_ timer: CountdownTimer, at now: Date) throws(TimerError) -> CountdownTimer
}

extension TimerControlCommand {
    func run() async throws {
        try await global.run {
            let store = try Timers.store(global)
            let id = try store.resolveTimer(timer).id
            let now = Date()
            let changed = try store.change(id) { try Self.apply($0, at: now) }
            try TimerText.report(changed, global, store: store, verb: Self.verb)
        }
    }
}

struct TimersStart: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a timer from its full duration.",
                                                    discussion: "Example:\n  tgt timers start Pasta")
    static let verb = "Started"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    static func apply(_ timer: CountdownTimer, at now: Date) throws(TimerError) -> CountdownTimer { try timer.started(at: now) }
}

struct TimersPause: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause a running timer.",
                                                    discussion: "Example:\n  tgt timers pause Pasta")
    static let verb = "Paused"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    static func apply(_ timer: CountdownTimer, at now: Date) throws(TimerError) -> CountdownTimer { try timer.paused(at: now) }
}

struct TimersResume: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume a paused timer.",
                                                    discussion: "Example:\n  tgt timers resume Pasta")
    static let verb = "Resumed"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    static func apply(_ timer: CountdownTimer, at now: Date) throws(TimerError) -> CountdownTimer { try timer.resumed(at: now) }
}

struct TimersReset: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "reset", abstract: "Put a timer back to its full duration, stopped.",
                                                    discussion: "Example:\n  tgt timers reset Pasta")
    static let verb = "Reset"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    static func apply(_ timer: CountdownTimer, at now: Date) throws(TimerError) -> CountdownTimer { timer.reset(at: now) }
}

struct TimersExtend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "extend", abstract: "Add time to a running or paused timer (+1 min by default).",
                                                    discussion: "Examples:\n  tgt timers extend Pasta\n  tgt timers extend Pasta --by 5m")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    @Option(help: "How much: a duration (1m by default).") var by: String = "1m"

    func run() async throws {
        try await global.run {
            let seconds = try Timers.duration(by).seconds
            let store = try Timers.store(global)
            let id = try store.resolveTimer(timer).id
            let now = Date()
            let changed = try store.change(id) { try $0.extended(by: seconds, at: now) }
            try TimerText.report(changed, global, store: store, verb: "Extended")
        }
    }
}
