import Foundation
import TgtDomain

/// What one replica sends another: records holding the writes of one change (or, for
/// anti-entropy, its whole state). Receiving a message twice, late or out of order changes
/// nothing more than receiving it once, in order.
public struct SyncMessage: Codable, Sendable, Hashable {
    /// The wire format; a replica refuses messages from a newer one instead of misreading them.
    public static let currentVersion = 1

    public var version: Int
    public var sender: ReplicaID
    public var timers: [UUID: TimerRecord]

    public init(sender: ReplicaID, timers: [UUID: TimerRecord]) {
        version = Self.currentVersion
        self.sender = sender
        self.timers = timers
    }

    /// The bytes that travel (JSON; dates as Foundation encodes them, exactly).
    public func encoded() throws(SyncError) -> Data {
        do { return try JSONEncoder().encode(self) } catch { throw .unreadable(String(describing: error)) }
    }

    /// A message read from its bytes.
    public init(data: Data) throws(SyncError) {
        let message: SyncMessage
        do { message = try JSONDecoder().decode(SyncMessage.self, from: data) } catch { throw .unreadable(String(describing: error)) }
        guard message.version <= Self.currentVersion else { throw .newerVersion(message.version) }
        self = message
    }
}

/// Why a sync step could not be done, in the user's terms.
public enum SyncError: UserFacingError, Equatable {
    case timerNotFound(UUID)
    case control(TimerError)
    case unreadable(String)
    case newerVersion(Int)

    public var message: String {
        switch self {
        case .timerNotFound: "This timer was deleted on another device."
        case .control(let error): error.message
        case .unreadable: "A timer change from the other device could not be read."
        case .newerVersion: "The other device runs a newer version of TgTemplates."
        }
    }

    public var nextStep: String? {
        switch self {
        case .timerNotFound, .unreadable: nil
        case .control(let error): error.nextStep
        case .newerVersion: "Update the app on this device."
        }
    }

    public var code: String {
        switch self {
        case .timerNotFound: "timer_not_found"
        case .control: "timer_state"
        case .unreadable: "sync_unreadable"
        case .newerVersion: "sync_version"
        }
    }
}

extension SyncMessage {
    /// This message and `other` as one (the later write per field): changes batched while the
    /// other side is out of reach travel together.
    public func merging(_ other: SyncMessage?) -> SyncMessage {
        guard let other else { return self }
        var timers = self.timers
        for (id, record) in other.timers { timers[id] = timers[id].map { TimerRecord.join($0, record) } ?? record }
        return SyncMessage(sender: sender, timers: timers)
    }
}
