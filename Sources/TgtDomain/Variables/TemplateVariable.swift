/// A custom variable a send of a template needs: its name, and how it is asked for.
///
/// Front ends use it to build the send dialog (a text field with the default filled in, or a
/// picker) and the API lists it in template objects so scripts know what to pass.
public struct TemplateVariable: Sendable, Hashable, Codable {
    /// How the value is asked for.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Free text; `defaultValue` (possibly empty) is used when none is given.
        case text
        /// One of `choices`; there is no default, a dialog preselects the first.
        case choice
    }

    public var name: String
    public var kind: Kind
    public var defaultValue: String?
    public var choices: [String]

    private enum CodingKeys: String, CodingKey {
        case name, kind, choices
        case defaultValue = "default"
    }

    public init(name: String, kind: Kind = .text, defaultValue: String? = nil, choices: [String] = []) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.choices = choices
    }

    init(_ placeholder: Placeholder) {
        switch placeholder.form {
        case .choice(let choices): self.init(name: placeholder.name, kind: .choice, choices: choices)
        case .defaulted(let value): self.init(name: placeholder.name, defaultValue: value)
        case .plain, .clock: self.init(name: placeholder.name)
        }
    }

    /// Whether a send must be given a value (there is no default).
    public var isRequired: Bool { defaultValue == nil }

    /// Checks a value given for this variable (a choice must be one of the list).
    public func check(_ value: String) -> RenderError? {
        guard kind == .choice, !choices.contains(value) else { return nil }
        return .notAChoice(name: name, value: value, choices: choices)
    }
}
