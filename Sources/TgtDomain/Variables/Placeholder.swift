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

    /// Parses the text between `{{` and `}}` (`content` of `body`, whose `{{` is at `open`).
    /// Works on UTF-8 bytes; character positions are only counted for an error message.
    static func parse(_ content: Range<String.Index>, of body: String, open: String.Index) throws(TemplateSyntaxError) -> Placeholder {
        var reader = PlaceholderReader(body, content)
        func invalid() -> TemplateSyntaxError {
            .invalidName(String(body[content]), position: reader.position(of: open))
        }
        reader.skipSpaces()
        let name = reader.readName()
        guard TemplateText.isValidName(name) else { throw invalid() }
        let afterName = reader.peek
        reader.skipSpaces()
        guard let marker = reader.peek else { return Placeholder(name: name) }
        let builtin = BuiltinVariable(rawValue: name)
        switch marker {
        case UInt8(ascii: "="):
            guard builtin == nil else { throw .builtinWithDefault(name, position: reader.position) }
            reader.advance()
            return Placeholder(name: name, form: .defaulted(reader.restTrimmed))
        case UInt8(ascii: "|"):
            guard builtin == nil else { throw .builtinWithChoices(name, position: reader.position) }
            return Placeholder(name: name, form: .choice(try reader.readChoices(name: name)))
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: ":"):
            guard afterName == marker else { throw invalid() }
            guard let base = ClockExpression.Base(rawValue: name) else { throw .clockFormOnOther(name, position: reader.position) }
            return Placeholder(name: name, form: .clock(try ClockExpression.parse(base: base, reader: &reader)))
        default:
            throw invalid()
        }
    }
}

/// Walks the inside of one placeholder byte by byte (everything it looks for is ASCII, so each
/// stop is a valid `String.Index`), counting character positions in the body only on demand.
struct PlaceholderReader {
    let body: String
    private(set) var index: String.Index
    let end: String.Index

    init(_ body: String, _ content: Range<String.Index>) {
        self.body = body
        index = content.lowerBound
        end = content.upperBound
    }

    var peek: UInt8? { index < end ? body.utf8[index] : nil }
    var isAtEnd: Bool { index >= end }

    /// The whole character at the reader, for messages.
    var character: String { body[index..<end].first.map(String.init) ?? "" }

    /// 1-based character position of `index` in the body.
    func position(of index: String.Index) -> Int { body.distance(from: body.startIndex, to: index) + 1 }
    var position: Int { position(of: index) }

    mutating func advance() {
        guard index < end else { return }
        index = body.utf8.index(after: index)
    }

    mutating func advance(by count: Int) {
        for _ in 0..<count { advance() }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    mutating func skipSpaces() {
        while let c = peek, Self.isSpace(c) { advance() }
    }

    /// ASCII letters, digits and underscores from here.
    mutating func readName() -> String {
        let start = index
        while let c = peek, (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "_") {
            advance()
        }
        return String(body[start..<index])
    }

    /// `body[from..<to]` without the spaces and tabs at either end.
    func trimmed(_ from: String.Index, _ to: String.Index) -> String {
        let utf8 = body.utf8
        var a = from, b = to
        while a < b, Self.isSpace(utf8[a]) { a = utf8.index(after: a) }
        while a < b, Self.isSpace(utf8[utf8.index(before: b)]) { b = utf8.index(before: b) }
        return String(body[a..<b])
    }

    /// From here to the end, trimmed; the reader ends at the end.
    mutating func readRestTrimmed() -> String {
        let rest = trimmed(index, end)
        index = end
        return rest
    }

    var restTrimmed: String { trimmed(index, end) }

    /// Whether the rest starts with `prefix` (ASCII, ignoring case).
    func restStarts(withLowercased prefix: String) -> Bool {
        var i = index
        for expected in prefix.utf8 {
            guard i < end else { return false }
            var c = body.utf8[i]
            if c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") { c += 32 }
            guard c == expected else { return false }
            i = body.utf8.index(after: i)
        }
        return true
    }

    /// `|a|b|c` up to the end: every choice non-empty (after trimming) and different.
    mutating func readChoices(name: String) throws(TemplateSyntaxError) -> [String] {
        var choices: [String] = []
        while peek == UInt8(ascii: "|") {
            advance()
            let start = index
            while let c = peek, c != UInt8(ascii: "|") { advance() }
            let choice = trimmed(start, index)
            guard !choice.isEmpty else { throw .emptyChoice(name, position: position(of: start)) }
            guard !choices.contains(choice) else { throw .repeatedChoice(name, choice, position: position(of: start)) }
            choices.append(choice)
        }
        guard choices.count >= 2 else { throw .singleChoice(name, position: position) }
        return choices
    }
}
