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
        // Scans UTF-8 bytes: the delimiters are ASCII, so byte positions are valid String
        // indices and no multi-byte character can be split. Character positions are only
        // computed for error messages.
        let utf8 = text.utf8
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        var parts: [Part] = []
        var literalStart = utf8.startIndex
        var i = utf8.startIndex
        func position(_ index: String.Index) -> Int { text.distance(from: text.startIndex, to: index) + 1 }
        while i < utf8.endIndex {
            let next = utf8.index(after: i)
            guard utf8[i] == open, next < utf8.endIndex, utf8[next] == open else {
                i = next
                continue
            }
            let contentStart = utf8.index(after: next)
            var j = contentStart
            var found: String.Index?
            while j < utf8.endIndex {
                let after = utf8.index(after: j)
                if utf8[j] == close, after < utf8.endIndex, utf8[after] == close {
                    found = j
                    break
                }
                j = after
            }
            guard let closeIndex = found else { throw .unclosedPlaceholder(position: position(i)) }
            let raw = text[contentStart..<closeIndex]
            let name = raw.trimmingCharacters(in: .whitespaces)
            guard Self.isValidName(name) else { throw .invalidName(String(raw), position: position(i)) }
            if literalStart < i { parts.append(.literal(String(text[literalStart..<i]))) }
            parts.append(.variable(name))
            i = utf8.index(closeIndex, offsetBy: 2)
            literalStart = i
        }
        if literalStart < utf8.endIndex { parts.append(.literal(String(text[literalStart...]))) }
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
