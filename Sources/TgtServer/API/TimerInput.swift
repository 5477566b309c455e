import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// Applies a timer body (POST: a new timer, PATCH: any subset, as the generated types decoded
/// them) onto a timer. Every field is checked before anything is thrown, so a form gets each
/// field's message at once; the generator does not check lengths, patterns or ranges.
struct TimerInput {
    /// The fields of `TimerCreate` and `TimerPatch`.
    struct Fields {
        var name: String?
        var duration: String?
        var icon: String?
        var color: String?
        var action: Components.Schemas.TimerActionInput?
    }

    /// The timer document's message when the name or the duration is missing.
    static let missingBasics = "Please enter a timer name and duration"
    static let maxValues = 50
    static let maxValueLength = 1000

    /// Changes `timer` as `fields` say, or throws a 422 naming every field that is wrong
    /// (nothing is stored here; the caller saves the result).
    static func apply(_ fields: Fields, to timer: inout CountdownTimer, isNew: Bool, workspace: Workspace) throws {
        var issues: [TimerIssue] = []
        var missing = false
        if let name = try DashboardAPI.limited(fields.name, "name", max: 1000) {
            timer.name = name
        }
        if isNew, timer.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            missing = true
            issues.append(TimerIssue(field: .name, message: "Please enter a timer name."))
        }
        let durationText = try DashboardAPI.limited(fields.duration, "duration", max: 100)?.trimmingCharacters(in: .whitespaces)
        if let durationText, !durationText.isEmpty {
            do {
                timer.duration = try TimerDuration(parsing: durationText)
            } catch {
                issues.append(TimerIssue(field: .duration, message: error.message + " Try 25m, 1:30 or 1:02:03."))
            }
        } else if isNew || durationText != nil {
            missing = true
            issues.append(TimerIssue(field: .duration, message: "Please enter a duration, from 1 second to 99:59:59."))
        }
        if let name = fields.icon {
            if let icon = TimerIcon(rawValue: name) { timer.icon = icon } else { issues.append(TimerIssue(field: .icon, message: "Pick one of the icons.")) }
        }
        if let name = fields.color {
            if let color = TimerColor(parsing: name) { timer.color = color } else {
                issues.append(TimerIssue(field: .color, message: "Pick one of the eight colors."))
            }
        }
        if let input = fields.action {
            let (completion, problems) = try Self.action(input, workspace: workspace)
            timer.action = completion
            issues += problems
        }
        // The domain's rules for the fields not already reported (a long name, a line break).
        let reported = Set(issues.map(\.field))
        issues += TimerValidator.problems(timer).filter { !reported.contains($0.field) }
        guard issues.isEmpty else {
            let message = missing ? missingBasics : issues.map(\.message).joined(separator: " ")
            throw APIError(.unprocessableContent, code: "invalid_timer", message: message, timerIssues: issues)
        }
    }

    /// The completion action `input` describes, and what is wrong with it: the template must
    /// exist and be a Telegram template; values are only for its custom variables, a choice
    /// must be one of its list, and a variable without a default needs a value.
    static func action(_ input: Components.Schemas.TimerActionInput, workspace: Workspace) throws -> (CompletionAction?, [TimerIssue]) {
        var issues: [TimerIssue] = []
        func problem(_ message: String) { issues.append(TimerIssue(field: .action, message: message)) }
        let values = input.values?.additionalProperties ?? [:]
        if values.count > maxValues { problem("A completion template can be given at most \(maxValues) values.") }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) where value.count > maxValueLength {
            problem("The value for {{\(name)}} is \(value.count) characters long; the most is \(maxValueLength).")
        }
        var templateID: UUID?
        if let text = input.templateId {
            if let id = UUID(uuidString: text), let template = try workspace.templates().template(id: id) {
                templateID = id
                issues += valueIssues(values, for: template)
            } else {
                problem("The completion template no longer exists; choose another.")
            }
        } else if !values.isEmpty {
            problem("Choose a completion template for these values.")
        }
        let action = CompletionAction(templateID: templateID, values: templateID == nil ? [:] : values, remindMe: input.remindMe ?? false)
        return (action.isEmpty ? nil : action, issues)
    }

    /// The same rules as the CLI and the app (`CompletionActionRules`), one issue each.
    private static func valueIssues(_ values: [String: String], for template: Template) -> [TimerIssue] {
        CompletionActionRules.problems(CompletionAction(templateID: template.id, values: values), template: template)
            .map { TimerIssue(field: .action, message: $0) }
    }
}
