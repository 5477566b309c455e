/// The variables guide every editor shows (dashboard, apps): each form with an example to
/// insert and one line on what it does. The variables guide in docs/cli.md says the same.
public enum VariableGuide {
    /// One example of the guide.
    public struct Entry: Sendable, Hashable {
        /// What is inserted, e.g. `{{date+1d}}`.
        public var example: String
        public var summary: String
    }

    /// The built-ins, the timer's variables, then the forms.
    public static let entries: [Entry] = BuiltinVariable.allCases.map { Entry(example: "{{\($0.rawValue)}}", summary: $0.summary) }
        + TimerVariable.allCases.map { Entry(example: "{{\($0.rawValue)}}", summary: $0.summary) } + forms

    /// Offsets, formats, weekdays, defaults and choices.
    public static let forms: [Entry] = [
        Entry(example: "{{date+1d}}", summary: "Tomorrow's date; offsets add or subtract m (minutes), h, d, w, M (months), y"),
        Entry(example: "{{time+15m}}", summary: "The time in 15 minutes"),
        Entry(example: "{{datetime-2h}}", summary: "Date and time two hours ago"),
        Entry(example: "{{date:EEEE d MMMM}}", summary: "A date in your own format (Unicode date pattern, in your language): Sunday 22 November"),
        Entry(example: "{{time:HH:mm}}", summary: "The time as 24-hour HH:mm; literal words go in single quotes: {{datetime:EEE 'at' HH:mm}}"),
        Entry(example: "{{date:next monday}}", summary: "The next Monday after today (a week ahead on a Monday); add a format: {{date:next fri:EEE d}}"),
        Entry(example: "{{eta=18:30}}", summary: "Your own value with a default: asked when you send, 18:30 filled in"),
        Entry(example: "{{mood|fine|tired|late}}", summary: "Your own value picked from a list when you send"),
    ]
}
