import Foundation
import TgtDomain

/// The local notifications the app keeps pending for running timers, within iOS's limit of 64
/// pending requests per app: one per running timer at its end, soonest first; the rest are
/// planned again when the app next runs (each completion or control replans).
public enum NotificationPlan {
    public static let limit = 64

    /// One pending notification.
    public struct Item: Sendable, Equatable, Identifiable {
        /// The timer's id: replanning replaces, never duplicates.
        public var id: String
        public var fireAt: Date
        public var title: String
        public var body: AppText
    }

    public static func items(for timers: [CountdownTimer], now: Date, limit: Int = NotificationPlan.limit) -> [Item] {
        timers.compactMap { timer -> Item? in
            guard let endsAt = timer.endsAt, endsAt > now else { return nil }
            return Item(id: timer.id.uuidString, fireAt: endsAt, title: timer.name, body: AppText("timers.notification", timer.name))
        }
        .sorted { ($0.fireAt, $0.id) < ($1.fireAt, $1.id) }
        .prefix(max(0, limit))
        .map { $0 }
    }
}
