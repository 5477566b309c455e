import Foundation

/// How a person names one of their things (a template, a timer, a repeating series, a trigger
/// link) on any face: its full id, its exact name (ignoring case and width, for things that have
/// one), or a unique beginning of its id (at least `minimumPrefix` characters). The one resolver
/// every lookup uses; each caller turns `Match` into its own typed error.
public enum ItemKey {
    /// The shortest id beginning that names a thing.
    public static let minimumPrefix = 4

    /// What a key names among the things given.
    public enum Match<Item> {
        case found(Item)
        /// More than one thing has this name or id beginning (the name's matches when the name
        /// is shared, else the id's).
        case ambiguous([Item])
        case none
    }

    /// Looks `key` up among `items`: a full id first, then a name in any case (when `name` is
    /// given; among names that differ only in case, the one written exactly so; a name shared
    /// otherwise is ambiguous), then an id beginning of `minimumPrefix` characters or more.
    public static func find<Item>(_ key: String, in items: [Item], id: (Item) -> UUID, name: ((Item) -> String)? = nil) -> Match<Item> {
        let trimmed = key.trimmingCharacters(in: .whitespaces)
        if let uuid = UUID(uuidString: trimmed), let found = items.first(where: { id($0) == uuid }) { return .found(found) }
        if let name {
            let folded = TemplateValidator.fold(trimmed)
            let named = items.filter { TemplateValidator.fold(name($0)) == folded }
            if named.count == 1, let only = named.first { return .found(only) }
            if named.count > 1 {
                // Names that differ only in case (trigger links may have such): the one written
                // exactly as given is meant.
                let exact = named.filter { name($0).trimmingCharacters(in: .whitespacesAndNewlines) == trimmed }
                if exact.count == 1, let only = exact.first { return .found(only) }
                return .ambiguous(named)
            }
        }
        guard trimmed.count >= minimumPrefix else { return .none }
        let prefix = trimmed.lowercased()
        let matches = items.filter { id($0).uuidString.lowercased().hasPrefix(prefix) }
        switch matches.count {
        case 0: return .none
        case 1: return .found(matches[0])
        default: return .ambiguous(matches)
        }
    }
}
