import Foundation
import TgtDomain

extension AppDatabase {
    /// Who `{{me}}` stands for when no session says: the account's display name as a session
    /// last saw it (`noteSenderName`), or nil when none has. Every renderer that has no live
    /// session (a scheduled timer or series, a draft, a preview) reads it here.
    public func senderName() throws(StoreError) -> String? {
        try setting(.accountName)
    }

    /// `senderName()`, or the stand-in a preview shows when no session has seen the account
    /// yet (`RenderContext.previewSenderName`): what the editor, `tgt send --dry-run` and a
    /// series' check render with.
    public func previewSenderName() -> String {
        ((try? senderName()) ?? nil) ?? RenderContext.previewSenderName
    }

    /// Keeps the account's display name a session saw (at login, before a send, for each
    /// `/api/status`), so `{{me}}` says it offline too. Writes only when it changed, so a send
    /// takes no write lock for it; and a name this process already found stored is not read
    /// again (`notedSenderName`: the read cost 16 % of `/api/status`).
    public func noteSenderName(_ name: String) throws(StoreError) {
        let name = OutsideText.storable(name)
        guard notedSenderName.withLock({ $0 }) != name else { return }
        if try setting(.accountName) != name { try setSetting(.accountName, name) }
        notedSenderName.withLock { $0 = name }
    }
}
