import Foundation
import TgtTDLib
import TgtDomain

/// Turns TDLib's messages and chats into the items the front ends show, with names from the
/// session's caches: who sent it, the reply header's snippet, a service message's one line,
/// a media placeholder's label.
public struct ChatItemBuilder: Sendable {
    public var users: [Int64: User]
    public var chatTitles: [Int64: String]
    public var myID: Int64
    /// Messages replied to, by id, when they are not in the page being built.
    public var repliedMessages: [Int64: Message]

    public init(users: [Int64: User] = [:], chatTitles: [Int64: String] = [:], myID: Int64 = 0, repliedMessages: [Int64: Message] = [:]) {
        self.users = users
        self.chatTitles = chatTitles
        self.myID = myID
        self.repliedMessages = repliedMessages
    }

    /// The name to show for a sender ("You" for the account itself in previews is the front
    /// end's choice; this gives the real name).
    public func name(_ sender: MessageSenderID?) -> String {
        switch sender {
        case .user(let id)?: userName(id)
        case .chat(let id)?: chatTitles[id] ?? "Chat \(id)"
        case nil: "Unknown"
        }
    }

    func userName(_ id: Int64) -> String {
        guard let user = users[id] else { return "User \(id)" }
        let name = user.displayName
        return name.isEmpty ? "Deleted account" : name
    }

    /// The item for `message` of `chat` (`page` gives replied messages in the same page).
    public func item(_ message: Message, lastReadOutboxMessageID: Int64, page: [Int64: Message] = [:]) -> ChatMessageItem {
        let senderName = name(message.senderID)
        let sender: SenderItem = switch message.senderID {
        case .chat(let id)?: SenderItem(id: id, name: senderName, isChat: true)
        case .user(let id)?: SenderItem(id: id, name: senderName, isChat: false)
        case nil: SenderItem(id: 0, name: senderName, isChat: false)
        }
        var media: MediaItem?
        var serviceLine: String?
        var formatted = FormattedText(text: "")
        switch message.content {
        case .text(let text)?: formatted = text
        case .media(let m)?:
            formatted = m.caption
            // Self-destructing media shows only its blurred preview: no thumbnail to fetch.
            media = MediaItem(kind: m.kind.rawValue, label: Self.label(m), minithumbnail: m.minithumbnail.map { $0.data.base64EncodedString() },
                              thumbnailFileID: m.isSecret ? nil : m.thumbnailFile?.id,
                              file: m.file.map { MediaFileItem(name: SafeFileName.make($0.fileName), size: $0.file.size, mimeType: $0.mimeType) },
                              isPlayed: m.isPlayed, hasSpoiler: m.hasSpoiler, isSecret: m.isSecret)
        case .service(let action)?: serviceLine = describe(action, by: senderName, senderID: message.senderID)
        case .unsupported(let type)?: serviceLine = "This message (\(Self.humanize(type))) is not supported here; open it in a Telegram app."
        case nil: break
        }
        var reply: ReplyItem?
        if let replyTo = message.replyTo {
            // Ids are per chat: a reply to another chat's message is never matched by id here.
            let sameChat = replyTo.chatID == 0 || replyTo.chatID == message.chatID
            let replied = sameChat ? (page[replyTo.messageID] ?? repliedMessages[replyTo.messageID]) : nil
            let snippet = replyTo.quote ?? replied.map(previewText) ?? "Message not available"
            reply = ReplyItem(messageID: replyTo.messageID, senderName: replied.map { $0.isOutgoing ? "You" : name($0.senderID) }, snippet: Self.shorten(snippet, to: 120))
        }
        var sendingState: String?
        var failure: String?
        switch message.sendingState {
        case .pending?: sendingState = "pending"
        case .failed(let error, _, _)?:
            sendingState = "failed"
            failure = Sender.describe(code: error.code, message: error.message)
        case nil: break
        }
        var item = ChatMessageItem(
            id: message.id, chatID: message.chatID, date: Date(timeIntervalSince1970: TimeInterval(message.date)),
            editDate: message.editDate > 0 ? Date(timeIntervalSince1970: TimeInterval(message.editDate)) : nil,
            isOutgoing: message.isOutgoing, sender: sender, formatted: formatted, serviceLine: serviceLine, media: media, replyTo: reply,
            forwardedFrom: message.forwardOrigin.map(forwardName), topicID: message.forumTopicID, sendingState: sendingState,
            failureReason: failure, isRead: message.isOutgoing && message.sendingState == nil && message.id <= lastReadOutboxMessageID)
        item.reactions = ReactionItem.list(message.reactions)
        item.isPinned = message.isPinned
        if case .pending? = message.sendingState, case .media(let m)? = message.content { item.upload = m.file?.file.upload }
        return item
    }

