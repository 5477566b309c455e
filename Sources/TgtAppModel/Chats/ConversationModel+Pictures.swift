import Foundation
import TgtDomain
import TgtApplication

/// What a bubble draws for its media: a photo's small size (TDLib's thumbnail) or a sticker
/// itself, fetched once per message at a low priority, checked before anything decodes it.
extension ConversationModel {
    /// The largest file a bubble's picture may be (a sticker is at most 512 KB on Telegram).
    public static let maxBubblePictureBytes: Int64 = 512 * 1024

    /// The picture for `item`'s bubble, a file in TDLib's folder to decode, or nil: not a photo
    /// or sticker, larger than `maxBubblePictureBytes`, not a picture by its bytes (a JPEG,
    /// PNG, GIF or WebP), a header promising more than `OpenedMedia.maxPixels`, or not
    /// fetched; nor for a spoiler, which stays blurred until opened. The blurred preview stays meanwhile.
    public func bubblePicture(for item: ChatMessageItem) async -> URL? {
        if let known = bubblePictures[item.id] { return known }
        guard let media = item.media, let service = try? await host.chats() else { return nil }
        var path: String?
        switch media.kind {
        case "photo":
            // A spoiler stays blurred until it is opened (self-destructing media has no thumbnail).
            if let id = media.thumbnailFileID, !media.hasSpoiler {
                path = (try? await service.thumbnailPath(fileID: id, maxBytes: Self.maxBubblePictureBytes)) ?? nil
            }
        case "sticker":
            if let size = media.file?.size, size > 0, size <= Self.maxBubblePictureBytes {
                path = try? await service.downloadMedia(chatID: chatID, messageID: item.id, priority: 16).path
            }
        default:
            break
        }
        let picture = path.flatMap(OpenedMedia.picture(at:))
        // A fetch that failed (offline) is tried again next time; a refusal is kept.
        if picture != nil || path != nil { bubblePictures[item.id] = picture }
        return picture
    }

}
