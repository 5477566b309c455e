import Foundation
import TgtTDLib

/// Turns a message's formatted text (text plus entities with UTF-16 offsets) into escaped HTML
/// for the dashboard, or into terminal styles for the CLI.
///
/// Other people's messages are hostile input: every character of text is escaped, links are
/// kept only for http, https, tg and mailto addresses and get `rel="noopener noreferrer
/// nofollow"`, and entities that reach outside the text or cross each other are clipped so
/// the output is always well nested.
public enum MessageTextRenderer {
    /// One styled run to open and close.
    struct Span {
        var start: Int
        var end: Int
        var type: JSONValue
        var name: String
    }

    /// Escaped HTML (no surrounding element); new lines become `<br>`.
    public static func html(_ text: FormattedText) -> String {
        render(text, open: { span, inner in htmlOpen(span, inner) }, close: htmlClose, escape: escapeHTML)
    }

    /// ANSI terminal styles (bold, italic, underline, strike, code dimmed, links underlined
    /// with their address after them when it differs from the text).
    public static func terminal(_ text: FormattedText, styled: Bool) -> String {
        guard styled else {
            return render(text, open: { _, _ in "" }, close: { span, inner in linkSuffix(span, inner) }, escape: stripControls)
        }
        return render(text, open: { span, _ in ansiOpen(span) }, close: { span, inner in (ansiOpen(span).isEmpty ? "" : "\u{1B}[0m") + linkSuffix(span, inner) },
                      escape: stripControls)
    }

    // MARK: - Walking the entities

    private static func render(_ text: FormattedText, open: (Span, String) -> String, close: (Span, String) -> String,
                               escape: (String) -> String) -> String
    {
        let units = Array(text.text.utf16)
        var spans: [Span] = text.entities.compactMap { entity in
            let start = max(0, min(units.count, Int(entity.offset)))
            let end = max(start, min(units.count, Int(entity.offset) + Int(max(0, entity.length))))
            guard end > start else { return nil }
            return Span(start: start, end: end, type: entity.type, name: entity.typeName)
        }
        spans.sort { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
        var output = ""
        var stack: [Span] = []
        var position = 0
        func piece(_ from: Int, _ to: Int) -> String {
            guard to > from else { return "" }
            return String(decoding: units[from..<to], as: UTF16.self)
        }
        func emitText(to target: Int) {
            if target > position {
                output += escape(piece(position, target))
                position = target
            }
        }
        func closeUntil(_ offset: Int) {
            while let top = stack.last, top.end <= offset {
                emitText(to: top.end)
                output += close(top, piece(top.start, top.end))
                stack.removeLast()
            }
        }
        for var span in spans {
            closeUntil(span.start)
            // Clip a span that would cross its parent (hostile or broken entities).
            if let parent = stack.last { span.end = min(span.end, parent.end) }
            guard span.end > span.start, span.start >= position else { continue }
            emitText(to: span.start)
            output += open(span, piece(span.start, span.end))
            stack.append(span)
        }
        closeUntil(Int.max)
        emitText(to: units.count)
        return output
    }

    // MARK: - HTML

    private static func htmlOpen(_ span: Span, _ inner: String) -> String {
        switch span.name {
        case "textEntityTypeBold": return "<b>"
        case "textEntityTypeItalic": return "<i>"
        case "textEntityTypeUnderline": return "<u>"
        case "textEntityTypeStrikethrough": return "<s>"
        case "textEntityTypeSpoiler": return "<span class=\"spoiler\">"
        case "textEntityTypeCode": return "<code>"
        case "textEntityTypePre", "textEntityTypePreCode": return "<pre>"
        case "textEntityTypeBlockQuote", "textEntityTypeExpandableBlockQuote": return "<blockquote>"
        default:
            if let href = linkTarget(span, inner) {
                return "<a href=\"\(escapeHTML(href))\" target=\"_blank\" rel=\"noopener noreferrer nofollow\">"
            }
            return ""
        }
    }

    private static func htmlClose(_ span: Span, _ inner: String) -> String {
        switch span.name {
        case "textEntityTypeBold": "</b>"
        case "textEntityTypeItalic": "</i>"
        case "textEntityTypeUnderline": "</u>"
        case "textEntityTypeStrikethrough": "</s>"
        case "textEntityTypeSpoiler": "</span>"
        case "textEntityTypeCode": "</code>"
        case "textEntityTypePre", "textEntityTypePreCode": "</pre>"
        case "textEntityTypeBlockQuote", "textEntityTypeExpandableBlockQuote": "</blockquote>"
        default: linkTarget(span, inner) == nil ? "" : "</a>"
        }
    }

    /// Escapes text for HTML element content and attribute values.
    public static func escapeHTML(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n": out += "<br>"
            case "\r": continue
            default:
                // Controls other than tab and new line carry nothing a reader needs.
                if scalar.value < 0x20 && scalar != "\t" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The address a link entity points at, or nil when it is not a link or its scheme is not
    /// one we follow (javascript:, data:, file: … are dropped).
    static func linkTarget(_ span: Span, _ inner: String) -> String? {
        let candidate: String
        switch span.name {
        case "textEntityTypeTextUrl":
            guard case .object(let fields) = span.type, case .string(let url)? = fields["url"] else { return nil }
            candidate = url
        case "textEntityTypeUrl":
            candidate = inner.contains("://") ? inner : "https://" + inner
        case "textEntityTypeEmailAddress":
            candidate = "mailto:" + inner
        case "textEntityTypeMention":
            let name = inner.hasPrefix("@") ? String(inner.dropFirst()) : inner
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else { return nil }
            candidate = "https://t.me/" + name
        default:
            return nil
        }
        let trimmed = candidate.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
              ["http", "https", "tg", "mailto"].contains(scheme)
        else { return nil }
        return trimmed
    }

    // MARK: - Terminal

    private static func ansiOpen(_ span: Span) -> String {
        switch span.name {
        case "textEntityTypeBold": "\u{1B}[1m"
        case "textEntityTypeItalic": "\u{1B}[3m"
        case "textEntityTypeUnderline", "textEntityTypeTextUrl", "textEntityTypeUrl": "\u{1B}[4m"
        case "textEntityTypeStrikethrough": "\u{1B}[9m"
        case "textEntityTypeCode", "textEntityTypePre", "textEntityTypePreCode": "\u{1B}[2m"
        case "textEntityTypeSpoiler": "\u{1B}[7m"
        default: ""
        }
    }

    private static func linkSuffix(_ span: Span, _ inner: String) -> String {
        guard span.name == "textEntityTypeTextUrl", let target = linkTarget(span, inner), target != inner else { return "" }
        return " <\(stripControls(target))>"
    }

    /// Removes terminal control characters (escape sequences in someone's message must not
    /// restyle or move the user's terminal); keeps tab and new line.
    public static func stripControls(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value) { continue }
            // Bidirectional overrides could reorder what follows on the line.
            if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) { continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
