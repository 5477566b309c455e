import Foundation
import TgtDomain
import TgtTDLib

/// What a `SessionHost` tells its front end as it happens: connection and login changes,
/// per-target send progress, and template and timer changes made through that front end.
public enum SessionEvent: Sendable, Equatable {
    case connection(ConnectionState)
    case login(LoginStep)
    case send(templateID: UUID, progress: SendProgress)
    case templatesChanged
    /// Timers were added, changed, controlled, reordered or deleted.
    case timersChanged
    /// Something changed in the chats or their messages (see `ChatEvent`).
    case chat(ChatEvent)
    /// Someone replied to a message a template sent (recorded with its send).
    case repliesChanged
}

extension ConnectionState {
    /// A stable name for the state, used by the API and the apps.
    public var key: String {
        switch self {
        case .waitingForNetwork: "waiting_for_network"
        case .connectingToProxy: "connecting_to_proxy"
        case .connecting: "connecting"
        case .updating: "updating"
        case .ready: "ready"
        case .unknown: "unknown"
        }
    }
}
