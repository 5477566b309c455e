import Foundation

/// `minithumbnail`: a tiny (about 40 px) JPEG shown blurred while the real image loads.
public struct Minithumbnail: Codable, Sendable, Equatable {
    public var width: Int32
    public var height: Int32
    /// The JPEG bytes (base64 in TDLib's JSON).
    public var data: Data

    public init(width: Int32, height: Int32, data: Data) {
        self.width = width
        self.height = height
        self.data = data
    }

    private enum CodingKeys: String, CodingKey { case width, height, data }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        width = try c.decodeIfPresent(Int32.self, forKey: .width) ?? 0
        height = try c.decodeIfPresent(Int32.self, forKey: .height) ?? 0
        data = Data(base64Encoded: try c.decodeIfPresent(String.self, forKey: .data) ?? "") ?? Data()
    }
}

/// `file`, reduced to its id, size and where its downloaded copy is.
public struct TDFile: Decodable, Sendable, Equatable {
    public var id: Int32
    /// The size when known; else `expected_size`, TDLib's estimate (0: unknown).
    public var size: Int64
    /// `size` is the file's exact size (not an estimate).
    public var sizeIsExact = true
    /// `local.path`: the file once downloaded, the part downloaded so far while it downloads
    /// (TDLib moves it when complete), empty before.
    public var localPath: String
    public var isDownloaded: Bool
    /// `local.is_downloading_active`: a download of it runs now.
    public var isDownloading = false
    /// `local.download_offset` and `local.downloaded_prefix_size`: the bytes ready from that
    /// offset on, without a gap.
    public var downloadOffset: Int64 = 0
    public var downloadedPrefixSize: Int64 = 0
    /// `remote.uploaded_size`: how much of a file being sent has reached Telegram.
    public var uploadedSize: Int64
    /// `remote.is_uploading_active`: the file is being uploaded now.
    public var isUploading: Bool
    /// `remote.is_uploading_completed`: Telegram has all of it.
    public var isUploaded: Bool

    public init(id: Int32, size: Int64 = 0, localPath: String = "", isDownloaded: Bool = false,
                uploadedSize: Int64 = 0, isUploading: Bool = false, isUploaded: Bool = false)
    {
        self.id = id
        self.size = size
        self.localPath = localPath
        self.isDownloaded = isDownloaded
        self.uploadedSize = uploadedSize
        self.isUploading = isUploading
        self.isUploaded = isUploaded
    }

    private enum CodingKeys: String, CodingKey {
        case id, size, local, remote
        case expectedSize = "expected_size"
    }
    private enum LocalKeys: String, CodingKey {
        case path
        case isDownloaded = "is_downloading_completed"
        case isDownloading = "is_downloading_active"
        case downloadOffset = "download_offset"
        case downloadedPrefixSize = "downloaded_prefix_size"
    }
    private enum RemoteKeys: String, CodingKey {
        case uploadedSize = "uploaded_size"
        case isUploading = "is_uploading_active"
        case isUploaded = "is_uploading_completed"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int32.self, forKey: .id)
        let exact = try c.decodeIfPresent(Int64.self, forKey: .size) ?? 0
        size = exact > 0 ? exact : try c.decodeIfPresent(Int64.self, forKey: .expectedSize) ?? 0
        sizeIsExact = exact > 0
        if c.contains(.local), try !c.decodeNil(forKey: .local) {
            let local = try c.nestedContainer(keyedBy: LocalKeys.self, forKey: .local)
            localPath = try local.decodeIfPresent(String.self, forKey: .path) ?? ""
            isDownloaded = try local.decodeIfPresent(Bool.self, forKey: .isDownloaded) ?? false
            isDownloading = try local.decodeIfPresent(Bool.self, forKey: .isDownloading) ?? false
            downloadOffset = try local.decodeIfPresent(Int64.self, forKey: .downloadOffset) ?? 0
            downloadedPrefixSize = try local.decodeIfPresent(Int64.self, forKey: .downloadedPrefixSize) ?? 0
        } else {
            localPath = ""
            isDownloaded = false
        }
        if c.contains(.remote), try !c.decodeNil(forKey: .remote) {
            let remote = try c.nestedContainer(keyedBy: RemoteKeys.self, forKey: .remote)
            uploadedSize = try remote.decodeIfPresent(Int64.self, forKey: .uploadedSize) ?? 0
            isUploading = try remote.decodeIfPresent(Bool.self, forKey: .isUploading) ?? false
            isUploaded = try remote.decodeIfPresent(Bool.self, forKey: .isUploaded) ?? false
        } else {
            uploadedSize = 0
            isUploading = false
            isUploaded = false
        }
    }

    /// How far the upload of a file being sent has come (queued or under way), until Telegram
    /// has all of it. Only meaningful for a message being sent: others' files say nothing of it.
    public var upload: UploadProgress? {
        guard !isUploaded, size > 0 else { return nil }
        return UploadProgress(sentBytes: min(uploadedSize, size), totalBytes: size)
    }
}

