import Foundation
import TgtApplication

/// The running dashboard's session, through its API.
public struct DashboardChatAccess: ChatAccess {
    public let client: DashboardClient

    public init(client: DashboardClient) {
        self.client = client
    }

    public func list(_ list: ChatListKind, unreadOnly: Bool, search: String?) async throws -> [ChatSummary] {
        let found = try await client.conversations(list, unreadOnly: unreadOnly, search: search)
        if case .folder = list { return found }
        if found.isEmpty, let search, !search.isEmpty, !unreadOnly { return try await client.searchChats(search) }
        return found
    }

    public func folders() async throws -> ChatFolderBar {
        try await client.chatFolders()
    }

    public func contacts(search: String?) async throws -> [ContactItem] {
        try await client.contacts(search: search)
    }

    public func startChat(userID: Int64) async throws -> ChatSummary {
        try await client.startChat(userID: userID)
    }

    public func addContact(chatID: Int64, firstName: String, lastName: String, sharePhone: Bool) async throws -> ContactItem {
        try await client.addContact(chatID: chatID, firstName: firstName, lastName: lastName, sharePhone: sharePhone)
    }

    public func resolve(_ query: String) async throws -> ChatSummary {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        if let id = Int64(text) { return try await client.conversation(id) }
        if text.hasPrefix("@") {
            let found = try await client.searchChats(text)
            guard found.count == 1, let only = found.first else {
                throw found.isEmpty ? ChatError.chatNotFound(text) : ChatError.ambiguous(text, candidates: found.map { "\($0.title) (\($0.id))" })
            }
            return only
        }
        let all = try await client.conversations() + client.conversations(.archive)
        let id = try ChatLookup.pick(text, among: all.map { ($0.id, $0.title) })
        guard let chat = all.first(where: { $0.id == id }) else { throw ChatError.chatNotFound(text) }
        return chat
    }

    public func sendFiles(chatID: Int64, paths: [String], caption: String, replyTo: Int64?, topicID: Int32?, silent: Bool, asFiles: Bool,
                          progress: @escaping @Sendable (UploadProgress) -> Void = { _ in }) async throws -> [ChatMessageItem]
    {
        // The dashboard's event stream tells each part of this chat's uploads: it is answering
        // before the files go (its uploads are announced once TDLib has the files, after that).
        let (opened, open) = AsyncStream<Void>.makeStream()
        let events = client.chatChanges()
        let watcher = Task {
            defer { open.finish() }
            var tally = UploadTally(paths: paths)
            for try await event in events {
                switch event {
                case .connected: open.finish()
                case .upload(let chat, let message, let sent) where chat == chatID: progress(tally.note(messageID: message, sentBytes: sent))
                case .upload, .chat: continue
                }
            }
        }
        // Opened, or the stream failed (the send then says whether the dashboard is there).
        for await _ in opened {}
        // Done before answering: no progress is told after the send is over.
        return try await watcher.stopped {
            try await client.sendFiles(chatID: chatID, paths: paths, caption: caption, replyTo: replyTo, topicID: topicID, silent: silent, asFiles: asFiles)
        }
    }

