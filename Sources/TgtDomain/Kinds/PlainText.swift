/// Turns a template's Telegram Markdown (v1) into readable plain text for channels that do not
/// format (email, text message, X): `*bold*`, `_italic_`, `` `code` `` and ```` ```pre``` ````
/// lose their markers, `[text](url)` becomes "text (url)" (just the url when both are the
/// same), and `\_ \* \` \[` escapes become the character. Markers count only at word edges
/// (`snake_case` and `2*3*4` stay as typed) and links written out (`https://…`) are copied as
/// they are; a marker without its partner is kept, so no text is ever lost.
public enum PlainText {
    public static func fromMarkdown(_ markdown: String) -> String {
        let chars = Array(markdown)
        var out = ""
        var i = 0
        func isWordCharacter(_ index: Int) -> Bool {
            index >= 0 && index < chars.count && (chars[index].isLetter || chars[index].isNumber)
        }
        func isSpace(_ index: Int) -> Bool { index < 0 || index >= chars.count || chars[index].isWhitespace }
        /// The closing `marker` of a span opened at `start`: not escaped, after a non-space,
        /// and not inside a word.
        func closing(_ marker: Character, from start: Int) -> Int? {
            var j = start
            while j < chars.count {
                if chars[j] == "\\", j + 1 < chars.count { j += 2; continue }
                if chars[j] == marker, !isSpace(j - 1), !isWordCharacter(j + 1) { return j }
                j += 1
            }
            return nil
        }
        func startsLink(_ index: Int) -> Bool {
            guard !isWordCharacter(index - 1) else { return false }
            for scheme in ["https://", "http://"] {
                let scalars = Array(scheme)
                guard index + scalars.count <= chars.count else { continue }
                if (0..<scalars.count).allSatisfy({ chars[index + $0].lowercased() == String(scalars[$0]) }) { return true }
            }
            return false
        }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "\\" where i + 1 < chars.count && "_*`[".contains(chars[i + 1]):
                out.append(chars[i + 1])
                i += 2
            case "h" where startsLink(i), "H" where startsLink(i):
                var end = i
                while end < chars.count, !chars[end].isWhitespace { end += 1 }
                out += unescape(chars[i..<end])
                i = end
            case "`":
                if i + 2 < chars.count, chars[i + 1] == "`", chars[i + 2] == "`",
                   let close = findSequence(chars, "```", from: i + 3) {
                    var content = unescape(chars[(i + 3)..<close])
                    // A language name on the opening line is not part of the text.
                    if let newline = content.firstIndex(of: "\n"), !content[..<newline].contains(" ") {
                        content = String(content[content.index(after: newline)...])
                    }
                    out += content
                    i = close + 3
                } else if let close = chars[(i + 1)...].firstIndex(of: "`") {
                    out += unescape(chars[(i + 1)..<close])
                    i = close + 1
                } else {
                    out.append(c)
                    i += 1
                }
            case "*", "_":
                if !isWordCharacter(i - 1), !isSpace(i + 1), let close = closing(c, from: i + 1), close > i + 1 {
                    out += fromMarkdown(String(chars[(i + 1)..<close]))
                    i = close + 1
                } else {
                    out.append(c)
                    i += 1
                }
            case "[":
                if let close = chars[(i + 1)...].firstIndex(of: "]"), close + 1 < chars.count, chars[close + 1] == "(",
                   let end = chars[(close + 2)...].firstIndex(of: ")") {
                    let text = fromMarkdown(String(chars[(i + 1)..<close]))
                    let url = unescape(chars[(close + 2)..<end])
                    out += text.isEmpty || text == url ? url : "\(text) (\(url))"
                    i = end + 1
                } else {
                    out.append(c)
                    i += 1
                }
            default:
                out.append(c)
                i += 1
            }
        }
        return out
    }

    /// Removes the backslash of `\_ \* \` \[` (variable values are escaped that way).
    private static func unescape(_ chars: ArraySlice<Character>) -> String {
        var out = ""
        var j = chars.startIndex
        while j < chars.endIndex {
            if chars[j] == "\\", j + 1 < chars.endIndex, "_*`[".contains(chars[j + 1]) {
                out.append(chars[j + 1])
                j += 2
            } else {
                out.append(chars[j])
                j += 1
            }
        }
        return out
    }

    private static func findSequence(_ chars: [Character], _ sequence: String, from start: Int) -> Int? {
        let needle = Array(sequence)
        guard chars.count >= needle.count else { return nil }
        var j = start
        while j + needle.count <= chars.count {
            if Array(chars[j..<(j + needle.count)]) == needle { return j }
            j += 1
        }
        return nil
    }
}
