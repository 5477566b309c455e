import Foundation
import TgtDomain
import TgtStore

extension TelegramSession {
    /// Who `{{me}}` is on this session: the account's display name now (kept in the store for
    /// renders with no session), else the one a session last saw (`AppDatabase.senderName()`).
    /// The one place a live send learns it: the dashboard's and the app's `SessionHost`, and
    /// `tgt send` on its own session.
    public func senderName(keepingIn store: AppDatabase) async -> String? {
        if let name = (try? await account())?.displayName {
            try? store.noteSenderName(name)
            return name
        }
        return (try? store.senderName()) ?? nil
    }
}
