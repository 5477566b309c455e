/// Checks a template before it is saved or sent, with a message per problem.
public struct TemplateValidator: Sendable {
    /// Telegram's message length limit when TDLib has not told us `message_text_length_max`.
    public static let defaultMaxTextLength = 4096
    public static let maxNameLength = 64

    public var maxTextLength: Int
    /// TDLib's Markdown parser, when the front end has it: broken markup is then refused at
    /// save time with the same message a send would give.
    public var markup: (any MarkupChecking)?
    /// Whether control characters in a body are refused. Imports turn it off: archives made
    /// before the rule existed must still restore (a send still refuses such a body).
    public var refusesControlCharacters = true

    public init(maxTextLength: Int = TemplateValidator.defaultMaxTextLength, markup: (any MarkupChecking)? = nil) {
        self.maxTextLength = maxTextLength
        self.markup = markup
    }

    /// The same validator, checking Markdown with `markup`.
    public func checkingMarkup(with markup: any MarkupChecking) -> TemplateValidator {
        var copy = self
        copy.markup = markup
        return copy
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
        issues += problems(inBody: template.body, kind: template.kind)
        var seen = Set<TargetKey>()
        for target in template.targets where !seen.insert(target.key).inserted {
            issues.append(ValidationIssue(field: .targets, message: "“\(target.displayName)” is listed twice."))
        }
        issues += KindRules.problems(template)
        issues += PlaceRule.problems(template)
        return issues
    }

    /// Problems with a template's text: empty as Telegram sees it, control characters, broken
    /// `{{placeholders}}`, too long, and (with `markup`) broken Markdown. Save, dry run and
    /// send all apply these, so what saves is what sends.
    public func problems(inBody body: String, kind: TemplateKind = .telegram) -> [ValidationIssue] {
        if TelegramText.isEffectivelyEmpty(body) {
            return [ValidationIssue(field: .body, message: "The message text is empty.")]
        }
        if refusesControlCharacters, let (position, scalar) = TelegramText.firstControlCharacter(in: body) {
            return [ValidationIssue(field: .body, message: "The text has a control character, \(TelegramText.describe(scalar)), at character \(position); remove it (only line breaks and tabs are allowed).")]
        }
        var issues: [ValidationIssue] = []
        // Drafts go out as plain text: measure what the app will get, not the Markdown.
        let measured = MessageLength.measure(kind.formatsMarkdown ? body : PlainText.fromMarkdown(body), kind: kind, telegramLimit: maxTextLength)
        if let problem = measured.problem { issues.append(ValidationIssue(field: .body, message: problem)) }
        let length = body.unicodeScalars.count
        let parsed: TemplateText
        do {
            parsed = try TemplateText(parsing: body)
        } catch {
            issues.append(ValidationIssue(field: .body, message: error.message))
            return issues
        }
        if !kind.formatsMarkdown, parsed.variableNames.contains(BuiltinVariable.chat.rawValue) {
            issues.append(ValidationIssue(field: .body, message: "{{chat}} is the Telegram chat's title; \(kind.label) templates have no chat."))
        }
        guard kind.formatsMarkdown, let markup, length <= maxTextLength else { return issues }
        let neutral = MarkupProblem.neutralized(body, placeholders: parsed)
        switch markup.parseMarkup(neutral) {
        case .broken(let message):
            issues.append(ValidationIssue(field: .body, message: "The formatting is broken at \(MarkupProblem.explain(message, in: body))."))
        case .text(let plain):
            if TelegramText.isEffectivelyEmpty(plain) {
                issues.append(ValidationIssue(field: .body, message: "The message text is empty once its formatting is applied."))
            }
        case .unavailable:
            break
        }
        return issues
    }

    /// Problems that stop `template` being sent (on top of those for saving).
    public func problemsForSending(_ template: Template) -> [ValidationIssue] {
        template.kind.usesTargets && template.targets.isEmpty
            ? [ValidationIssue(field: .targets, message: "Choose at least one chat to send to.")]
            : []
    }

    /// Problems with a rendered draft (the subject and text after variables are filled in).
    public func problems(draft: Draft) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if let problem = MessageLength.measure(draft.body, kind: draft.kind, telegramLimit: maxTextLength).problem {
            issues.append(ValidationIssue(field: .body, message: problem + " (after filling in variables)"))
        }
        if let subject = draft.subject, let problem = KindRules.subjectProblem(subject, rendered: true) {
            issues.append(ValidationIssue(field: .subject, message: problem))
        }
        return issues
    }

    /// Values for custom variables that can never fit in a message, or that have a control
    /// character (`VariableValue`'s rule: the last gate of every send and draft).
    public func problems(variableValues values: [String: String]) -> [ValidationIssue] {
        values.sorted { $0.key < $1.key }.compactMap { name, value in
            if let problem = VariableValue.problem(value), case .controlCharacter = problem {
                return ValidationIssue(field: .body, message: problem.message(name: name))
            }
            let length = value.unicodeScalars.count
            guard length > maxTextLength else { return nil }
            return ValidationIssue(field: .body, message: "The value for {{\(name)}} is \(length) characters long; a whole message may have at most \(maxTextLength).",
                                   lengthLimit: maxTextLength)
        }
    }

    /// Problems with one rendered message (the text after variables and Markdown are applied).
    public func problems(renderedTextLength length: Int, target: Target) -> [ValidationIssue] {
        length > maxTextLength
            ? [ValidationIssue(field: .body, message: "The message for “\(target.displayName)” is \(length) characters long after filling in variables; Telegram allows \(maxTextLength).",
                               lengthLimit: maxTextLength)]
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
        case name, icon, kind, body, targets, to, cc, subject, location, place
    }

    public var field: Field
    public var message: String
    /// Set when the problem is a message (or a value) longer than Telegram allows: that limit.
    /// A face that must not repeat the message (it may name a chat) words it from this.
    public var lengthLimit: Int?

    public init(field: Field, message: String, lengthLimit: Int? = nil) {
        self.field = field
        self.message = message
        self.lengthLimit = lengthLimit
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
