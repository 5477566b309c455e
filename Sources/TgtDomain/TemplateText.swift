/// A template body split into literal text and `{{variable}}` placeholders.
///
/// Placeholder names are letters, digits and underscores, not starting with a digit, and may be
/// padded with spaces inside the braces (`{{ name }}`). A `{{` without a matching `}}`, or with
/// anything else inside, is a syntax error that names its position.
public struct TemplateText: Sendable, Hashable {
    /// One piece of a parsed body.
    public enum Part: Sendable, Hashable {
        case literal(String)
        case variable(String)
    }

    public let parts: [Part]

    public init(parsing text: String) throws(TemplateSyntaxError) {
        var parts: [Part] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("{{") {
                let contentStart = text.index(index, offsetBy: 2)
                guard let close = text.range(of: "}}", range: contentStart..<text.endIndex) else {
                    throw .unclosedPlaceholder(position: text.distance(from: text.startIndex, to: index) + 1)
                }
                let raw = text[contentStart..<close.lowerBound]
                let name = raw.trimmingCharacters(in: .whitespaces)
                guard Self.isValidName(name) else {
                    throw .invalidName(String(raw), position: text.distance(from: text.startIndex, to: index) + 1)
                }
                if !literal.isEmpty {
                    parts.append(.literal(literal))
                    literal = ""
                }
                parts.append(.variable(name))
                index = close.upperBound
            } else {
                literal.append(text[index])
                index = text.index(after: index)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// Distinct variable names in order of first appearance.
    public var variableNames: [String] {
        var seen = Set<String>()
        var names: [String] = []
        for case .variable(let name) in parts where seen.insert(name).inserted {
            names.append(name)
        }
        return names
    }

    /// Whether `name` can be a variable name.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 64 else { return false }
        func isLetter(_ s: Unicode.Scalar) -> Bool {
            (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || s == "_"
        }
        return isLetter(first) && name.unicodeScalars.allSatisfy { isLetter($0) || ($0 >= "0" && $0 <= "9") }
    }
}

/// A template body that cannot be parsed.
public enum TemplateSyntaxError: UserFacingError, Equatable {
    case unclosedPlaceholder(position: Int)
    case invalidName(String, position: Int)

    public var message: String {
        switch self {
        case .unclosedPlaceholder(let position):
            "The text has a `{{` at character \(position) with no closing `}}`."
        case .invalidName(let name, let position):
            "`{{\(name)}}` at character \(position) is not a valid variable name (use letters, digits and _)."
        }
    }

    public var nextStep: String? { "Fix the template text and try again." }
    public var code: String { "template_syntax" }
}

import Foundation
