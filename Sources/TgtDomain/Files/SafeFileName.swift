/// A file name someone else chose (a sender's document name, a browser's upload name) made
/// safe to write into a folder or name in a `Content-Disposition`: no path (separators and
/// `..` cannot climb out), no control or line-break characters, no leading dot (hidden files),
/// at most 120 characters and 200 bytes of UTF-8 with the extension kept (file systems allow
/// 255 bytes a name: a numbered copy's " (999)" still fits); empty leftovers become `fallback`.
public enum SafeFileName {
    public static let maxLength = 120
    /// The most UTF-8 bytes a made name takes (120 Chinese characters are 360).
    public static let maxBytes = 200

    public static func make(_ given: String, fallback: String = "file") -> String {
        // Only the last path component counts: "../../etc/passwd" is "passwd".
        // Split by scalars: a separator followed by a combining mark is one Character ("/\u{301}").
        let last = given.unicodeScalars.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last
            .map { String(String.UnicodeScalarView($0)) } ?? ""
        var name = String(String.UnicodeScalarView(last.unicodeScalars.filter { scalar in
            !(scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
                || ":*?\"<>|".unicodeScalars.contains(scalar))
        }))
        name = name.trimmingSpaces
        // Dots and spaces in any order (". .profile" too), a dot with a mark on it as well
        // (".\u{301}profile"): a name never starts hidden.
        while name.unicodeScalars.first == "." { name = String(String.UnicodeScalarView(name.unicodeScalars.dropFirst())).trimmingSpaces }
        if name.isEmpty { return fallback }
        if name.count > maxLength || name.utf8.count > maxBytes {
            // The extension is kept when it is short; the rest is cut by whole characters.
            let dot = name.lastIndex(of: ".")
            let ext = dot.map { String(name[$0...]) }.flatMap { $0.count <= 12 && $0.utf8.count <= 48 ? $0 : nil } ?? ""
            var stem = Substring(name).dropLast(ext.count).prefix(maxLength - ext.count)
            while !stem.isEmpty, stem.utf8.count + ext.utf8.count > maxBytes { stem.removeLast() }
            let kept = String(stem).trimmingSpaces
            name = (kept.isEmpty ? fallback : kept) + ext
        }
        return name
    }

    /// The name's extension, lowercased, without the dot ("" when it has none).
    public static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }
}
