/// The variables every template can use without supplying a value.
public enum BuiltinVariable: String, CaseIterable, Sendable {
    case date, time, datetime, location, latitude, longitude, me, chat
    /// Filled in only when a timer's completion posts the template.
    case timer, duration, todos
    case todosDone = "todos_done"

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
        case .timer: "A timer's name, when its completion posts this template"
        case .duration: "That timer's duration (e.g. 12:00)"
        case .todos: "That timer's to-dos as ☑/☐ lines"
        case .todosDone: "How many of its to-dos are done (e.g. 3 of 5)"
        }
    }

    /// Whether only a timer's completion gives this variable a value.
    public var needsTimer: Bool {
        self == .timer || self == .duration || self == .todos || self == .todosDone
    }

    /// Whether a value for this variable needs the sender's location.
    public var needsLocation: Bool {
        self == .location || self == .latitude || self == .longitude
    }
}
