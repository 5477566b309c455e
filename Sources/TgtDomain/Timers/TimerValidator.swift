import Foundation

/// Checks a timer before it is saved: the document's rules with a message per problem.
public enum TimerValidator {
    /// Problems that stop `timer` being saved.
    public static func problems(_ timer: CountdownTimer) -> [TimerIssue] {
        var issues: [TimerIssue] = []
        let name = timer.name.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty {
            issues.append(TimerIssue(field: .name, message: "Please enter a timer name."))
        } else if name.count > CountdownTimer.maxNameLength {
            issues.append(TimerIssue(field: .name, message: "The name is \(name.count) characters long; the most is \(CountdownTimer.maxNameLength)."))
        } else if name != timer.name {
            issues.append(TimerIssue(field: .name, message: "The name cannot start or end with spaces."))
        } else if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            issues.append(TimerIssue(field: .name, message: "The name cannot contain control characters (line breaks, tabs, …)."))
        }
        if timer.notes.count > CountdownTimer.maxNotesLength {
            issues.append(TimerIssue(field: .notes, message: "The notes are \(timer.notes.count) characters long; the most is \(CountdownTimer.maxNotesLength)."))
        }
        if timer.todos.count > CountdownTimer.maxTodos {
            issues.append(TimerIssue(field: .todos, message: "A timer can have at most \(CountdownTimer.maxTodos) to-dos."))
        }
        for (index, todo) in timer.todos.enumerated() {
            if let problem = todoProblem(todo.text) {
                issues.append(TimerIssue(field: .todos, message: "To-do \(index + 1): " + problem))
            }
        }
        if Set(timer.todos.map(\.id)).count != timer.todos.count {
            issues.append(TimerIssue(field: .todos, message: "A to-do is listed twice."))
        }
        return issues
    }

    /// Why a to-do's text cannot be saved, or nil.
    public static func todoProblem(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "Write what there is to do." }
        if trimmed.count > TimerTodo.maxLength { return "The to-do is \(trimmed.count) characters long; the most is \(TimerTodo.maxLength)." }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "A to-do is one line, without control characters."
        }
        return nil
    }
}

/// One problem with one field of a timer.
public struct TimerIssue: Sendable, Hashable, Codable {
    public enum Field: String, Sendable, Codable, Hashable {
        case name, duration, icon, color, todos, notes, action
    }

    public var field: Field
    public var message: String

    public init(field: Field, message: String) {
        self.field = field
        self.message = message
    }
}

/// A timer that cannot be saved as it is.
public struct TimerValidationError: UserFacingError, Equatable {
    public var issues: [TimerIssue]

    public init(issues: [TimerIssue]) { self.issues = issues }

    public var message: String { issues.map(\.message).joined(separator: " ") }
    public var nextStep: String? { nil }
    public var code: String { "invalid_timer" }
}
