import Foundation

/// A file the user sends, as TDLib's `InputMessageContent`: a photo (`inputMessagePhoto` with
/// its `inputPhoto`), a video, an audio or a document, each from a local path
/// (`inputFileLocal`) with a caption. TDLib reads the file while it uploads it.
public struct OutgoingFile: Encodable, Sendable, Equatable {
    /// Which `inputMessage…` it becomes.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        case photo, video, audio, document
        /// A GIF: Telegram turns it into a silent looping video.
        case animation
    }

    public var kind: Kind
    /// An absolute local path TDLib can read.
    public var path: String
    public var caption: FormattedText

    public init(kind: Kind, path: String, caption: FormattedText = FormattedText(text: "")) {
        self.kind = kind
        self.path = path
        self.caption = caption
    }

    private enum Keys: String, CodingKey {
        case type = "@type"
        case photo, video, audio, document, animation, caption
        case supportsStreaming = "supports_streaming"
        case disableContentTypeDetection = "disable_content_type_detection"
    }

    private enum LocalKeys: String, CodingKey {
        case type = "@type"
        case path
    }

    /// Writes the `InputMessageContent` into `encoder`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        let (type, outer, inner): (String, Keys, String) = switch kind {
        case .photo: ("inputMessagePhoto", .photo, "inputPhoto")
        case .video: ("inputMessageVideo", .video, "inputVideo")
        case .audio: ("inputMessageAudio", .audio, "inputAudio")
        case .document: ("inputMessageDocument", .document, "inputDocument")
        case .animation: ("inputMessageAnimation", .animation, "inputAnimation")
        }
        try c.encode(type, forKey: .type)
        var wrapper = c.nestedContainer(keyedBy: Keys.self, forKey: outer)
        try wrapper.encode(inner, forKey: .type)
        var local = wrapper.nestedContainer(keyedBy: LocalKeys.self, forKey: outer)
        try local.encode("inputFileLocal", forKey: .type)
        try local.encode(path, forKey: .path)
        if kind == .video { try wrapper.encode(true, forKey: .supportsStreaming) }
        // A document stays a document: Telegram does not turn an MP4 or MP3 sent as a file into media.
        if kind == .document { try wrapper.encode(true, forKey: .disableContentTypeDetection) }
        if !caption.text.isEmpty { try c.encode(caption, forKey: .caption) }
    }
}

extension TDFunctions {
    /// `sendMessageAlbum`: 2–10 photos and videos, or documents, or audio files, sent as one
    /// album (each becomes a pending message answered at once, confirmed later one by one).
    public struct SendMessageAlbum: TDFunction {
        public typealias Result = Messages
        public static let typeName = "sendMessageAlbum"
        public var chatID: Int64
        public var forumTopicID: Int32?
        public var replyToMessageID: Int64?
        public var silent: Bool
        public var files: [OutgoingFile]

        public init(chatID: Int64, forumTopicID: Int32? = nil, replyToMessageID: Int64? = nil, silent: Bool = false, files: [OutgoingFile]) {
            self.chatID = chatID
            self.forumTopicID = forumTopicID
            self.replyToMessageID = replyToMessageID
            self.silent = silent
            self.files = files
        }

        enum CodingKeys: String, CodingKey {
            case contents = "input_message_contents"
        }

        public func encode(to encoder: any Encoder) throws {
            try SendTarget(chatID: chatID, forumTopicID: forumTopicID, replyToMessageID: replyToMessageID, silent: silent).encode(to: encoder)
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(files, forKey: .contents)
        }
    }
}