/// How much of a file being sent has reached Telegram.
public struct UploadProgress: Sendable, Equatable, Codable {
    public var sentBytes: Int64
    public var totalBytes: Int64

    public init(sentBytes: Int64, totalBytes: Int64) {
        self.sentBytes = sentBytes
        self.totalBytes = totalBytes
    }

    private enum CodingKeys: String, CodingKey {
        case sentBytes = "sent_bytes"
        case totalBytes = "total_bytes"
    }
}

/// The media of a message, reduced to what a chat view shows without playing it: the kind,
/// its caption, the inline minithumbnail, and for photos the file of a small size to download.
public struct MessageMedia: Sendable, Equatable {
    /// What kind of media it is.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case photo, video, videoNote, voiceNote, audio, document, animation, sticker, location, poll, contact, dice, call
    }

    public var kind: Kind
    public var caption: FormattedText
    public var minithumbnail: Minithumbnail?
    /// For photos: the smallest size of at least 100 px (or the largest below), to show as a thumbnail.
    public var thumbnailFile: TDFile?
    /// A one-line description of the media itself: a file name, a sticker's emoji, a poll's
    /// question, a contact's name, a location's coordinates, a duration.
    public var detail: String
    /// The media's own file, to view, play or save: a photo's largest size up to 2560 px, the
    /// video, voice note, audio or document, a sticker's WebP (an animated one's thumbnail).
    /// Nil for media without a file (locations, polls …).
    public var file: MediaFile?
    /// A voice note's `is_listened`, a video note's `is_viewed`: whether a recipient has played
    /// it (for one received, the user). Nil for other media.
    public var isPlayed: Bool?
    /// A photo, video or GIF covered by a spoiler until the user chooses to see it (`has_spoiler`).
    public var hasSpoiler = false
    /// Self-destructing media (`is_secret`): deleted once viewed, shown only while held, in
    /// Telegram's phone apps.
    public var isSecret = false

    public init(kind: Kind, caption: FormattedText = FormattedText(text: ""), minithumbnail: Minithumbnail? = nil,
                thumbnailFile: TDFile? = nil, detail: String = "", file: MediaFile? = nil)
    {
        self.kind = kind
        self.caption = caption
        self.minithumbnail = minithumbnail
        self.thumbnailFile = thumbnailFile
        self.detail = detail
        self.file = file
    }
}

/// A message's file as its sender described it: TDLib's file, the MIME type and the file name
/// the sender gave (both hostile input: shown and checked, never trusted to serve or save).
public struct MediaFile: Sendable, Equatable {
    /// TDLib's file (its id for `downloadFile`, its size).
    public var file: TDFile
    /// The sender's MIME type, or the kind's usual one when they gave none.
    public var mimeType: String
    /// The sender's file name, or a plain one for the kind ("photo.jpg").
    public var fileName: String

    public init(file: TDFile, mimeType: String, fileName: String) {
        self.file = file
        self.mimeType = mimeType
        self.fileName = fileName
    }
}

/// `MessageContent`, reduced to three shapes: text, media (as a typed placeholder), and service
/// messages (joins, pins, title changes …) that a chat shows as one line.
public enum MessageContent: Sendable, Equatable {
    case text(FormattedText)
    case media(MessageMedia)
    /// A service message: its `@type` and the ids and names it mentions (described by the
    /// Telegram layer, which knows the names).
    case service(ServiceAction)
    /// A content type this build does not show (its `@type`).
    case unsupported(String)

    /// The text or caption, if any.
    public var formattedText: FormattedText? {
        switch self {
        case .text(let text): text
        case .media(let media): media.caption.text.isEmpty ? nil : media.caption
        case .service, .unsupported: nil
        }
    }
}

/// What a service message says happened.
public enum ServiceAction: Sendable, Equatable {
    case membersAdded([Int64])
    case memberLeft(Int64)
    case joinedByLink
    case groupCreated(title: String)
    case titleChanged(String)
    case photoChanged
    case messagePinned(Int64)
    case topicCreated(String)
    case contactRegistered
    case other(String)
}

