/// Turns a template's Telegram Markdown (v1) into readable plain text for channels that do not
/// format (email, text message, X): `*bold*`, `_italic_`, `` `code` `` and ```` ```pre``` ````
/// lose their markers, `[text](url)` becomes "text (url)" (just the url when both are the
/// same), and `\_ \* \` \[` escapes become the character. A marker without its partner is
/// kept as typed, so no text is ever lost.
public enum PlainText {
    public static func fromMarkdown(_ markdown: String) -> String {
        let chars = Array(markdown)
        var out = ""
        var i = 0
        func find(_ marker: Character, from start: Int) -> Int? {
            var j = start
            while j < chars.count {
                if chars[j] == "\\", j + 1 < chars.count, marker != "`" { j += 2; continue }
                if chars[j] == marker { return j }
                j += 1
            }
            return nil
        }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "\\" where i + 1 < chars.count && "_*`[".contains(chars[i + 1]):
                out.append(chars[i + 1])
                i += 2
            case "`":
                if i + 2 < chars.count, chars[i + 1] == "`", chars[i + 2] == "`",
                   let close = findSequence(chars, "```", from: i + 3) {
                    var content = String(chars[(i + 3)..<close])
                    // A language name on the opening line is not part of the text.
                    if let newline = content.firstIndex(of: "\n"), !content[..<newline].contains(" ") {
                        content = String(content[content.index(after: newline)...])
                    }
                    out += content
                    i = close + 3
                } else if let close = find("`", from: i + 1) {
                    out += String(chars[(i + 1)..<close])
                    i = close + 1
                } else {
                    out.append(c)
                    i += 1
                }
            case "*", "_":
                if let close = find(c, from: i + 1), close > i + 1 {
                    out += fromMarkdown(String(chars[(i + 1)..<close]))
                    i = close + 1
                } else {
                    out.append(c)
                    i += 1
                }
            case "[":
                if let close = find("]", from: i + 1), close + 1 < chars.count, chars[close + 1] == "(",
                   let end = chars[(close + 2)...].firstIndex(of: ")") {
                    let text = fromMarkdown(String(chars[(i + 1)..<close]))
                    let url = String(chars[(close + 2)..<end])
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
