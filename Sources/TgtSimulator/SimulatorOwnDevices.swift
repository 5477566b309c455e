import Foundation

extension TelegramSimulator {
    /// The person types `text` in chat `chatID` on another of their devices (their phone): every
    /// client on the folder gets it as an outgoing `updateNewMessage` that is already sent, as
    /// Telegram delivers a message sent elsewhere, and the chat's last message moves.
    public func ownMessageFromAnotherDevice(inDatabaseDirectory directory: URL, chatID: Int64, text: String) {
        queue.async {
            guard let chat = self.findChatInScenario(chatID) else { return }
            let me = self.currentScenario.account.userID
            let message = self.post(chat, directory: directory.path, sender: me, content: SimulatorMedia.text(text), topicID: nil, replyTo: nil)
            self.emitToDirectory(directory.path, ["@type": "updateNewMessage", "message": message.json])
            self.emitLastMessage(chat, directory: directory.path, last: message)
        }
    }
}
