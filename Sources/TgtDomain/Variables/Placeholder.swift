/// One `{{…}}` in a template body, parsed: which variable it names and in what form.
///
/// Forms (all documented in the variables guide):
/// - `{{name}}`: a built-in or a custom value;
/// - `{{eta=18:30}}`: a custom value with a default, asked at send with the default filled in;
/// - `{{mood|fine|tired|late}}`: a custom value chosen from a list;
/// - `{{date+1d}}`, `{{time:HH:mm}}`, `{{date:next monday}}`, `{{datetime-2h:EEE HH:mm}}`: the
///   date or time moved by offsets, on a weekday, in a Unicode date pattern (see `ClockExpression`).
public struct Placeholder: Sendable, Hashable {
    /// How the placeholder gets its value.
    public enum Form: Sendable, Hashable {
        case plain
        case defaulted(String)
        case choice([String])
        case clock(ClockExpression)
    }

    public var name: String
    public var form: Form

    public init(name: String, form: Form = .plain) {
        self.name = name
        self.form = form
    }

    /// The default value of a `{{name=value}}`, if that is the form.
    public var defaultValue: String? {
        if case .defaulted(let value) = form { return value }
        return nil
    }

    /// The choices of a `{{name|a|b}}`, if that is the form.
    public var choices: [String]? {
        if case .choice(let choices) = form { return choices }
        return nil
    }

    /// Parses the text between `{{` and `}}`. `position` is the 1-based character position of
    /// the first character of `raw` in the body, for errors that point at a character.
    static func parse(_ raw: Substring, position: Int) throws(TemplateSyntaxError) -> Placeholder {
        var reader = PlaceholderReader(raw, position: position)
        reader.skipSpaces()
        let name = reader.readName()
        let afterName = reader.peek
        guard TemplateText.isValidName(name) else {
            // Keep today's message for anything that is not one of the forms.
            throw .invalidName(String(raw), position: position - 2)
        }
        reader.skipSpaces()
        guard let marker = reader.peek else { return Placeholder(name: name) }
        let builtin = BuiltinVariable(rawValue: name)
        switch marker {
        case "=":
            guard builtin == nil else { throw .builtinWithDefault(name, position: reader.position) }
            reader.advance()
            return Placeholder(name: name, form: .defaulted(reader.rest.trimmingCharacters(in: .whitespaces)))
        case "|":
            guard builtin == nil else { throw .builtinWithChoices(name, position: reader.position) }
            return Placeholder(name: name, form: .choice(try reader.readChoices(name: name)))
        case "+", "-", ":":
            guard afterName == marker else { throw .invalidName(String(raw), position: position - 2) }
            guard let base = ClockExpression.Base(rawValue: name) else { throw .clockFormOnOther(name, position: reader.position) }
            return Placeholder(name: name, form: .clock(try ClockExpression.parse(base: base, reader: &reader)))
        default:
            throw .invalidName(String(raw), position: position - 2)
        }
    }
}

/// Walks the inside of one placeholder by characters, knowing each one's position in the body.
struct PlaceholderReader {
    private let text: Substring
    private(set) var index: Substring.Index
    /// 1-based character position of `index` in the whole body.
    private(set) var position: Int

    init(_ text: Substring, position: Int) {
        self.text = text
        self.index = text.startIndex
        self.position = position
    }

    var peek: Character? { index < text.endIndex ? text[index] : nil }
    var isAtEnd: Bool { index >= text.endIndex }
    var rest: Substring { text[index...] }

    mutating func advance() {
        guard index < text.endIndex else { return }
        index = text.index(after: index)
        position += 1
    }

    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { advance() }
    }

    /// Letters, digits and underscores (ASCII) from here.
    mutating func readName() -> String {
        var name = ""
        while let c = peek, c.isASCII, c.isLetter || c.isNumber || c == "_" {
            name.append(c)
            advance()
        }
        return name
    }

    /// `|a|b|c` up to the end: every choice non-empty (after trimming) and different.
    mutating func readChoices(name: String) throws(TemplateSyntaxError) -> [String] {
        var choices: [String] = []
        while peek == "|" {
            advance()
            let start = position
            var choice = ""
            while let c = peek, c != "|" {
                choice.append(c)
                advance()
            }
            let trimmed = choice.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { throw .emptyChoice(name, position: start) }
            guard !choices.contains(trimmed) else { throw .repeatedChoice(name, trimmed, position: start) }
            choices.append(trimmed)
        }
        guard choices.count >= 2 else { throw .singleChoice(name, position: position) }
        return choices
    }
}