    /// One line for a message: its text, or its media label and caption, or its service line.
    public func previewText(_ message: Message) -> String {
        switch message.content {
        case .text(let text)?: return Self.shorten(text.text, to: 200)
        case .media(let m)?: return Self.shorten(m.caption.text.isEmpty ? Self.label(m) : "\(Self.label(m)) \(m.caption.text)", to: 200)
        case .service(let action)?: return describe(action, by: name(message.senderID), senderID: message.senderID)
        case .unsupported(let type)?: return Self.humanize(type)
        case nil: return ""
        }
    }

    /// The preview of a chat's last message.
    public func preview(_ message: Message, lastReadOutboxMessageID: Int64) -> MessagePreview {
        let isGroupish = message.chatID < 0
        return MessagePreview(
            messageID: message.id, senderName: message.isOutgoing ? nil : (isGroupish ? name(message.senderID) : nil),
            text: previewText(message), date: Date(timeIntervalSince1970: TimeInterval(message.date)), isOutgoing: message.isOutgoing,
            isRead: message.isOutgoing && message.id <= lastReadOutboxMessageID)
    }

    private func forwardName(_ origin: ForwardOrigin) -> String {
        switch origin {
        case .user(let id): userName(id)
        case .hiddenUser(let name): name.isEmpty ? "Hidden user" : name
        case .chat(let id), .channel(let id): chatTitles[id] ?? "Chat \(id)"
        }
    }

    private func describe(_ action: ServiceAction, by actor: String, senderID: MessageSenderID?) -> String {
        switch action {
        case .membersAdded(let ids):
            if case .user(let uid)? = senderID, ids == [uid] { return "\(actor) joined the group" }
            return "\(actor) added \(ids.map(userName).joined(separator: ", "))"
        case .memberLeft(let id):
            if case .user(let uid)? = senderID, uid == id { return "\(actor) left the group" }
            return "\(actor) removed \(userName(id))"
        case .joinedByLink: return "\(actor) joined the group via invite link"
        case .groupCreated(let title): return "\(actor) created the group “\(title)”"
        case .titleChanged(let title): return "\(actor) changed the group name to “\(title)”"
        case .photoChanged: return "\(actor) changed the group photo"
        case .messagePinned: return "\(actor) pinned a message"
        case .topicCreated(let name): return "\(actor) created the topic “\(name)”"
        case .contactRegistered: return "\(actor) joined Telegram"
        case .other(let type): return "\(actor): \(Self.humanize(type))"
        }
    }

    /// "📷 Photo", "🎤 Voice message 0:12", …
    public static func label(_ media: MessageMedia) -> String {
        if media.isSecret {
            switch media.kind {
            case .photo: return "🔥 Self-destructing photo"
            case .videoNote: return "🔥 Self-destructing video message"
            default: return "🔥 Self-destructing video"
            }
        }
        return switch media.kind {
        case .photo: "📷 Photo"
        case .video: "🎬 Video \(media.detail)"
        case .videoNote: "⏺ Video message \(media.detail)"
        case .voiceNote: "🎤 Voice message \(media.detail)"
        case .audio: "🎵 \(media.detail.isEmpty ? "Audio" : media.detail)"
        case .document: "📎 \(media.detail.isEmpty ? "File" : media.detail)"
        case .animation: "🎞 GIF"
        case .sticker: "\(media.detail.isEmpty ? "🙂" : media.detail) Sticker"
        case .location: "📍 Location \(media.detail)"
        case .poll: "📊 Poll: \(media.detail)"
        case .contact: "👤 Contact: \(media.detail)"
        case .dice: media.detail
        case .call: "📞 Call \(media.detail)"
        }
    }

    /// "messageChatSetTheme" → "chat set theme".
    static func humanize(_ type: String) -> String {
        var words: [String] = []
        var current = ""
        for ch in type.dropFirst(type.hasPrefix("message") ? 7 : 0) {
            if ch.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(Character(ch.lowercased()))
        }
        if !current.isEmpty { words.append(current) }
        return words.joined(separator: " ")
    }

    /// At most `limit` characters, on one line, with "…" when cut.
    public static func shorten(_ text: String, to limit: Int) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard line.count > limit else { return line }
        return String(line.prefix(limit - 1)) + "…"
    }
}
