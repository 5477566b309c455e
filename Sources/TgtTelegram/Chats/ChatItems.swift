import Foundation
import TgtDomain
import TgtTDLib

/// A chat as a chat list shows it: title, kind, counts, mute and pin, the last message's
/// preview, the photo's blurred preview, and whether the account may write there.
public struct ChatSummary: Codable, Sendable, Equatable {
    /// What kind of chat it is, as shown and as the API names it.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case `private`, saved, group, supergroup, forum, channel, secret
    }

    public var id: Int64
    public var title: String
    public var kind: Kind
    /// "main" or "archive" (or "folder").
    public var list: String
    public var isPinned: Bool
    public var isMuted: Bool
    /// Whether a notification may show the message's text (Telegram's `show_preview`, the
    /// chat's own or its kind's default).
    public var showsPreview = true
    public var unreadCount: Int
    public var unreadMentionCount: Int
    public var isMarkedAsUnread: Bool
    /// The newest outgoing message the other side read.
    public var lastReadOutboxMessageID: Int64
    public var lastMessage: MessagePreview?
    /// The chat photo's minithumbnail, a tiny JPEG (base64), when it has a photo.
    public var photoMinithumbnail: String?
    /// The file id of the chat photo's small size (160 × 160), when it has a photo; a new
    /// photo comes with a new id.
    public var photoFileID: Int32?
    /// Nil when the account may post here; otherwise why not.
    public var cannotWrite: PostRefusal?
    /// Sort key in its list (descending).
    public var order: Int64
    /// The chat's cloud draft (what was typed and not sent, here or in another Telegram app).
    public var draft: String?
    /// A person's status for the header: "online", "last seen recently", "bot" (nil for
    /// groups, channels and Saved Messages).
    public var status: String?
    /// Who is typing (or recording, choosing a sticker …) now: "typing…", "Alice is typing…",
    /// "Alice and Bob are typing…" (nil: nobody).
    public var typing: String?

    public var canWrite: Bool { cannotWrite == nil }
    /// Why the account may not post here, in English (the end of a sentence).
    public var cannotWriteReason: String? { cannotWrite?.reason }

    public init(id: Int64, title: String, kind: Kind, list: String, isPinned: Bool, isMuted: Bool, unreadCount: Int, unreadMentionCount: Int,
                isMarkedAsUnread: Bool, lastReadOutboxMessageID: Int64, lastMessage: MessagePreview?, photoMinithumbnail: String?,
                cannotWrite: PostRefusal?, order: Int64)
    {
        self.id = id
        self.title = title
        self.kind = kind
        self.list = list
        self.isPinned = isPinned
        self.isMuted = isMuted
        self.unreadCount = unreadCount
        self.unreadMentionCount = unreadMentionCount
        self.isMarkedAsUnread = isMarkedAsUnread
        self.lastReadOutboxMessageID = lastReadOutboxMessageID
        self.lastMessage = lastMessage
        self.photoMinithumbnail = photoMinithumbnail
        self.cannotWrite = cannotWrite
        self.order = order
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, kind, list, order
        case isPinned = "is_pinned"
        case isMuted = "is_muted"
        case unreadCount = "unread_count"
        case unreadMentionCount = "unread_mention_count"
        case isMarkedAsUnread = "is_marked_as_unread"
        case lastReadOutboxMessageID = "last_read_outbox_message_id"
        case lastMessage = "last_message"
        case photoMinithumbnail = "photo_minithumbnail"
        case cannotWrite = "cannot_write_code"
        case cannotWriteReason = "cannot_write_reason"
        case draft, status, typing
        case showsPreview = "shows_preview"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(Int64.self, forKey: .id), title: try c.decode(String.self, forKey: .title), kind: try c.decode(Kind.self, forKey: .kind),
                  list: try c.decode(String.self, forKey: .list), isPinned: try c.decode(Bool.self, forKey: .isPinned),
                  isMuted: try c.decode(Bool.self, forKey: .isMuted), unreadCount: try c.decode(Int.self, forKey: .unreadCount),
                  unreadMentionCount: try c.decode(Int.self, forKey: .unreadMentionCount),
                  isMarkedAsUnread: try c.decode(Bool.self, forKey: .isMarkedAsUnread),
                  lastReadOutboxMessageID: try c.decode(Int64.self, forKey: .lastReadOutboxMessageID),
                  lastMessage: try c.decodeIfPresent(MessagePreview.self, forKey: .lastMessage),
                  photoMinithumbnail: try c.decodeIfPresent(String.self, forKey: .photoMinithumbnail),
                  cannotWrite: PostRefusal.read(code: try c.decodeIfPresent(String.self, forKey: .cannotWrite),
                                                reason: try c.decodeIfPresent(String.self, forKey: .cannotWriteReason)),
                  order: try c.decode(Int64.self, forKey: .order))
        draft = try c.decodeIfPresent(String.self, forKey: .draft)
        status = try c.decodeIfPresent(String.self, forKey: .status)
        typing = try c.decodeIfPresent(String.self, forKey: .typing)
        showsPreview = try c.decodeIfPresent(Bool.self, forKey: .showsPreview) ?? true
    }

    /// Both the code and its English wording (`cannot_write_code`, `cannot_write_reason`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(kind, forKey: .kind)
        try c.encode(list, forKey: .list)
        try c.encode(isPinned, forKey: .isPinned)
        try c.encode(isMuted, forKey: .isMuted)
        try c.encode(showsPreview, forKey: .showsPreview)
        try c.encode(unreadCount, forKey: .unreadCount)
        try c.encode(unreadMentionCount, forKey: .unreadMentionCount)
        try c.encode(isMarkedAsUnread, forKey: .isMarkedAsUnread)
        try c.encode(lastReadOutboxMessageID, forKey: .lastReadOutboxMessageID)
        try c.encodeIfPresent(lastMessage, forKey: .lastMessage)
        try c.encodeIfPresent(photoMinithumbnail, forKey: .photoMinithumbnail)
        try c.encodeIfPresent(cannotWrite?.rawValue, forKey: .cannotWrite)
        try c.encodeIfPresent(cannotWriteReason, forKey: .cannotWriteReason)
        try c.encode(order, forKey: .order)
        try c.encodeIfPresent(draft, forKey: .draft)
        try c.encodeIfPresent(status, forKey: .status)
        try c.encodeIfPresent(typing, forKey: .typing)
    }
}

