import Foundation
import Observation
import TgtApplication

/// One open conversation (a whole chat, or one topic of a forum): a window of messages (oldest
/// first) paged back on scroll and kept bounded, live updates from the session (new, edited,
/// deleted, sent, read), read marking while open, and the jump-to-latest state.
@Observable @MainActor
public final class ConversationModel {
    /// One bubble, with what the layout needs around it.
    public struct Row: Sendable, Equatable, Identifiable {
        public var id: Int64
        public var item: ChatMessageItem
        /// The day separator above this bubble ("Today", "Yesterday", "Monday 16 November").
        public var dayHeader: AppText?
        /// Same sender as the bubble above within 5 minutes: no name, tight spacing.
        public var continuesGroup: Bool
        public var time: String
        /// ✓, ✓✓, 🕓 (sending) or ⚠︎ (failed), for our own messages.
        public var status: String?
    }

    public let chatID: Int64
    /// The forum topic shown (nil: the whole chat).
    public let topicID: Int32?
    public private(set) var title = ""
    /// Under the title: who is typing (in this topic, for a topic), else a person's status
    /// ("online", "last seen recently"), or the forum's name for a topic.
    public private(set) var subtitle: String?
    /// Why the account may not write here ("You cannot write here: …"); nil when it may.
    public private(set) var cannotWrite: AppText?
    public internal(set) var messages: [ChatMessageItem] = []
    public internal(set) var hasOlder = false
    /// The window does not reach the newest message (after paging far back, or opened at a
    /// pinned message): newer pages load as it scrolls down, and "jump to latest" reloads it.
    public internal(set) var isDetachedFromLatest = false
    /// Messages that arrived below the window (shown on the jump-to-latest button).
    public internal(set) var unreadBelow = 0
    public internal(set) var isLoading = false
    public internal(set) var loadError: AppText?
    /// Whether the window's last change came from paging (older, newer, or the page around a
    /// message) rather than a message arriving: the shell follows the newest only for arrivals.
    public internal(set) var lastChangeWasPaging = false
    /// Why the last action on a bubble (a reaction, a pin) did not go through; nil after one that did.
    public internal(set) var actionError: AppText?
    /// The chat's pinned messages, newest first (the bar at the top shows `pinnedShown`).
    public internal(set) var pinned: [ChatMessageItem] = []
    /// Which pinned message the bar shows (a tap jumps there and moves on to the next older).
    public internal(set) var pinnedIndex = 0
    /// The file the viewer or player shows (`openMedia`); nil when none is open.
    public internal(set) var openedMedia: OpenedMedia?
    /// The message whose file is downloading to be opened (its bubble shows progress).
    public internal(set) var openingMediaID: Int64?
    /// Choosing several messages to forward or delete together (`ConversationModel+Selection`).
    public internal(set) var isSelecting = false
    /// The chosen messages' ids, in the order they were ticked.
    public internal(set) var selection: [Int64] = []
    /// At most this many messages are kept; paging back beyond drops the newest.
    public let windowLimit: Int
    public let pageSize: Int

    @ObservationIgnored let host: LiveSession
    @ObservationIgnored private var follower: Task<Void, Never>?
    @ObservationIgnored private var lastReadOutbox: Int64 = 0

    /// The topic's name, once read (the title of a topic's conversation).
    @ObservationIgnored private var topicTitle: String?
    /// Counts the window's replacements (the newest page, the page around a message): a page
    /// asked for before one is dropped when it comes.
    @ObservationIgnored var windowGeneration = 0
    /// Bubble pictures fetched so far, by message (`bubblePicture(for:)`); nil: none to draw.
    @ObservationIgnored var bubblePictures: [Int64: URL?] = [:]

    /// Told while the conversation is on the screen (no alerts for its messages then).
    @ObservationIgnored let alerts: MessageAlerts?
    @ObservationIgnored private var isOnScreen = false

    /// The voice note playing in its bubble.
    public let voice: VoiceNotePlayer

    /// `audio` plays voice notes in their bubbles (nil: they open in the viewer).
    public init(host: LiveSession, chatID: Int64, topicID: Int32? = nil, pageSize: Int = 50, windowLimit: Int = 300, alerts: MessageAlerts? = nil,
                audio: (any AudioPlaying)? = nil)
    {
        self.host = host
        let playback = VoicePlayback(folder: host.directory.playbackFolder)
        voice = VoiceNotePlayer(audio: audio) { playback.discard($0) }
        self.alerts = alerts
        self.chatID = chatID
        self.topicID = topicID
        self.pageSize = pageSize
        self.windowLimit = max(pageSize * 2, windowLimit)
    }

