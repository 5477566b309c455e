import Foundation
import Logging
import TgtDomain
import TgtTDLib

/// The core of a Telegram client over one session: chat lists kept from updates, chats found
/// by what a person types, conversations paged from TDLib, and sending, replying, editing,
/// deleting and marking read. Shared by the CLI, the dashboard and the apps' view models.
public struct ChatService: Sendable {
    public let session: TelegramSession
    /// The process's clock: "last seen" lines and a draft's date read it.
    public let clock: any AppClock
    public var timeout: Double
    /// The most downloaded media may take before the least recently used files go.
    public var mediaCacheLimit: Int64 = ChatService.defaultMediaCacheLimit
    let logger = Logger(label: "tgt.telegram.chats")

    public init(session: TelegramSession, clock: any AppClock, timeout: Double = 30) {
        self.session = session
        self.clock = clock
        self.timeout = timeout
    }

    func requireLogin() throws(ChatError) {
        guard session.authorizationState == .ready else { throw .notLoggedIn }
    }

    /// Sends a request, turning TDLib's errors into `ChatError`.
    func ask<F: TDFunction>(_ function: F) async throws(ChatError) -> F.Result {
        do { return try await session.send(function, timeout: timeout) } catch { throw .request(error) }
    }

    // MARK: - Chat lists

    /// Loads the main list, the archive and every chat folder completely: `loadChats` until
    /// TDLib answers 404. TDLib pushes every chat as updates before it answers, so this asks
    /// nothing per chat.
    public func loadChatLists() async throws(ChatError) {
        try requireLogin()
        for list in [ChatListKind.main, .archive] { try await load(list) }
        for folder in await session.chatListState.folders.folders { try await load(.folder(folder.id)) }
    }

    /// Loads one chat list to its end, once per session.
    func load(_ list: ChatListKind) async throws(ChatError) {
        guard await !session.isLoaded(list) else { return }
        while true {
            do {
                _ = try await session.send(TDFunctions.LoadChats(limit: 100, list: list), timeout: timeout)
            } catch {
                if error.tdlibCode == 404 { break }
                throw .request(error)
            }
        }
        await session.markLoaded(list)
    }

    /// The chats of `list` in Telegram's order, optionally only unread ones or those whose
    /// title or username contains `search` (case- and diacritic-insensitive). A folder made
    /// since the lists were loaded is loaded first (if that fails, what is known shows).
    public func summaries(list: ChatListKind = .main, unreadOnly: Bool = false, search: String? = nil) async -> [ChatSummary] {
        if case .folder = list { try? await load(list) }
        let state = await session.chatListState
        let builder = await itemBuilder()
        let query = search?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        var result: [ChatSummary] = []
        for chat in state.ordered(list) {
            if unreadOnly, chat.unreadCount == 0, !chat.isMarkedAsUnread { continue }
            if !query.isEmpty, await !matches(chat, query) { continue }
            result.append(await summary(of: chat, list: list, builder: builder))
        }
        return result
    }

    /// The summary of one chat: from the updates seen so far, or asked of TDLib for a chat no
    /// update has named yet (a link to a chat opened before the chat list has loaded). Nil for
    /// a chat TDLib does not know.
    /// With `topicID` (a forum's topic being read), who is typing is that topic's alone.
    public func summary(_ chatID: Int64, topicID: Int32? = nil) async -> ChatSummary? {
        guard let chat = (try? await knownChat(chatID)) ?? nil else { return nil }
        let list = chat.positions.first?.list ?? .main
        return await summary(of: chat, list: list, builder: await itemBuilder(), topicID: topicID)
    }

