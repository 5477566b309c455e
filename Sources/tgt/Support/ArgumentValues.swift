import ArgumentParser
import TgtDomain

// The closed sets the command line takes (`--kind`, `--location-mode`, `--icon`, `--color`)
// parsed by the argument parser itself, so that `--help` lists their values ("(values: …)"),
// shell completion offers them (`tgt --generate-completion-script`), and a value outside the set
// is refused before anything runs, with the accepted values named.
//
// `allValueStrings` are the spellings help and completion show; `init?(argument:)` also takes
// the other spellings tgt has always accepted (aliases, any letter case, `_` for `-`, a color's
// hex code), so nothing that worked before is refused now.

/// `--kind`: telegram, email, text or x (also tg, mail, sms, twitter; any letter case).
extension TemplateKind: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument.lowercased() {
        case "telegram", "tg": self = .telegram
        case "email", "mail": self = .email
        case "text", "sms": self = .text
        case "x", "twitter": self = .x
        default: return nil
        }
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// `--location-mode`: none, map-link or native (also map_link, map, location; any letter case).
extension LocationMode: ExpressibleByArgument {
    public init?(argument: String) {
        switch argument.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "none": self = .none
        case "map-link", "map": self = .mapLink
        case "native", "location": self = .native
        default: return nil
        }
    }

    /// The command line's spelling (`map-link`; the stored raw value is `map_link`).
    var argumentName: String {
        switch self {
        case .none: "none"
        case .mapLink: "map-link"
        case .native: "native"
        }
    }

    public static var allValueStrings: [String] { allCases.map(\.argumentName) }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// A template's `--icon`: one of the template icons' SF Symbol names, exactly as
/// `tgt templates icons` lists them.
extension TemplateIcon: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// A timer's `--icon`: the timer document's twelve SF Symbols first, then the template icons
/// (surrounding spaces ignored).
extension TimerIcon: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(rawValue: argument.trimmingCharacters(in: .whitespaces))
    }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// A timer's `--color`: a swatch by name (red … gray, also grey) or by its hex code (any letter
/// case, with or without `#`). Help and completion offer the names.
extension TimerColor: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    public static var allValueStrings: [String] { allCases.map(\.name) }
    public static var allValueDescriptions: [String: String] { [:] }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
