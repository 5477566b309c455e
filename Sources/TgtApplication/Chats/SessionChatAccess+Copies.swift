import Foundation
import TgtTelegram

extension SessionChatAccess {
    /// Sends files from copies made only to be sent: the dashboard's uploads, the app's picked
    /// files, the copies `tgt chat send --attach` stages. `folders` are the copies' folders and
    /// `paths` the files in them, in the order they go (one file as a message, 2–10 as an album,
    /// the caption on the first). Once TDLib has taken them the copies belong to the send: they
    /// go when every message has its verdict, heard by this process or by the next one to open
    /// the session (`ChatService.discard(_:whenSettled:)`). When the send is refused (it throws
    /// only when nothing went out) the copies stay with the caller, to send again or delete.
    /// Waits up to `confirmTimeout` s for the uploads (0: answers at once, with the messages
    /// still uploading).
    public func send(copies folders: [URL], paths: [String], chatID: Int64, caption: String, replyTo: Int64?, topicID: Int32?,
                     silent: Bool, asFiles: Bool, confirmTimeout: Double) async throws(ChatError) -> [ChatMessageItem]
    {
        let sent = try await service.sendFiles(chatID: chatID, paths: paths, caption: caption, topicID: topicID, replyTo: replyTo,
                                               silent: silent, asFiles: asFiles, confirmTimeout: confirmTimeout)
        service.discard(folders, whenSettled: sent)
        var items: [ChatMessageItem] = []
        for message in sent { items.append(await service.item(message)) }
        return items
    }
}
