import Foundation
import Logging
import TgtDomain
import TgtTDLib

/// How to start TDLib for one data folder.
public struct SessionConfiguration: Sendable {
    public var parameters: TDFunctions.SetTdlibParameters
    /// TDLib's own log file (nil: leave TDLib's logging as it is).
    public var logFile: URL?
    /// TDLib's log verbosity (1: errors only).
    public var logVerbosity: Int32

    public init(parameters: TDFunctions.SetTdlibParameters, logFile: URL?, logVerbosity: Int32 = 1) {
        self.parameters = parameters
        self.logFile = logFile
        self.logVerbosity = logVerbosity
    }
}

/// The outcome TDLib reports for one sent message.
public enum SendConfirmation: Sendable, Equatable {
    case sent(messageID: Int64)
    case failed(code: Int32, message: String)
    /// The message was deleted while still being sent (its send cancelled, from any face).
    case cancelled

    /// What a cancelled send's record says.
    public static let cancelledReason = "It was deleted before it went out."
}

/// One running TDLib client and what its updates say: authorization and connection state,
/// options, the account, the chats seen so far, and send confirmations.
///
/// Updates are applied strictly in order by one task. Requests go through `send`, which also
/// waits until the updates TDLib sent before the answer have been applied, so callers always
/// see state at least as new as the answer they got.
public actor TelegramSession {
    public nonisolated let client: TDClient
    public nonisolated let authorization = Broadcast<AuthorizationState>()
    public nonisolated let connection = Broadcast<ConnectionState>()
    /// Chats whose scheduled messages changed under us (`updateDeleteMessages`: Telegram posted
    /// one, or another app deleted or moved one), for `ScheduleKeeper` to look at again.
    public nonisolated let scheduleChanges = Broadcast<Int64>()
    /// Changes in chats and their messages, as they arrive (subscribe with
    /// `replayingCurrent: false`).
    public nonisolated let chatEvents = Broadcast<ChatEvent>()
    private let configuration: SessionConfiguration
    private let logger = Logger(label: "tgt.telegram.session")

    private(set) public var options: [String: OptionValue] = [:]
    /// The reactions last announced per message (to skip updates that change only view counts).
    private var seenReactions: [MessageKey: [MessageReaction]] = [:]
    /// The files of messages being sent, to word TDLib's `updateFile` as upload progress.
    private var uploads = PendingUploads()
    /// Messages announced as being sent and not yet sent, refused or deleted: deleting one
    /// cancels its send, which is its verdict (bounded).
    private var beingSent: Set<MessageKey> = []
    private(set) public var me: User?
    private(set) var chatList = ChatListState()
    private(set) var users: [Int64: User] = [:]
    private(set) var basicGroups: [Int64: BasicGroup] = [:]
    private(set) var supergroups: [Int64: Supergroup] = [:]
    private(set) var topicNames: [Int64: [Int32: String]] = [:]
    /// Who is typing (or recording, choosing a sticker …) where.
    private(set) var activity = ChatActivityState()
    /// The chat lists `loadChats` has loaded completely (TDLib answered 404).
    private(set) var loadedLists: Set<ChatListKind> = []

    private var processed: UInt64 = 0
    private var processedWaiters: [(UInt64, CheckedContinuation<Void, Never>)] = []
    /// Who waits for which message's verdict (TDLib's message ids are per chat; several may
    /// wait for one message, each under its own ticket).
    private var sendWaiters: [MessageKey: [UInt64: CheckedContinuation<SendConfirmation, Never>]] = [:]
    private var nextWaiterTicket: UInt64 = 0
    private var unclaimedConfirmations: [MessageKey: SendConfirmation] = [:]
    /// What each temporary id became once sent (bounded): TDLib still finds the sent message by
    /// it, so a request made with the old id acts on the sent message.
    private var sentAs: [MessageKey: Int64] = [:]
    /// Outgoing messages TDLib announced as still being sent (`updateNewMessage` with a
    /// pending state) while the recovery window is open (from start until the recovery of
    /// interrupted sends ends it), by temporary id. Their verdicts arrive as usual, through
    /// `confirmation(chatID:temporaryID:timeout:)`, even if they came first.
    private var announcedOutgoing: [MessageKey: Message] = [:]
    private var collectingAnnouncements = true
    private let announcements = Broadcast<Int>()
    private var updateTask: Task<Void, Never>?
    private var updatesFinished = false

    /// Creates a client on `runtime`; call `start()` next.
    public init(runtime: TDRuntime, configuration: SessionConfiguration) {
        client = TDClient(runtime: runtime)
        self.configuration = configuration
    }

    /// Starts TDLib, gives it its parameters, and returns the first real authorization state
    /// (WaitPhoneNumber, Ready, …). Fails with a clear error when TDLib refuses the parameters.
    @discardableResult
    public func start(timeout: Double = 30) async throws(TelegramError) -> AuthorizationState {
        let transport = client.runtime.transport
        if let logFile = configuration.logFile {
            _ = try? TDClient.execute(TDFunctions.SetLogStreamFile(path: logFile.path), on: transport)
        }
        _ = try? TDClient.execute(TDFunctions.SetLogVerbosityLevel(configuration.logVerbosity), on: transport)
        let updates = client.updates
        updateTask = Task { [weak self] in
            for await update in updates {
                guard let self else { return }
                await self.apply(update)
            }
            await self?.updatesEnded()
        }
        do {
            _ = try await send(TDFunctions.GetOption("version"), timeout: timeout)
            if authorization.current == .waitTdlibParameters {
                _ = try await send(configuration.parameters, timeout: timeout)
            }
        } catch {
            throw TelegramError.startFailed(error.message)
        }
        return authorization.current ?? .waitTdlibParameters
    }

    /// Sends a request and waits until the updates that preceded its answer are applied, an
    /// error answer's too (a `loadChats` 404 may follow the chats another loader brought in).
    public func send<F: TDFunction>(_ function: F, timeout: Double = TDClient.defaultTimeout) async throws(TDError) -> F.Result {
        let (result, before) = try await client.sendTracked(function, timeout: timeout)
        await waitUntilProcessed(before)
        return try result.get()
    }

    /// The current authorization state.
    public nonisolated var authorizationState: AuthorizationState? { authorization.current }

    /// TDLib's `message_text_length_max`, when known.
    public var messageTextLengthMax: Int? { options["message_text_length_max"]?.intValue.map(Int.init) }

    /// Waits until the authorization state is one `predicate` accepts, at most `timeout` seconds.
    public nonisolated func waitForAuthorization(timeout: Double, _ predicate: @escaping @Sendable (AuthorizationState) -> Bool) async -> AuthorizationState? {
        await authorization.first(timeout: timeout, where: predicate)
    }

    /// Waits (at most `timeout` s) for the connection to be ready; returns the last state seen.
    public nonisolated func waitForConnection(timeout: Double) async -> ConnectionState? {
        await connection.first(timeout: timeout) { $0 == .ready } ?? connection.current
    }

    /// Waits for TDLib's verdict on a message of `chatID` being sent (matched by its temporary
    /// id): nil when none came within `timeout` s. Everyone waiting for the message hears it;
    /// a verdict that came before anyone asked is kept for the first to ask.
    public func confirmation(chatID: Int64, temporaryID: Int64, timeout: Double) async -> SendConfirmation? {
        let key = MessageKey(chatID: chatID, messageID: temporaryID)
        if let done = unclaimedConfirmations.removeValue(forKey: key) { return done }
        if updatesFinished { return .failed(code: 500, message: "The Telegram client was closed before it confirmed this message.") }
        nextWaiterTicket += 1
        let ticket = nextWaiterTicket
        let timer = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
            guard !Task.isCancelled else { return }
            await self?.expireConfirmation(key, ticket: ticket)
        }
        let result = await withCheckedContinuation { (c: CheckedContinuation<SendConfirmation, Never>) in
            sendWaiters[key, default: [:]][ticket] = c
        }
        timer.cancel()
        if case .failed(-1, _) = result { return nil }
        return result
    }

    private func expireConfirmation(_ key: MessageKey, ticket: UInt64) {
        guard let waiter = sendWaiters[key]?.removeValue(forKey: ticket) else { return }
        if sendWaiters[key]?.isEmpty == true { sendWaiters.removeValue(forKey: key) }
        waiter.resume(returning: .failed(code: -1, message: "timeout"))
    }

    /// Closes TDLib cleanly (close, then authorizationStateClosed).
    @discardableResult
    public func close(timeout: Double = 15) async -> Bool {
        let closed = await client.close(timeout: timeout)
        await updateTask?.value
        return closed
    }

    // MARK: - Applying updates

    private func apply(_ update: TDUpdate) {
        // The chat lists see every update (they ignore the ones not about a chat's row).
        if let id = chatList.apply(update) { chatEvents.send(.chatChanged(id)) }
        switch update {
        case .authorizationState(let state):
            authorization.send(state)
        case .connectionState(let state):
            connection.send(state)
        case .option(let name, let value):
            options[name] = value
        case .user(let user):
            if let myID = options["my_id"]?.intValue, myID == user.id { me = user }
            users[user.id] = user
        case .chatReadOutbox(let chatID, let lastRead):
            chatEvents.send(.readOutbox(chatID: chatID, lastReadMessageID: lastRead))
        case .messageContent(let chatID, let messageID, let content):
            chatEvents.send(.messageContent(chatID: chatID, messageID: messageID, content: content))
        case .messageContentOpened(let chatID, let messageID):
            chatEvents.send(.contentOpened(chatID: chatID, messageID: messageID))
        case .messageEdited(let chatID, let messageID, let editDate):
            chatEvents.send(.messageEdited(chatID: chatID, messageID: messageID, editDate: editDate))
        case .messageReactions(let chatID, let messageID, let reactions):
            // The update also comes for every view or forward count change in a channel: only a
            // change of the reactions is an event (the last seen per message, bounded).
            let key = MessageKey(chatID: chatID, messageID: messageID)
            // (Not seen before: announced once, as it may be the last reaction taken away.)
            guard seenReactions[key] != reactions else { break }
            if seenReactions.count >= 4096 { seenReactions.removeAll(keepingCapacity: true) }
            seenReactions[key] = reactions
            chatEvents.send(.reactions(chatID: chatID, messageID: messageID, reactions: reactions))
        case .messagePinned(let chatID, let messageID, let isPinned):
            chatEvents.send(.pinned(chatID: chatID, messageID: messageID, isPinned: isPinned))
        case .file(let file):
            for upload in uploads.events(for: file) { chatEvents.send(upload) }
            chatEvents.send(.file(file))
        case .chatFolders, .unreadChatCount:
            // A list's unread count is the folder bar's number and the badges' (TDLib may send
            // it after the chat's own update).
            chatEvents.send(.folders)
        case .chatAction(let action):
            if activity.apply(action) { chatEvents.send(.activity(chatID: action.chatID)) }
        case .userStatus(let userID, let status):
            users[userID]?.lastSeen = status
            if case .online(let until) = status { users[userID]?.onlineUntil = until } else { users[userID]?.onlineUntil = nil }
            if userID == me?.id { me = users[userID] }
            // A person's private chat has the person's id; their status is its header's.
            if chatList.chats[userID] != nil { chatEvents.send(.activity(chatID: userID)) }
        case .basicGroup(let group):
            basicGroups[group.id] = group
        case .supergroup(let group):
            supergroups[group.id] = group
        case .forumTopicInfo(let info):
            topicNames[info.chatID, default: [:]][info.forumTopicID] = info.name
        case .forumTopic(let chatID, _, _):
            // A topic was read: its unread count (in the chat's topic list) changed.
            chatEvents.send(.chatChanged(chatID))
        case .newMessage(let message):
            if !message.isScheduled {
                uploads.note(message)
                if message.isOutgoing, message.sendingState == .pending, beingSent.count < 10_000 {
                    beingSent.insert(MessageKey(chatID: message.chatID, messageID: message.id))
                }
                chatEvents.send(.newMessage(message))
            }
            // Scheduled messages are settled against Telegram's schedule (ScheduleKeeper), not here.
            if collectingAnnouncements, message.isOutgoing, !message.isScheduled, message.sendingState == .pending, announcedOutgoing.count < 10_000 {
                announcedOutgoing[MessageKey(chatID: message.chatID, messageID: message.id)] = message
                announcements.send(announcedOutgoing.count)
            }
        case .messageSendSucceeded(let message, let oldID):
            uploads.forget(chatID: message.chatID, messageID: oldID)
            beingSent.remove(MessageKey(chatID: message.chatID, messageID: oldID))
            if sentAs.count >= 10_000 { sentAs.removeAll() }
            sentAs[MessageKey(chatID: message.chatID, messageID: oldID)] = message.id
            settle(MessageKey(chatID: message.chatID, messageID: oldID), .sent(messageID: message.id))
            chatEvents.send(.messageSent(oldMessageID: oldID, message: message))
        case .messageSendFailed(let message, let oldID, let error):
            uploads.forget(chatID: message.chatID, messageID: oldID)
            beingSent.remove(MessageKey(chatID: message.chatID, messageID: oldID))
            settle(MessageKey(chatID: message.chatID, messageID: oldID), .failed(code: error.code, message: error.message))
            chatEvents.send(.messageFailed(oldMessageID: oldID, message: message, error: Sender.describe(code: error.code, message: error.message)))
        case .deleteMessages(let chatID, let ids, _, let fromCache):
            for id in ids {
                uploads.forget(chatID: chatID, messageID: id)
                let key = MessageKey(chatID: chatID, messageID: id)
                if beingSent.remove(key) != nil, !fromCache { settle(key, .cancelled) }
            }
            if !fromCache {
                scheduleChanges.send(chatID)
                chatEvents.send(.messagesDeleted(chatID: chatID, messageIDs: ids))
            }
        case .newChat, .chatTitle, .chatPosition, .chatLastMessage, .chatDraft, .chatReadInbox, .chatUnreadMentionCount,
             .chatMuteFor, .scopeMuteFor, .chatPhoto, .chatCanSendBasicMessages, .chatMarkedAsUnread:
            break  // the chat lists' alone, applied above
        case .other, .undecodable:
            break
        }
        processed += 1
        if !processedWaiters.isEmpty {
            let ready = processedWaiters.filter { $0.0 <= processed }
            processedWaiters.removeAll { $0.0 <= processed }
            for (_, waiter) in ready { waiter.resume() }
        }
    }

    private func settle(_ key: MessageKey, _ outcome: SendConfirmation) {
        if let waiters = sendWaiters.removeValue(forKey: key) {
            for waiter in waiters.values { waiter.resume(returning: outcome) }
        } else {
            if unclaimedConfirmations.count > 10_000 { unclaimedConfirmations.removeAll() }
            unclaimedConfirmations[key] = outcome
        }
    }

    /// The id a message sent under `temporaryID` has now, when this session saw it go out.
    public func sentMessageID(chatID: Int64, temporaryID: Int64) -> Int64? {
        sentAs[MessageKey(chatID: chatID, messageID: temporaryID)]
    }

    /// The client has closed: no verdict, update or answer comes any more.
    public var isClosed: Bool { updatesFinished }

    private func updatesEnded() {
        updatesFinished = true
        processed = .max
        for (_, waiter) in processedWaiters { waiter.resume() }
        processedWaiters.removeAll()
        for waiter in sendWaiters.values.flatMap(\.values) { waiter.resume(returning: .failed(code: 500, message: "The Telegram client was closed.")) }
        sendWaiters.removeAll()
        authorization.finish()
        connection.finish()
        scheduleChanges.finish()
        chatEvents.finish()
    }

    private func waitUntilProcessed(_ count: UInt64) async {
        guard processed < count else { return }
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            processedWaiters.append((count, c))
        }
    }

    /// The logged-in account (asks TDLib once, then follows updates).
    public func account() async throws(TDError) -> User {
        if let me { return me }
        let user = try await send(TDFunctions.GetMe())
        me = user
        return user
    }

    /// Outgoing messages TDLib announced as still being sent since this client started,
    /// oldest first: after a restart, the ones an earlier process handed to it.
    public var announcedOutgoingMessages: [Message] { announcedOutgoing.values.sorted { ($0.id, $0.chatID) < ($1.id, $1.chatID) } }

    /// Waits until at least `count` such messages were announced, at most `timeout` s.
    public func waitForAnnouncedOutgoing(count: Int, timeout: Double) async {
        if announcedOutgoing.count >= count { return }
        _ = await announcements.first(timeout: timeout) { $0 >= count }
    }

    /// Ends the recovery window: later announcements (this process's own sends) are not kept.
    public func endRecoveryWindow() {
        collectingAnnouncements = false
        announcedOutgoing.removeAll()
    }

    // MARK: - Read access for services

    func snapshot() -> ChatSnapshot {
        ChatSnapshot(chats: chatList.chats, basicGroups: basicGroups, supergroups: supergroups, users: users, meID: me?.id)
    }

    /// The chat lists as the updates so far describe them.
    public var chatListState: ChatListState { chatList }

    /// A chat seen in the updates so far.
    public func chat(_ id: Int64) -> Chat? { chatList.chats[id] }

    /// A user seen in the updates so far.
    public func user(_ id: Int64) -> User? { users[id] }

    /// Every user seen in the updates so far.
    public var userCache: [Int64: User] { users }

    /// Remembers a user fetched with `getUser`.
    public func remember(_ user: User) { users[user.id] = user }

    /// A basic group or supergroup seen in the updates so far.
    public func basicGroup(_ id: Int64) -> BasicGroup? { basicGroups[id] }
    public func supergroup(_ id: Int64) -> Supergroup? { supergroups[id] }

    /// Who is doing what in chats right now.
    public var chatActivity: ChatActivityState { activity }

    /// Whether `list` was loaded to its end.
    public func isLoaded(_ list: ChatListKind) -> Bool { loadedLists.contains(list) }

    /// Notes that `loadChats` reached the end of `list`.
    public func markLoaded(_ list: ChatListKind) { loadedLists.insert(list) }

    /// A forum topic's name, when its info was seen.
    public func topicName(chatID: Int64, topicID: Int32) -> String? { topicNames[chatID]?[topicID] }
}

/// A message of a chat, as a dictionary key.
struct MessageKey: Hashable {
    var chatID: Int64
    var messageID: Int64
}
