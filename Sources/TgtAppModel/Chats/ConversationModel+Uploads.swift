import Foundation
import TgtDomain
import TgtTelegram

extension ConversationModel {
    /// "1.2 MB of 4 MB sent" under a message whose file is uploading; nil for any other.
    public func uploadLine(for item: ChatMessageItem) -> AppText? {
        guard item.isOutgoing, item.sendingState == "pending", let upload = item.upload else { return nil }
        return AppText("conversation.uploading", ByteSize.describe(upload.sentBytes), ByteSize.describe(upload.totalBytes))
    }

    /// Stops sending one of our messages still on its way (its file uploading): TDLib drops
    /// it and its upload (`ChatService.cancelSending`), and the bubble goes with TDLib's
    /// announcement. One that went out meanwhile stays, and `actionError` says to delete it.
    public func cancelSending(_ item: ChatMessageItem) async {
        do {
            try await (try await host.chatService()).cancelSending(chatID: chatID, messageID: item.id)
            actionError = nil
        } catch {
            actionError = .failure(error)
        }
    }
}
