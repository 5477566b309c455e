import Foundation

/// Which side of a place's circle the phone is on, as Core Location reports it.
public enum PlaceSide: String, Codable, Sendable, Hashable {
    case inside
    case outside
}

/// What one report of a place's circle comes to for its rule: send, or why not. The rule for
/// every face and launch: a first report (nothing known of this circle yet) is where the phone
/// is, not a crossing; a crossing sends only the way the rule says and at most once in its
/// window; a crossing noticed long after it happened is not sent (the message would be wrong).
public enum PlaceVerdict: Sendable, Hashable {
    /// A crossing the rule sends on, with its window open.
    case send
    /// Nothing was known of this circle (new rule, edited circle, first launch): recorded.
    case firstReport
    /// The same side as before: no crossing.
    case noChange
    /// A crossing the other way (leaving, for an arriving rule).
    case otherCrossing
    /// The rule sent less than its window ago.
    case withinWindow(lastSent: Date)
    /// The crossing happened more than `PlaceCrossing.staleAfter` before it was noticed.
    case tooLate(happenedAt: Date)

    /// Whether the template goes out.
    public var sends: Bool { self == .send }
}

/// The decision for one report, pure: `PlaceVerdict` from what was known before.
public enum PlaceCrossing {
    /// A crossing noticed later than this (the phone was off, the app could not run) is not sent.
    public static let staleAfter: TimeInterval = 15 * 60

    /// What was known of one template's circle before a report.
    public struct Known: Sendable, Hashable {
        /// The circle it was for (`PlaceRule.regionKey`).
        public var region: String
        public var side: PlaceSide
        public var lastSent: Date?

        public init(region: String, side: PlaceSide, lastSent: Date?) {
            self.region = region
            self.side = side
            self.lastSent = lastSent
        }
    }

    /// The verdict for `side` reported as of `happenedAt`, noticed at `now`.
    public static func verdict(rule: PlaceRule, known: Known?, side: PlaceSide, happenedAt: Date, now: Date) -> PlaceVerdict {
        guard let known, known.region == rule.regionKey else { return .firstReport }
        guard known.side != side else { return .noChange }
        let crossing: PlaceRule.Crossing = side == .inside ? .arrive : .leave
        guard crossing == rule.crossing else { return .otherCrossing }
        if now.timeIntervalSince(happenedAt) > staleAfter { return .tooLate(happenedAt: happenedAt) }
        guard rule.allowsSend(at: now, lastSent: known.lastSent) else { return .withinWindow(lastSent: known.lastSent ?? now) }
        return .send
    }
}
