import TgtTDLib

/// Writes a message's formatted text back as the Markdown (Telegram's version 1, the one
/// templates and the composer use) that formats to it again, so editing a message starts from
/// its own text: bold, italic, code, pre and links become markers; `_ * ` [` in plain text are
/// escaped with a backslash so they stay characters. Styles version 1 cannot write (underline,
/// strikethrough, spoiler) and styles nested inside another are left as plain text.
public enum MarkdownSource {
    public static func v1(_ text: FormattedText) -> String {
        let units = Array(text.text.utf16)
        func piece(_ from: Int, _ to: Int) -> String { String(decoding: units[max(0, from)..<min(units.count, max(from, to))], as: UTF16.self) }
        var spans: [(start: Int, end: Int, open: String, close: String)] = []
        for entity in text.entities.sorted(by: { $0.offset < $1.offset }) {
            let start = max(0, Int(entity.offset)), end = min(units.count, Int(entity.offset) + Int(entity.length))
            guard end > start, start >= (spans.last?.end ?? 0) else { continue }  // nested or crossing: plain
            switch entity.typeName {
            case "textEntityTypeBold": spans.append((start, end, "*", "*"))
            case "textEntityTypeItalic": spans.append((start, end, "_", "_"))
            case "textEntityTypeCode": spans.append((start, end, "`", "`"))
            case "textEntityTypePre", "textEntityTypePreCode": spans.append((start, end, "```", "```"))
            case "textEntityTypeTextUrl":
                if case .object(let fields) = entity.type, case .string(let url)? = fields["url"], !url.contains(")") {
                    spans.append((start, end, "[", "](\(url))"))
                }
            default: continue
            }
        }
        var out = ""
        var position = 0
        for span in spans {
            out += escape(piece(position, span.start))
            let marker = span.open.first ?? "*"
            // The span's own marker cannot appear inside it in version 1.
            out += span.open + piece(span.start, span.end).filter { $0 != marker || span.open == "[" } + span.close
            position = span.end
        }
        out += escape(piece(position, units.count))
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for ch in text {
            if ch == "_" || ch == "*" || ch == "`" || ch == "[" { out.append("\\") }
            out.append(ch)
        }
        return out
    }
}
