/// The one rule for a variable's value, on every path that fills one (a tap, the API,
/// `tgt send --var`, a trigger link, an away reply, a timer, a series): at most `maxLength`
/// characters, and no control character but line breaks and tabs, as a template's text
/// (`TelegramText.firstControlCharacter`: TDLib would silently turn them into spaces).
public enum VariableValue {
    /// The longest value a variable may be given.
    public static let maxLength = 4096

    /// Why `value` is refused, or nil.
    public static func problem(_ value: String) -> VariableValueProblem? {
        if let (position, scalar) = TelegramText.firstControlCharacter(in: value) { return .controlCharacter(position: position, scalar: scalar) }
        let length = value.count
        return length > maxLength ? .tooLong(length: length) : nil
    }
}

/// Why a variable's value is refused (`VariableValue.problem`).
public enum VariableValueProblem: Sendable, Equatable {
    case tooLong(length: Int)
    /// A control character other than a line break or a tab, at this 1-based character.
    case controlCharacter(position: Int, scalar: Unicode.Scalar)

    /// The problem in words for the value of `{{name}}`.
    public func message(name: String) -> String {
        switch self {
        case .tooLong(let length):
            "The value for {{\(name)}} is \(length) characters long; a whole message may have at most \(VariableValue.maxLength)."
        case .controlCharacter(let position, let scalar):
            Self.controlCharacterMessage(name: name, position: position, character: TelegramText.describe(scalar))
        }
    }

    /// The sentence for a control character in `{{name}}`'s value, described as `character`
    /// ("U+0000 (NUL)"), for a refusal that keeps the description rather than the scalar.
    public static func controlCharacterMessage(name: String, position: Int, character: String) -> String {
        "The value for {{\(name)}} has a control character, \(character), at character \(position); remove it (only line breaks and tabs are allowed)."
    }
}
