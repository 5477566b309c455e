import Foundation
import TgtDomain

/// A countdown control as the watch, a Live Activity button or the phone sends it to a replica:
/// applied at a moment, it becomes absolute dates (an end, what was left), never "started now".
public enum TimerControl: String, Codable, Sendable, Hashable, CaseIterable {
    case start, pause, resume, reset
    /// "+1 min".
    case extend

    /// The timer after this control at `now`, or why it does not apply in its state.
    public func applied(to timer: CountdownTimer, at now: Date) throws(TimerError) -> CountdownTimer {
        switch self {
        case .start: try timer.started(at: now)
        case .pause: try timer.paused(at: now)
        case .resume: try timer.resumed(at: now)
        case .reset: timer.reset(at: now)
        case .extend: try timer.extended(by: 60, at: now)
        }
    }
}

extension TimerControl {
    /// The main button for a timer in `state`: start, pause or resume.
    public static func primary(for state: CountdownTimer.State) -> TimerControl {
        switch state {
        case .idle, .completed: .start
        case .running: .pause
        case .paused: .resume
        }
    }

    /// An SF Symbol for its button (Dynamic Island, watch).
    public var symbol: String {
        switch self {
        case .start, .resume: "play.fill"
        case .pause: "pause.fill"
        case .reset: "arrow.counterclockwise"
        case .extend: "goforward.60"
        }
    }

    /// The buttons a timer's controls show in `state`, main one first (the watch's detail screen).
    public static func available(for state: CountdownTimer.State) -> [TimerControl] {
        switch state {
        case .idle: [.start]
        case .completed: [.start, .reset]
        case .running, .paused: [primary(for: state), .extend, .reset]
        }
    }
}
