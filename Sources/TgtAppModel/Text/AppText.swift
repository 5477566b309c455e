import Foundation

/// A sentence the apps show, by its String Catalog key (`Apps/Shared/Localizable.xcstrings`),
/// with its English form and the values it is filled with.
///
/// View models produce `AppText`; the SwiftUI shells resolve it against the catalog of the
/// person's language. Messages that come from lower layers (Telegram's and the validator's
/// sentences) travel as `verbatim` and are shown as they are.
public struct AppText: Sendable, Hashable, CustomStringConvertible {
    /// The catalog key, or nil for verbatim text.
    public let key: String?
    /// The English format (`%@` for each argument), or the verbatim text.
    public let english: String
    public let arguments: [String]

    /// A catalog entry; `key` must be in `AppText.english`.
    init(_ key: String, _ arguments: String...) {
        self.key = key
        self.english = Self.english[key] ?? AppLabel.english[key] ?? key
        self.arguments = arguments
    }

    private init(verbatim: String) {
        key = nil
        english = verbatim
        arguments = []
    }

    /// Text shown as it is (already a sentence from another layer).
    public static func verbatim(_ text: String) -> AppText { AppText(verbatim: text) }

    /// The English sentence.
    public var description: String { resolved { _ in nil } }

    /// The sentence in the language `lookup` gives (key → format), English when it has none.
    public func resolved(_ lookup: (String) -> String?) -> String {
        guard let key else { return english }
        let format = lookup(key) ?? english
        return Self.fill(format, arguments)
    }

    /// Replaces `%@` and positional `%1$@`, `%2$@`… with `arguments` (a translation may reorder them).
    static func fill(_ format: String, _ arguments: [String]) -> String {
        var result = ""
        var next = 0
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            guard character == "%" else {
                result.append(character)
                index = format.index(after: index)
                continue
            }
            let rest = format[format.index(after: index)...]
            if rest.hasPrefix("@") {
                result += next < arguments.count ? arguments[next] : ""
                next += 1
                index = format.index(index, offsetBy: 2)
            } else if rest.hasPrefix("%") {
                result.append("%")
                index = format.index(index, offsetBy: 2)
            } else if let dollar = rest.firstIndex(of: "$"), let position = Int(rest[rest.startIndex..<dollar]),
                format.index(after: dollar) < format.endIndex, format[format.index(after: dollar)] == "@"
            {
                result += (1...arguments.count).contains(position) ? arguments[position - 1] : ""
                index = format.index(dollar, offsetBy: 2)
            } else {
                result.append(character)
                index = format.index(after: index)
            }
        }
        return result
    }
}
