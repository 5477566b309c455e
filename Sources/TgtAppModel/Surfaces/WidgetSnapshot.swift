import Foundation
import TgtApplication
import TgtDomain

/// What a home-screen widget draws: the first templates in grid order for its size, each with
/// how its latest tap stands (queued, sending, ✓ or the error), read from the shared store
/// without TDLib (a widget extension has about 30 MB of memory).
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
        /// The latest tap's state, or nil for a plain button.
        public var badge: WidgetBadge?
    }

    public var family: Family
    public var items: [Item]
    /// The store's widget revision it was made from (`AppDatabase.widgetRevision()`).
    public var revision: Int64
    /// Shown when there are no templates.
    public var emptyText: AppText?

    /// When a badge goes away on its own: the widget's timeline asks to be redrawn then.
    public var nextChange: Date? { items.compactMap { $0.badge?.until }.min() }

    /// The snapshot at the store's clock's now.
    public static func make(from workspace: Workspace, family: Family) throws(StoreError) -> WidgetSnapshot {
        try make(from: workspace, family: family, now: workspace.clock.now)
    }

    /// Reads just the templates the family shows, and their latest taps.
    public static func make(from workspace: Workspace, family: Family, now: Date) throws(StoreError) -> WidgetSnapshot {
        let revision = try workspace.widgetRevision()
        let templates = try workspace.templates().first(family.capacity)
        let jobs = try workspace.sendQueue.latest(for: templates.map(\.id))
        let items = templates.map { template in
            Item(id: template.id, name: template.name, symbol: template.icon.symbolName,
                 targets: template.targets.map(\.displayName).joined(separator: ", "), link: DeepLink.send(template.id).url,
                 badge: WidgetBadge.make(for: jobs[template.id], now: now))
        }
        return WidgetSnapshot(family: family, items: items, revision: revision, emptyText: items.isEmpty ? AppText("widget.empty") : nil)
    }
}


