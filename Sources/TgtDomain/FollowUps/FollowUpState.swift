import Foundation

/// Where a follow-up stands.
public enum FollowUpState: String, Sendable, Codable, CaseIterable {
    /// Its send is not out yet (held, queued or waiting on Telegram's schedule).
    case waiting
    /// Its message is out: the condition is being watched.
    case watching
    /// Its action is running (claimed once; a process that stops here leaves it `failed`).
    case firing
    /// The condition held and the action ran.
    case fired
    /// The condition did not hold: nothing was done.
    case met
    /// The time ran out, or the moment passed too long ago: nothing was done.
    case expired
    /// Telegram did not tell enough to decide: nothing was done.
    case unknowable
    /// Cancelled by the person, or its message never went out or was deleted.
    case cancelled
    /// The action could not be done.
    case failed

    /// Whether it may still act.
    public var isLive: Bool { self == .waiting || self == .watching || self == .firing }

    /// Where it stands in a few words ("done", "not needed"), as lists show it.
    public var words: String {
        switch self {
        case .waiting: "waits for its message to go out"
        case .watching: "watching"
        case .firing: "acting now"
        case .fired: "done"
        case .met: "not needed"
        case .expired: "expired"
        case .unknowable: "cannot know"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
    }
}
