import TgtDomain

/// Why an order to send was refused before anything was sent: one set of rules and words for
/// every face.
public enum SendOrderError: Error, Equatable, UserFacingError {
    /// A retry named a target the template does not have.
    case unknownTarget(String)
    /// A retry named no target at all.
    case noTargets
    case badVariableName(String)
    /// A built-in such as `{{date}}` was given a value.
    case builtinVariable(String)
    case valueTooLong(String, length: Int)
    /// A value with a control character other than a line break or a tab (at this 1-based
    /// character, described as "U+0000 (NUL)").
    case controlCharacter(String, position: Int, character: String)
    /// Values for variables the template does not use: a typo until proven otherwise.
    case unusedVariables(template: String, names: [String], custom: [String])

    /// The longest value a variable may be given (`VariableValue.maxLength`).
    public static let maxValueLength = VariableValue.maxLength

    /// The refusal of `{{name}}`'s value for `problem` (`VariableValue`'s rule).
    public init(name: String, _ problem: VariableValueProblem) {
        switch problem {
        case .tooLong(let length): self = .valueTooLong(name, length: length)
        case .controlCharacter(let position, let scalar): self = .controlCharacter(name, position: position, character: TelegramText.describe(scalar))
        }
    }

    public var message: String {
        switch self {
        case .unknownTarget(let key): "“\(key)” is not one of this template's targets."
        case .noTargets: "A retry must name at least one target."
        case .badVariableName(let name): "“\(name)” is not a variable name."
        case .builtinVariable(let name): "{{\(name)}} is filled in automatically; it cannot be given."
        case .valueTooLong(let name, let length): VariableValueProblem.tooLong(length: length).message(name: name)
        case .controlCharacter(let name, let position, let character):
            VariableValueProblem.controlCharacterMessage(name: name, position: position, character: character)
        case .unusedVariables(let template, let names, _):
            "“\(template)” does not use \(names.map { "{{\($0)}}" }.joined(separator: ", "))."
        }
    }

    public var nextStep: String? {
        switch self {
        case .unusedVariables(_, _, let custom):
            custom.isEmpty ? "This template takes no values." : "Its variables: \(custom.map { "{{\($0)}}" }.joined(separator: ", "))."
        case .unknownTarget, .noTargets: "Name targets the template sends to."
        case .badVariableName, .builtinVariable, .valueTooLong, .controlCharacter: nil
        }
    }

    public var code: String {
        switch self {
        case .unknownTarget, .noTargets, .badVariableName, .builtinVariable, .valueTooLong, .controlCharacter: "invalid_input"
        case .unusedVariables: "unused_variables"
        }
    }
}
