import Foundation
import TgtDomain
import TgtTDLib
import TgtTelegram

/// The chats, for faces that read and answer them: from this process's own Telegram session
/// (`SessionChatAccess`) or through a running dashboard's API, the same items either way, so
/// `tgt chat …` does not know which it has.
public protocol ChatAccess: Sendable {
    /// The chats of a list (the main list, the archive or a folder) in Telegram's order.
    func list(_ list: ChatListKind, unreadOnly: Bool, search: String?) async throws -> [ChatSummary]
    /// The chat folders with their unread counts.
    func folders() async throws -> ChatFolderBar
    /// The contacts (with `search`, those matching it).
    func contacts(search: String?) async throws -> [ContactItem]
    /// The private chat with a person, made when there is none.
    func startChat(userID: Int64) async throws -> ChatSummary
    /// Adds the person of a private chat (or a user id) to the contacts under this name.
    func addContact(chatID: Int64, firstName: String, lastName: String, sharePhone: Bool) async throws -> ContactItem
    func resolve(_ query: String) async throws -> ChatSummary
    func page(chatID: Int64, before: Int64?, limit: Int, topicID: Int32?) async throws -> ConversationPage
    func send(chatID: Int64, markdown: String, replyTo: Int64?, topicID: Int32?, silent: Bool) async throws -> ChatMessageItem
    func edit(chatID: Int64, messageID: Int64, markdown: String) async throws -> ChatMessageItem
    func delete(chatID: Int64, messageIDs: [Int64], forEveryone: Bool) async throws
    /// Marks messages read (none: the newest); with `topicID`, only that forum topic's.
    func markRead(chatID: Int64, topicID: Int32?, messageIDs: [Int64]) async throws
    func searchMessages(_ query: String, chatID: Int64?, limit: Int) async throws -> [ChatMessageItem]
    /// The emoji the user may react with to a message, and its reactions now.
    func reactionChoices(chatID: Int64, messageID: Int64) async throws -> ReactionChoices
    /// Adds (`add`) or takes back one of the user's reactions (an emoji or a `ReactionItem.key`);
    /// the message's reactions after.
    func react(chatID: Int64, messageID: Int64, reaction: String, add: Bool) async throws -> [ReactionItem]
    /// A person's, group's or channel's profile (a person's user id works too).
    func profile(chatID: Int64) async throws -> ChatProfile
    /// One page of a group's members.
    func members(chatID: Int64, offset: Int, limit: Int) async throws -> MemberPage
    /// Saves the chat's cloud draft (empty text clears it).
    func setDraft(chatID: Int64, topicID: Int32?, text: String) async throws
    /// The chat's pinned messages, newest first.
    func pinned(chatID: Int64) async throws -> [ChatMessageItem]
    /// Pins (`pinned`) or unpins a message; `forEveryone: false` pins it for the user alone (private chats only).
    func setPinned(chatID: Int64, messageID: Int64, pinned: Bool, forEveryone: Bool, silent: Bool) async throws
    /// Forwards messages of `fromChatID` into `toChatID` (a forum topic with `topicID`), as copies with `hideSender`.
    func forward(fromChatID: Int64, messageIDs: [Int64], toChatID: Int64, topicID: Int32?, hideSender: Bool, silent: Bool) async throws -> [ChatMessageItem]
    /// Sends local files (one message, or an album of up to 10) with a caption in Markdown.
    /// `progress` hears how much of all the files has reached Telegram while they go up
    /// (`UploadTally`; through a dashboard, from its event stream).
    func sendFiles(chatID: Int64, paths: [String], caption: String, replyTo: Int64?, topicID: Int32?, silent: Bool, asFiles: Bool,
                   progress: @escaping @Sendable (UploadProgress) -> Void) async throws -> [ChatMessageItem]
    /// Downloads a message's file and saves it into `folder` (`MediaSaver`); the path it got.
    /// `progress` hears how much of it has come (bytes of its size) while it downloads.
    func download(chatID: Int64, messageID: Int64, into folder: URL, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> URL
    /// What downloaded media takes, after deleting all of it with `clear` (it downloads again
    /// when opened).
    func mediaCache(clear: Bool) async throws -> MediaCacheUsage
    /// The conversation's page (`before`, `limit`, `topicID` as for `page`), then its changes
    /// as they happen, until the consumer stops or the session goes away (an error). With
    /// `markRead`, the page and every arriving message are marked read as they are shown.
    func follow(chatID: Int64, before: Int64?, limit: Int, topicID: Int32?, markRead: Bool) -> AsyncThrowingStream<ChatFollowEvent, any Error>
    /// Messages from other people as they arrive in any chat, skipping muted chats unless
    /// `includeMuted`, until the consumer stops or the session goes away (an error). `ready`
    /// runs once nothing that arrives from then on can be missed.
    func followAll(includeMuted: Bool, ready: @escaping @Sendable () -> Void) -> AsyncThrowingStream<ChatFeedItem, any Error>
}

/// The chats on the session of this process.
public struct SessionChatAccess: ChatAccess {
    let service: ChatService
    /// Where files to send are staged (nil: TDLib is given the paths themselves).
    let staging: OutgoingStaging?
    /// The process's clock: "last seen" lines and the staging folder's sweep read it.
    public let clock: any AppClock