/// One line about a chat's last message: who, what (text or media label), when, and for
/// outgoing messages whether the other side read it.
public struct MessagePreview: Codable, Sendable, Equatable {
    public var messageID: Int64
    public var senderName: String?
    public var text: String
    public var date: Date
    public var isOutgoing: Bool
    public var isRead: Bool

    public init(messageID: Int64, senderName: String?, text: String, date: Date, isOutgoing: Bool, isRead: Bool) {
        self.messageID = messageID
        self.senderName = senderName
        self.text = text
        self.date = date
        self.isOutgoing = isOutgoing
        self.isRead = isRead
    }

    private enum CodingKeys: String, CodingKey {
        case text, date
        case messageID = "message_id"
        case senderName = "sender_name"
        case isOutgoing = "is_outgoing"
        case isRead = "is_read"
    }
}

/// A message as a conversation shows it.
public struct ChatMessageItem: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64
    public var chatID: Int64
    public var date: Date
    /// When it was last edited; nil if never.
    public var editDate: Date?
    public var isOutgoing: Bool
    public var sender: SenderItem
    /// The plain text or caption ("" for media without caption and service messages).
    public var text: String
    /// The text with its formatting as escaped, safe HTML.
    public var html: String
    /// For service messages (joins, pins, title changes): the one line that says what happened.
    public var serviceLine: String?
    public var media: MediaItem?
    public var replyTo: ReplyItem?
    /// Who wrote it first, when forwarded.
    public var forwardedFrom: String?
    /// Forum topic it belongs to.
    public var topicID: Int32?
    /// "pending" or "failed" while not (yet) sent; nil once sent.
    public var sendingState: String?
    public var failureReason: String?
    /// While a message with a file is being sent: how much of the file has reached Telegram.
    public var upload: UploadProgress?
    /// For outgoing messages: whether the other side has read it.
    public var isRead: Bool
    /// The reactions under it, most given first.
    public var reactions: [ReactionItem] = []
    /// Whether it is pinned in its chat.
    public var isPinned = false
    /// The formatted text (for terminal rendering), not part of the JSON.
    public var formatted: FormattedText

    private enum CodingKeys: String, CodingKey {
        case id, chatID = "chat_id", date, editDate = "edit_date", isOutgoing = "is_outgoing", sender, text, html
        case serviceLine = "service_line", media, replyTo = "reply_to", forwardedFrom = "forwarded_from", topicID = "topic_id"
        case sendingState = "sending_state", failureReason = "failure_reason", isRead = "is_read", reactions, isPinned = "is_pinned"
        case upload
    }

    public init(id: Int64, chatID: Int64, date: Date, editDate: Date?, isOutgoing: Bool, sender: SenderItem, formatted: FormattedText,
                serviceLine: String?, media: MediaItem?, replyTo: ReplyItem?, forwardedFrom: String?, topicID: Int32?,
                sendingState: String?, failureReason: String?, isRead: Bool)
    {
        self.id = id
        self.chatID = chatID
        self.date = date
        self.editDate = editDate
        self.isOutgoing = isOutgoing
        self.sender = sender
        self.formatted = formatted
        text = formatted.text
        html = MessageTextRenderer.html(formatted)
        self.serviceLine = serviceLine
        self.media = media
        self.replyTo = replyTo
        self.forwardedFrom = forwardedFrom
        self.topicID = topicID
        self.sendingState = sendingState
        self.failureReason = failureReason
        self.isRead = isRead
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        chatID = try c.decode(Int64.self, forKey: .chatID)
        date = try c.decode(Date.self, forKey: .date)
        editDate = try c.decodeIfPresent(Date.self, forKey: .editDate)
        isOutgoing = try c.decode(Bool.self, forKey: .isOutgoing)
        sender = try c.decode(SenderItem.self, forKey: .sender)
        text = try c.decode(String.self, forKey: .text)
        html = try c.decode(String.self, forKey: .html)
        serviceLine = try c.decodeIfPresent(String.self, forKey: .serviceLine)
        media = try c.decodeIfPresent(MediaItem.self, forKey: .media)
        replyTo = try c.decodeIfPresent(ReplyItem.self, forKey: .replyTo)
        forwardedFrom = try c.decodeIfPresent(String.self, forKey: .forwardedFrom)
        topicID = try c.decodeIfPresent(Int32.self, forKey: .topicID)
        sendingState = try c.decodeIfPresent(String.self, forKey: .sendingState)
        failureReason = try c.decodeIfPresent(String.self, forKey: .failureReason)
        upload = try c.decodeIfPresent(UploadProgress.self, forKey: .upload)
        isRead = try c.decode(Bool.self, forKey: .isRead)
        reactions = try c.decodeIfPresent([ReactionItem].self, forKey: .reactions) ?? []
        isPinned = try c.decodeIfPresent(Bool.self, forKey: .isPinned) ?? false
        formatted = FormattedText(text: text)
    }
}

