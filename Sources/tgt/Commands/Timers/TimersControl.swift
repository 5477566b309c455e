import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// The controls share their shape: read the command's own input, resolve the timer, apply its
/// `TimerControl` through the `TimerService` (one transaction), then bring Telegram's schedule
/// in line (here, or by the running dashboard).
protocol TimerControlCommand: AsyncParsableCommand {
    var global: GlobalOptions { get }
    var timer: String { get }
    static var verb: String { get }
    /// The control; input errors are thrown here, before the store is opened.
    func control() throws -> TimerControl
}

extension TimerControlCommand {
    func run() async throws {
        try await global.run {
            let control = try control()
            let workspace = try Timers.workspace(global)
            let id = try workspace.timers().resolve(timer).id
            let changed = try workspace.timers().apply(control, to: id)
            try TimerText.report(changed, global, workspace: workspace, verb: Self.verb)
            await ScheduleSync.afterTimerChange(changed, global, workspace: workspace)
        }
    }
}

struct TimersStart: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a timer from its full duration.",
                                                    discussion: "Example:\n  tgt timers start Pasta")
    static let verb = "Started"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    func control() -> TimerControl { .start }
}

struct TimersPause: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause a running timer.",
                                                    discussion: "Example:\n  tgt timers pause Pasta")
    static let verb = "Paused"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    func control() -> TimerControl { .pause }
}

struct TimersResume: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume a paused timer.",
                                                    discussion: "Example:\n  tgt timers resume Pasta")
    static let verb = "Resumed"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    func control() -> TimerControl { .resume }
}

struct TimersReset: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "reset", abstract: "Put a timer back to its full duration, stopped.",
                                                    discussion: "Example:\n  tgt timers reset Pasta")
    static let verb = "Reset"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    func control() -> TimerControl { .reset }
}

struct TimersExtend: TimerControlCommand {
    static let configuration = CommandConfiguration(commandName: "extend", abstract: "Add time to a running or paused timer (+1 min by default).",
                                                    discussion: "Examples:\n  tgt timers extend Pasta\n  tgt timers extend Pasta --by 5m")
    static let verb = "Extended"
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    @Option(help: "How much: a duration (1m by default).") var by: String = "1m"

    func control() throws -> TimerControl {
        .extend(seconds: try Timers.duration(by).seconds)
    }
}
