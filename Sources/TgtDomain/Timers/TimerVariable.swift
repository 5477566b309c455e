/// Variables a timer fills in when its completion posts a template: `{{timer}}` (its name),
/// `{{duration}}` ("12:00"), `{{todos}}` (☑/☐ lines) and `{{todos_done}}` ("3 of 5").
///
/// Outside a timer's completion they are ordinary custom variables (asked for at send, given
/// with `--var`), so templates written before timers existed keep working unchanged.
public enum TimerVariable: String, CaseIterable, Sendable {
    case timer, duration, todos
    case todosDone = "todos_done"

    /// One line for a variables guide.
    public var summary: String {
        switch self {
        case .timer: "In a timer's completion message: the timer's name"
        case .duration: "In a timer's completion message: its duration (e.g. 12:00)"
        case .todos: "In a timer's completion message: its to-dos as ☑/☐ lines"
        case .todosDone: "In a timer's completion message: how many to-dos are done (e.g. 3 of 5)"
        }
    }

    /// The value for `timer`.
    public func value(for timer: CountdownTimer) -> String {
        switch self {
        case .timer: timer.name
        case .duration: TimerDuration.clock(timer.duration.seconds)
        case .todos: timer.todosText
        case .todosDone: timer.todosDoneText
        }
    }
}
