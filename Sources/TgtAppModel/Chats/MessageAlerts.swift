import Foundation
import TgtApplication

/// A new message told outside its conversation (a notification banner on the iPhone).
public struct MessageAlert: Sendable, Equatable {
    public var chatID: Int64
    public var messageID: Int64
    /// The chat's title (a person's name, in a private chat).
    public var title: String
    /// "Alice: Leaving now", just "Leaving now" in a private chat or a channel; where
    /// Telegram's settings hide previews for the chat, "New message from Alice" (in a private
    /// chat "New message").
    public var body: AppText
    /// What the alert tells when it is not a message (`snippet-<row>`: a snippet left as typed); nil for a message.
    public var about: String? = nil

    /// One per message: a second alert of it replaces the first.
    public var id: String { about.map { "message-\($0)" } ?? "message-\(chatID)-\(messageID)" }
}

/// Where alerts and the app icon's badge go (the iPhone's notification center).
public protocol MessageAlerting: Sendable {
    func show(_ alert: MessageAlert) async
    /// The app icon's badge: the unread chats that are not muted (0 clears it).
    func setBadge(_ count: Int) async
    /// Takes back every alert shown (at logout: their previews are the account's).
    func clearAll() async
}

/// Tells about new messages while the app runs, as the dashboard does while it is open: one
/// alert per message from someone else, in a chat that is not muted (Telegram's own settings
/// per chat and per chat type) and not on the screen, its preview hidden where Telegram's
/// settings hide it (and always in a secret chat); a message already read (here, or on
/// another device) or older than `maxAge` (caught up after the app was away) is not told.
/// The icon's badge follows the unread chats.
@MainActor
public final class MessageAlerts {
    let host: LiveSession
    let alerting: (any MessageAlerting)?
    /// Open conversations per chat (a chat on the screen is not alerted).
    private var onScreen: [Int64: Int] = [:]
    private var follower: Task<Void, Never>?
    /// Messages already told (a message announced twice is told once), newest last.
    private var told: [Int64: Set<Int64>] = [:]
    private var badge: Int?
    /// Counts the starts and stops: work begun before the last stop is dropped.
    private var generation = 0
    /// How old a message may be to be told (seconds).
    static let maxAge: TimeInterval = 10 * 60

    init(host: LiveSession, alerting: (any MessageAlerting)?) {
        self.host = host
        self.alerting = alerting
    }

    /// Starts telling (logged in).
    func follow() {
        guard alerting != nil else { return }
        generation += 1
        follower?.cancel()
        let events = host.events(replayingCurrent: false)
        follower = Task { [weak self] in
            for await event in events {
                guard case .chat(let change) = event else { continue }
                if case .file = change { continue }
                guard let self else { return }
                if case .newMessage = change, let message = change.arrived { await self.consider(message) }
                self.recountSoon()
            }
        }
        recountSoon()
    }

    private var recounting: Task<Void, Never>?
    private var recountAgain = false

    /// Counts the unread chats again for the badge: one count at a time, and one more after
    /// it when changes came meanwhile (a login brings one per chat).
    private func recountSoon() {
        guard recounting == nil else {
            recountAgain = true
            return
        }
        let generation = generation
        recounting = Task { [weak self] in
            repeat {
                self?.recountAgain = false
                guard let self, let service = try? await self.host.chats() else { break }
                let unread = await service.unreadUnmutedCount()
                guard generation == self.generation else { return }
                await self.setBadge(unread)
            } while self?.recountAgain == true && !Task.isCancelled
            if let self, generation == self.generation { self.recounting = nil }
        }
    }

    /// Stops telling and clears the badge (logged out).
    func stop() async {
        generation += 1
        follower?.cancel()
        follower = nil
        recounting?.cancel()
        recounting = nil
        recountAgain = false
        told = [:]
        await alerting?.clearAll()
        await setBadge(0)
    }

    /// A conversation of `chatID` is on the screen, or no longer.
    func conversationOpened(_ chatID: Int64) { onScreen[chatID, default: 0] += 1 }
    func conversationClosed(_ chatID: Int64) {
        onScreen[chatID] = max(0, (onScreen[chatID] ?? 0) - 1)
        if onScreen[chatID] == 0 { onScreen[chatID] = nil }
    }

    /// Whether `chatID` is on the screen.
    public func isOnScreen(_ chatID: Int64) -> Bool { onScreen[chatID] != nil }

    /// The badge's changes, one after the other in the order they were decided (a count
    /// decided before a logout never lands after its 0).
    private var badgeChanges: Task<Void, Never>?

    /// Sets the icon's badge when it changed.
    func setBadge(_ count: Int) async {
        guard let alerting, count != badge else { return }
        badge = count
        let previous = badgeChanges
        let change = Task {
            await previous?.value
            await alerting.setBadge(count)
        }
        badgeChanges = change
        await change.value
    }

    private func consider(_ message: ArrivedMessage) async {
        let generation = generation
        guard let alerting, !message.isPending, !message.isOutgoing, !message.isScheduled, !isOnScreen(message.chatID),
              !(told[message.chatID]?.contains(message.id) ?? false),
              host.clock.now.timeIntervalSince(message.date) <= Self.maxAge,
              let service = try? await host.chats(), let chat = await service.summary(message.chatID), !chat.isMuted,
              await service.isUnread(message)
        else { return }
        let item = await message.item(from: service)
        // Stopped (logged out) or shown in its conversation meanwhile: not told.
        guard item.serviceLine == nil, generation == self.generation, !isOnScreen(message.chatID) else { return }
        told[message.chatID, default: []].insert(message.id)
        if told[message.chatID, default: []].count > 200 { told[message.chatID] = [message.id] }
        await alerting.show(MessageAlert(chatID: chat.id, messageID: message.id, title: chat.title, body: Self.body(item, in: chat)))
    }

    /// What the alert says: the preview (the sender first in a group), or only who wrote where
    /// previews are hidden.
    static func body(_ item: ChatMessageItem, in chat: ChatSummary) -> AppText {
        let named = !(chat.kind == .private || chat.kind == .secret || chat.kind == .channel)
        // A secret chat's words never leave it, as in Telegram's own apps.
        guard chat.showsPreview, chat.kind != .secret else { return named ? AppText("alerts.newMessageFrom", item.sender.name) : AppText("alerts.newMessage") }
        var text = item.text.isEmpty ? (item.media?.label ?? "") : item.text
        text = text.count > 180 ? String(text.prefix(179)) + "…" : text
        return .verbatim(named ? "\(item.sender.name): \(text)" : text)
    }
}