    /// Opens the chat: the newest page, `openChat`, incoming messages marked read, then live.
    public func open() async {
        if !isOnScreen {
            isOnScreen = true
            alerts?.conversationOpened(chatID)
        }
        // Subscribed before the first page loads: a message arriving meanwhile is in the page,
        // in the stream, or both (inserting skips what is already there), never in neither.
        let events = host.events(replayingCurrent: false)
        await loadLatest()
        guard loadError == nil, let service = try? await host.chats() else { return }
        try? await service.open(chatID: chatID)
        await markRead()
        await loadPinned()
        follow(events)
    }

    /// Leaves the chat (TDLib stops treating it as on screen).
    public func close() async {
        if isOnScreen {
            isOnScreen = false
            alerts?.conversationClosed(chatID)
        }
        // A file still opening is dropped when it comes (with a voice note's copy).
        openingMediaID = nil
        closeMedia()
        voice.stop()
        follower?.cancel()
        follower = nil
        if let service = try? await host.chats() { await service.close(chatID: chatID) }
    }

    /// Reloads the newest page (also "jump to latest").
    public func loadLatest() async {
        windowGeneration += 1
        let generation = windowGeneration
        isLoading = true
        defer { isLoading = false }
        do {
            let service = try await host.chats()
            let page = try await service.conversation(chatID: chatID, limit: pageSize, topicID: topicID)
            if let topicID, topicTitle == nil { topicTitle = try await service.topic(chatID: chatID, topicID: topicID).title }
            guard generation == windowGeneration else { return }
            lastChangeWasPaging = false
            apply(page.chat)
            messages = page.messages
            hasOlder = page.hasOlder
            isDetachedFromLatest = false
            unreadBelow = 0
            loadError = nil
            keepShownSelection()
        } catch {
            loadError = .failure(error)
        }
    }

    /// Prepends the page before the oldest message; beyond the window the newest are dropped.
    public func loadOlder() async {
        guard hasOlder, !isLoading, let oldest = messages.first?.id else { return }
        let generation = windowGeneration
        isLoading = true
        defer { isLoading = false }
        do {
            let service = try await host.chats()
            let page = try await service.conversation(chatID: chatID, before: oldest, limit: pageSize, topicID: topicID)
            guard generation == windowGeneration, messages.first?.id == oldest else { return }
            lastChangeWasPaging = true
            let known = Set(messages.map(\.id))
            messages = page.messages.filter { !known.contains($0.id) } + messages
            hasOlder = page.hasOlder
            if messages.count > windowLimit {
                messages.removeLast(messages.count - windowLimit)
                isDetachedFromLatest = true
                keepShownSelection()
            }
            loadError = nil
        } catch {
            loadError = .failure(error)
        }
    }

    /// Puts `item` in the window in id order (pending ones stay last); false when it is there.
    @discardableResult
    func place(_ item: ChatMessageItem) -> Bool {
        guard !messages.contains(where: { $0.id == item.id }) else { return false }
        let index = messages.firstIndex { $0.id > item.id && $0.sendingState == nil } ?? messages.endIndex
        messages.insert(item, at: index)
        return true
    }

    /// Marks the incoming messages in the window read.
    public func markRead() async {
        let ids = messages.filter { !$0.isOutgoing }.map(\.id)
        guard !ids.isEmpty, let service = try? await host.chats() else { return }
        try? await service.markRead(chatID: chatID, topicID: nil, messageIDs: ids, opening: false)
    }

    /// Shows a message's reactions as they are now (an answer, or a live change).
    func setReactions(of id: Int64, to reactions: [ReactionItem]) {
        if let index = messages.firstIndex(where: { $0.id == id }) { messages[index].reactions = reactions }
    }

    private func apply(_ chat: ChatSummary) {
        title = topicTitle ?? chat.title
        subtitle = chat.typing ?? (topicID == nil ? chat.status : chat.title)
        cannotWrite = chat.cannotWrite.map { AppText("conversation.cannotWrite", sentence: .postRefusal($0)) }
        lastReadOutbox = chat.lastReadOutboxMessageID
    }

    private func follow(_ events: AsyncStream<SessionEvent>) {
        follower?.cancel()
        let chatID = chatID
        follower = Task { [weak self] in
            for await event in events {
                guard case .chat(let change) = event, change.chatID == chatID else { continue }
                guard let self else { return }
                await self.apply(change)
            }
        }
    }

