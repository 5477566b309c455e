import Foundation

/// The save-time rules that depend on a template's kind: which fields it may use, valid
/// recipients, the email subject.
enum KindRules {
    static func problems(_ template: Template) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        let kind = template.kind
        if !kind.usesTargets, !template.targets.isEmpty {
            issues.append(ValidationIssue(field: .targets, message: "\(kind.label) templates are handed to another app and have no Telegram chats; remove the targets or make it a Telegram template."))
        }
        if !kind.usesRecipients, !template.to.isEmpty {
            issues.append(ValidationIssue(field: .to, message: kind == .telegram
                ? "Telegram templates send to chats, not to addresses; remove the recipients or choose the Email or Text message kind."
                : "\(kind.label) templates have no recipients; remove them."))
        }
        if !kind.usesSubject, !template.cc.isEmpty {
            issues.append(ValidationIssue(field: .cc, message: "Only email templates have Cc recipients."))
        }
        if !kind.usesSubject, !template.subject.isEmpty {
            issues.append(ValidationIssue(field: .subject, message: "Only email templates have a subject."))
        }
        if kind != .telegram, template.locationMode == .native {
            issues.append(ValidationIssue(field: .location, message: "A location pin can only be sent on Telegram; use a map link for \(kind.label) templates."))
        }
        if kind.usesRecipients { issues += recipientProblems(template) }
        if kind.usesSubject, let problem = subjectProblem(template.subject, rendered: false) {
            issues.append(ValidationIssue(field: .subject, message: problem))
        } else if kind.usesSubject, let problem = subjectAgainstBody(template) {
            issues.append(ValidationIssue(field: .subject, message: problem))
        }
        return issues
    }

    /// The subject and the text are one message: a variable gets one default or one list of
    /// choices across both (the parser's own rule, applied to the two together), and `{{chat}}`
    /// (Telegram's) is not in either.
    static func subjectAgainstBody(_ template: Template) -> String? {
        if (try? TemplateText(parsing: template.subject))?.variableNames.contains(BuiltinVariable.chat.rawValue) == true {
            return "{{chat}} is the Telegram chat's title; email templates have no chat."
        }
        // A conflict inside the text alone is the text's problem, reported there.
        guard (try? TemplateText(parsing: template.body)) != nil else { return nil }
        do { _ = try TemplateText(parsing: template.subject + "\n" + template.body) } catch {
            if case .conflictingForms(let name, _) = error {
                return "{{\(name)}} has a different default or choices in the subject and in the text; give them once."
            }
        }
        return nil
    }

    static func recipientProblems(_ template: Template) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if template.to.count + template.cc.count > TemplateKind.maxRecipients {
            issues.append(ValidationIssue(field: .to, message: "A draft can have at most \(TemplateKind.maxRecipients) recipients."))
        }
        let lists = template.kind.usesSubject ? [(ValidationIssue.Field.to, template.to), (.cc, template.cc)] : [(.to, template.to)]
        for (field, list) in lists {
            var seen = Set<String>()
            for recipient in list {
                switch template.kind {
                case .email:
                    if !Recipient.isValidEmail(recipient) {
                        issues.append(ValidationIssue(field: field, message: "“\(recipient)” is not an email address (name@example.com)."))
                    } else if !seen.insert(recipient.lowercased()).inserted {
                        issues.append(ValidationIssue(field: field, message: "“\(recipient)” is listed twice."))
                    }
                default:
                    if let number = Recipient.normalizedPhone(recipient) {
                        if !seen.insert(number).inserted {
                            issues.append(ValidationIssue(field: field, message: "“\(recipient)” is listed twice."))
                        }
                    } else {
                        issues.append(ValidationIssue(field: field, message: "“\(recipient)” is not a phone number (digits, with an optional + and spaces or dashes, e.g. +39 333 123 4567)."))
                    }
                }
            }
        }
        return issues
    }

    static func subjectProblem(_ subject: String, rendered: Bool) -> String? {
        if subject.count > TemplateKind.maxSubjectLength {
            return "The subject is \(subject.count) characters long\(rendered ? " after filling in variables" : ""); the most is \(TemplateKind.maxSubjectLength)."
        }
        if subject.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "The subject must be one line, without line breaks or control characters."
        }
        if !rendered {
            do { _ = try TemplateText(parsing: subject) } catch { return "In the subject: " + error.message }
        }
        return nil
    }
}
