import Foundation
import TgtTDLib

extension ChatService {
    /// Deletes `folders` — copies of files made only to be sent (a dashboard upload, a file
    /// picked in the app) — once each of `messages` has had its verdict: TDLib reads a file
    /// until its message is sent, so they go at once when none is pending, else when the last
    /// is sent, fails or is cancelled (or after a day without a verdict). A temporary file never
    /// outlives its send. When the client closes first (a restart, a sign-out), TDLib may take
    /// the send up again when it next opens: the copies are left for their owner's sweep.
    public func discard(_ folders: [URL], whenSettled messages: [Message]) {
        let pending = messages.filter { $0.sendingState == .pending }
        guard !pending.isEmpty else {
            Self.remove(folders)
            return
        }
        let session = session
        Task.detached {
            for message in pending { _ = await session.confirmation(chatID: message.chatID, temporaryID: message.id, timeout: 86_400) }
            if await session.isClosed { return }
            Self.remove(folders)
        }
    }

    private static func remove(_ folders: [URL]) {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }
}