    func summary(of chat: Chat, list: ChatListKind, builder: ChatItemBuilder, topicID: Int32? = nil) async -> ChatSummary {
        let position = chat.positions.first { $0.list == list }
        let muted = await session.chatListState.isMuted(chat)
        let listName = switch list {
        case .main: "main"
        case .archive: "archive"
        case .folder: "folder"
        }
        var summary = ChatSummary(
            id: chat.id, title: await title(of: chat), kind: await kind(of: chat), list: listName, isPinned: position?.isPinned ?? false,
            isMuted: muted, unreadCount: Int(chat.unreadCount), unreadMentionCount: Int(chat.unreadMentionCount),
            isMarkedAsUnread: chat.isMarkedAsUnread, lastReadOutboxMessageID: chat.lastReadOutboxMessageID,
            lastMessage: chat.lastMessage.map { builder.preview($0, lastReadOutboxMessageID: chat.lastReadOutboxMessageID) },
            photoMinithumbnail: chat.photoMinithumbnail.map { $0.data.base64EncodedString() },
            cannotWrite: await cannotWrite(chat), order: position?.order ?? 0)
        summary.draft = chat.draftText
        summary.photoFileID = chat.smallPhoto?.id
        summary.showsPreview = await session.chatListState.showsPreview(chat)
        summary.status = await status(of: chat, now: clock.now)
        summary.typing = await typing(in: chat.id, topicID: topicID, builder: builder)
        return summary
    }

    /// "Saved Messages" for the account's own chat, else the chat's title.
    public func title(of chat: Chat) async -> String {
        if case .private(let userID) = chat.type, userID == (await session.me?.id ?? 0) { return "Saved Messages" }
        return chat.title
    }

    func kind(of chat: Chat) async -> ChatSummary.Kind {
        switch chat.type {
        case .private(let userID): userID == (await session.me?.id ?? 0) ? .saved : .private
        case .secret: .secret
        case .basicGroup: .group
        case .supergroup(let id, let isChannel):
            isChannel ? .channel : (await session.supergroup(id)?.isForum ?? false) ? .forum : .supergroup
        case .unknown: .group
        }
    }

    /// Nil when the account may post text in `chat`, otherwise why not. For a person whose
    /// messages may cost Stars TDLib is asked: from what it knows locally for lists (it answers
    /// "free" until it has the person's full info), or over the network when `askingTelegram`
    /// (before a send, a single user-initiated check).
    public func cannotWrite(_ chat: Chat, askingTelegram: Bool = false) async -> PostRefusal? {
        switch chat.type {
        case .private(let userID):
            let user = await session.user(userID)
            var messaging: CanSendMessageToUserResult?
            if WriteAccess.needsMessagingCheck(user) {
                messaging = try? await session.send(TDFunctions.CanSendMessageToUser(userID: userID, onlyLocal: !askingTelegram), timeout: timeout)
            }
            return WriteAccess.refusal(chat, basicGroup: nil, supergroup: nil, user: user, messaging: messaging)
        case .basicGroup(let id):
            return WriteAccess.refusal(chat, basicGroup: await session.basicGroup(id), supergroup: nil, user: nil)
        case .supergroup(let id, _):
            return WriteAccess.refusal(chat, basicGroup: nil, supergroup: await session.supergroup(id), user: nil)
        case .secret, .unknown:
            return WriteAccess.refusal(chat, basicGroup: nil, supergroup: nil, user: nil)
        }
    }

    /// The chat with this id, nil when this account's TDLib knows no such chat (`getChat`
    /// answers 400 from its own database); a request that fails otherwise (timeout, flood
    /// wait) is an error, not an unknown chat. A chat no update has named yet (one opened by a
    /// link before the chat list loaded) is asked of TDLib; a private chat's id is its user's,
    /// which TDLib knows as a chat once `createPrivateChat` opened it.
    public func knownChat(_ chatID: Int64) async throws(ChatError) -> Chat? {
        try requireLogin()
        if let chat = await session.chat(chatID) { return chat }
        await session.openPrivateChatIfNeeded(chatID, timeout: timeout)
        do {
            return try await session.send(TDFunctions.GetChat(chatID: chatID), timeout: timeout)
        } catch let error where error.tdlibCode == 400 {
            return nil
        } catch {
            throw .request(error)
        }
    }

