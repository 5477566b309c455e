import Foundation
import TgtDomain
import TgtTDLib
import TgtTelegram

/// Reading the chats on a long-running face (the dashboard's API, the app's chat screens):
/// lists, rows, pages, topics and search, beyond what `ChatAccess` asks of every face.
extension SessionChatAccess {
    /// A chat list (the main list or the archive), its search matched against titles.
    public func summaries(list: ChatListKind = .main, unreadOnly: Bool = false, search: String? = nil) async -> [ChatSummary] {
        await service.summaries(list: list, unreadOnly: unreadOnly, search: search)
    }

    /// The chats of folder `id`, or `ChatError` when there is no such folder.
    public func folderChats(_ id: Int32, unreadOnly: Bool = false, search: String? = nil) async throws(ChatError) -> [ChatSummary] {
        try await service.folderChats(id, unreadOnly: unreadOnly, search: search)
    }

    /// The folder bar (a folder made since the lists were loaded included).
    public func folderBar() async -> ChatFolderBar { await service.folderBar() }

    /// A chat's row (with `topicID`, a forum topic's), or nil when the account does not know it.
    public func summary(_ chatID: Int64, topicID: Int32? = nil) async -> ChatSummary? {
        await service.summary(chatID, topicID: topicID)
    }

    /// Chats and people found on Telegram by name or username.
    public func searchChats(_ query: String, limit: Int = 50) async throws(ChatError) -> [ChatSummary] {
        try await service.searchChats(query, limit: limit)
    }

    /// The page of messages before `before` (0: the newest), optionally in a forum topic.
    public func conversation(chatID: Int64, before: Int64 = 0, limit: Int = 50, topicID: Int32? = nil) async throws(ChatError) -> ConversationPage {
        try await service.conversation(chatID: chatID, before: before, limit: limit, topicID: topicID)
    }

    /// The page around `messageID` (a search result, a reply's original).
    public func conversation(chatID: Int64, around messageID: Int64, limit: Int = 50) async throws(ChatError) -> ConversationPage {
        try await service.conversation(chatID: chatID, around: messageID, limit: limit)
    }

    /// The page of messages after `after`, oldest first.
    public func conversation(chatID: Int64, after: Int64, limit: Int = 50) async throws(ChatError) -> ConversationPage {
        try await service.conversation(chatID: chatID, after: after, limit: limit)
    }

    /// One message as every face shows it.
    public func message(chatID: Int64, messageID: Int64) async throws -> ChatMessageItem {
        try await service.item(chatID: chatID, messageID: messageID)
    }

    /// A forum group's topics.
    public func topics(chatID: Int64) async throws(ChatError) -> [ForumTopicItem] { try await service.topics(chatID: chatID) }

    /// One forum topic, or `ChatError` when the chat has no such topic (or is not a forum).
    public func topic(chatID: Int64, topicID: Int32) async throws(ChatError) -> ForumTopicItem {
        try await service.topic(chatID: chatID, topicID: topicID)
    }

    /// One page of messages matching `query`, in one chat or all; `offset` is the last page's
    /// `nextOffset`.
    public func searchMessagePage(_ query: String, chatID: Int64? = nil, offset: String = "", limit: Int = 50) async throws(ChatError) -> FoundMessagePage {
        try await service.searchMessagePage(query, chatID: chatID, offset: offset, limit: limit)
    }

    /// The main list's unread count, muted chats left out (the app icon's badge).
    public func unreadUnmutedCount() async -> Int {
        Int(await service.session.chatListState.unreadCount(.main).unreadUnmutedCount)
    }

    /// Whether `message` is after its chat's read marker (read neither here nor elsewhere).
    public func isUnread(_ message: ArrivedMessage) async -> Bool {
        message.id > (await service.session.chat(message.chatID)?.lastReadInboxMessageID ?? 0)
    }

    /// Asks Telegram about a template target's chat that the cached directory does not list:
    /// whether it knows it, its title and whether the account may post there. Nil when Telegram
    /// did not answer (the send checks it then).
    public func liveChat(_ chatID: Int64) async -> TemplateService.LiveChat? {
        do {
            guard let chat = try await service.knownChat(chatID) else { return .missing }
            return .found(title: await service.title(of: chat), refusal: await service.cannotWrite(chat, askingTelegram: true))
        } catch {
            return nil
        }
    }
}
