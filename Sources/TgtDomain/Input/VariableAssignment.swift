/// One `NAME=VALUE` given for a custom variable (`tgt send --var`), parsed by scalars.
public struct VariableAssignment: Sendable, Hashable {
    public var name: String
    public var value: String

    /// Parses `NAME=VALUE`: the name is trimmed of spaces and must be a valid custom variable
    /// name (not a built-in); the value is everything after the first `=`, kept as typed.
    public init(parsing text: String) throws(VariableAssignmentError) {
        guard let (rawName, value) = text.splitOnce(at: "=") else { throw .notAssignment(text) }
        let name = rawName.trimmingCharacters(in: .whitespaces)
        guard TemplateText.isValidName(name) else { throw .badName(name) }
        guard BuiltinVariable(rawValue: name) == nil else { throw .builtin(name) }
        self.name = name
        self.value = value
    }

    /// Parses several assignments; a name given twice is an error (the second would silently win).
    public static func parseAll(_ texts: [String]) throws(VariableAssignmentError) -> [String: String] {
        var values: [String: String] = [:]
        for text in texts {
            let assignment = try VariableAssignment(parsing: text)
            guard values[assignment.name] == nil else { throw .repeated(assignment.name) }
            values[assignment.name] = assignment.value
        }
        return values
    }
}

/// A `NAME=VALUE` that cannot be used.
public enum VariableAssignmentError: UserFacingError, Equatable {
    case notAssignment(String)
    case badName(String)
    case builtin(String)
    case repeated(String)

    public var message: String {
        switch self {
        case .notAssignment(let text): "“\(text)” is not NAME=VALUE."
        case .badName(let name): "“\(name)” is not a variable name (letters, digits, _)."
        case .builtin(let name): "{{\(name)}} is filled in automatically; it cannot be set with --var."
        case .repeated(let name): "--var \(name) is given twice; give each variable once."
        }
    }

    public var nextStep: String? {
        switch self {
        case .notAssignment: "Write --var minutes=10."
        case .badName, .builtin: nil
        case .repeated: "Keep the value you mean and drop the other."
        }
    }

    public var code: String { "bad_input" }
}
