import Foundation
import GRDB

/// An area of the store that open screens follow: when any process writes to it, every open
/// dashboard page and app screen showing it reloads (`StoreChangeFeed`).
public enum StoreChange: String, Sendable, Hashable, CaseIterable {
    /// Templates and their targets (added, edited, reordered, deleted).
    case templates
    /// Timers, their to-dos and notes (created, edited, controlled, deleted).
    case timers
    /// Messages waiting on Telegram's schedule: send later and timers' completion messages.
    case scheduledSends = "scheduled"
    /// The send log: a send started, went out or failed, from any face.
    case sends
    /// Replies to messages a template sent.
    case replies
    /// Webhooks, their outbox and delivery log (added, removed, an event queued, an attempt).
    case webhooks

    /// Its counter in the `revision` table (moved by triggers in the same transaction as the
    /// write; see migration v11).
    var revisionName: String { "change.\(rawValue)" }
}

/// The counters of every area, read in one query: two readings that differ say which areas
/// changed in between.
public struct StoreRevisions: Sendable, Equatable {
    var values: [StoreChange: Int64]

    /// The areas whose counter differs from `earlier`.
    public func changes(since earlier: StoreRevisions) -> Set<StoreChange> {
        Set(StoreChange.allCases.filter { values[$0] != earlier.values[$0] })
    }
}

extension AppDatabase {
    /// Every area's change counter, in one read.
    public func changeRevisions() throws(StoreError) -> StoreRevisions {
        let rows = try read { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT name, value FROM revision WHERE name LIKE 'change.%'")).map { row -> (String, Int64) in
                (row["name"], row["value"])
            }
        }
        var values: [StoreChange: Int64] = [:]
        for change in StoreChange.allCases {
            values[change] = rows.first { $0.0 == change.revisionName }?.1 ?? 0
        }
        return StoreRevisions(values: values)
    }
}
