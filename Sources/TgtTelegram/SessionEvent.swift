import Foundation
import TgtDomain
import TgtTDLib

/// What a `SessionHost` tells its front end as it happens in Telegram: connection and login
/// changes, per-target send progress, and chat changes. What changes in the store (templates,
/// timers, scheduled sends, the send log, replies) reaches front ends through the host's
/// `storeChanges`, whoever wrote it.
public enum SessionEvent: Sendable, Equatable {
    case connection(ConnectionState)
    case login(LoginStep)
    case send(templateID: UUID, progress: SendProgress)
    /// Something changed in the chats or their messages (see `ChatEvent`).
    case chat(ChatEvent)
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
