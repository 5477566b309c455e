/// `formattedText`: text plus entities (bold, links, …) with UTF-16 offsets.
public struct FormattedText: Codable, Sendable, Equatable {
    public var text: String
    public var entities: [TextEntity]

    public init(text: String, entities: [TextEntity] = []) {
        self.text = text
        self.entities = entities
    }

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case text, entities
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        entities = try c.decodeIfPresent([TextEntity].self, forKey: .entities) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("formattedText", forKey: .type)
        try c.encode(text, forKey: .text)
        try c.encode(entities, forKey: .entities)
    }
}

/// `textEntity`. The entity type is kept as TDLib sent it so it goes back unchanged.
public struct TextEntity: Codable, Sendable, Equatable {
    public var offset: Int32
    public var length: Int32
    /// The `TextEntityType` object, e.g. `{"@type":"textEntityTypeBold"}`.
    public var type: JSONValue

    public init(offset: Int32, length: Int32, type: JSONValue) {
        self.offset = offset
        self.length = length
        self.type = type
    }

    /// "textEntityTypeBold", …
    public var typeName: String { type.tdType ?? "" }

    private enum CodingKeys: String, CodingKey {
        case tdType = "@type"
        case offset, length, type
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        offset = try c.decode(Int32.self, forKey: .offset)
        length = try c.decode(Int32.self, forKey: .length)
        type = try c.decode(JSONValue.self, forKey: .type)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("textEntity", forKey: .tdType)
        try c.encode(offset, forKey: .offset)
        try c.encode(length, forKey: .length)
        try c.encode(type, forKey: .type)
    }
}

/// `location` (latitude, longitude, horizontal_accuracy).
public struct TDLocation: Codable, Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var horizontalAccuracy: Double

    public init(latitude: Double, longitude: Double, horizontalAccuracy: Double = 0) {
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracy = horizontalAccuracy
    }

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case latitude, longitude
        case horizontalAccuracy = "horizontal_accuracy"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try c.decode(Double.self, forKey: .latitude)
        longitude = try c.decode(Double.self, forKey: .longitude)
        horizontalAccuracy = try c.decodeIfPresent(Double.self, forKey: .horizontalAccuracy) ?? 0
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("location", forKey: .type)
        try c.encode(latitude, forKey: .latitude)
        try c.encode(longitude, forKey: .longitude)
        try c.encode(horizontalAccuracy, forKey: .horizontalAccuracy)
    }
}

/// `messageTopicForum`, as requests name a forum topic (`topic_id` of sendMessage,
/// forwardMessages, setChatDraftMessage).
public struct MessageTopicForum: Encodable, Sendable, Equatable {
    public var forumTopicID: Int32
    public init(_ forumTopicID: Int32) { self.forumTopicID = forumTopicID }
    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case forumTopicID = "forum_topic_id"
    }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("messageTopicForum", forKey: .type)
        try c.encode(forumTopicID, forKey: .forumTopicID)
    }
    /// The forum topic a `MessageTopic` field names (`topic_id` of a message or an
    /// `updateChatAction`): its id when it is `messageTopicForum`, else nil.
    static func id<K: CodingKey>(in c: KeyedDecodingContainer<K>, forKey key: K) throws -> Int32? {
        guard c.contains(key), try !c.decodeNil(forKey: key) else { return nil }
        let topic = try c.nestedContainer(keyedBy: CodingKeys.self, forKey: key)
        guard try topic.decodeIfPresent(String.self, forKey: .type) == "messageTopicForum" else { return nil }
        return try topic.decodeIfPresent(Int32.self, forKey: .forumTopicID)
    }
}

/// `message`, reduced to what the app uses: ids, sending and scheduling state, direction,
/// sender, dates, forum topic, reply and forward headers, and the content (text, a typed
/// media placeholder, or a service action).
public struct Message: Decodable, Sendable, Equatable {
    public var id: Int64
    public var chatID: Int64
    public var sendingState: MessageSendingState?
    public var date: Int32
    public var isOutgoing: Bool
    /// `topic_id` when it is `messageTopicForum`.
    public var forumTopicID: Int32?
    /// The text of a `messageText` (without entities); nil for other contents.
    public var text: String?
    /// For a scheduled message, when Telegram will post it (`scheduling_state`); nil otherwise.
    public var scheduledFor: Int32?
    /// Who sent it (nil only in hand-made values).
    public var senderID: MessageSenderID?
    /// When it was last edited (0: never).
    public var editDate: Int32
    /// What it carries (nil only in hand-made values).
    public var content: MessageContent?
    /// The message it answers, when it is a reply to a message.
    public var replyTo: MessageReplyTo?
    /// Who wrote it first, when it was forwarded.
    public var forwardOrigin: ForwardOrigin?
    /// Whether it mentions the user and they have not seen it.
    public var containsUnreadMention: Bool
    /// `is_from_offline`: sent by a scheduled action of its sender (their away or greeting
    /// message), not typed.
    public var isFromOffline: Bool = false
    /// `sender_business_bot_user_id`: a business bot sent it for the sender (0: none).
    public var senderBusinessBotUserID: Int64 = 0
    /// The reactions under it (`interaction_info.reactions`), empty when none.
    public var reactions: [MessageReaction] = []
    /// `is_pinned`.
    public var isPinned: Bool = false

