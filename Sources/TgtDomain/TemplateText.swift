import Foundation

/// A template body split into literal text and `{{variable}}` placeholders.
///
/// Placeholder names are letters, digits and underscores, not starting with a digit, and may be
/// padded with spaces inside the braces (`{{ name }}`). Each placeholder is parsed once into its
/// form (`Placeholder`: default, choices, date offsets and formats). A `{{` without a matching
/// `}}`, or a form that cannot be read, is a syntax error that names the character at fault; a
/// variable used twice must not be given two different defaults or choice lists.
public struct TemplateText: Sendable, Hashable {
    /// One piece of a parsed body.
    public enum Part: Sendable, Hashable {
        case literal(String)
        case variable(Placeholder)
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
            let placeholder = try Placeholder.parse(contentStart..<closeIndex, of: text, open: i)
            if placeholder.defaultValue != nil || placeholder.choices != nil {
                try Self.checkConsistent(placeholder, with: parts) { position(i) }
            }
            if literalStart < i { parts.append(.literal(String(text[literalStart..<i]))) }
            parts.append(.variable(placeholder))
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
        for case .variable(let placeholder) in parts where seen.insert(placeholder.name).inserted {
            names.append(placeholder.name)
        }
        return names
    }

    /// The custom variables a send needs, in order of first appearance, with their defaults
    /// and choices (built-ins are filled in automatically and are not listed).
    public var variables: [TemplateVariable] {
        var seen: [String: Int] = [:]
        var list: [TemplateVariable] = []
        for case .variable(let placeholder) in parts where BuiltinVariable(rawValue: placeholder.name) == nil {
            let variable = TemplateVariable(placeholder)
            if let index = seen[placeholder.name] {
                // A later `{{eta=18:30}}` gives the default to an earlier `{{eta}}`.
                if variable.kind != .text || variable.defaultValue != nil { list[index] = variable }
            } else {
                seen[placeholder.name] = list.count
                list.append(variable)
            }
        }
        return list
    }

    /// A variable may appear many times, but only one of its appearances may give a default or
    /// choices (or they must all give the same).
    private static func checkConsistent(_ placeholder: Placeholder, with parts: [Part], position: () -> Int) throws(TemplateSyntaxError) {
        for case .variable(let earlier) in parts where earlier.name == placeholder.name && (earlier.defaultValue != nil || earlier.choices != nil) {
            if earlier.form != placeholder.form {
                throw .conflictingForms(placeholder.name, position: position())
            }
        }
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
    case builtinWithDefault(String, position: Int)
    case builtinWithChoices(String, position: Int)
    case clockFormOnOther(String, position: Int)
    case emptyChoice(String, position: Int)
    case repeatedChoice(String, String, position: Int)
    case singleChoice(String, position: Int)
    case missingOffsetAmount(sign: String, position: Int)
    case offsetTooLarge(position: Int)
    case missingOffsetUnit(position: Int)
    case unknownOffsetUnit(String, position: Int)
    case emptyFormat(position: Int)
    case unknownWeekday(String, position: Int)
    case unknownFormatField(String, position: Int)
    case unclosedFormatQuote(position: Int)
    case unexpectedCharacter(String, base: String, position: Int)
    case conflictingForms(String, position: Int)

    /// The 1-based character of the body the error points at.
    public var position: Int {
        switch self {
        case .unclosedPlaceholder(let p), .invalidName(_, let p), .builtinWithDefault(_, let p), .builtinWithChoices(_, let p),
             .clockFormOnOther(_, let p), .emptyChoice(_, let p), .repeatedChoice(_, _, let p), .singleChoice(_, let p),
             .missingOffsetAmount(_, let p), .offsetTooLarge(let p), .missingOffsetUnit(let p), .unknownOffsetUnit(_, let p),
             .emptyFormat(let p), .unknownWeekday(_, let p), .unknownFormatField(_, let p), .unclosedFormatQuote(let p),
             .unexpectedCharacter(_, _, let p), .conflictingForms(_, let p):
            p
        }
    }

    public var message: String {
        switch self {
        case .unclosedPlaceholder(let position):
            "The text has a `{{` at character \(position) with no closing `}}`."
        case .invalidName(let name, let position):
            "`{{\(name)}}` at character \(position) is not a valid variable name (use letters, digits and _)."
        case .builtinWithDefault(let name, let position):
            "{{\(name)}} is filled in automatically, so it cannot have a default (the “=” at character \(position))."
        case .builtinWithChoices(let name, let position):
            "{{\(name)}} is filled in automatically, so it cannot have choices (the “|” at character \(position))."
        case .clockFormOnOther(let name, let position):
            "Only {{date}}, {{time}} and {{datetime}} take offsets and formats; {{\(name)…}} has one at character \(position)."
        case .emptyChoice(let name, let position):
            "{{\(name)|…}} has an empty choice at character \(position)."
        case .repeatedChoice(let name, let choice, let position):
            "{{\(name)|…}} lists “\(choice)” twice (again at character \(position))."
        case .singleChoice(let name, let position):
            "{{\(name)|…}} needs at least two choices (it ends at character \(position))."
        case .missingOffsetAmount(let sign, let position):
            "Expected a number after “\(sign)” at character \(position), as in {{date+1d}}."
        case .offsetTooLarge(let position):
            "The offset at character \(position) is too large (at most \(ClockExpression.maxAmount))."
        case .missingOffsetUnit(let position):
            "Expected a unit at character \(position): m (minutes), h (hours), d (days), w (weeks), M (months) or y (years)."
        case .unknownOffsetUnit(let unit, let position):
            "“\(unit)” at character \(position) is not a unit; use m (minutes), h (hours), d (days), w (weeks), M (months) or y (years)."
        case .emptyFormat(let position):
            "The format at character \(position) is empty; write one, as in {{time:HH:mm}}."
        case .unknownWeekday(let word, let position):
            "“\(word)” at character \(position) is not a weekday; write one such as “next monday” or “next fri”."
        case .unknownFormatField(let letter, let position):
            "“\(letter)” at character \(position) is not a date field; put literal text in single quotes, as in {{date:EEEE 'at' HH:mm}}."
        case .unclosedFormatQuote(let position):
            "The quote at character \(position) is never closed; literal text in a format goes between two single quotes."
        case .unexpectedCharacter(let character, let base, let position):
            "Unexpected “\(character)” at character \(position) in {{\(base)…}}; formats follow a colon, as in {{\(base):HH:mm}}."
        case .conflictingForms(let name, let position):
            "{{\(name)}} at character \(position) gives a different default or choices than its first appearance; give them once."
        }
    }

    public var nextStep: String? { "Fix the template text and try again." }
    public var code: String { "template_syntax" }
}
