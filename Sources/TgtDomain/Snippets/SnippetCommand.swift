import Foundation

/// A message read as a snippet: the prefix, a template's name (`;leaving`, `;leaving work`,
/// `;leaving-work`), then `name=value` words for its variables (`eta=10` or `eta="10 min"`).
/// Anything else — a line break, a word without `=` after a value, a bad variable name — makes
/// it an ordinary message, which is left alone.
public struct SnippetCommand: Sendable, Equatable {
    /// The name as typed, without the prefix.
    public var name: String
    /// The values typed for variables, by name.
    public var values: [String: String]

    /// The longest message read as a snippet; a longer one is an ordinary message.
    public static let maxLength = 1024

    public init(name: String, values: [String: String] = [:]) {
        self.name = name
        self.values = values
    }

    /// `text` read as a snippet with `prefix`, or nil when it is not one.
    public init?(parsing text: String, prefix: String) {
        guard !prefix.isEmpty, text.hasPrefix(prefix), text.count <= Self.maxLength,
              !text.unicodeScalars.contains(where: { CharacterSet.newlines.contains($0) || $0.properties.generalCategory == .control })
        else { return nil }
        let rest = text.dropFirst(prefix.count)
        guard let first = rest.unicodeScalars.first, !CharacterSet.whitespaces.contains(first), let words = Self.words(rest) else { return nil }
        var nameWords: [String] = []
        var values: [String: String] = [:]
        for word in words {
            if let equals = word.firstIndex(of: "=") {
                let key = String(word[..<equals])
                guard TemplateText.isValidName(key), !nameWords.isEmpty else { return nil }
                values[key] = Self.unquoted(word[word.index(after: equals)...])
            } else {
                guard values.isEmpty, !word.contains("\"") else { return nil }
                nameWords.append(word)
            }
        }
        guard !nameWords.isEmpty else { return nil }
        name = nameWords.joined(separator: " ")
        self.values = values
    }

    /// The words of `text`, split at spaces outside double quotes; nil when a quote is not closed.
    static func words(_ text: Substring) -> [String]? {
        var words: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if quoted, character == "\\" {
                current.append(character)
                escaped = true
            } else if character == "\"" {
                current.append(character)
                quoted.toggle()
            } else if !quoted, character.isWhitespace {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        guard !quoted else { return nil }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A value without its surrounding double quotes, with `\"` and `\\` read as the character.
    static func unquoted(_ value: Substring) -> String {
        guard value.count >= 2, value.first == "\"", value.last == "\"" else { return String(value) }
        var result = ""
        var escaped = false
        for character in value.dropFirst().dropLast() {
            if escaped { result.append(character); escaped = false } else if character == "\\" { escaped = true } else { result.append(character) }
        }
        return result
    }

    /// What the typed name names among `templates`: compared without case or accents, with the
    /// name's spaces typed as spaces, `-`, `_` or nothing; a name typed as it is spelt wins
    /// over one that only matches loosely ("pickup" names "Pickup", not "Pick up").
    public func match(in templates: [Template]) -> SnippetMatch {
        let typed = Self.folded(name)
        let exact = templates.filter { Self.folded($0.name).split(whereSeparator: \.isWhitespace).joined(separator: " ") == typed }
        let found = exact.isEmpty ? templates.filter { Self.spellings(of: $0.name).contains(typed) } : exact
        switch found.count {
        case 0: return .none
        case 1: return .template(found[0])
        default: return .ambiguous(found.map(\.name))
        }
    }

    /// How to type a template's name after the prefix, as shown in examples: lower case, its
    /// spaces as `-` ("Leaving work" → "leaving-work").
    public static func suggestedSpelling(of name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: "-")
    }

    static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// The ways a template's name may be typed after the prefix.
    static func spellings(of name: String) -> Set<String> {
        let words = folded(name).split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return [] }
        return Set(["", " ", "-", "_"].map { words.joined(separator: $0) })
    }
}

/// What a snippet's name names.
public enum SnippetMatch: Sendable, Equatable {
    /// No template: the message is an ordinary one, left alone.
    case none
    case template(Template)
    /// Several templates have this name: the message is left as typed, and the person told.
    case ambiguous([String])
}
