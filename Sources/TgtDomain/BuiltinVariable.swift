/// The variables every template can use without supplying a value.
public enum BuiltinVariable: String, CaseIterable, Sendable {
    case date, time, datetime, location, latitude, longitude, me, chat

    /// One line for a variables guide.
    public var summary: String {
        switch self {
        case .date: "Today's date, in your locale (e.g. 21 Nov 2026)"
        case .time: "The time now, in your time zone (e.g. 08:15)"
        case .datetime: "Date and time together"
        case .location: "A map link to where you are"
        case .latitude: "Your latitude (e.g. 45.464200)"
        case .longitude: "Your longitude (e.g. 9.190000)"
        case .me: "Your Telegram display name"
        case .chat: "The title of the group (or topic) receiving the message"
        }
    }

    /// Whether a value for this variable needs the sender's location.
    public var needsLocation: Bool {
        self == .location || self == .latitude || self == .longitude
    }
}
