import Foundation
import TgtDomain
import TgtTDLib

/// A part of a message's file, ready to serve while TDLib downloads the rest (a video that
/// plays as it arrives).
public struct MediaPart: Sendable, Equatable {
    /// Where the bytes are (TDLib's partial file until the download completes, then the file),
    /// the whole file's size, what it holds and the sender's name for it.
    public var media: MediaDownload
    /// Bytes ready from the offset asked for, without a gap.
    public var available: Int64
    /// The file's first bytes are there (what it is can be read off them).
    public var headAvailable: Bool
    /// The whole file is downloaded.
    public var isComplete: Bool

    public init(media: MediaDownload, available: Int64, headAvailable: Bool, isComplete: Bool) {
        self.media = media
        self.available = available
        self.headAvailable = headAvailable
        self.isComplete = isComplete
    }
}

extension ChatService {
    /// The most one part waits for its bytes: a stalled network, not a test deadline.
    static let partTimeout: Double = 120
    /// The bytes a file's type is read from (`MediaSniffer`'s prefix).
    static let headBytes: Int64 = 16

    /// The exact size of a message's file (0: not known yet, or only estimated), to resolve a
    /// byte range against before asking for its part. A message without a file is `.noFile`.
    public func mediaSize(chatID: Int64, messageID: Int64) async throws(ChatError) -> Int64 {
        let (_, file) = try await messageFile(chatID: chatID, messageID: messageID)
        return file.file.sizeIsExact ? file.file.size : 0
    }

    /// A message's media and its file, as TDLib has them now: what every file operation starts
    /// from. An unknown message is `.messageNotFound`, one without a file `.noFile`, one of ours
    /// still being sent `.stillBeingSent` (its file is where it was given, not yet TDLib's),
    /// self-destructing media `.selfDestructing` (opening it would start its timer; Telegram
    /// shows it only while held, in its phone apps).
    func messageFile(chatID: Int64, messageID: Int64) async throws(ChatError) -> (MessageMedia, MediaFile) {
        try requireLogin()
        let message = try await existingMessage(chatID: chatID, messageID: messageID)
        guard case .media(let media) = message.content, let file = media.file else { throw .noFile(messageID: messageID) }
        if media.isSecret { throw .selfDestructing(messageID) }
        if message.isOutgoing, message.sendingState == .pending { throw .stillBeingSent(messageID) }
        return (media, file)
    }

    /// Asks TDLib for a message's file from `offset` on (`downloadFile` from there, the rest of
    /// the file following) and returns as soon as `wanted` bytes from `offset` are there (fewer
    /// at the end of the file), or the whole file is. A download Telegram stops or refuses is
    /// `.downloadFailed`, as is one that brings nothing for `partTimeout` s.
    public func mediaPart(chatID: Int64, messageID: Int64, offset: Int64, wanted: Int64, priority: Int32 = 24) async throws(ChatError) -> MediaPart {
        let (media, held) = try await messageFile(chatID: chatID, messageID: messageID)
        let fileID = held.file.id
        // Followed from before the download starts: no update is missed.
        let updates = FileUpdates(session: session, fileID: fileID, quietFor: Self.partTimeout)
        defer { updates.stop() }
        var file: TDFile
        do {
            file = try await session.send(TDFunctions.DownloadFile(fileID: fileID, priority: max(1, min(32, priority)), offset: max(0, offset), synchronous: false),
                                          timeout: timeout)
        } catch {
            if error.tdlibCode == 400 || error.tdlibCode == 404 { throw .downloadFailed(.refused(error)) }
            throw .request(error)
        }
        var lastReady: Int64 = -1
        var quiet = false
        while true {
            // Complete: the whole-file path serves it (and trims the cache once).
            if file.isDownloaded, file.localPath.hasPrefix("/") {
                return MediaPart(media: Self.mediaDownload(media, held, path: file.localPath, size: file.size),
                                 available: max(0, file.size - offset), headAvailable: true, isComplete: true)
            }
            let need = file.size > 0 ? min(wanted, max(0, file.size - offset)) : wanted
            let ready = try await ask(TDFunctions.GetFileDownloadedPrefixSize(fileID: fileID, offset: offset)).size
            if ready >= max(1, need), file.localPath.hasPrefix("/") {
                let head = offset == 0 ? ready : try await ask(TDFunctions.GetFileDownloadedPrefixSize(fileID: fileID, offset: 0)).size
                return MediaPart(media: Self.mediaDownload(media, held, path: file.localPath, size: file.size), available: ready,
                                 headAvailable: head >= min(Self.headBytes, max(1, file.size)), isComplete: false)
            }
            // Quiet for `partTimeout` s is a failure only when nothing came meanwhile (bytes
            // for another offset count: a player elsewhere moved TDLib's position, which comes
            // round to this one).
            if ready > lastReady {
                updates.heardProgress()
                lastReady = ready
            } else if quiet {
                throw .downloadFailed(.stalled)
            }
            quiet = false
            switch await updates.next() {
            case .file(let next):
                updates.heardProgress()
                file = next
                // A download that stopped short (failed, or cancelled) and is not complete brings no more.
                if !file.isDownloading, !file.isDownloaded { throw .downloadFailed(.stopped) }
            case .quiet:
                quiet = true
            case .ended:
                throw .downloadFailed(.closed)
            }
        }
    }

