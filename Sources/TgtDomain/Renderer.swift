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

    public init(
        now: Date = Date(), locale: Locale = .current, timeZone: TimeZone = .current,
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
    public func missingVariables(in template: Template, context: RenderContext) throws(TemplateSyntaxError) -> [String] {
        missingVariables(in: try TemplateText(parsing: template.body), mode: template.locationMode, context: context)
    }

    private func missingVariables(in text: TemplateText, mode: LocationMode, context: RenderContext) -> [String] {
        var missing: [String] = []
        for name in text.variableNames where value(of: name, context: context, chatTitle: "") == nil {
            missing.append(name)
        }
        if mode.needsLocation, context.location == nil, !missing.contains("location") {
            missing.append("location")
        }
        return missing
    }

    /// Renders `template` once per target.
    ///
    /// Fails before producing anything when a variable has no value, naming every missing one.
    public func render(_ template: Template, context: RenderContext) throws(RenderError) -> [RenderedMessage] {
        let text: TemplateText
        do { text = try TemplateText(parsing: template.body) } catch { throw .syntax(error) }
        let missing = missingVariables(in: text, mode: template.locationMode, context: context)
        guard missing.isEmpty else { throw .missingVariables(missing) }
        guard !template.targets.isEmpty else { throw .noTargets }
        return template.targets.map { target in
            var out = ""
            for part in text.parts {
                switch part {
                case .literal(let literal): out += literal
                case .variable(let name):
                    out += Self.escapeMarkdown(value(of: name, context: context, chatTitle: target.displayName) ?? "")
                }
            }
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

    /// The value of one variable, or nil when it has none in this context.
    public func value(of name: String, context: RenderContext, chatTitle: String) -> String? {
        if let builtin = BuiltinVariable(rawValue: name) {
            switch builtin {
            case .date: return format(context, date: .medium, time: .none)
            case .time: return format(context, date: .none, time: .short)
            case .datetime: return format(context, date: .medium, time: .short)
            case .location: return context.location?.mapLink
            case .latitude: return context.location.map { Coordinate.format($0.latitude) }
            case .longitude: return context.location.map { Coordinate.format($0.longitude) }
            case .me: return context.me
            case .chat: return chatTitle
            }
        }
        return context.custom[name]
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

    private func format(_ context: RenderContext, date: DateFormatter.Style, time: DateFormatter.Style) -> String {
        let formatter = DateFormatter()
        formatter.locale = context.locale
        formatter.timeZone = context.timeZone
        formatter.dateStyle = date
        formatter.timeStyle = time
        return formatter.string(from: context.now)
    }
}

/// Why a template could not be rendered.
public enum RenderError: UserFacingError, Equatable {
    case syntax(TemplateSyntaxError)
    case missingVariables([String])
    case noTargets

    public var message: String {
        switch self {
        case .syntax(let error): error.message
        case .missingVariables(let names):
            names.count == 1
                ? "Missing a value for {{\(names[0])}}."
                : "Missing values for " + names.map { "{{\($0)}}" }.joined(separator: ", ") + "."
        case .noTargets: "This template has no target chats to send to."
        }
    }

    public var nextStep: String? {
        switch self {
        case .syntax(let error): error.nextStep
        case .missingVariables(let names):
            names.contains("location")
                ? "Pass them with --var NAME=VALUE (and --location LAT,LON for the location)."
                : "Pass them with --var NAME=VALUE."
        case .noTargets: "Add a target with `tgt templates edit NAME --target CHAT_ID`."
        }
    }

    public var code: String {
        switch self {
        case .syntax: "template_syntax"
        case .missingVariables: "missing_variables"
        case .noTargets: "no_targets"
        }
    }
}