/// One reaction under a message: what it is, how many gave it, and whether the user did.
public struct ReactionItem: Codable, Sendable, Equatable {
    /// The emoji; for a custom emoji or the paid reaction, a stand-in ("★", "⭐").
    public var emoji: String
    /// What `ChatService.react` takes back to name it: the emoji, `custom:ID` or `paid`.
    public var key: String
    /// How many gave it.
    public var count: Int
    /// Whether the user is one of them.
    public var isChosen: Bool

    public init(emoji: String, key: String, count: Int, isChosen: Bool) {
        self.emoji = emoji
        self.key = key
        self.count = count
        self.isChosen = isChosen
    }

    /// The item for TDLib's reaction.
    public init(_ reaction: MessageReaction) {
        self.init(emoji: Self.emoji(reaction.type), key: Self.key(reaction.type), count: Int(reaction.totalCount), isChosen: reaction.isChosen)
    }

    /// The items for a message's reactions, most given first (Telegram's order among equals).
    public static func list(_ reactions: [MessageReaction]) -> [ReactionItem] {
        reactions.enumerated().sorted { ($0.element.totalCount, -$0.offset) > ($1.element.totalCount, -$1.offset) }.map { ReactionItem($0.element) }
    }

    static func emoji(_ type: ReactionType) -> String {
        switch type {
        case .emoji(let emoji): emoji
        case .customEmoji: "★"
        case .paid: "⭐"
        case .unknown: "?"
        }
    }

    static func key(_ type: ReactionType) -> String {
        switch type {
        case .emoji(let emoji): emoji
        case .customEmoji(let id): "custom:\(id)"
        case .paid: "paid"
        case .unknown(let type): "unknown:\(type)"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case emoji, key, count
        case isChosen = "is_chosen"
    }
}

/// Who sent a message: a user or a chat (channel posts), with the name to show.
public struct SenderItem: Codable, Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var isChat: Bool

