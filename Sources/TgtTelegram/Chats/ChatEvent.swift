import TgtTDLib

/// A change in the account's chats, as TDLib reported it, for live views (the dashboard's
/// event stream, `tgt chat read --follow`, the apps' conversation models).
public enum ChatEvent: Sendable, Equatable {
    /// A chat's row changed (last message, position, counts, read markers, title, photo …).
    case chatChanged(Int64)
    /// A message arrived or was sent from here or from another device (temporary id while pending).
    case newMessage(Message)
    case messageContent(chatID: Int64, messageID: Int64, content: MessageContent)
    case messageEdited(chatID: Int64, messageID: Int64, editDate: Int32)
    /// A voice note was listened to or a video note viewed (by the user, or by the recipient
    /// of one of ours).
    case contentOpened(chatID: Int64, messageID: Int64)
    /// Messages deleted (never reported for TDLib merely dropping them from its cache).
    case messagesDeleted(chatID: Int64, messageIDs: [Int64])
    /// A pending message was accepted: its temporary id is now `message.id`.
    case messageSent(oldMessageID: Int64, message: Message)
    /// A pending message was refused (it stays in the chat, failed, until deleted); `error`
    /// says why in a sentence.
    case messageFailed(oldMessageID: Int64, message: Message, error: String)
    /// A message's reactions changed (someone reacted, or the user did here or elsewhere).
    case reactions(chatID: Int64, messageID: Int64, reactions: [MessageReaction])
    /// A message was pinned or unpinned.
    case pinned(chatID: Int64, messageID: Int64, isPinned: Bool)
    /// The other side read our messages up to this id.
    case readOutbox(chatID: Int64, lastReadMessageID: Int64)
    /// A file (a thumbnail being downloaded) changed.
    case file(TDFile)
    /// More of the file of a message being sent reached Telegram (all of it: sent = total).
    case upload(chatID: Int64, messageID: Int64, progress: UploadProgress)
    /// Someone started or stopped typing (or the like) in the chat, or, in a private chat,
    /// the person went online or offline: its header's status line changed.
    case activity(chatID: Int64)
    /// The chat folders changed (added, renamed, reordered, removed), or a list's unread
    /// counts (the folder bar's numbers, the tab's and icon's badges).
    case folders

    /// The chat it is about, if any.
    public var chatID: Int64? {
        switch self {
        case .chatChanged(let id): id
        case .newMessage(let m): m.chatID
        case .messageContent(let id, _, _), .messageEdited(let id, _, _), .contentOpened(let id, _), .messagesDeleted(let id, _), .readOutbox(let id, _),
             .reactions(let id, _, _), .pinned(let id, _, _), .activity(let id), .upload(let id, _, _): id
        case .messageSent(_, let m), .messageFailed(_, let m, _): m.chatID
        case .file, .folders: nil
        }
    }

    /// Whether the conversation changed (a message arrived, was sent, edited, deleted, read,
    /// reacted to or pinned), not only the chat's row.
    public var touchesMessages: Bool {
        switch self {
        case .chatChanged, .file, .activity, .folders, .upload: false
        case .newMessage, .messageContent, .messageEdited, .contentOpened, .messagesDeleted, .messageSent, .messageFailed, .readOutbox, .reactions, .pinned: true
        }
    }
}
