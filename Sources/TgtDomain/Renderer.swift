import Foundation

/// Everything a render needs besides the template: time, place, identity and custom values.
public struct RenderContext: Sendable {
    public var now: Date
    public var locale: Locale
    public var timeZone: TimeZone
    public var location: Coordinate?
    /// The sender's display name, for `{{me}}`.
    public var me: String?
    /// Values for custom variables, by name.
    public var custom: [String: String]
    /// The timer whose completion posts the message, for `{{timer}}`, `{{duration}}`,
    /// `{{todos}}` and `{{todos_done}}`.
    public var timer: CountdownTimer?

    public init(
        now: Date, locale: Locale = .current, timeZone: TimeZone = .current,
        location: Coordinate? = nil, me: String? = nil, custom: [String: String] = [:]
    ) {
        self.now = now
        self.locale = locale
        self.timeZone = timeZone
        self.location = location
        self.me = me
        self.custom = custom
    }
}

extension RenderContext {
    /// What `{{me}}` shows in a preview before any session has seen the account's name.
    public static let previewSenderName = "You"
}

/// The text one target receives.
public struct RenderedMessage: Sendable, Hashable {
    public var target: Target
    /// Markdown text, variables filled in (map link appended when the template asks for it).
    public var text: String
    /// The location message to send after the text, for `LocationMode.native`.
    public var nativeLocation: Coordinate?
}

/// Fills in a template's variables, per target, or explains exactly what is missing.
public struct Renderer: Sendable {
    public init() {}

    /// The names a send of `template` is missing, given `context` (sorted by first appearance).
    /// Variables with a default are never missing.
    public func missingVariables(in template: Template, context: RenderContext) throws(TemplateSyntaxError) -> [String] {
        var texts = [try TemplateText(parsing: template.body)]
        if template.kind.usesSubject { texts.insert(try TemplateText(parsing: template.subject), at: 0) }
        return missingVariables(in: texts, mode: template.locationMode, context: context)
    }

    private func missingVariables(in texts: [TemplateText], mode: LocationMode, context: RenderContext) -> [String] {
        var missing: [String] = []
        var defaulted = Set<String>()
        for text in texts {
            for case .variable(let placeholder) in text.parts where placeholder.defaultValue != nil { defaulted.insert(placeholder.name) }
        }
        for text in texts {
            for case .variable(let placeholder) in text.parts where !hasValue(placeholder, context: context) {
                if !defaulted.contains(placeholder.name), !missing.contains(placeholder.name) { missing.append(placeholder.name) }
            }
        }
        if mode.needsLocation, context.location == nil, !missing.contains("location") {
            missing.append("location")
        }
        return missing
    }

    /// Renders a Telegram `template` once per target.
    ///
    /// Fails before producing anything when a variable has no value, naming every missing one,
    /// or when a value is not one of its variable's choices.
    public func render(_ template: Template, context: RenderContext) throws(RenderError) -> [RenderedMessage] {
        let text = try parse(template.body)
        try check([text], mode: template.locationMode, context: context)
        guard !template.targets.isEmpty else { throw .noTargets }
        let defaults = Self.defaults([text])
        return template.targets.map { target in
            var out = fill(text, defaults: defaults, context: context, chatTitle: target.displayName, escaping: true)
            var native: Coordinate?
            switch template.locationMode {
            case .none: break
            case .mapLink:
                if let location = context.location { out += "\n" + location.mapLink }
            case .native: native = context.location
            }
            return RenderedMessage(target: target, text: out, nativeLocation: native)
        }
    }

    /// Renders an email, text message or X template into the draft its app opens: variables
    /// filled in, Markdown turned into plain text, a map link added when the template asks for
    /// the location.
    public func renderDraft(_ template: Template, context: RenderContext) throws(RenderError) -> Draft {
        let body = try parse(template.body)
        let subject = template.kind.usesSubject ? try parse(template.subject) : nil
        try check([subject, body].compactMap { $0 }, mode: template.locationMode, context: context)
        let defaults = Self.defaults([subject, body].compactMap { $0 })
        var text = PlainText.fromMarkdown(fill(body, defaults: defaults, context: context, chatTitle: "", escaping: true))
        if template.locationMode != .none, let location = context.location { text += "\n" + location.mapLink }
        let subjectText = subject.map { fill($0, defaults: defaults, context: context, chatTitle: "", escaping: false) }
        return Draft(kind: template.kind, to: template.to, cc: template.cc, subject: subjectText, body: text)
    }

    private func parse(_ body: String) throws(RenderError) -> TemplateText {
        do { return try TemplateText(parsing: body) } catch { throw .syntax(error) }
    }

