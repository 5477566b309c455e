import Foundation
import TgtDomain

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
    /// What fills the format's `%@`s: text as it is, or another catalog sentence, resolved
    /// in the same language.
    let parts: [Argument]

    /// One value a sentence is filled with.
    indirect enum Argument: Sendable, Hashable {
        case text(String)
        case sentence(AppText)
    }

    /// A catalog entry; `key` must be in `AppText.english`.
    init(_ key: String, _ arguments: String...) {
        self.init(key, parts: arguments.map(Argument.text))
    }

    /// A catalog entry filled with another catalog sentence (a reason inside a sentence).
    init(_ key: String, sentence: AppText) {
        self.init(key, parts: [.sentence(sentence)])
    }

    /// A catalog entry filled with values and sentences, in the format's order.
    init(_ key: String, parts: [Argument]) {
        self.key = key
        self.english = Self.english[key] ?? AppLabel.english[key] ?? key
        self.parts = parts
    }

    private init(verbatim: String) {
        key = nil
        english = verbatim
        parts = []
    }

    /// The values the sentence is filled with, in English.
    public var arguments: [String] { parts.map { $0.resolved { _ in nil } } }

    /// Text shown as it is (already a sentence from another layer).
    public static func verbatim(_ text: String) -> AppText { AppText(verbatim: text) }

    /// The English sentence.
    public var description: String { resolved { _ in nil } }

    /// The sentence in the language `lookup` gives (key → format), English when it has none.
    public func resolved(_ lookup: (String) -> String?) -> String {
        guard let key else { return english }
        let format = lookup(key) ?? english
        return Self.fill(format, parts.map { $0.resolved(lookup) })
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

extension AppText.Argument {
    func resolved(_ lookup: (String) -> String?) -> String {
        switch self {
        case .text(let text): text
        case .sentence(let sentence): sentence.resolved(lookup)
        }
    }
}

extension AppText {
    /// Why posting is refused, as the end of a sentence (`postRefusal.<code>`), to fill
    /// "You cannot post here: %@" in the person's language.
    static func postRefusal(_ refusal: PostRefusal) -> AppText {
        AppText("postRefusal.\(refusal.rawValue)")
    }
}
