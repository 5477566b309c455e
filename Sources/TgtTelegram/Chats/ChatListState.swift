import TgtTDLib

/// The account's chats as TDLib's updates describe them, never asked for one by one: chats
/// from `updateNewChat`, kept current by the chat updates (last message, positions, read
/// markers, counts, mute, photo, permissions), and the lists they sit in, ordered as
/// Telegram orders them: by (order, chat id), descending.
///
/// Applying an update is O(1); a list is sorted when it is read.
public struct ChatListState: Sendable {
    public private(set) var chats: [Int64: Chat] = [:]
    /// `updateUnreadChatCount` per list.
    public private(set) var unreadChatCounts: [ChatListKind: UnreadChatCount] = [:]
    /// Default mute per kind of chat (`updateScopeNotificationSettings`).
    public private(set) var scopeMuteFor: [NotificationScope: Int32] = [:]
    /// Default preview setting per kind of chat (`updateScopeNotificationSettings`).
    public private(set) var scopeShowsPreview: [NotificationScope: Bool] = [:]
    /// The account's chat folders (`updateChatFolders`), in Telegram's order.
    public private(set) var folders = ChatFolders()

    /// Whether a chat is muted: its own setting, or its kind's default when it follows it.
    public func isMuted(_ chat: Chat) -> Bool {
        (chat.usesDefaultMute ? scopeMuteFor[NotificationScope(chat.type)] ?? 0 : chat.muteFor) > 0
    }

    /// Whether a chat's notifications may show the message: its own setting, or its kind's default.
    public func showsPreview(_ chat: Chat) -> Bool {
        chat.usesDefaultShowPreview ? scopeShowsPreview[NotificationScope(chat.type)] ?? true : chat.showPreview
    }

    public init() {}

    /// Applies `update`; returns the id of the chat it changed, if it was about one chat.
    @discardableResult
    public mutating func apply(_ update: TDUpdate) -> Int64? {
        switch update {
        case .newChat(let chat):
            chats[chat.id] = chat
            return chat.id
        case .chatTitle(let id, let title):
            return change(id) { $0.title = title }
        case .chatPosition(let id, let position):
            return change(id) { chat in
                chat.positions.removeAll { $0.list == position.list }
                if position.order != 0 { chat.positions.append(position) }
            }
        case .chatLastMessage(let id, let message, let positions):
            return change(id) { chat in
                chat.lastMessage = message
                chat.positions = positions.filter { $0.order != 0 }
            }
        case .chatDraft(let id, let text, let positions):
            return change(id) { chat in
                chat.draftText = text
                chat.positions = positions.filter { $0.order != 0 }
            }
        case .chatReadInbox(let id, let lastRead, let unread):
            return change(id) { chat in
                chat.lastReadInboxMessageID = lastRead
                chat.unreadCount = unread
            }
        case .chatReadOutbox(let id, let lastRead):
            return change(id) { $0.lastReadOutboxMessageID = lastRead }
        case .chatUnreadMentionCount(let id, let count):
            return change(id) { $0.unreadMentionCount = count }
        case .chatMuteFor(let id, let muteFor, let usesDefault, let showPreview, let usesDefaultShowPreview):
            return change(id) { chat in
                chat.muteFor = muteFor
                chat.usesDefaultMute = usesDefault
                chat.showPreview = showPreview
                chat.usesDefaultShowPreview = usesDefaultShowPreview
            }
        case .scopeMuteFor(let scope, let muteFor, let showPreview):
            scopeMuteFor[scope] = muteFor
            scopeShowsPreview[scope] = showPreview
            return nil
        case .chatPhoto(let id, let mini, let small):
            return change(id) { chat in
                chat.photoMinithumbnail = mini
                chat.smallPhoto = small
            }
        case .chatCanSendBasicMessages(let id, let allowed):
            return change(id) { $0.canSendBasicMessages = allowed }
        case .chatMarkedAsUnread(let id, let marked):
            return change(id) { $0.isMarkedAsUnread = marked }
        case .chatFolders(let folders):
            self.folders = folders
            return nil
        case .unreadChatCount(let list, let unread, let unmuted):
            unreadChatCounts[list] = UnreadChatCount(unreadCount: unread, unreadUnmutedCount: unmuted)
            return nil
        case .messageContent(let chatID, let messageID, let content):
            guard chats[chatID]?.lastMessage?.id == messageID else { return nil }
            return change(chatID) { chat in
                chat.lastMessage?.content = content
                if case .text(let text) = content { chat.lastMessage?.text = text.text } else { chat.lastMessage?.text = nil }
            }
        case .messageEdited(let chatID, let messageID, let editDate):
            guard chats[chatID]?.lastMessage?.id == messageID else { return nil }
            return change(chatID) { $0.lastMessage?.editDate = editDate }
        case .messageContentOpened(let chatID, let messageID):
            // A voice note listened to as the chat's last message.
            guard chats[chatID]?.lastMessage?.id == messageID, case .media(var media)? = chats[chatID]?.lastMessage?.content,
                  media.isPlayed == false
            else { return nil }
            media.isPlayed = true
            return change(chatID) { $0.lastMessage?.content = .media(media) }
        case .messageSendSucceeded(let message, let oldID):
            // The temporary id in the chat's last message becomes the real one.
            guard chats[message.chatID]?.lastMessage?.id == oldID else { return nil }
            return change(message.chatID) { $0.lastMessage = message }
        default:
            return nil
        }
    }

    private mutating func change(_ id: Int64, _ body: (inout Chat) -> Void) -> Int64? {
        guard var chat = chats[id] else { return nil }  // TDLib sends updateNewChat first
        body(&chat)
        chats[id] = chat
        return id
    }

    /// How many chats of `list` are unread, and unread and not muted: TDLib's count when it
    /// sent one, else counted from the chats this process knows in the list.
    public func unreadCount(_ list: ChatListKind) -> UnreadChatCount {
        if let counted = unreadChatCounts[list] { return counted }
        var count = UnreadChatCount(unreadCount: 0, unreadUnmutedCount: 0)
        for chat in chats.values where chat.positions.contains(where: { $0.list == list }) && (chat.unreadCount > 0 || chat.isMarkedAsUnread) {
            count.unreadCount += 1
            if !isMuted(chat) { count.unreadUnmutedCount += 1 }
        }
        return count
    }

    /// The chats of `list`, in Telegram's order (pinned first: their order is higher).
    public func ordered(_ list: ChatListKind) -> [Chat] {
        var entries: [(order: Int64, chat: Chat)] = []
        entries.reserveCapacity(chats.count)
        for chat in chats.values {
            if let position = chat.positions.first(where: { $0.list == list }) { entries.append((position.order, chat)) }
        }
        entries.sort { $0.order != $1.order ? $0.order > $1.order : $0.chat.id > $1.chat.id }
        return entries.map(\.chat)
    }
}

/// How many chats of a list are unread (`updateUnreadChatCount`).
public struct UnreadChatCount: Sendable, Equatable, Codable {
    public var unreadCount: Int32
    public var unreadUnmutedCount: Int32

    public init(unreadCount: Int32, unreadUnmutedCount: Int32) {
        self.unreadCount = unreadCount
        self.unreadUnmutedCount = unreadUnmutedCount
    }
}
