/// Something that checks Telegram Markdown the way a send will (TDLib's own parser): the
/// validator asks it at save time, so broken markup is refused when saved, not when sent.
public protocol MarkupChecking: Sendable {
    /// The plain text `markdown` formats to, or TDLib's error message ("Can't find end of the
    /// entity starting at byte offset 6").
    func parseMarkup(_ markdown: String) -> MarkupParse
}

/// What TDLib's Markdown parser made of a text.
public enum MarkupParse: Sendable, Equatable {
    /// It parses; this is the text without markup.
    case text(String)
    /// It does not; TDLib's message.
    case broken(String)
    /// The checker could not run (TDLib not loaded); the markup is checked again at send.
    case unavailable
}

/// Turns TDLib's Markdown errors into a sentence that points at the character.
public enum MarkupProblem {
    /// "Can't find end of the entity starting at byte offset 6" → "character 7 (“_oops”): an
    /// unclosed * _ ` or [ (…)".
    public static func explain(_ message: String, in text: String) -> String {
        var detail = message
        if detail.hasPrefix("Can't parse entities: ") { detail.removeFirst("Can't parse entities: ".count) }
        guard let range = detail.range(of: "byte offset "), let offset = Int(detail[range.upperBound...].prefix { $0.isNumber }) else {
            return detail
        }
        let bytes = Array(text.utf8)
        guard offset <= bytes.count else { return detail }
        let before = String(decoding: bytes[..<offset], as: UTF8.self)
        let character = before.count + 1
        let snippet = String(text.dropFirst(max(0, character - 1)).prefix(12))
        let what = detail.contains("end of") ? "an unclosed * _ ` or [ (add the closing mark, or put \\ before it to write it literally)" : detail
        return "character \(character) (“\(snippet)”): \(what)"
    }

    /// `body` with every `{{placeholder}}` replaced by as many "x" as it has UTF-8 bytes:
    /// values are escaped when sent, so they never change whether the markup parses, and equal
    /// byte lengths keep TDLib's byte offsets pointing into the template as typed.
    public static func neutralized(_ body: String, placeholders text: TemplateText) -> String {
        // Works on UTF-8 bytes: a combining mark after "}}" joins it into one Character.
        let bytes = Array(body.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        for part in text.parts {
            switch part {
            case .literal(let literal):
                let count = literal.utf8.count
                guard i + count <= bytes.count else { return body }
                out += bytes[i..<(i + count)]
                i += count
            case .variable:
                // The placeholder as typed runs from "{{" to the next "}}".
                var j = i + 2
                while j + 1 < bytes.count, !(bytes[j] == UInt8(ascii: "}") && bytes[j + 1] == UInt8(ascii: "}")) { j += 1 }
                guard j + 1 < bytes.count else { return body }
                out += Array(repeating: UInt8(ascii: "x"), count: j + 2 - i)
                i = j + 2
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
