import Foundation
import TgtDomain

/// Which circles the phone watches: one per template with a place rule, in grid order, at
/// most `limit` (Core Location watches at most 20 conditions for an app; the rest are named so
/// the person knows which ones do not send).
public struct PlacePlan: Sendable, Equatable {
    /// Core Location's limit for one app's monitor.
    public static let limit = 20

    public var conditions: [PlaceCondition]
    /// Templates with a place rule beyond the limit (not watched).
    public var unwatched: [String]

    public init(templates: [Template], limit: Int = PlacePlan.limit) {
        let ruled = templates.filter { $0.place != nil && $0.kind == .telegram }
        conditions = ruled.prefix(limit).compactMap { t in t.place.map { PlaceCondition(templateID: t.id, center: $0.center, radius: $0.radius) } }
        unwatched = ruled.dropFirst(limit).map(\.name)
    }

    public var isEmpty: Bool { conditions.isEmpty && unwatched.isEmpty }
}