    /// Whether a placeholder gets a value here without rendering it (dates always have one).
    private func hasValue(_ placeholder: Placeholder, context: RenderContext) -> Bool {
        if case .clock = placeholder.form { return true }
        switch BuiltinVariable(rawValue: placeholder.name) {
        case .date?, .time?, .datetime?, .chat?: return true
        case .location?, .latitude?, .longitude?: return context.location != nil
        case .me?: return context.me != nil
        case nil:
            if context.timer != nil, TimerVariable(rawValue: placeholder.name) != nil { return true }
            return context.custom[placeholder.name] != nil || placeholder.defaultValue != nil
        }
    }

    private func check(_ texts: [TemplateText], mode: LocationMode, context: RenderContext) throws(RenderError) {
        let missing = missingVariables(in: texts, mode: mode, context: context)
        guard missing.isEmpty else { throw .missingVariables(missing) }
        for text in texts {
            for case .variable(let placeholder) in text.parts {
                guard let choices = placeholder.choices, let given = context.custom[placeholder.name], !choices.contains(given) else { continue }
                throw .notAChoice(name: placeholder.name, value: given, choices: choices)
            }
        }
    }

    private static func defaults(_ texts: [TemplateText]) -> [String: String] {
        var defaults: [String: String] = [:]
        for text in texts {
            for case .variable(let placeholder) in text.parts {
                if let value = placeholder.defaultValue { defaults[placeholder.name] = value }
            }
        }
        return defaults
    }

    private func fill(_ text: TemplateText, defaults: [String: String], context: RenderContext, chatTitle: String, escaping: Bool) -> String {
        var out = ""
        for part in text.parts {
            switch part {
            case .literal(let literal): out += literal
            case .variable(let placeholder):
                let value = self.value(of: placeholder, context: context, chatTitle: chatTitle) ?? defaults[placeholder.name] ?? ""
                out += escaping ? Self.escapeMarkdown(value) : value
            }
        }
        return out
    }

    /// The value of one built-in or custom variable by name, or nil when it has none here.
    public func value(of name: String, context: RenderContext, chatTitle: String) -> String? {
        value(of: Placeholder(name: name), context: context, chatTitle: chatTitle)
    }

    /// The value of one placeholder, or nil when it has none in this context (a default is
    /// used only when no value is given).
    public func value(of placeholder: Placeholder, context: RenderContext, chatTitle: String) -> String? {
        if case .clock(let expression) = placeholder.form {
            return expression.render(now: context.now, locale: context.locale, timeZone: context.timeZone)
        }
        if let builtin = BuiltinVariable(rawValue: placeholder.name) {
            switch builtin {
            case .date, .time, .datetime:
                let base = ClockExpression.Base(rawValue: builtin.rawValue) ?? .date
                return ClockExpression(base: base).render(now: context.now, locale: context.locale, timeZone: context.timeZone)
            case .location: return context.location?.mapLink
            case .latitude: return context.location.map { Coordinate.format($0.latitude) }
            case .longitude: return context.location.map { Coordinate.format($0.longitude) }
            case .me: return context.me
            case .chat: return chatTitle
            }
        }
        if let timer = context.timer, let variable = TimerVariable(rawValue: placeholder.name) { return variable.value(for: timer) }
        return context.custom[placeholder.name] ?? placeholder.defaultValue
    }

    /// Escapes Telegram Markdown (v1) markup characters so a value is sent literally: a chat
    /// called "my_group" must not start italics.
    public static func escapeMarkdown(_ value: String) -> String {
        // By scalars: "_" followed by a combining mark is one Character, but TDLib still sees "_".
        var out = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if scalar == "_" || scalar == "*" || scalar == "[" || scalar == "`" { out.append("\\") }
            out.append(scalar)
        }
        return String(out)
    }
}

/// Why a template could not be rendered.
public enum RenderError: UserFacingError, Equatable {
    case syntax(TemplateSyntaxError)
    case missingVariables([String])
    case notAChoice(name: String, value: String, choices: [String])
    case noTargets

    public var message: String {
        switch self {
        case .syntax(let error): error.message
        case .missingVariables(let names):
            names.count == 1
                ? "Missing a value for {{\(names[0])}}."
                : "Missing values for " + names.map { "{{\($0)}}" }.joined(separator: ", ") + "."
        case .notAChoice(let name, let value, let choices):
            "“\(value)” is not a choice for {{\(name)}}; choose one of " + choices.map { "“\($0)”" }.joined(separator: ", ") + "."
        case .noTargets: "This template has no target chats to send to."
        }
    }

    public var nextStep: String? {
        switch self {
        case .syntax(let error): error.nextStep
        case .missingVariables: "Fill in the missing values."
        case .notAChoice(let name, _, _): "Choose one of those values for {{\(name)}}."
        case .noTargets: "Add a target chat to the template."
        }
    }

    public var code: String {
        switch self {
        case .syntax: "template_syntax"
        case .missingVariables: "missing_variables"
        case .notAChoice: "not_a_choice"
        case .noTargets: "no_targets"
        }
    }
}