extension MessageContent: Decodable {
    private enum Keys: String, CodingKey {
        case type = "@type"
        case text, caption, photo, video, animation, audio, document, sticker, location, poll, contact, emoji, value, venue
        case videoNote = "video_note"
        case voiceNote = "voice_note"
        case memberUserIDs = "member_user_ids"
        case userID = "user_id"
        case title, name
        case messageID = "message_id"
        case duration
        case isVideo = "is_video"
        case isListened = "is_listened"
        case isViewed = "is_viewed"
        case hasSpoiler = "has_spoiler"
        case isSecret = "is_secret"
    }

    private enum MediaKeys: String, CodingKey {
        case minithumbnail, sizes, duration, emoji, question, latitude, longitude, title, performer
        case video, voice, audio, document, animation, sticker, thumbnail, format, file
        case fileName = "file_name"
        case mimeType = "mime_type"
        case firstName = "first_name"
        case lastName = "last_name"
        case albumCoverMinithumbnail = "album_cover_minithumbnail"
    }

    private enum SizeKeys: String, CodingKey { case photo, width, height }
    private enum FormatKeys: String, CodingKey { case type = "@type" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        let type = try c.decode(String.self, forKey: .type)
        func caption() throws -> FormattedText { try c.decodeIfPresent(FormattedText.self, forKey: .caption) ?? FormattedText(text: "") }
        func media(_ key: Keys) throws -> KeyedDecodingContainer<MediaKeys>? {
            guard c.contains(key), try !c.decodeNil(forKey: key) else { return nil }
            return try c.nestedContainer(keyedBy: MediaKeys.self, forKey: key)
        }
        func mini(_ m: KeyedDecodingContainer<MediaKeys>?, _ key: MediaKeys = .minithumbnail) throws -> Minithumbnail? {
            guard let m, m.contains(key), try !m.decodeNil(forKey: key) else { return nil }
            return try m.decode(Minithumbnail.self, forKey: key)
        }
        /// A photo's, video's, GIF's or video note's spoiler and self-destruct flags (absent ones false).
        func covered(_ media: MessageMedia) throws -> MessageMedia {
            var media = media
            media.hasSpoiler = try c.decodeIfPresent(Bool.self, forKey: .hasSpoiler) ?? false
            media.isSecret = try c.decodeIfPresent(Bool.self, forKey: .isSecret) ?? false
            return media
        }
        func seconds(_ m: KeyedDecodingContainer<MediaKeys>?) throws -> String {
            let s = try m?.decodeIfPresent(Int32.self, forKey: .duration) ?? 0
            return String(format: "%d:%02d", s / 60, s % 60)
        }
        switch type {
        case "messageText":
            self = .text(try c.decode(FormattedText.self, forKey: .text))
        case "messagePhoto":
            let photo = try media(.photo)
            self = .media(try covered(MessageMedia(kind: .photo, caption: try caption(), minithumbnail: try mini(photo),
                                                   thumbnailFile: try Self.smallPhoto(photo), file: try Self.largePhoto(photo))))
        case "messageVideo":
            let video = try media(.video)
            self = .media(try covered(MessageMedia(kind: .video, caption: try caption(), minithumbnail: try mini(video), detail: try seconds(video),
                                                   file: try Self.file(video, .video, mimeType: "video/mp4", name: "video.mp4"))))
        case "messageVideoNote":
            let note = try media(.videoNote)
            var media = try covered(MessageMedia(kind: .videoNote, minithumbnail: try mini(note), detail: try seconds(note),
                                                 file: try Self.file(note, .video, mimeType: "video/mp4", name: "video-message.mp4")))
            media.isPlayed = try c.decodeIfPresent(Bool.self, forKey: .isViewed) ?? false
            self = .media(media)
        case "messageVoiceNote":
            let voice = try media(.voiceNote)
            var media = MessageMedia(kind: .voiceNote, caption: try caption(), detail: try seconds(voice),
                                     file: try Self.file(voice, .voice, mimeType: "audio/ogg", name: "voice-message.ogg"))
            media.isPlayed = try c.decodeIfPresent(Bool.self, forKey: .isListened) ?? false
            self = .media(media)
        case "messageAudio":
            let audio = try media(.audio)
            let title = [try audio?.decodeIfPresent(String.self, forKey: .performer) ?? "", try audio?.decodeIfPresent(String.self, forKey: .title) ?? ""]
                .filter { !$0.isEmpty }.joined(separator: " – ")
            self = .media(MessageMedia(kind: .audio, caption: try caption(), minithumbnail: try mini(audio, .albumCoverMinithumbnail),
                                       detail: title.isEmpty ? try audio?.decodeIfPresent(String.self, forKey: .fileName) ?? "" : title,
                                       file: try Self.file(audio, .audio, mimeType: "audio/mpeg", name: "audio.mp3")))
        case "messageDocument":
            let document = try media(.document)
            self = .media(MessageMedia(kind: .document, caption: try caption(), minithumbnail: try mini(document),
                                       detail: try document?.decodeIfPresent(String.self, forKey: .fileName) ?? "",
                                       file: try Self.file(document, .document, mimeType: "application/octet-stream", name: "file")))
        case "messageAnimation":
            let animation = try media(.animation)
            self = .media(try covered(MessageMedia(kind: .animation, caption: try caption(), minithumbnail: try mini(animation),
                                                   file: try Self.file(animation, .animation, mimeType: "video/mp4", name: "animation.mp4"))))
        case "messageSticker":
            let sticker = try media(.sticker)
            self = .media(MessageMedia(kind: .sticker, detail: try sticker?.decodeIfPresent(String.self, forKey: .emoji) ?? "",
                                       file: try Self.stickerImage(sticker)))
        case "messageVenue":
            let venue = try media(.venue)
            let title = try venue?.decodeIfPresent(String.self, forKey: .title) ?? ""
            self = .media(MessageMedia(kind: .location, detail: title))
        case "messageLocation":
            let location = try media(.location)
            let lat = try location?.decodeIfPresent(Double.self, forKey: .latitude) ?? 0
            let lon = try location?.decodeIfPresent(Double.self, forKey: .longitude) ?? 0
            self = .media(MessageMedia(kind: .location, detail: String(format: "%.5f, %.5f", lat, lon)))
        case "messagePoll":
            let poll = try media(.poll)
            let question = try poll?.decodeIfPresent(FormattedText.self, forKey: .question)?.text ?? ""
            self = .media(MessageMedia(kind: .poll, detail: question))
        case "messageContact":
            let contact = try media(.contact)
            let name = [try contact?.decodeIfPresent(String.self, forKey: .firstName) ?? "", try contact?.decodeIfPresent(String.self, forKey: .lastName) ?? ""]
                .filter { !$0.isEmpty }.joined(separator: " ")
            self = .media(MessageMedia(kind: .contact, detail: name))
        case "messageDice":
            let value = try c.decodeIfPresent(Int32.self, forKey: .value) ?? 0
            self = .media(MessageMedia(kind: .dice, detail: "\(try c.decodeIfPresent(String.self, forKey: .emoji) ?? "🎲") \(value)"))
        case "messageCall":
            let s = try c.decodeIfPresent(Int32.self, forKey: .duration) ?? 0
            let video = try c.decodeIfPresent(Bool.self, forKey: .isVideo) ?? false
            self = .media(MessageMedia(kind: .call, detail: (video ? "video " : "") + String(format: "%d:%02d", s / 60, s % 60)))
        case "messageChatAddMembers":
            self = .service(.membersAdded(try c.decodeIfPresent([Int64].self, forKey: .memberUserIDs) ?? []))
        case "messageChatDeleteMember":
            self = .service(.memberLeft(try c.decodeIfPresent(Int64.self, forKey: .userID) ?? 0))
        case "messageChatJoinByLink", "messageChatJoinByRequest":
            self = .service(.joinedByLink)
        case "messageBasicGroupChatCreate", "messageSupergroupChatCreate":
            self = .service(.groupCreated(title: try c.decodeIfPresent(String.self, forKey: .title) ?? ""))
        case "messageChatChangeTitle":
            self = .service(.titleChanged(try c.decodeIfPresent(String.self, forKey: .title) ?? ""))
        case "messageChatChangePhoto", "messageChatDeletePhoto":
            self = .service(.photoChanged)
        case "messagePinMessage":
            self = .service(.messagePinned(try c.decodeIfPresent(Int64.self, forKey: .messageID) ?? 0))
        case "messageForumTopicCreated":
            self = .service(.topicCreated(try c.decodeIfPresent(String.self, forKey: .name) ?? ""))
        case "messageContactRegistered":
            self = .service(.contactRegistered)
        case "messageUnsupported", "messageExpiredPhoto", "messageExpiredVideo", "messageStory", "messageGame", "messageInvoice", "messageGiveaway":
            self = .unsupported(type)
        default:
            // Other service messages (screenshots taken, TTL changes, gifts, …): one generic line.
            self = type.hasPrefix("messageChat") || type.hasPrefix("messageForumTopic") || type.hasPrefix("messageGift")
                ? .service(.other(type)) : .unsupported(type)
        }
    }

