import Foundation

/// Which device wrote a change ("phone", "watch"): the tiebreak when two writes carry the same time.
public struct ReplicaID: RawRepresentable, Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static func < (lhs: ReplicaID, rhs: ReplicaID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// When a field was written and by whom: milliseconds since 1970 on the writer's hybrid clock,
/// then the writer's id. Ordered by time, then writer, so every replica picks the same winner.
public struct Stamp: Codable, Sendable, Hashable, Comparable, CustomStringConvertible {
    public var millis: Int64
    public var replica: ReplicaID

    public init(millis: Int64, replica: ReplicaID) {
        self.millis = millis
        self.replica = replica
    }

    public static func < (lhs: Stamp, rhs: Stamp) -> Bool {
        (lhs.millis, lhs.replica) < (rhs.millis, rhs.replica)
    }

    public var date: Date { Date(timeIntervalSince1970: Double(millis) / 1000) }
    public var description: String { "\(millis)@\(replica)" }
}

/// A hybrid logical clock: wall-clock milliseconds, but never behind anything this replica has
/// written or seen. An edit made after a change arrived from a device whose clock runs ahead
/// still wins over that change, so a watch a few seconds fast cannot undo the phone's next tap.
public struct HybridClock: Codable, Sendable, Hashable {
    public let replica: ReplicaID
    /// The highest time written or seen.
    public private(set) var latest: Int64

    public init(replica: ReplicaID, latest: Int64 = 0) {
        self.replica = replica
        self.latest = latest
    }

    /// The stamp for a write at `now`: later than every stamp before it.
    public mutating func tick(at now: Date) -> Stamp {
        latest = max(SyncTime.millis(now), latest + 1)
        return Stamp(millis: latest, replica: replica)
    }

    /// Moves the clock past a stamp that arrived from elsewhere.
    public mutating func observe(_ stamp: Stamp) {
        latest = max(latest, stamp.millis)
    }
}

/// Whole milliseconds: what the store keeps and what travels, so dates survive the round trip exactly.
enum SyncTime {
    static func millis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    static func date(_ millis: Int64) -> Date { Date(timeIntervalSince1970: Double(millis) / 1000) }
    static func rounded(_ date: Date) -> Date { self.date(millis(date)) }
    static func rounded(_ seconds: TimeInterval) -> TimeInterval { (seconds * 1000).rounded() / 1000 }
}