    public func download(chatID: Int64, messageID: Int64, into folder: URL,
                         progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }) async throws -> URL
    {
        try await client.saveMessageFile(chatID: chatID, messageID: messageID, into: folder, progress: progress)
    }

    public func mediaCache(clear: Bool) async throws -> MediaCacheUsage {
        try await client.mediaCache(clear: clear)
    }

    public func page(chatID: Int64, before: Int64?, limit: Int, topicID: Int32?) async throws -> ConversationPage {
        // The API pages 100 at a time: longer reads ask again from the oldest message.
        var page = try await client.messages(chatID: chatID, before: before, limit: min(100, limit), topicID: topicID)
        while page.messages.count < limit, page.hasOlder, let oldest = page.oldestMessageID {
            let older = try await client.messages(chatID: chatID, before: oldest, limit: min(100, limit - page.messages.count), topicID: topicID)
            if older.messages.isEmpty { break }
            page = ConversationPage(chat: page.chat, messages: older.messages + page.messages, hasOlder: older.hasOlder, oldestMessageID: older.oldestMessageID)
        }
        return page
    }

    public func send(chatID: Int64, markdown: String, replyTo: Int64?, topicID: Int32?, silent: Bool) async throws -> ChatMessageItem {
        try await client.sendMessage(chatID: chatID, text: markdown, replyTo: replyTo, silent: silent, topicID: topicID)
    }

    public func edit(chatID: Int64, messageID: Int64, markdown: String) async throws -> ChatMessageItem {
        try await client.editMessage(chatID: chatID, messageID: messageID, text: markdown)
    }

    public func delete(chatID: Int64, messageIDs: [Int64], forEveryone: Bool) async throws {
        try await client.deleteMessages(chatID: chatID, messageIDs: messageIDs, forAll: forEveryone)
    }

    public func markRead(chatID: Int64, topicID: Int32?, messageIDs: [Int64]) async throws {
        // The API reads up to the newest message (of the topic, with one): what was just shown.
        try await client.markRead(chatID: chatID, topicID: topicID)
    }

    public func searchMessages(_ query: String, chatID: Int64?, limit: Int) async throws -> [ChatMessageItem] {
        try await client.searchMessages(query, chatID: chatID, limit: limit)
    }

    public func reactionChoices(chatID: Int64, messageID: Int64) async throws -> ReactionChoices {
        try await client.reactionChoices(chatID: chatID, messageID: messageID)
    }

    public func react(chatID: Int64, messageID: Int64, reaction: String, add: Bool) async throws -> [ReactionItem] {
        try await client.setReaction(chatID: chatID, messageID: messageID, reaction: reaction, chosen: add)
    }

    public func profile(chatID: Int64) async throws -> ChatProfile {
        try await client.profile(chatID: chatID)
    }

    public func members(chatID: Int64, offset: Int, limit: Int) async throws -> MemberPage {
        try await client.members(chatID: chatID, offset: offset, limit: limit)
    }

    public func setDraft(chatID: Int64, topicID: Int32?, text: String) async throws {
        try await client.setDraft(chatID: chatID, topicID: topicID, text: text)
    }

    public func pinned(chatID: Int64) async throws -> [ChatMessageItem] {
        try await client.pinnedMessages(chatID: chatID)
    }

    public func setPinned(chatID: Int64, messageID: Int64, pinned: Bool, forEveryone: Bool, silent: Bool) async throws {
        try await client.setPinned(chatID: chatID, messageID: messageID, pinned: pinned, forEveryone: forEveryone, silent: silent)
    }

    public func forward(fromChatID: Int64, messageIDs: [Int64], toChatID: Int64, topicID: Int32?, hideSender: Bool, silent: Bool) async throws -> [ChatMessageItem] {
        try await client.forward(fromChatID: fromChatID, messageIDs: messageIDs, toChatID: toChatID, topicID: topicID, hideSender: hideSender, silent: silent)
    }

    /// The dashboard's event stream (`GET /api/events`) says when the chat's messages changed;
    /// each time the newest page is read again through the API and compared with what was
    /// shown (`FollowWindow`), so the same changes come out as from a session of our own.
    public func follow(chatID: Int64, before: Int64?, limit: Int, topicID: Int32?, markRead: Bool) -> AsyncThrowingStream<ChatFollowEvent, any Error> {
        let access = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var window: FollowWindow?
                    for try await event in access.client.chatChanges() {
                        switch event {
                        case .upload:
                            continue
                        case .connected:
                            // Open before the first page is read: nothing that happens after it is missed.
                            let page = try await access.page(chatID: chatID, before: before, limit: limit, topicID: topicID)
                            if markRead { try await access.markRead(chatID: chatID, topicID: topicID, messageIDs: []) }
                            continuation.yield(.page(page))
                            // After an older page (before), what counts as new starts after the newest.
                            let newest = before == nil ? page : try await access.page(chatID: chatID, before: nil, limit: 50, topicID: topicID)
                            window = FollowWindow(newest.messages)
                        case .chat(let change):
                            guard change.chatID == chatID, change.messages, var current = window else { continue }
                            do {
                                let changes = current.apply(try await access.newest(chatID: chatID, topicID: topicID, window: current))
                                window = current
                                if markRead, changes.contains(where: { if case .new(let item) = $0 { !item.isOutgoing } else { false } }) {
                                    try await access.client.markRead(chatID: chatID, topicID: topicID)
                                }
                                for change in changes { continuation.yield(Self.event(change)) }
                            } catch let error as DashboardClientError where error.code == "unreachable" {
                                // It answered until now: a server stopping while a page is read again went away.
                                throw access.client.wentAway()
                            }
                        }
                    }
                    continuation.finish(throwing: Task.isCancelled ? nil : access.client.wentAway())
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The dashboard's event stream says which chat's messages changed; the chat's newest page
    /// is read then, and what is newer than the last message seen there is new. Where each chat
    /// stood comes from the chat list read when the stream connects.
    public func followAll(includeMuted: Bool, ready: @escaping @Sendable () -> Void = {}) -> AsyncThrowingStream<ChatFeedItem, any Error> {
        let access = self
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var seen: [Int64: Int64]?
                    for try await event in access.client.chatChanges() {
                        switch event {
                        case .upload:
                            continue
                        case .connected:
                            var last: [Int64: Int64] = [:]
                            for list in [ChatListKind.main, .archive] {
                                for chat in try await access.list(list, unreadOnly: false, search: nil) {
                                    last[chat.id] = chat.lastMessage?.messageID ?? 0
                                }
                            }
                            if seen == nil { ready() }
                            seen = last
                        case .chat(let change):
                            guard change.messages, var last = seen else { continue }
                            let page: ConversationPage
                            do {
                                page = try await access.client.messages(chatID: change.chatID, before: nil, limit: 20, topicID: nil)
                            } catch let error as DashboardClientError where error.code == "unreachable" {
                                throw access.client.wentAway()
                            }
                            let before = last[change.chatID] ?? 0
                            last[change.chatID] = max(before, page.messages.map(\.id).max() ?? 0)
                            seen = last
                            guard !page.chat.isMuted || includeMuted else { continue }
                            for message in page.messages where message.id > before && !message.isOutgoing && message.failureReason == nil {
                                continuation.yield(ChatFeedItem(chatID: page.chat.id, chatTitle: page.chat.title, isMuted: page.chat.isMuted, message: message))
                            }
                        }
                    }
                    continuation.finish(throwing: Task.isCancelled ? nil : access.client.wentAway())
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The newest messages (of the topic, with one), reading back page by page until they
    /// reach what was already shown (at most 1,000).
    private func newest(chatID: Int64, topicID: Int32?, window: FollowWindow) async throws -> FollowWindow.Page {
        var page = try await client.messages(chatID: chatID, before: nil, limit: 50, topicID: topicID)
        var messages = page.messages
        for _ in 0..<19 {
            guard page.hasOlder, let oldest = page.oldestMessageID, !window.reaches(messages) else { break }
            page = try await client.messages(chatID: chatID, before: oldest, limit: 100, topicID: topicID)
            messages = page.messages + messages
        }
        return FollowWindow.Page(messages: messages, hasOlder: page.hasOlder)
    }

    private static func event(_ change: FollowWindow.Change) -> ChatFollowEvent {
        switch change {
        case .new(let item): .new(item)
        case .edited(let item): .edited(id: item.id, text: item.text.isEmpty && item.media != nil ? nil : item.text)
        case .deleted(let ids): .deleted(ids)
        case .failed(let item): .failed(id: item.id, reason: item.failureReason ?? "refused")
        case .reactions(let item): .reactions(id: item.id, item.reactions)
        case .pinned(let item): .pinned(id: item.id, item.isPinned)
        }
    }
}