    /// The file under `key` of a media object, with its MIME type and name (`mimeType` and
    /// `name` when the sender gave none).
    private static func file(_ media: KeyedDecodingContainer<MediaKeys>?, _ key: MediaKeys, mimeType: String, name: String) throws -> MediaFile? {
        guard let media, media.contains(key), try !media.decodeNil(forKey: key) else { return nil }
        let file = try media.decode(TDFile.self, forKey: key)
        let type = try media.decodeIfPresent(String.self, forKey: .mimeType) ?? ""
        let given = try media.decodeIfPresent(String.self, forKey: .fileName) ?? ""
        return MediaFile(file: file, mimeType: type.isEmpty ? mimeType : type, fileName: given.isEmpty ? name : given)
    }

    /// A sticker as an image: the WebP itself, or for an animated or video sticker (TGS,
    /// WebM) its still thumbnail when that is a WebP, JPEG or PNG.
    private static func stickerImage(_ sticker: KeyedDecodingContainer<MediaKeys>?) throws -> MediaFile? {
        guard let sticker else { return nil }
        func format(_ c: KeyedDecodingContainer<MediaKeys>) throws -> String {
            guard c.contains(.format), try !c.decodeNil(forKey: .format) else { return "" }
            return try c.nestedContainer(keyedBy: FormatKeys.self, forKey: .format).decodeIfPresent(String.self, forKey: .type) ?? ""
        }
        if try format(sticker) == "stickerFormatWebp", sticker.contains(.sticker) {
            return MediaFile(file: try sticker.decode(TDFile.self, forKey: .sticker), mimeType: "image/webp", fileName: "sticker.webp")
        }
        guard sticker.contains(.thumbnail), try !sticker.decodeNil(forKey: .thumbnail) else { return nil }
        let thumbnail = try sticker.nestedContainer(keyedBy: MediaKeys.self, forKey: .thumbnail)
        let still: [String: (String, String)] = ["thumbnailFormatWebp": ("image/webp", "sticker.webp"), "thumbnailFormatJpeg": ("image/jpeg", "sticker.jpg"),
                                                  "thumbnailFormatPng": ("image/png", "sticker.png")]
        guard let (type, name) = still[try format(thumbnail)], thumbnail.contains(.file) else { return nil }
        return MediaFile(file: try thumbnail.decode(TDFile.self, forKey: .file), mimeType: type, fileName: name)
    }

