import Foundation

/// A countdown control — start, pause, resume, reset, add time — as every face asks for it: the
/// dashboard's buttons and API, the command line's timer commands, the app's timer
/// screen, a Live Activity's buttons, Siri and the watch. Applied at a moment, it becomes
/// absolute dates (an end, what was left), never "started now"; the one place a timer's
/// controls are defined.
public enum TimerControl: Sendable, Hashable {
    case start, pause, resume, reset
    /// Adds `seconds` to a running or paused timer.
    case extend(seconds: Int)

    /// "+1 min", the extend every button offers.
    public static let extend = TimerControl.extend(seconds: 60)

    /// Every control, with "+1 min" for extend (the buttons a surface can show).
    public static let allCases: [TimerControl] = [.start, .pause, .resume, .reset, .extend]

    /// The timer after this control at `now`, or why it does not apply in its state. A running
    /// timer whose end has passed is completed at that end first (so "pause" on it says it is
    /// not running, and "start" starts it again).
    public func applied(to timer: CountdownTimer, at now: Date) throws(TimerError) -> CountdownTimer {
        let current = timer.settled(at: now)
        switch self {
        case .start: return try current.started(at: now)
        case .pause: return try current.paused(at: now)
        case .resume: return try current.resumed(at: now)
        case .reset: return current.reset(at: now)
        case .extend(let seconds): return try current.extended(by: seconds, at: now)
        }
    }

    /// The main button for a timer in `state`: start, pause or resume.
    public static func primary(for state: CountdownTimer.State) -> TimerControl {
        switch state {
        case .idle, .completed: .start
        case .running: .pause
        case .paused: .resume
        }
    }

    /// The buttons a timer's controls show in `state`, main one first.
    public static func available(for state: CountdownTimer.State) -> [TimerControl] {
        switch state {
        case .idle: [.start]
        case .completed: [.start, .reset]
        case .running, .paused: [primary(for: state), .extend, .reset]
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
}

extension TimerControl: RawRepresentable, Codable {
    /// Its name ("start", "pause", "resume", "reset", "extend" for +1 min, "extend:SECONDS"
    /// otherwise): what links, intents and Live Activity content carry.
    public var rawValue: String {
        switch self {
        case .start: "start"
        case .pause: "pause"
        case .resume: "resume"
        case .reset: "reset"
        case .extend(let seconds): seconds == 60 ? "extend" : "extend:\(seconds)"
        }
    }

    public init?(rawValue: String) {
        switch rawValue {
        case "start": self = .start
        case "pause": self = .pause
        case "resume": self = .resume
        case "reset": self = .reset
        case "extend": self = .extend
        default:
            guard rawValue.hasPrefix("extend:"), let seconds = Int(rawValue.dropFirst("extend:".count)), seconds > 0,
                seconds <= TimerDuration.maximum
            else { return nil }
            self = .extend(seconds: seconds)
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let control = TimerControl(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Not a timer control: \(text)"))
        }
        self = control
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
