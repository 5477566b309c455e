import TgtTDLib

/// What cancelling a message on its way did.
public enum CancelledSend: Sendable, Equatable {
    /// It never went out: TDLib dropped it and its upload, Telegram never saw it.
    case stopped
    /// Telegram took it while the cancel was on its way; it was then deleted for everyone
    /// (where Telegram allows it) under its new id.
    case deletedAfterSending(messageID: Int64)
}

extension ChatService {
    /// Stops sending a message still on its way (its file uploading, or waiting for the
    /// network): TDLib deletes a message not yet sent and cancels its upload, and whoever waits
    /// for its verdict hears `.cancelled`. One that went out between the check and the deletion
    /// is found by TDLib under its old id and deleted for everyone where Telegram allows it:
    /// the answer says so. Only a message of the user's still being sent qualifies: one that
    /// went out or failed is `.notBeingSent` (delete it instead), an unknown one `.messageNotFound`.
    @discardableResult
    public func cancelSending(chatID: Int64, messageID: Int64) async throws(ChatError) -> CancelledSend {
        try requireLogin()
        let message = try await existingMessage(chatID: chatID, messageID: messageID)
        guard message.isOutgoing, message.sendingState == .pending else { throw .notBeingSent(messageID) }
        _ = try await ask(TDFunctions.DeleteMessages(chatID: chatID, messageIDs: [messageID], revoke: true))
        // The session has applied every update that came before the answer: a verdict that beat
        // the deletion is known by now.
        if let sent = await session.sentMessageID(chatID: chatID, temporaryID: messageID) {
            logger.debug("cancelled after it was sent: deleted", metadata: ["chat": "\(chatID)"])
            return .deletedAfterSending(messageID: sent)
        }
        logger.debug("send cancelled", metadata: ["chat": "\(chatID)"])
        return .stopped
    }
}