    /// A photo's largest size of at most 2560 px on its longer side (a screen's worth), else its smallest.
    private static func largePhoto(_ photo: KeyedDecodingContainer<MediaKeys>?) throws -> MediaFile? {
        guard let photo, photo.contains(.sizes) else { return nil }
        var sizes = try photo.nestedUnkeyedContainer(forKey: .sizes)
        var best: (side: Int32, file: TDFile)?
        while !sizes.isAtEnd {
            let size = try sizes.nestedContainer(keyedBy: SizeKeys.self)
            let side = max(try size.decodeIfPresent(Int32.self, forKey: .width) ?? 0, try size.decodeIfPresent(Int32.self, forKey: .height) ?? 0)
            let file = try size.decode(TDFile.self, forKey: .photo)
            guard let current = best else { best = (side, file); continue }
            let better = side <= 2560 ? (current.side > 2560 || side > current.side) : (current.side > 2560 && side < current.side)
            if better { best = (side, file) }
        }
        return best.map { MediaFile(file: $0.file, mimeType: "image/jpeg", fileName: "photo.jpg") }
    }

    /// The smallest photo size of at least 100 px wide, else the largest below that.
    private static func smallPhoto(_ photo: KeyedDecodingContainer<MediaKeys>?) throws -> TDFile? {
        guard let photo, photo.contains(.sizes) else { return nil }
        var sizes = try photo.nestedUnkeyedContainer(forKey: .sizes)
        var best: (width: Int32, file: TDFile)?
        while !sizes.isAtEnd {
            let size = try sizes.nestedContainer(keyedBy: SizeKeys.self)
            let width = try size.decodeIfPresent(Int32.self, forKey: .width) ?? 0
            let file = try size.decode(TDFile.self, forKey: .photo)
            if let current = best {
                let better = current.width < 100 ? width > current.width : (width >= 100 && width < current.width)
                if better { best = (width, file) }
            } else {
                best = (width, file)
            }
        }
        return best?.file
    }
}
