import Foundation

/// Snippets, as the person sets them: whether a message of theirs that is the prefix plus a
/// template's name (`;leaving`) is turned into that template's text, and the prefix. Off until
/// the person turns it on.
public struct SnippetSettings: Sendable, Hashable, Codable {
    public var isOn: Bool
    /// What starts a snippet: one to four characters, none of them a space, a letter or a digit
    /// (so no ordinary word starts one), and not `/`, which starts bots' commands.
    public var prefix: String

    public static let defaultPrefix = ";"
    public static let maxPrefixLength = 4

    public init(isOn: Bool = false, prefix: String = SnippetSettings.defaultPrefix) {
        self.isOn = isOn
        self.prefix = prefix
    }

    /// The settings, checked: the prefix's rule (`SnippetError.badPrefix`).
    public func validated() throws(SnippetError) -> SnippetSettings {
        if let problem = Self.problem(prefix: prefix) { throw .badPrefix(problem) }
        return self
    }

    /// Why `prefix` cannot start snippets, in a sentence; nil when it can.
    public static func problem(prefix: String) -> String? {
        if prefix.isEmpty { return "The prefix is empty; give one to four characters, such as ; or !!." }
        if prefix.count > maxPrefixLength { return "The prefix is longer than \(maxPrefixLength) characters." }
        if prefix.hasPrefix("/") { return "A prefix cannot start with /, which starts commands to bots." }
        if prefix.unicodeScalars.contains(where: { CharacterSet.whitespacesAndNewlines.contains($0) || CharacterSet.controlCharacters.contains($0) }) {
            return "A prefix cannot hold spaces or control characters."
        }
        if prefix.unicodeScalars.contains(where: { CharacterSet.alphanumerics.contains($0) }) {
            return "A prefix cannot hold letters or digits: ordinary words would start snippets."
        }
        return nil
    }
}

/// Why snippet settings or a snippet could not be used.
public enum SnippetError: UserFacingError, Equatable {
    case badPrefix(String)

    public var message: String {
        switch self {
        case .badPrefix(let problem): problem
        }
    }

    public var nextStep: String? {
        switch self {
        case .badPrefix: "Choose a prefix such as ; or !! (the default is ;)."
        }
    }

    public var code: String {
        switch self {
        case .badPrefix: "bad_prefix"
        }
    }
}