    init(service: ChatService, staging: OutgoingStaging? = nil, clock: any AppClock) {
        self.service = service
        self.staging = staging
        self.clock = clock
    }

    public func list(_ list: ChatListKind, unreadOnly: Bool, search: String?) async throws -> [ChatSummary] {
        var found: [ChatSummary]
        if case .folder(let id) = list {
            found = try await service.folderChats(id, unreadOnly: unreadOnly, search: search)
        } else {
            found = await service.summaries(list: list, unreadOnly: unreadOnly, search: search)
            if found.isEmpty, let search, !search.isEmpty, !unreadOnly { found = try await service.searchChats(search) }
        }
        return found
    }

    public func folders() async throws -> ChatFolderBar {
        await service.folderBar()  // it loads a folder made since the lists were loaded
    }

    public func contacts(search: String?) async throws -> [ContactItem] {
        try await service.contacts(search: search, now: clock.now)
    }

    public func startChat(userID: Int64) async throws -> ChatSummary {
        try await service.startChat(userID: userID)
    }

    public func addContact(chatID: Int64, firstName: String, lastName: String, sharePhone: Bool) async throws -> ContactItem {
        try await service.addContact(chatID: chatID, firstName: firstName, lastName: lastName, sharePhone: sharePhone, now: clock.now)
    }

    public func resolve(_ query: String) async throws -> ChatSummary {
        let chat = try await service.resolve(query)
        guard let summary = await service.summary(chat.id) else { throw ChatError.chatNotFound(query) }
        return summary
    }

    public func page(chatID: Int64, before: Int64?, limit: Int, topicID: Int32?) async throws -> ConversationPage {
        try await service.conversation(chatID: chatID, before: before ?? 0, limit: limit, topicID: topicID)
    }

    public func send(chatID: Int64, markdown: String, replyTo: Int64?, topicID: Int32?, silent: Bool) async throws -> ChatMessageItem {
        try await send(chatID: chatID, markdown: markdown, replyTo: replyTo, topicID: topicID, silent: silent, clearDraft: false)
    }

    public func edit(chatID: Int64, messageID: Int64, markdown: String) async throws -> ChatMessageItem {
        await service.item(try await service.edit(chatID: chatID, messageID: messageID, markdown: markdown))
    }

    public func delete(chatID: Int64, messageIDs: [Int64], forEveryone: Bool) async throws {
        try await service.delete(chatID: chatID, messageIDs: messageIDs, forEveryone: forEveryone)
    }

    public func markRead(chatID: Int64, topicID: Int32?, messageIDs: [Int64]) async throws {
        try await markRead(chatID: chatID, topicID: topicID, messageIDs: messageIDs, opening: true)
    }

