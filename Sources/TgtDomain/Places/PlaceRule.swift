import Foundation

/// A template that sends itself when the phone arrives at or leaves a place: the circle to
/// watch, which crossing counts, and at most one send in a chosen window, so a phone drifting
/// across the edge sends once. The iPhone app watches it (Core Location's `CLMonitor`); every
/// face can set it.
public struct PlaceRule: Codable, Sendable, Hashable {
    /// Which crossing of the circle's edge sends.
    public enum Crossing: String, Codable, Sendable, CaseIterable, Hashable {
        /// From outside to inside.
        case arrive
        /// From inside to outside.
        case leave

        /// "Arriving at" / "Leaving", for sentences such as "Arriving at Home".
        public var label: String {
            switch self {
            case .arrive: "Arriving at"
            case .leave: "Leaving"
            }
        }
    }

    /// Smallest radius: below about 100 m Core Location notices crossings late or not at all.
    public static let radiusRange = 100...5_000
    /// The default radius, in metres.
    public static let defaultRadius = 150
    /// The window: between 5 minutes and 7 days.
    public static let windowRange = 5...10_080
    /// The default window: one send per crossing kind an hour.
    public static let defaultWindowMinutes = 60
    public static let maxPlaceNameLength = 40

    public var crossing: Crossing
    /// The circle's centre.
    public var center: Coordinate
    /// The circle's radius in metres (`radiusRange`).
    public var radius: Int
    /// What the person calls the place ("Home", "Office"): shown in the confirmation.
    public var placeName: String
    /// At most one send in this many minutes (`windowRange`).
    public var windowMinutes: Int

    public init(crossing: Crossing, center: Coordinate, radius: Int = PlaceRule.defaultRadius, placeName: String,
                windowMinutes: Int = PlaceRule.defaultWindowMinutes) {
        self.crossing = crossing
        self.center = center
        self.radius = radius
        self.placeName = placeName
        self.windowMinutes = windowMinutes
    }

    /// The window as a duration.
    public var window: TimeInterval { TimeInterval(windowMinutes) * 60 }

    /// Whether a crossing at `now` may send, given the last send this rule made.
    public func allowsSend(at now: Date, lastSent: Date?) -> Bool {
        guard let lastSent else { return true }
        // A last send in the future (the phone's clock was put back) does not block for ever.
        return now.timeIntervalSince(lastSent) >= window || lastSent > now.addingTimeInterval(window)
    }

    /// A stable text naming the circle (centre and radius): a watch recorded for another
    /// circle (the rule was edited) starts again from an unknown state.
    public var regionKey: String { "\(center.description),\(radius)" }

    /// "Arriving at Home (150 m), at most once an hour".
    public var summary: String {
        "\(crossing.label) \(placeName) (\(radius) m), at most once \(Self.windowText(windowMinutes))"
    }

    /// The windows every face offers, in minutes (15 minutes to a week).
    public static let windowChoices = [15, 30, 60, 120, 240, 480, 720, 1_440, 10_080]

    /// The windows to pick from, `current` first when it is not one of them (a rule set
    /// elsewhere keeps its window).
    public static func windowOptions(keeping current: Int) -> [Int] {
        windowChoices.contains(current) ? windowChoices : [current] + windowChoices
    }

    /// A window in the largest unit that divides it, for words in any language.
    public enum WindowUnit: Sendable, Hashable {
        case hour, day, week
        case minutes(Int), hours(Int), days(Int)

        public init(minutes: Int) {
            switch minutes {
            case 60: self = .hour
            case 1_440: self = .day
            case 10_080: self = .week
            case let m where m % 1_440 == 0: self = .days(m / 1_440)
            case let m where m % 60 == 0: self = .hours(m / 60)
            default: self = .minutes(minutes)
            }
        }
    }

    /// "an hour", "every 30 minutes", "a day", "every 2 days".
    public static func windowText(_ minutes: Int) -> String {
        switch WindowUnit(minutes: minutes) {
        case .hour: "an hour"
        case .day: "a day"
        case .week: "a week"
        case .days(let n): "every \(n) days"
        case .hours(let n): "every \(n) hours"
        case .minutes(let n): "every \(n) minutes"
        }
    }
}
