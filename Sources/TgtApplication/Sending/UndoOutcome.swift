import Foundation
import TgtDomain
import TgtStore

/// What an undo did.
public enum UndoOutcome: Sendable, Equatable {
    /// Taken back: these targets' rows are undone and nothing reached Telegram.
    case undone(targets: [String])
    /// Its hold had already ended: it is being sent or was sent (or failed).
    case tooLate(status: SendLogEntry.Status)
    /// Already undone before.
    case alreadyUndone
}

/// Why an undo was refused.
public enum UndoError: Error, Equatable, UserFacingError {
    /// No send with this id is in the send log.
    case notFound(String)

    public var message: String {
        switch self {
        case .notFound(let id): "There is no held send \(id) in the send log."
        }
    }

    public var nextStep: String? { "Check the send's id in the send log." }
    public var code: String { "send_not_found" }
}