    public func searchMessages(_ query: String, chatID: Int64?, limit: Int) async throws -> [ChatMessageItem] {
        try await service.searchMessages(query, chatID: chatID, limit: limit)
    }

    public func reactionChoices(chatID: Int64, messageID: Int64) async throws -> ReactionChoices {
        try await service.reactionChoices(chatID: chatID, messageID: messageID)
    }

    public func react(chatID: Int64, messageID: Int64, reaction: String, add: Bool) async throws -> [ReactionItem] {
        try await service.react(chatID: chatID, messageID: messageID, key: reaction, add: add)
    }

    public func pinned(chatID: Int64) async throws -> [ChatMessageItem] {
        try await service.pinnedMessages(chatID: chatID)
    }

    public func profile(chatID: Int64) async throws -> ChatProfile {
        try await service.profile(chatID: chatID, now: clock.now)
    }

    public func members(chatID: Int64, offset: Int, limit: Int) async throws -> MemberPage {
        try await service.members(chatID: chatID, offset: offset, limit: limit, now: clock.now)
    }

    public func setDraft(chatID: Int64, topicID: Int32?, text: String) async throws {
        try await service.setDraft(chatID: chatID, topicID: topicID, text: text)
    }

    public func setPinned(chatID: Int64, messageID: Int64, pinned: Bool, forEveryone: Bool, silent: Bool) async throws {
        if pinned {
            try await service.pin(chatID: chatID, messageID: messageID, forEveryone: forEveryone, silent: silent)
        } else {
            try await service.unpin(chatID: chatID, messageID: messageID)
        }
    }

    public func forward(fromChatID: Int64, messageIDs: [Int64], toChatID: Int64, topicID: Int32?, hideSender: Bool, silent: Bool) async throws -> [ChatMessageItem] {
        var items: [ChatMessageItem] = []
        for message in try await service.forward(fromChatID: fromChatID, messageIDs: messageIDs, toChatID: toChatID, topicID: topicID,
                                                 hideSender: hideSender, silent: silent) {
            items.append(await service.item(message))
        }
        return items
    }

