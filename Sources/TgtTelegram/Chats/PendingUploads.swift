import TgtTDLib

/// Which message each file being uploaded belongs to, so that TDLib's `updateFile` (which names
/// only the file) becomes an upload's progress in its chat: filled from the pending messages
/// TDLib announces (from any face, or resent after a restart), emptied when they are sent,
/// refused or deleted. Bounded: at most `limit` uploads are followed.
struct PendingUploads {
    /// A file sent twice from the same path is one TDLib file for two messages.
    private var messagesOfFile: [Int32: Set<MessageKey>] = [:]
    private var fileOfMessage: [MessageKey: Int32] = [:]
    private let limit = 1024

    /// Follows the file of `message` if it is a message with a file being sent.
    mutating func note(_ message: Message) {
        guard message.isOutgoing, message.sendingState == .pending, case .media(let media)? = message.content,
              let file = media.file?.file, !file.isUploaded, fileOfMessage.count < limit
        else { return }
        let key = MessageKey(chatID: message.chatID, messageID: message.id)
        messagesOfFile[file.id, default: []].insert(key)
        fileOfMessage[key] = file.id
    }

    /// The message is no longer being sent (sent, refused, or deleted).
    mutating func forget(chatID: Int64, messageID: Int64) {
        let key = MessageKey(chatID: chatID, messageID: messageID)
        guard let file = fileOfMessage.removeValue(forKey: key) else { return }
        messagesOfFile[file]?.remove(key)
        if messagesOfFile[file]?.isEmpty == true { messagesOfFile.removeValue(forKey: file) }
    }

    /// The events for a changed file, when it is one being sent: for each of its messages, how
    /// far it has come.
    func events(for file: TDFile) -> [ChatEvent] {
        let progress = file.upload ?? UploadProgress(sentBytes: file.size, totalBytes: file.size)
        return (messagesOfFile[file.id] ?? []).sorted { $0.messageID < $1.messageID }
            .map { .upload(chatID: $0.chatID, messageID: $0.messageID, progress: progress) }
    }
}
