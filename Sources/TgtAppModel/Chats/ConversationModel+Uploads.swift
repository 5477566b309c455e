import Foundation
import TgtDomain
import TgtApplication

/// How far a message's file has gone up, as its bubble shows it.
public struct UploadShown: Sendable, Equatable {
    /// 0…1, for the progress bar.
    public var fraction: Double
    /// "1.2 MB of 4 MB sent".
    public var line: AppText
}

extension ConversationModel {
    /// The upload's progress under a message of ours whose file is going up; nil for any other.
    public func upload(of item: ChatMessageItem) -> UploadShown? {
        guard item.isOutgoing, item.sendingState == "pending", let upload = item.upload else { return nil }
        let fraction = upload.totalBytes > 0 ? min(1, Double(upload.sentBytes) / Double(upload.totalBytes)) : 0
        return UploadShown(fraction: fraction, line: AppText("conversation.uploading", ByteSize.describe(upload.sentBytes), ByteSize.describe(upload.totalBytes)))
    }

    /// Stops sending one of our messages still on its way (its file uploading): TDLib drops
    /// it and its upload (`SessionChatAccess.cancelSending`), and the bubble goes with TDLib's
    /// announcement. One that went out just before is deleted for everyone, and `actionError`
    /// says so; one that had gone out before the tap stays, and `actionError` says to delete it.
    public func cancelSending(_ item: ChatMessageItem) async {
        do {
            let outcome = try await (try await host.chats()).cancelSending(chatID: chatID, messageID: item.id)
            actionError = outcome == .stopped ? nil : AppText("conversation.sentBeforeCancel")
        } catch {
            actionError = .failure(error)
        }
    }
}