    /// Whether `chat`'s title (or its usernames) contains `query`.
    func matches(_ chat: Chat, _ query: String) async -> Bool {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        if await title(of: chat).range(of: query, options: options) != nil { return true }
        let bare = query.hasPrefix("@") ? String(query.dropFirst()) : query
        return await usernames(of: chat).contains { $0.range(of: bare, options: options) != nil }
    }

    func usernames(of chat: Chat) async -> [String] {
        switch chat.type {
        case .private(let userID): await session.user(userID)?.usernames ?? []
        case .supergroup(let id, _): await session.supergroup(id)?.usernames ?? []
        default: []
        }
    }

    // MARK: - Finding a chat by what the user typed

    /// The chat `query` names: its id, an @username, its exact title (case-insensitive), or a
    /// unique prefix of a title. Ambiguous input lists the candidates; nothing found is an error.
    public func resolve(_ query: String) async throws(ChatError) -> Chat {
        try requireLogin()
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw .chatNotFound(query) }
        if let id = Int64(text) {
            if let chat = try await knownChat(id) { return chat }
            throw .chatNotFound(text)
        }
        let state = await session.chatListState
        let all = state.ordered(.main) + state.ordered(.archive)
        if text.hasPrefix("@") {
            let name = text.dropFirst().lowercased()
            for chat in all where await usernames(of: chat).contains(where: { $0.lowercased() == name }) { return chat }
            throw .chatNotFound(text)
        }
        var titled: [(id: Int64, title: String)] = []
        for chat in all { titled.append((chat.id, await title(of: chat))) }
        let id = try Self.pick(text, among: titled)
        guard let chat = all.first(where: { $0.id == id }) else { throw .chatNotFound(text) }
        return chat
    }

    /// The chat whose title is `text` (case-insensitive), else the only one whose title starts
    /// with it; several are ambiguous (the error lists them), none is not found.
    public static func pick(_ text: String, among chats: [(id: Int64, title: String)]) throws(ChatError) -> Int64 {
        let exact = chats.filter { $0.title.compare(text, options: [.caseInsensitive]) == .orderedSame }
        if exact.count == 1, let only = exact.first { return only.id }
        if exact.count > 1 { throw .ambiguous(text, candidates: exact.map { "\($0.title) (\($0.id))" }) }
        let prefixed = chats.filter { $0.title.range(of: text, options: [.caseInsensitive, .anchored, .diacriticInsensitive]) != nil }
        if prefixed.count == 1, let only = prefixed.first { return only.id }
        if prefixed.count > 1 { throw .ambiguous(text, candidates: prefixed.map { "\($0.title) (\($0.id))" }) }
        throw .chatNotFound(text)
    }

    /// Chats whose title or username matches `query`: the known ones first (offline), then
    /// those Telegram's servers find, without duplicates.
    public func searchChats(_ query: String, limit: Int = 50) async throws(ChatError) -> [ChatSummary] {
        try requireLogin()
        let local = try await ask(TDFunctions.SearchChats(query: query, limit: Int32(limit)))
        var ids = local.chatIDs
        if ids.count < limit, let remote = try? await ask(TDFunctions.SearchChatsOnServer(query: query, limit: Int32(limit))) {
            for id in remote.chatIDs where !ids.contains(id) { ids.append(id) }
        }
        let builder = await itemBuilder()
        var result: [ChatSummary] = []
        for id in ids.prefix(limit) {
            guard let chat = await session.chat(id) else { continue }
            result.append(await summary(of: chat, list: chat.positions.first?.list ?? .main, builder: builder))
        }
        return result
    }

    /// A builder with the session's current names.
    func itemBuilder(replied: [Int64: Message] = [:]) async -> ChatItemBuilder {
        let state = await session.chatListState
        var titles: [Int64: String] = [:]
        for (id, chat) in state.chats { titles[id] = chat.title }
        return ChatItemBuilder(users: await session.userCache, chatTitles: titles, myID: await session.me?.id ?? 0, repliedMessages: replied)
    }
}
