import Foundation
import GRDB
import TgtDomain

/// What one report of a place's circle came to, as the store recorded it.
public struct PlaceClaim: Sendable, Hashable {
    /// The template as it is now (its rule included).
    public var template: Template
    public var rule: PlaceRule
    public var verdict: PlaceVerdict
}

/// Arriving and leaving in the store: each template's last known side of its circle and its
/// last send, updated in the transaction that decides (`PlaceCrossing`), so two reports at
/// once or a relaunch never send a crossing twice.
extension AppDatabase {
    /// Applies one report for `templateID`'s circle: decides with what was known, records the
    /// side (and the send, when it sends) and returns the decision. Nil when the template is
    /// gone or no longer has a place rule (the report changes nothing).
    public func claimPlaceCrossing(templateID: UUID, side: PlaceSide, happenedAt: Date, now: Date) throws(StoreError) -> PlaceClaim? {
        try write { db in
            guard let template = try Self.fetchTemplates(db, .id(templateID)).first,
                  let rule = template.place
            else { return nil }
            let known = try Row.fetchOne(db.cachedStatement(sql: "SELECT region, state, last_sent_ms FROM place_watch WHERE template_id = ?"),
                                         arguments: [templateID.uuidString]).flatMap { row -> PlaceCrossing.Known? in
                let state: String = row["state"]
                guard let side = PlaceSide(rawValue: state) else { return nil }
                let lastSent: Int64? = row["last_sent_ms"]
                return PlaceCrossing.Known(region: row["region"], side: side, lastSent: lastSent.map(Self.date))
            }
            let verdict = PlaceCrossing.verdict(rule: rule, known: known, side: side, happenedAt: happenedAt, now: now)
            // A new circle forgets the old one's last send: its window starts afresh.
            let keptLastSent = known?.region == rule.regionKey ? known?.lastSent : nil
            let lastSent = verdict.sends ? now : keptLastSent
            try db.cachedStatement(sql: """
                INSERT INTO place_watch (template_id, region, state, changed_at_ms, last_sent_ms) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(template_id) DO UPDATE SET region = excluded.region, state = excluded.state,
                    changed_at_ms = excluded.changed_at_ms, last_sent_ms = excluded.last_sent_ms
                """).execute(arguments: [templateID.uuidString, rule.regionKey, side.rawValue, Self.millis(happenedAt), lastSent.map(Self.millis)])
            return PlaceClaim(template: template, rule: rule, verdict: verdict)
        }
    }

    /// When `templateID`'s place rule last sent (nil if never, or for another circle).
    public func placeLastSent(templateID: UUID) throws(StoreError) -> Date? {
        try read { db in
            guard let template = try Self.fetchTemplates(db, .id(templateID)).first,
                  let rule = template.place,
                  let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT region, last_sent_ms FROM place_watch WHERE template_id = ?"),
                                             arguments: [templateID.uuidString])
            else { return nil }
            let region: String = row["region"]
            let lastSent: Int64? = row["last_sent_ms"]
            return region == rule.regionKey ? lastSent.map(Self.date) : nil
        }
    }
}
