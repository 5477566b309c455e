import Foundation

/// The undo hold of a one-tap send: how long a send waits, with nothing on Telegram, before it
/// goes out, so a wrong tap can be taken back. A setting (0 turns it off, at most 30 s).
public struct UndoHold: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Whole seconds, 0…30.
    public let seconds: Int

    /// The hold when nobody has chosen one.
    public static let standard = UndoHold(validSeconds: 5)
    /// No hold: the send goes out at once.
    public static let off = UndoHold(validSeconds: 0)
    /// The longest hold a person may choose.
    public static let maximumSeconds = 30
    /// How late after its hold ended a send interrupted during its hold (its process died) may
    /// still go out when the next process finds it. Later than this it is not sent: a message
    /// minutes late ("Leaving work") says something untrue, and the person who tapped saw no
    /// "sent".
    public static let lateSendBound: TimeInterval = 60
    /// Why a held send found too late was not sent (the send log's error).
    public static let interruptedReason = "Not sent: TgTemplates was interrupted while this send could still be undone."

    private init(validSeconds: Int) {
        seconds = validSeconds
    }

    /// A hold of `seconds`; nil outside 0…30.
    public init?(seconds: Int) {
        guard (0...Self.maximumSeconds).contains(seconds) else { return nil }
        self.init(validSeconds: seconds)
    }

    /// Reads a typed value ("5", "5s", " 10 "); throws a sentence with the allowed range.
    public init(parsing text: String) throws(UndoHoldError) {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("s") { trimmed.removeLast() }
        guard trimmed.count <= 4, let value = Int(trimmed.trimmingCharacters(in: .whitespaces)), let hold = UndoHold(seconds: value) else {
            throw UndoHoldError(text: String(text.prefix(40)))
        }
        self = hold
    }

    public var isOff: Bool { seconds == 0 }
    public var duration: TimeInterval { TimeInterval(seconds) }
    public var description: String { "\(seconds)" }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Int.self)
        guard let hold = UndoHold(seconds: value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "undo hold out of 0…30"))
        }
        self = hold
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(seconds)
    }

    /// What a held send that a dead process left should become, at `now`.
    public enum Leftover: Equatable, Sendable {
        /// Its hold has not ended: keep holding until then.
        case wait(until: Date)
        /// Its hold ended recently enough: send it now.
        case send
        /// Its hold ended too long ago: record it as not sent (`interruptedReason`).
        case expire
    }

    /// The rule for a held send left by a process that stopped: see `Leftover`.
    public static func leftover(holdUntil: Date, now: Date) -> Leftover {
        if holdUntil > now { return .wait(until: holdUntil) }
        return now.timeIntervalSince(holdUntil) <= lateSendBound ? .send : .expire
    }
}

/// A typed undo hold outside 0…30 seconds (nothing changed).
public struct UndoHoldError: Error, Equatable, UserFacingError {
    public let text: String

    public init(text: String) {
        self.text = text
    }

    public var message: String { "“\(text)” is not an undo hold: give whole seconds from 0 to \(UndoHold.maximumSeconds)." }
    public var nextStep: String? { "For example 5 (the default), or 0 to send at once." }
    public var code: String { "invalid_input" }
}
