import Foundation

/// `ChatAction`: what someone is doing in a chat right now ("typing…"), as
/// `updateChatAction` reports it and `sendChatAction` announces the user's own. TDLib sends
/// `chatActionCancel` when an action ends or times out.
public enum ChatActivity: String, Sendable, Equatable, CaseIterable {
    case typing = "chatActionTyping"
    case recordingVideo = "chatActionRecordingVideo"
    case uploadingVideo = "chatActionUploadingVideo"
    case recordingVoiceNote = "chatActionRecordingVoiceNote"
    case uploadingVoiceNote = "chatActionUploadingVoiceNote"
    case uploadingPhoto = "chatActionUploadingPhoto"
    case uploadingDocument = "chatActionUploadingDocument"
    case choosingSticker = "chatActionChoosingSticker"
    case choosingLocation = "chatActionChoosingLocation"
    case choosingContact = "chatActionChoosingContact"
    case startPlayingGame = "chatActionStartPlayingGame"
    case recordingVideoNote = "chatActionRecordingVideoNote"
    case uploadingVideoNote = "chatActionUploadingVideoNote"
    case watchingAnimations = "chatActionWatchingAnimations"
    case cancel = "chatActionCancel"

    /// Whether the action's object carries an upload `progress` (percent).
    var hasProgress: Bool {
        switch self {
        case .uploadingVideo, .uploadingVoiceNote, .uploadingPhoto, .uploadingDocument, .uploadingVideoNote: true
        default: false
        }
    }

    /// Lower-case words for the header: "typing", "recording a voice message" …
    public var words: String {
        switch self {
        case .typing: "typing"
        case .recordingVideo: "recording a video"
        case .uploadingVideo: "sending a video"
        case .recordingVoiceNote: "recording a voice message"
        case .uploadingVoiceNote: "sending a voice message"
        case .uploadingPhoto: "sending a photo"
        case .uploadingDocument: "sending a file"
        case .choosingSticker: "choosing a sticker"
        case .choosingLocation: "choosing a location"
        case .choosingContact: "choosing a contact"
        case .startPlayingGame: "playing a game"
        case .recordingVideoNote: "recording a video message"
        case .uploadingVideoNote: "sending a video message"
        case .watchingAnimations: "watching an animation"
        case .cancel: ""
        }
    }
}

/// `updateChatAction`: someone started or stopped doing something in a chat (or a forum topic).
public struct ChatActionUpdate: Decodable, Sendable, Equatable {
    public var chatID: Int64
    /// `topic_id` when it is `messageTopicForum`.
    public var forumTopicID: Int32?
    public var senderID: MessageSenderID
    public var action: ChatActivity

    public init(chatID: Int64, forumTopicID: Int32? = nil, senderID: MessageSenderID, action: ChatActivity) {
        self.chatID = chatID
        self.forumTopicID = forumTopicID
        self.senderID = senderID
        self.action = action
    }

    private enum CodingKeys: String, CodingKey {
        case chatID = "chat_id"
        case topicID = "topic_id"
        case senderID = "sender_id"
        case action
    }
    private enum NestedKeys: String, CodingKey { case type = "@type" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        chatID = try c.decode(Int64.self, forKey: .chatID)
        senderID = try c.decode(MessageSenderID.self, forKey: .senderID)
        let type = try c.nestedContainer(keyedBy: NestedKeys.self, forKey: .action).decode(String.self, forKey: .type)
        // An action this build does not know is still someone doing something.
        action = ChatActivity(rawValue: type) ?? .typing
        forumTopicID = try MessageTopicForum.id(in: c, forKey: .topicID)
    }
}

extension TDFunctions {
    /// `sendChatAction`: tells the chat what the user is doing (typing …; `.cancel` sends a null
    /// action, which ends it). Telegram shows it for about 5 seconds: repeat it while it lasts.
    public struct SendChatAction: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "sendChatAction"
        public var chatID: Int64
        public var forumTopicID: Int32?
        public var action: ChatActivity
        public init(chatID: Int64, forumTopicID: Int32? = nil, action: ChatActivity) {
            self.chatID = chatID
            self.forumTopicID = forumTopicID
            self.action = action
        }
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case topicID = "topic_id"
            case businessConnectionID = "business_connection_id"
            case action
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(chatID, forKey: .chatID)
            if let forumTopicID { try c.encode(MessageTopicForum(forumTopicID), forKey: .topicID) } else { try c.encodeNil(forKey: .topicID) }
            try c.encode("", forKey: .businessConnectionID)
            if action == .cancel { try c.encodeNil(forKey: .action) } else { try c.encode(Object(action: action), forKey: .action) }
        }

        /// The action's JSON object (an upload's `progress` starts at 0; watching an animation names no emoji).
        private struct Object: Encodable {
            var action: ChatActivity
            enum CodingKeys: String, CodingKey { case type = "@type", progress, emoji }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(action.rawValue, forKey: .type)
                if action.hasProgress { try c.encode(0, forKey: .progress) }
                if action == .watchingAnimations { try c.encode("", forKey: .emoji) }
            }
        }
    }
}