    public func followAll(includeMuted: Bool, ready: @escaping @Sendable () -> Void = {}) -> AsyncThrowingStream<ChatFeedItem, any Error> {
        let service = service
        return AsyncThrowingStream { continuation in
            // Subscribed as the stream is made: nothing that arrives after this call is missed.
            let events = service.session.chatEvents.subscribe(replayingCurrent: false)
            ready()
            let task = Task {
                var shown = Set<Int64>()
                for await event in events {
                    // Only messages Telegram has (not our pending ones), from other people.
                    guard case .newMessage(let message) = event, message.sendingState == nil, !message.isOutgoing,
                          shown.insert(message.id).inserted, let chat = await service.summary(message.chatID)
                    else { continue }
                    if chat.isMuted && !includeMuted { continue }
                    continuation.yield(ChatFeedItem(chatID: chat.id, chatTitle: chat.title, isMuted: chat.isMuted, message: await service.item(message)))
                }
                continuation.finish(throwing: Task.isCancelled ? nil : TelegramError.unreachable("the Telegram session closed while following the chats"))
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func sendFiles(chatID: Int64, paths: [String], caption: String, replyTo: Int64?, topicID: Int32?, silent: Bool, asFiles: Bool,
                          progress: @escaping @Sendable (UploadProgress) -> Void = { _ in }) async throws -> [ChatMessageItem]
    {
        // Subscribed before sending: every part of this chat's uploads reported meanwhile counts,
        // against the size of all the files.
        let events = service.session.chatEvents.subscribe(replayingCurrent: false)
        let watcher = Task {
            var tally = UploadTally(paths: paths)
            for await event in events {
                guard case .upload(let chat, let message, let part) = event, chat == chatID else { continue }
                progress(tally.note(messageID: message, sentBytes: part.sentBytes))
            }
        }
        // TDLib is given staged copies (hard links where it can), not the user's own paths: they
        // go when the send settles, and the files are then TDLib's own.
        func stageAndSend() async throws(ChatError) -> [ChatMessageItem] {
            var staged: [OutgoingStaging.Staged] = []
            func removeStaged() { for one in staged { try? FileManager.default.removeItem(at: one.folder) } }
            if let staging {
                staging.sweep(now: clock.now)
                for path in paths {
                    switch staging.stage(URL(fileURLWithPath: path), asFiles: asFiles) {
                    case .success(let one): staged.append(one)
                    case .failure(let refusal):
                        removeStaged()
                        throw refusal
                    }
                }
            }
            do {
                return try await send(copies: staged.map(\.folder), paths: staging == nil ? paths : staged.map(\.file.path), chatID: chatID,
                                      caption: caption, replyTo: replyTo, topicID: topicID, silent: silent, asFiles: asFiles,
                                      confirmTimeout: 600)
            } catch {
                // Refused before TDLib took the files: the copies go. A request that went unanswered
                // may have been taken: its copies are left to the sweep (or the verdict, heard later).
                if case .request = error {} else { removeStaged() }
                throw error
            }
        }
        // Done before answering: no progress is told after the send is over.
        return try await watcher.stopped { () async throws(ChatError) in try await stageAndSend() }
    }

    public func download(chatID: Int64, messageID: Int64, into folder: URL,
                         progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }) async throws -> URL
    {
        let file = try await service.downloadMedia(chatID: chatID, messageID: messageID, priority: 16, progress: progress)
        return try await MediaSaver.save(copying: URL(fileURLWithPath: file.path), name: file.fileName, into: folder)
    }

    public func mediaCache(clear: Bool) async throws -> MediaCacheUsage {
        clear ? try await service.clearMediaCache() : try await service.mediaCacheUsage()
    }

    public func follow(chatID: Int64, before: Int64?, limit: Int, topicID: Int32?, markRead: Bool) -> AsyncThrowingStream<ChatFollowEvent, any Error> {
        let service = service
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    // Listening before the page is read: a message arriving meanwhile is in one or both.
                    let events = service.session.chatEvents.subscribe(replayingCurrent: false)
                    let page = try await service.conversation(chatID: chatID, before: before ?? 0, limit: limit, topicID: topicID)
                    if markRead {
                        try await service.open(chatID: chatID)
                        try await service.markRead(chatID: chatID, topicID: topicID, messageIDs: page.messages.filter { !$0.isOutgoing }.map(\.id))
                    }
                    continuation.yield(.page(page))
                    var shown = Set(page.messages.map(\.id))
                    for await event in events where event.chatID == chatID {
                        var arrived: Message?
                        switch event {
                        case .newMessage(let message) where message.sendingState == nil: arrived = message
                        case .messageSent(_, let message): arrived = message
                        case .messageFailed(let old, _, let error): continuation.yield(.failed(id: old, reason: error))
                        case .messageContent(_, let id, let content): continuation.yield(.edited(id: id, text: content.formattedText?.text))
                        case .messagesDeleted(_, let ids): continuation.yield(.deleted(ids))
                        case .reactions(_, let id, let reactions) where shown.contains(id): continuation.yield(.reactions(id: id, ReactionItem.list(reactions)))
                        case .pinned(_, let id, let isPinned): continuation.yield(.pinned(id: id, isPinned))
                        default: break
                        }
                        guard let message = arrived, topicID == nil || message.forumTopicID == topicID, shown.insert(message.id).inserted else { continue }
                        // Marked read before it is shown: whatever was seen is read, even after a stop.
                        if markRead, !message.isOutgoing { try await service.markRead(chatID: chatID, topicID: topicID, messageIDs: [message.id]) }
                        continuation.yield(.new(await service.item(message)))
                    }
                    continuation.finish(throwing: Task.isCancelled ? nil : TelegramError.unreachable("the Telegram session closed while following the chat"))
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
