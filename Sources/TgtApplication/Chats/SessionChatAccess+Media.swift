import Foundation
import TgtDomain
import TgtTelegram

/// A message's media on a long-running face (the dashboard's file routes, the app's viewers):
/// downloads into TDLib's cache, parts of a file still downloading, thumbnails and chat photos,
/// and the cache's trimming. The files are TDLib's: a face serves them only from
/// `LiveSession.tdlibFolders`.
extension SessionChatAccess {
    /// Downloads a message's file into TDLib's cache (lower `priority` first); `progress`
    /// hears the bytes so far and the size.
    public func downloadMedia(chatID: Int64, messageID: Int64, priority: Int32 = 16,
                              progress: (@Sendable (_ downloaded: Int64, _ size: Int64) -> Void)? = nil) async throws(ChatError) -> MediaDownload
    {
        try await service.downloadMedia(chatID: chatID, messageID: messageID, priority: priority, progress: progress)
    }

    /// A message's file size when Telegram knows it exactly (0: not known yet).
    public func mediaSize(chatID: Int64, messageID: Int64) async throws(ChatError) -> Int64 {
        try await service.mediaSize(chatID: chatID, messageID: messageID)
    }

    /// Up to `wanted` bytes of a message's file from `offset`, downloaded as far as that.
    public func mediaPart(chatID: Int64, messageID: Int64, offset: Int64, wanted: Int64, priority: Int32 = 24) async throws(ChatError) -> MediaPart {
        try await service.mediaPart(chatID: chatID, messageID: messageID, offset: offset, wanted: wanted, priority: priority)
    }

    /// Marks a voice or video note as listened to or viewed; the message as it is then.
    public func openContent(chatID: Int64, messageID: Int64) async throws(ChatError) -> ChatMessageItem {
        await service.item(try await service.openContent(chatID: chatID, messageID: messageID))
    }

    /// Keeps the media cache within its limit, sparing the files of the chat on screen.
    public func trimMediaCache(sparing chatID: Int64) async { await service.trimMediaCache(sparing: chatID) }

    /// The local path of a chat's small photo, downloaded if needed (nil: it has none).
    public func chatPhotoPath(chatID: Int64) async throws(ChatError) -> String? {
        try await service.chatPhoto(chatID: chatID)?.localPath
    }

    /// The id of a chat's small photo, if it has one.
    public func chatPhotoFileID(chatID: Int64) async -> Int32? { await service.chatPhotoFileID(chatID: chatID) }

    /// The local path of thumbnail `fileID`, downloaded if needed (never more than `maxBytes`);
    /// nil when TDLib has none.
    public func thumbnailPath(fileID: Int32, maxBytes: Int64 = 512 * 1024) async throws(ChatError) -> String? {
        let file = try await service.downloadThumbnail(fileID: fileID, maxBytes: maxBytes)
        guard file.isDownloaded || !file.localPath.isEmpty else { return nil }
        return file.localPath
    }
}
