import TgtTDLib

extension ChatService {
    /// Stops sending a message still on its way (its file uploading, or waiting for the
    /// network): TDLib deletes a message not yet sent and cancels its upload, and whoever waits
    /// for its verdict hears `.cancelled`; one that went out between the check and the deletion
    /// is deleted for everyone where Telegram allows it. Only a message of the user's still being sent
    /// qualifies: one that went out or failed is `.notBeingSent` (delete it instead), an unknown
    /// one `.messageNotFound`.
    public func cancelSending(chatID: Int64, messageID: Int64) async throws(ChatError) {
        try requireLogin()
        let message = try await existingMessage(chatID: chatID, messageID: messageID)
        guard message.isOutgoing, message.sendingState == .pending else { throw .notBeingSent(messageID) }
        // Not sent yet, only this device holds it. If Telegram took it in the meantime, TDLib
        // finds the sent message by this id: it goes for everyone too, as the user asked.
        _ = try await ask(TDFunctions.DeleteMessages(chatID: chatID, messageIDs: [messageID], revoke: true))
        logger.debug("send cancelled", metadata: ["chat": "\(chatID)"])
    }
}
