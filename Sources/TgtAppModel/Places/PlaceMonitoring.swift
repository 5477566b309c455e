import Foundation
import TgtDomain

/// One circle the phone watches for the app: the template it belongs to is in its identifier.
public struct PlaceCondition: Sendable, Hashable, Identifiable {
    /// "tgt.place.<template id>": Core Location reports crossings by this.
    public var id: String
    public var templateID: UUID
    public var center: Coordinate
    /// Metres.
    public var radius: Int

    public init(templateID: UUID, center: Coordinate, radius: Int) {
        id = Self.identifier(for: templateID)
        self.templateID = templateID
        self.center = center
        self.radius = radius
    }

    static let prefix = "tgt.place."

    public static func identifier(for templateID: UUID) -> String { prefix + templateID.uuidString }

    /// The template an identifier names; nil for one that is not ours.
    public static func templateID(in identifier: String) -> UUID? {
        guard identifier.hasPrefix(prefix) else { return nil }
        return UUID(uuidString: String(identifier.dropFirst(prefix.count)))
    }
}

/// Whether the app may watch places while it is not on the screen.
public enum PlaceWatchAuthorization: String, Sendable, Equatable {
    /// Never asked.
    case notDetermined
    /// Location only while the app is open: crossings in a pocket go unnoticed.
    case whileUsing
    /// "Always": the phone wakes the app at a crossing.
    case always
    /// Location is off for the app, or the phone does not allow it.
    case denied
    /// This device cannot watch places (no region monitoring, or an iOS before 17).
    case unavailable
}

/// Why the circles could not be set.
public enum PlaceWatchFailure: Error, Sendable, Equatable {
    case unavailable(String)
}

/// Watches places' circles for the app: Core Location's `CLMonitor` on iOS 17 and later, a
/// scripted one in tests. Crossings come back through `PlacesModel.handle(_:)`, which the
/// shell calls for each event of the monitor.
public protocol PlaceMonitoring: Sendable {
    func authorization() async -> PlaceWatchAuthorization
    /// Asks for "Always" location access (the system shows its prompt once).
    func requestAlways() async -> PlaceWatchAuthorization
    /// Makes the watched circles exactly `conditions` (adds, moves and removes).
    func watch(_ conditions: [PlaceCondition]) async throws(PlaceWatchFailure)
}

/// One report from the monitor: a circle's side, as of a moment.
public struct PlaceReport: Sendable, Hashable {
    /// The condition's identifier.
    public var identifier: String
    /// Nil when the monitor does not know (a report of `unknown` or `unmonitored`).
    public var side: PlaceSide?
    /// When the phone was on that side (the event's date).
    public var date: Date

    public init(identifier: String, side: PlaceSide?, date: Date) {
        self.identifier = identifier
        self.side = side
        self.date = date
    }
}