    /// Whether this is a scheduled message (its id is the scheduled one, not the posted one).
    public var isScheduled: Bool { scheduledFor != nil }

    /// Whether TDLib gave up sending it (`messageSendingStateFailed`); it stays in the chat
    /// until deleted.
    public var hasFailed: Bool {
        if case .failed? = sendingState { true } else { false }
    }

    public init(id: Int64, chatID: Int64, sendingState: MessageSendingState? = nil, date: Int32 = 0,
                isOutgoing: Bool = true, forumTopicID: Int32? = nil, text: String? = nil, scheduledFor: Int32? = nil,
                senderID: MessageSenderID? = nil, editDate: Int32 = 0, content: MessageContent? = nil,
                replyTo: MessageReplyTo? = nil, forwardOrigin: ForwardOrigin? = nil, containsUnreadMention: Bool = false)
    {
        self.scheduledFor = scheduledFor
        self.id = id
        self.chatID = chatID
        self.sendingState = sendingState
        self.date = date
        self.isOutgoing = isOutgoing
        self.forumTopicID = forumTopicID
        self.senderID = senderID
        self.editDate = editDate
        self.content = content ?? text.map { .text(FormattedText(text: $0)) }
        self.text = text ?? content.flatMap { if case .text(let t) = $0 { t.text } else { nil } }
        self.replyTo = replyTo
        self.forwardOrigin = forwardOrigin
        self.containsUnreadMention = containsUnreadMention
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case chatID = "chat_id"
        case sendingState = "sending_state"
        case schedulingState = "scheduling_state"
        case date
        case isOutgoing = "is_outgoing"
        case topicID = "topic_id"
        case content
        case senderID = "sender_id"
        case editDate = "edit_date"
        case replyTo = "reply_to"
        case forwardInfo = "forward_info"
        case containsUnreadMention = "contains_unread_mention"
        case isFromOffline = "is_from_offline"
        case senderBusinessBotUserID = "sender_business_bot_user_id"
        case interactionInfo = "interaction_info"
        case isPinned = "is_pinned"
    }

    private enum NestedKeys: String, CodingKey {
        case type = "@type"
        case forumTopicID = "forum_topic_id"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        chatID = try c.decode(Int64.self, forKey: .chatID)
        sendingState = try c.decodeIfPresent(MessageSendingState.self, forKey: .sendingState)
        scheduledFor = try c.decodeIfPresent(SchedulingState.self, forKey: .schedulingState)?.sendDate
        date = try c.decodeIfPresent(Int32.self, forKey: .date) ?? 0
        editDate = try c.decodeIfPresent(Int32.self, forKey: .editDate) ?? 0
        isOutgoing = try c.decodeIfPresent(Bool.self, forKey: .isOutgoing) ?? false
        containsUnreadMention = try c.decodeIfPresent(Bool.self, forKey: .containsUnreadMention) ?? false
        isFromOffline = try c.decodeIfPresent(Bool.self, forKey: .isFromOffline) ?? false
        senderBusinessBotUserID = try c.decodeIfPresent(Int64.self, forKey: .senderBusinessBotUserID) ?? 0
        senderID = try c.decodeIfPresent(MessageSenderID.self, forKey: .senderID)
        forumTopicID = try MessageTopicForum.id(in: c, forKey: .topicID)
        replyTo = nil
        if c.contains(.replyTo), try !c.decodeNil(forKey: .replyTo) {
            let type = try c.nestedContainer(keyedBy: NestedKeys.self, forKey: .replyTo).decodeIfPresent(String.self, forKey: .type)
            if type == "messageReplyToMessage" { replyTo = try c.decode(MessageReplyTo.self, forKey: .replyTo) }
        }
        forwardOrigin = try c.decodeIfPresent(ForwardOrigin.self, forKey: .forwardInfo)
        content = try c.decodeIfPresent(MessageContent.self, forKey: .content)
        if case .text(let formatted)? = content { text = formatted.text } else { text = nil }
        reactions = try InteractionReactions.decode(c, forKey: .interactionInfo)
        isPinned = try c.decodeIfPresent(Bool.self, forKey: .isPinned) ?? false
    }
}

/// `MessageSendingState`: pending, or failed with TDLib's error.
public enum MessageSendingState: Decodable, Sendable, Equatable {
    case pending
    case failed(error: TDLibErrorObject, canRetry: Bool, retryAfter: Double)

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case error
        case canRetry = "can_retry"
        case retryAfter = "retry_after"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if try c.decode(String.self, forKey: .type) == "messageSendingStateFailed" {
            self = .failed(
                error: try c.decode(TDLibErrorObject.self, forKey: .error),
                canRetry: try c.decodeIfPresent(Bool.self, forKey: .canRetry) ?? false,
                retryAfter: try c.decodeIfPresent(Double.self, forKey: .retryAfter) ?? 0)
        } else {
            self = .pending
        }
    }
}
