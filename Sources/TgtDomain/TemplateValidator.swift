/// Checks a template before it is saved or sent, with a message per problem.
public struct TemplateValidator: Sendable {
    /// Telegram's message length limit when TDLib has not told us `message_text_length_max`.
    public static let defaultMaxTextLength = 4096
    public static let maxNameLength = 64

    public var maxTextLength: Int

    public init(maxTextLength: Int = TemplateValidator.defaultMaxTextLength) {
        self.maxTextLength = maxTextLength
    }

    /// Problems that stop `template` being saved. `otherNames` are the names of all *other*
    /// templates (uniqueness is case-insensitive and ignores surrounding spaces).
    public func problemsForSaving(_ template: Template, otherNames: some Sequence<String>) -> [ValidationIssue] {
        problemsForSaving(template, takenNames: Set(otherNames.map(Self.fold)))
    }

    /// Same, with the other templates' names already folded (see `fold`): checking many
    /// templates against the same names costs one set lookup each.
    public func problemsForSaving(_ template: Template, takenNames: Set<String>) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        let name = template.name.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty {
            issues.append(ValidationIssue(field: .name, message: "Give the template a name."))
        } else if name.count > Self.maxNameLength {
            issues.append(ValidationIssue(field: .name, message: "The name is \(name.count) characters long; the most is \(Self.maxNameLength)."))
        } else if name != template.name {
            issues.append(ValidationIssue(field: .name, message: "The name cannot start or end with spaces."))
        } else if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            // Also keeps names unique as SQLite sees them: its NOCASE comparison stops at a NUL.
            issues.append(ValidationIssue(field: .name, message: "The name cannot contain control characters (line breaks, tabs, …)."))
        } else {
            if takenNames.contains(Self.fold(name)) {
                issues.append(ValidationIssue(field: .name, message: "Another template is already called “\(name)”."))
            }
        }
        if template.body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            issues.append(ValidationIssue(field: .body, message: "The message text is empty."))
        } else {
            do {
                _ = try TemplateText(parsing: template.body)
            } catch {
                issues.append(ValidationIssue(field: .body, message: error.message))
            }
            let length = template.body.unicodeScalars.count
            if length > maxTextLength {
                issues.append(ValidationIssue(field: .body, message: "The text is \(length) characters long; Telegram allows \(maxTextLength)."))
            }
        }
        var seen = Set<TargetKey>()
        for target in template.targets where !seen.insert(target.key).inserted {
            issues.append(ValidationIssue(field: .targets, message: "“\(target.displayName)” is listed twice."))
        }
        return issues
    }

    /// Problems that stop `template` being sent (on top of those for saving).
    public func problemsForSending(_ template: Template) -> [ValidationIssue] {
        template.targets.isEmpty
            ? [ValidationIssue(field: .targets, message: "Choose at least one chat to send to.")]
            : []
    }

    /// Problems with one rendered message (the text after variables and Markdown are applied).
    public func problems(renderedTextLength length: Int, target: Target) -> [ValidationIssue] {
        length > maxTextLength
            ? [ValidationIssue(field: .body, message: "The message for “\(target.displayName)” is \(length) characters long after filling in variables; Telegram allows \(maxTextLength).")]
            : []
    }

    /// Case- and width-insensitive form of a name, for uniqueness.
    public static func fold(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines)
            .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }
}

/// One problem with one field, phrased for the person who typed it.
public struct ValidationIssue: Sendable, Hashable, Codable {
    public enum Field: String, Sendable, Codable, Hashable {
        case name, icon, body, targets, location
    }

    public var field: Field
    public var message: String

    public init(field: Field, message: String) {
        self.field = field
        self.message = message
    }
}

/// A template that cannot be saved or sent as it is.
public struct ValidationError: UserFacingError, Equatable {
    public var issues: [ValidationIssue]

    public init(issues: [ValidationIssue]) { self.issues = issues }

    public var message: String { issues.map(\.message).joined(separator: " ") }
    public var nextStep: String? { nil }
    public var code: String { "invalid_template" }
}

import Foundation
