import Foundation
import TgtDomain
import TgtTimerSync

/// What a timer's Live Activity and Dynamic Island show (the ActivityKit content state): while it
/// runs, the interval `Text(timerInterval:)` and `ProgressView(timerInterval:)` count down over
/// by themselves, with no update from the app; paused or done, a still clock and ring. The
/// buttons it offers are the controls that apply in its state.
public struct TimerActivityContent: Codable, Sendable, Hashable {
    /// Where the countdown stands.
    public enum Phase: String, Codable, Sendable, Hashable {
        case running, paused, done
    }

    public var name: String
    /// An SF Symbol name.
    public var symbol: String
    /// The swatch's hex code ("#FF9500").
    public var colorHex: String
    public var phase: Phase
    /// While running: from when the ring started (the end less the duration, or the +1 min that
    /// left more than that) to the end.
    public var countdown: ClosedRange<Date>?
    /// The clock and the ring's fill while it is not running ("12:34", 0.3).
    public var stillClock: String
    public var stillProgress: Double
    /// The buttons: pause or resume, and reset.
    public var controls: [TimerControl]

    /// The content for `timer` at `now`, or nil when it has no activity (idle).
    public static func make(for timer: CountdownTimer, at now: Date) -> TimerActivityContent? {
        let phase: Phase
        var countdown: ClosedRange<Date>?
        // Shown while not running; while running, the still values stay those of the start, so
        // the content does not change as time passes (no updates needed).
        var still = timer.settled(at: now)
        switch timer.state {
        case .idle: return nil
        case .running(let endsAt) where endsAt > now:
            phase = .running
            // From the end less the duration; after a +1 min that left more than the duration,
            // from the moment of that change.
            let start = min(timer.updatedAt, endsAt.addingTimeInterval(-Double(timer.duration.seconds)), endsAt)
            countdown = start...endsAt
            still = timer.reset(at: now)
        case .running, .completed: phase = .done
        case .paused: phase = .paused
        }
        let controls: [TimerControl] = switch phase {
        case .running: [.pause, .reset]
        case .paused: [.resume, .reset]
        case .done: [.reset]
        }
        return TimerActivityContent(
            name: timer.name, symbol: timer.icon.symbolName, colorHex: timer.color.rawValue, phase: phase, countdown: countdown,
            stillClock: still.clockText(at: now), stillProgress: still.progress(at: now),
            controls: controls)
    }

    /// PAUSED or DONE, or nothing while running.
    public var label: AppText? {
        switch phase {
        case .running: nil
        case .paused: AppText("timers.paused")
        case .done: AppText("timers.done")
        }
    }

    /// When the system may show it as out of date: its end, when the app must say it is done.
    public var staleDate: Date? { countdown?.upperBound }
}

extension TimerControl {
    /// The button's title, as on the timer's screen.
    public var title: AppText {
        switch self {
        case .start: AppText("timers.start")
        case .pause: AppText("timers.pause")
        case .resume: AppText("timers.resume")
        case .reset: AppText("timers.reset")
        case .extend: AppText("timers.extend")
        }
    }
}