    /// Tells Telegram the user opened a message's content (played a voice or video note, opened
    /// a photo or a file): a voice note shows as listened to its sender. A message without a
    /// file is `.noFile`. The message as it is afterwards.
    @discardableResult
    public func openContent(chatID: Int64, messageID: Int64) async throws(ChatError) -> Message {
        _ = try await messageFile(chatID: chatID, messageID: messageID)
        _ = try await ask(TDFunctions.OpenMessageContent(chatID: chatID, messageID: messageID))
        return try await existingMessage(chatID: chatID, messageID: messageID)
    }

    /// What `downloadMedia` and `mediaPart` say about a message's file at `path`.
    static func mediaDownload(_ media: MessageMedia, _ held: MediaFile, path: String, size: Int64) -> MediaDownload {
        let fallback = held.fileName.isEmpty ? "file" : held.fileName
        return MediaDownload(path: path, size: size, kind: media.kind, mimeType: held.mimeType,
                             fileName: SafeFileName.make(held.fileName, fallback: SafeFileName.make(fallback)))
    }
}

/// The `updateFile`s of one file, from when it is made, with a watch for silence: `next()` says
/// `.quiet` once `quietFor` s pass without `heardProgress()`. Stopped with `stop()`.
final class FileUpdates: Sendable {
    enum Next {
        case file(TDFile)
        case quiet
        case ended
    }

    private let updates: AsyncStream<TDFile?>
    private let feed: AsyncStream<TDFile?>.Continuation
    private let forward: Task<Void, Never>
    private let quietFor: Double
    private let timer = Locked<Task<Void, Never>?>(nil)

    init(session: TelegramSession, fileID: Int32, quietFor: Double) {
        let (updates, feed) = AsyncStream<TDFile?>.makeStream(bufferingPolicy: .unbounded)
        self.updates = updates
        self.feed = feed
        self.quietFor = quietFor
        let source = session.chatEvents.subscribe(replayingCurrent: false)
        forward = Task {
            for await event in source { if case .file(let file) = event, file.id == fileID { feed.yield(file) } }
            feed.finish()
        }
        heardProgress()
    }

    /// Starts the watch for silence again.
    func heardProgress() {
        let feed = self.feed, quietFor = self.quietFor
        let fresh = Task {
            guard (try? await Task.sleep(nanoseconds: UInt64(quietFor * 1_000_000_000))) != nil else { return }
            feed.yield(nil)
        }
        timer.withLock { old in
            old?.cancel()
            old = fresh
        }
    }

    /// The next update of the file, or why there is none.
    func next() async -> Next {
        var iterator = updates.makeAsyncIterator()
        guard let next = await iterator.next() else { return .ended }
        guard let file = next else { return .quiet }
        return .file(file)
    }

    func stop() {
        forward.cancel()
        timer.withLock { $0?.cancel() }
        feed.finish()
    }
}
