import Foundation
import TgtDomain
import TgtStore

/// What a home-screen widget draws: the first templates in grid order for its size, read
/// from the shared store without TDLib (a widget extension has about 30 MB of memory).
public struct WidgetSnapshot: Sendable, Equatable {
    /// The widget sizes and how many buttons each has.
    public enum Family: String, Sendable, CaseIterable {
        case small, medium, large

        public var capacity: Int {
            switch self {
            case .small: 1
            case .medium: 4
            case .large: 8
            }
        }
    }

    /// One button: the template's id (for the intent and the link), name, icon and targets.
    public struct Item: Sendable, Equatable, Identifiable {
        public var id: UUID
        public var name: String
        /// An SF Symbol name.
        public var symbol: String
        /// "Family, Work › Standups".
        public var targets: String
        public var link: URL
    }

    public var family: Family
    public var items: [Item]
    /// The templates' revision it was made from.
    public var revision: Int64
    /// Shown when there are no templates.
    public var emptyText: AppText?

    /// Reads just the templates the family shows.
    public static func make(from store: AppDatabase, family: Family) throws(StoreError) -> WidgetSnapshot {
        let templates = try store.templates(limit: family.capacity)
        let items = templates.map { template in
            Item(id: template.id, name: template.name, symbol: template.icon.symbolName,
                 targets: template.targets.map(\.displayName).joined(separator: ", "), link: DeepLink.send(template.id).url)
        }
        return WidgetSnapshot(family: family, items: items, revision: try store.templatesRevision(),
                              emptyText: items.isEmpty ? AppText("widget.empty") : nil)
    }
}