    /// Applies one live change.
    public func apply(_ change: ChatEvent) async {
        guard change.chatID == chatID else { return }
        switch change {
        case .newMessage:
            guard let message = change.arrived else { return }
            await insert(message)
        case .messageSent(let oldID, _):
            // The sent one takes the pending one's place in one step: no moment without either.
            guard let message = change.arrived else { return }
            await insert(message, replacing: oldID)
        case .messageFailed(let oldID, _, _):
            guard let message = change.arrived, let service = try? await host.chats() else { return }
            let item = await message.item(from: service)
            if let index = messages.firstIndex(where: { $0.id == oldID }) { messages[index] = item }
        case .messageContent(_, let id, _), .messageEdited(_, let id, _), .contentOpened(_, let id):
            guard messages.contains(where: { $0.id == id }), let service = try? await host.chats(),
                  let item = try? await service.message(chatID: chatID, messageID: id)
            else { return }
            // Looked up after the answer: the list may have changed while TDLib answered.
            if let index = messages.firstIndex(where: { $0.id == id }) { messages[index] = item }
        case .reactions(_, let id, let reactions):
            setReactions(of: id, to: ReactionItem.list(reactions))
        case .pinned(_, let id, let isPinned):
            if let index = messages.firstIndex(where: { $0.id == id }) { messages[index].isPinned = isPinned }
            await loadPinned()
        case .messagesDeleted(_, let ids):
            let gone = Set(ids)
            messages.removeAll { gone.contains($0.id) }
            // A message deleted meanwhile (here or elsewhere) is no longer chosen.
            keepShownSelection()
        case .readOutbox(_, let lastRead):
            lastReadOutbox = max(lastReadOutbox, lastRead)
            for index in messages.indices where messages[index].isOutgoing && messages[index].sendingState == nil {
                messages[index].isRead = messages[index].id <= lastReadOutbox
            }
        case .chatChanged, .activity:
            if let summary = await (try? host.chats())?.summary(chatID, topicID: topicID) { apply(summary) }
        case .upload(_, let id, let progress):
            if let index = messages.firstIndex(where: { $0.id == id }), messages[index].sendingState == "pending" {
                messages[index].upload = progress
            }
        case .file, .folders:
            break
        }
    }

    private func insert(_ message: ArrivedMessage, replacing oldID: Int64? = nil) async {
        // A topic shows its own messages only.
        if let topicID, message.topicID != topicID {
            if let oldID { messages.removeAll { $0.id == oldID } }
            return
        }
        guard !messages.contains(where: { $0.id == message.id }) else {
            if let oldID { messages.removeAll { $0.id == oldID } }
            return
        }
        if isDetachedFromLatest {
            if let oldID { messages.removeAll { $0.id == oldID } }
            // Our own message, just sent from here: back to the latest, where it shows.
            if message.isOutgoing, message.isPending, oldID == nil {
                await loadLatest()
                return
            }
            if !message.isOutgoing { unreadBelow += 1 }
            return
        }
        guard let service = try? await host.chats() else {
            if let oldID { messages.removeAll { $0.id == oldID } }
            return
        }
        var item = await message.item(from: service)
        if item.isOutgoing, item.sendingState == nil { item.isRead = item.id <= lastReadOutbox }
        if let oldID { messages.removeAll { $0.id == oldID } }
        guard place(item) else { return }
        lastChangeWasPaging = false
        if messages.count > windowLimit {
            messages.removeFirst(messages.count - windowLimit)
            hasOlder = true
            keepShownSelection()
        }
        if !message.isOutgoing { try? await service.markRead(chatID: chatID, topicID: nil, messageIDs: [message.id], opening: false) }
    }

    /// The bubbles with day headers and grouping, now on the session's clock.
    public func rows() -> [Row] { rows(now: host.clock.now) }

    /// The bubbles with day headers and grouping.
    public func rows(now: Date, calendar: Calendar = .current) -> [Row] {
        var rows: [Row] = []
        var previous: ChatMessageItem?
        for item in messages {
            let newDay = previous.map { !calendar.isDate($0.date, inSameDayAs: item.date) } ?? true
            let continues = !newDay && previous.map {
                $0.sender.id == item.sender.id && $0.serviceLine == nil && item.serviceLine == nil && item.date.timeIntervalSince($0.date) < 300
            } ?? false
            var status: String?
            if item.isOutgoing {
                status = switch item.sendingState {
                case "pending": "🕓"
                case "failed": "⚠︎"
                default: item.isRead ? "✓✓" : "✓"
                }
            }
            rows.append(Row(id: item.id, item: item, dayHeader: newDay ? Self.day(item.date, now: now, calendar: calendar) : nil,
                            continuesGroup: continues, time: ChatClock.messageTime(item.date, calendar: calendar), status: status))
            previous = item
        }
        return rows
    }

    static func day(_ date: Date, now: Date, calendar: Calendar) -> AppText {
        if calendar.isDate(date, inSameDayAs: now) { return AppText("conversation.today") }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(date, inSameDayAs: yesterday) {
            return AppText("conversation.yesterday")
        }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = calendar.isDate(date, equalTo: now, toGranularity: .year) ? "EEEE d MMMM" : "d MMMM yyyy"
        return .verbatim(formatter.string(from: date))
    }
}
