import Foundation
import TgtDomain
import TgtTDLib

/// A message's file, downloaded by TDLib into its own files folder: where it is, how big, and
/// what its sender called it (name and MIME type are the sender's words: hostile input).
public struct MediaDownload: Sendable, Equatable {
    /// TDLib's local path (inside the session's TDLib folders).
    public var path: String
    /// Bytes, as TDLib reports them.
    public var size: Int64
    /// What the message holds (photo, voice note, document …).
    public var kind: MessageMedia.Kind
    /// The sender's MIME type.
    public var mimeType: String
    /// The sender's file name, made safe (`SafeFileName`).
    public var fileName: String

    public init(path: String, size: Int64, kind: MessageMedia.Kind, mimeType: String, fileName: String) {
        self.path = path
        self.size = size
        self.kind = kind
        self.mimeType = mimeType
        self.fileName = fileName
    }
}

/// How much room downloaded media takes, and the most it may take.
public struct MediaCacheUsage: Codable, Sendable, Equatable {
    /// What TDLib's files take now, approximately.
    public var bytes: Int64
    public var files: Int
    /// The most they may take before the least recently used go (`ChatService.mediaCacheLimit`).
    public var limitBytes: Int64

    public init(bytes: Int64, files: Int, limitBytes: Int64) {
        self.bytes = bytes
        self.files = files
        self.limitBytes = limitBytes
    }

    private enum CodingKeys: String, CodingKey {
        case bytes, files
        case limitBytes = "limit_bytes"
    }
}

extension ChatService {
    /// The most downloaded media may take by default (1 GiB).
    public static let defaultMediaCacheLimit: Int64 = 1 << 30
    /// How long a file is kept after it was downloaded, whatever the cache's size (a file being
    /// served or saved is never deleted under it).
    static let mediaImmunitySeconds: Int32 = 300
    /// `optimizeStorage`'s age and count rules, out of the way (ten years; a million files).
    static let noAgeLimit: Int32 = 10 * 365 * 86_400
    static let noCountLimit: Int32 = 1_000_000
    /// How long one download may take: a network wait for a big video, not a test deadline.
    static let downloadTimeout: Double = 1800

    /// Downloads a message's file (photo, video, voice note, audio, document, animation,
    /// sticker) through TDLib's `downloadFile` and returns where it is. `priority` is TDLib's
    /// (1–32: what the user is looking at first). Messages without a file are `.noFile`; a
    /// download Telegram refuses or cannot finish is `.downloadFailed`. Afterwards the cache
    /// is trimmed to `mediaCacheLimit`. `progress` hears how much of the file is there (bytes
    /// from its start, of its size) as TDLib reports it, and never after this returns.
    public func downloadMedia(chatID: Int64, messageID: Int64, priority: Int32 = 16,
                              progress: (@Sendable (_ downloaded: Int64, _ size: Int64) -> Void)? = nil) async throws(ChatError) -> MediaDownload
    {
        let (media, wanted) = try await messageFile(chatID: chatID, messageID: messageID)
        guard let progress else { return try await download(media, wanted, chatID: chatID, priority: priority) }
        let events = session.chatEvents.subscribe(replayingCurrent: false)
        let id = wanted.file.id
        let watcher = Task {
            for await event in events {
                if case .file(let file) = event, file.id == id { progress(file.downloadedPrefixSize, file.size) }
            }
        }
        return try await watcher.stopped { () async throws(ChatError) in try await download(media, wanted, chatID: chatID, priority: priority) }
    }

    private func download(_ media: MessageMedia, _ wanted: MediaFile, chatID: Int64, priority: Int32) async throws(ChatError) -> MediaDownload {
        // Followed from before asking: a file has one download position, and a part asked for
        // meanwhile (a video playing) moves it, which ends this request with TDLib's error 200.
        // The download goes on from there, wrapping round to the start: the whole file is then
        // waited for, not asked for again (that would move it back under the player).
        let updates = FileUpdates(session: session, fileID: wanted.file.id, quietFor: Self.downloadTimeout)
        defer { updates.stop() }
        var file: TDFile?
        do {
            file = try await session.send(TDFunctions.DownloadFile(fileID: wanted.file.id, priority: max(1, min(32, priority))), timeout: Self.downloadTimeout)
        } catch where error.tdlibCode == 200 {
            while file == nil {
                switch await updates.next() {
                case .file(let next) where next.isDownloaded: file = next
                case .file(let next) where !next.isDownloading: throw .downloadFailed(.stopped)
                case .file: updates.heardProgress()
                case .quiet, .ended: throw .downloadFailed(.stalled)
                }
            }
        } catch {
            if error.tdlibCode == 400 || error.tdlibCode == 404 { throw .downloadFailed(.refused(error)) }
            throw .request(error)
        }
        guard let file, file.isDownloaded, file.localPath.hasPrefix("/") else { throw .downloadFailed(.stopped) }
        await trimMediaCache(sparing: chatID)
        return Self.mediaDownload(media, wanted, path: file.localPath, size: file.size)
    }

    /// How much room downloaded media takes now.
    public func mediaCacheUsage() async throws(ChatError) -> MediaCacheUsage {
        let stats = try await ask(TDFunctions.GetStorageStatisticsFast())
        return MediaCacheUsage(bytes: stats.filesSize, files: Int(stats.fileCount), limitBytes: mediaCacheLimit)
    }

    /// Deletes every downloaded file TDLib may delete (photos, videos, voice notes, documents …;
    /// TDLib keeps thumbnails, profile photos and stickers), then says what is left. The
    /// messages stay: their files download again when opened.
    public func clearMediaCache() async throws(ChatError) -> MediaCacheUsage {
        _ = try await ask(TDFunctions.OptimizeStorage(size: 0, ttl: 0, count: 0, immunityDelay: 0))
        return try await mediaCacheUsage()
    }

    /// When the cache is over its limit, deletes the least recently used files of the other
    /// chats until they take three quarters of it (so it is not trimmed again at the next
    /// download), never the files of `chatID` (the one just downloaded is about to be served or
    /// saved; TDLib counts them apart, so they may keep the cache above its limit until a
    /// download from another chat) nor one younger than five minutes; TDLib's other rules (age,
    /// count) are turned off: size alone decides. A failure only logs: the download it follows
    /// succeeded. Run after every download (a file sent as it arrives too).
    public func trimMediaCache(sparing chatID: Int64) async {
        do {
            let usage = try await mediaCacheUsage()
            guard usage.bytes > mediaCacheLimit else { return }
            _ = try await ask(TDFunctions.OptimizeStorage(size: mediaCacheLimit / 4 * 3, ttl: Self.noAgeLimit, count: Self.noCountLimit,
                                                          immunityDelay: Self.mediaImmunitySeconds, excludeChatIDs: [chatID]))
            logger.info("media cache trimmed", metadata: ["bytes_before": "\(usage.bytes)"])
        } catch {
            logger.warning("media cache not trimmed", metadata: ["error": "\(error.code)"])
        }
    }
}
