import Foundation
import TgtApplication
import TgtDomain

/// A message's file opened in the app: downloaded by TDLib into its folder, and how the shell
/// shows it, chosen from the file's bytes (never the sender's name or type): pictures in the
/// viewer (decoded no larger than the screen needs, and none with more than `maxPixels`: a
/// picture's header can promise a decoding that takes all the phone's memory), sound and video
/// in the player (a voice note, Opus in Ogg, through its CAF copy: `VoicePlayback`), anything
/// else only saved or shared (never rendered: an HTML page or SVG from someone else does not run
/// in the app).
public struct OpenedMedia: Sendable, Equatable, Identifiable {
    /// How the shell shows it.
    public enum Presentation: Sendable, Equatable {
        case image, player, file
    }

    /// The most pixels a picture may have to be shown (50 million: a 200 MB decoding).
    public static let maxPixels = 50_000_000
    /// The longest side, in pixels, a picture is decoded to for the viewer (zooming in twice on
    /// the largest phone screen).
    public static let maxDisplaySide = 2_800.0

    public var messageID: Int64
    /// TDLib's copy, inside its files folder: what is saved or shared.
    public var url: URL
    /// What the player opens: `url`, or a voice note's CAF copy in the app's playback folder.
    public var playbackURL: URL
    /// Why it is not shown or played, when the bytes said so (a voice note that cannot be
    /// played); nil for the usual reasons (`notShownReason`).
    public var reason: AppText?
    /// The sender's name for it, made safe.
    public var name: String
    public var presentation: Presentation
    /// A picture's sides, as its header gives them (nil: not a picture, or unreadable).
    public var pixelSize: ImageDimensions?
    public var id: Int64 { messageID }

    public init(messageID: Int64, url: URL, name: String, presentation: Presentation, pixelSize: ImageDimensions? = nil) {
        self.messageID = messageID
        self.url = url
        playbackURL = url
        self.name = name
        self.presentation = presentation
        self.pixelSize = pixelSize
    }

    /// The presentation the first bytes call for (`ImageDimensions.headLength` of them, for a
    /// picture's sides): a picture of more than `maxPixels` is only saved or shared.
    public static func presentation(head: [UInt8]) -> Presentation {
        switch MediaSniffer.sniff(Array(head.prefix(MediaSniffer.prefixLength))) {
        case .jpeg?, .png?, .gif?, .webp?:
            if let size = ImageDimensions.read(head), tooLarge(width: size.width, height: size.height) != nil { .file } else { .image }
        case .mp4?, .mpeg?, .m4a?, .wav?, .caf?: .player
        // The system player plays neither Ogg nor WebM: Ogg Opus (Telegram's voice notes)
        // plays once moved into CAF (`openMedia`); the rest is saved or shared.
        case .webm?, .ogg?, nil: .file
        }
    }

    /// The first `ImageDimensions.headLength` bytes of the file at `path` (none when it cannot
    /// be read): enough for its presentation and a picture's sides.
    static func head(of path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: ImageDimensions.headLength)) ?? Data())
    }

    /// The file at `path` when its bytes are a picture of a sane size (shown as an image), to
    /// draw small: a bubble's picture, a chat's photo.
    static func picture(at path: String) -> URL? {
        presentation(head: head(of: path)) == .image ? URL(fileURLWithPath: path) : nil
    }

    /// Why the viewer does not show it: a picture too large for the phone, or a file (which is
    /// never opened in the app).
    public var notShownReason: AppText {
        reason ?? pixelSize.flatMap { Self.tooLarge(width: $0.width, height: $0.height) } ?? .label(.mediaNotShown)
    }

    /// Why a picture of `width` × `height` pixels is not shown (more than `maxPixels`), or nil
    /// when it may be: asked again with the sides the system reads, for a picture whose header
    /// `ImageDimensions` could not read.
    public static func tooLarge(width: Int, height: Int) -> AppText? {
        guard width > 0, height > 0 else { return nil }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard overflow || pixels > maxPixels else { return nil }
        return AppText("media.tooLarge", String(width), String(height))
    }

    /// The size, in pixels, a picture of `width` × `height` is decoded to: the same shape, its
    /// longest side at most `maxDisplaySide` (a smaller one as it is).
    public static func displayPixels(width: Double, height: Double) -> (width: Double, height: Double) {
        guard width > 0, height > 0 else { return (1, 1) }
        let scale = min(1, maxDisplaySide / max(width, height))
        return ((width * scale).rounded(), (height * scale).rounded())
    }
}