    public init(id: Int64, name: String, isChat: Bool) {
        self.id = id
        self.name = name
        self.isChat = isChat
    }

    private enum CodingKeys: String, CodingKey {
        case id, name
        case isChat = "is_chat"
    }
}

/// A message's media: the kind, a one-line detail, the blurred preview, for photos the id of
/// a small thumbnail the dashboard may fetch, and the file to view, play or save, if any.
public struct MediaItem: Codable, Sendable, Equatable {
    public var kind: String
    /// "📷 Photo", "🎤 Voice message 0:12", "📎 report.pdf" …
    public var label: String
    public var minithumbnail: String?
    public var thumbnailFileID: Int32?
    /// The message's own file (nil for locations, polls, contacts …).
    public var file: MediaFileItem?
    /// Voice and video notes: whether it was played (one received: by the user; one sent: by a
    /// recipient), Telegram's `is_listened` / `is_viewed`. Nil for other media.
    public var isPlayed: Bool?
    /// Covered by a spoiler: shown blurred until the user opens it.
    public var hasSpoiler = false
    /// Self-destructing: never opened, saved or downloaded here (`ChatError.selfDestructing`);
    /// no thumbnail, only the blurred preview.
    public var isSecret = false

    public init(kind: String, label: String, minithumbnail: String?, thumbnailFileID: Int32?, file: MediaFileItem? = nil, isPlayed: Bool? = nil,
                hasSpoiler: Bool = false, isSecret: Bool = false)
    {
        self.kind = kind
        self.label = label
        self.minithumbnail = minithumbnail
        self.thumbnailFileID = thumbnailFileID
        self.file = file
        self.isPlayed = isPlayed
        self.hasSpoiler = hasSpoiler
        self.isSecret = isSecret
    }

    private enum CodingKeys: String, CodingKey {
        case kind, label, minithumbnail, file
        case thumbnailFileID = "thumbnail_file_id"
        case isPlayed = "is_played"
        case hasSpoiler = "has_spoiler"
        case isSecret = "is_secret"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(kind: try c.decode(String.self, forKey: .kind), label: try c.decode(String.self, forKey: .label),
                  minithumbnail: try c.decodeIfPresent(String.self, forKey: .minithumbnail),
                  thumbnailFileID: try c.decodeIfPresent(Int32.self, forKey: .thumbnailFileID), file: try c.decodeIfPresent(MediaFileItem.self, forKey: .file),
                  isPlayed: try c.decodeIfPresent(Bool.self, forKey: .isPlayed), hasSpoiler: try c.decodeIfPresent(Bool.self, forKey: .hasSpoiler) ?? false,
                  isSecret: try c.decodeIfPresent(Bool.self, forKey: .isSecret) ?? false)
    }

    /// The flags only when set, as the API writes them.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(label, forKey: .label)
        try c.encodeIfPresent(minithumbnail, forKey: .minithumbnail)
        try c.encodeIfPresent(thumbnailFileID, forKey: .thumbnailFileID)
        try c.encodeIfPresent(file, forKey: .file)
        try c.encodeIfPresent(isPlayed, forKey: .isPlayed)
        if hasSpoiler { try c.encode(true, forKey: .hasSpoiler) }
        if isSecret { try c.encode(true, forKey: .isSecret) }
    }
}

/// A message's file as a face shows it before it is downloaded: its (safe) name, size and the
/// MIME type its sender gave.
public struct MediaFileItem: Codable, Sendable, Equatable {
    /// The sender's file name made safe (`SafeFileName`).
    public var name: String
    /// Bytes (0 when Telegram has not said).
    public var size: Int64
    /// The sender's MIME type (a claim: what is served is sniffed from the bytes).
    public var mimeType: String

    public init(name: String, size: Int64, mimeType: String) {
        self.name = name
        self.size = size
        self.mimeType = mimeType
    }

    private enum CodingKeys: String, CodingKey {
        case name, size
        case mimeType = "mime_type"
    }
}

/// The header of a reply: the message answered, who wrote it, and a short snippet (or the quote).
public struct ReplyItem: Codable, Sendable, Equatable {
    public var messageID: Int64
    public var senderName: String?
    public var snippet: String

    public init(messageID: Int64, senderName: String?, snippet: String) {
        self.messageID = messageID
        self.senderName = senderName
        self.snippet = snippet
    }

    private enum CodingKeys: String, CodingKey {
        case messageID = "message_id"
        case senderName = "sender_name"
        case snippet
    }
}
