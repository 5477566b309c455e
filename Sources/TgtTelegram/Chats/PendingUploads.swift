import TgtTDLib

/// Which message each file being uploaded belongs to, so that TDLib's `updateFile` (which names
/// only the file) becomes an upload's progress in its chat: filled from the pending messages
/// TDLib announces (from any face, or resent after a restart), emptied when they are sent,
/// refused or deleted. Bounded: at most `limit` uploads are followed.
struct PendingUploads {
    private var messageOfFile: [Int32: MessageKey] = [:]
    private var fileOfMessage: [MessageKey: Int32] = [:]
    private let limit = 1024

    /// Follows the file of `message` if it is a message with a file being sent.
    mutating func note(_ message: Message) {
        guard message.isOutgoing, message.sendingState == .pending, case .media(let media)? = message.content,
              let file = media.file?.file, !file.isUploaded, messageOfFile.count < limit
        else { return }
        let key = MessageKey(chatID: message.chatID, messageID: message.id)
        messageOfFile[file.id] = key
        fileOfMessage[key] = file.id
    }

    /// The message is no longer being sent (sent, refused, or deleted).
    mutating func forget(chatID: Int64, messageID: Int64) {
        guard let file = fileOfMessage.removeValue(forKey: MessageKey(chatID: chatID, messageID: messageID)) else { return }
        messageOfFile.removeValue(forKey: file)
    }

    /// The event for a changed file, when it is one being sent: its message and how far it has come.
    func event(for file: TDFile) -> ChatEvent? {
        guard let key = messageOfFile[file.id] else { return nil }
        let progress = file.upload ?? UploadProgress(sentBytes: file.size, totalBytes: file.size)
        return .upload(chatID: key.chatID, messageID: key.messageID, progress: progress)
    }
}