extension ConversationModel {
    /// Downloads `item`'s file (at the priority of what the user is looking at) and opens it:
    /// `openedMedia` is set for the shell to show, or `actionError` says why not.
    /// A second tap while it opens, or on what is open, does nothing; a tap on another takes
    /// over (the first, when it comes, is dropped with its copy).
    public func openMedia(_ item: ChatMessageItem) async {
        guard item.media?.file != nil, openingMediaID != item.id, openedMedia?.messageID != item.id else { return }
        do {
            guard let media = try await fetchMedia(item) else { return }
            show(media)
            await markOpened(item)
        } catch {
            actionError = .failure(error)
        }
    }

    /// Plays a voice note inside its bubble (`voice`), or pauses or resumes the one there; one
    /// that cannot be played opens in the viewer, which says why and offers to save or share
    /// it. Where voice notes do not play in bubbles (`voice.isAvailable`), it opens there too.
    public func playVoiceNote(_ item: ChatMessageItem) async {
        guard voice.isAvailable else { return await openMedia(item) }
        if voice.messageID == item.id { return voice.pauseOrResume() }
        guard item.media?.kind == "voiceNote", item.media?.file != nil, openingMediaID != item.id else { return }
        do {
            guard let media = try await fetchMedia(item) else { return }
            if media.presentation == .player {
                // Telegram hears it was listened to only when it plays.
                guard voice.start(messageID: item.id, copy: media.playbackURL) else {
                    actionError = AppText("media.notPlayable.damaged")
                    return
                }
                actionError = nil
            } else {
                // Not playable here: the viewer says why and offers to save or share it.
                show(media)
            }
            await markOpened(item)
        } catch {
            actionError = .failure(error)
        }
    }

    /// Puts `media` in the viewer, in place of what was there (a voice note's copy goes).
    private func show(_ media: OpenedMedia) {
        discardPlaybackCopy()
        openedMedia = media
        actionError = nil
    }

    /// `item`'s file downloaded, with how to show it, and a voice note's playable copy made;
    /// nil when another tap took over meanwhile (its copy dropped).
    private func fetchMedia(_ item: ChatMessageItem) async throws -> OpenedMedia? {
        openingMediaID = item.id
        defer { if openingMediaID == item.id { openingMediaID = nil } }
        let service = try await host.chats()
        let file = try await service.downloadMedia(chatID: chatID, messageID: item.id, priority: 32)
        let head = OpenedMedia.head(of: file.path)
        guard openingMediaID == item.id else { return nil }
        var media = OpenedMedia(messageID: item.id, url: URL(fileURLWithPath: file.path), name: file.fileName,
                                presentation: OpenedMedia.presentation(head: head), pixelSize: ImageDimensions.read(head))
        if MediaSniffer.sniff(Array(head.prefix(MediaSniffer.prefixLength))) == .ogg {
            let (playback, source) = (voicePlayback, media.url)
            let now = host.clock.now
            let prepared = await Task.detached { playback.prepare(source, now: now) }.value
            switch prepared {
            case .playable(let copy) where openingMediaID == item.id:
                media.playbackURL = copy
                media.presentation = .player
            case .playable(let copy):
                playback.discard(copy)
                return nil
            case .notPlayable(let reason):
                guard openingMediaID == item.id else { return nil }
                media.reason = reason
            }
        }
        return media
    }

    /// Its sender sees a voice note listened to; what opened it does not wait on this.
    private func markOpened(_ item: ChatMessageItem) async {
        guard let service = try? await host.chats() else { return }
        _ = try? await service.openContent(chatID: chatID, messageID: item.id)
    }

    /// Closes the viewer or player (a voice note's playable copy goes with it).
    public func closeMedia() {
        discardPlaybackCopy()
        openedMedia = nil
    }

    private var voicePlayback: VoicePlayback { VoicePlayback(folder: host.directory.playbackFolder) }

    private func discardPlaybackCopy() {
        guard let media = openedMedia, media.playbackURL != media.url else { return }
        voicePlayback.discard(media.playbackURL)
    }
}
