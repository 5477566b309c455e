import Foundation
import Logging
import TgtDomain
import TgtStore
import TgtTDLib
import TgtTelegram

/// What happens in chats, for the webhooks that follow them: someone else's message arrived
/// (`message.received`), the other side read the person's messages (`chat.read`). Nothing is
/// stored for a chat no webhook follows; for one that does, one delivery per webhook, queued
/// in the store like every other event (the dispatcher takes it from there).
struct WebhookChatEvents: Sendable {
    let store: AppDatabase
    private let logger = Logger(label: "tgt.webhooks")

    init(store: AppDatabase) {
        self.store = store
    }

    /// Queues the deliveries `event` makes for `hooks` (its followers); `key` names it for
    /// dedupe, `body` makes the JSON by event id and whether text goes along.
    func record(_ event: WebhookEvent, to hooks: [WebhookRecord], key: String, body: (String, Bool) -> Data) {
        guard !hooks.isEmpty else { return }
        do {
            try store.enqueueWebhookDeliveries(webhookDeliveries(event, key: key, to: hooks, body: body), consuming: [], at: store.clock.now)
        } catch {
            logger.error("could not queue a chat event for webhooks", metadata: ["error": "\(error)"])
        }
    }

    /// A message that arrived: only others' (never the person's own, sent here or elsewhere),
    /// never a scheduled one.
    func received(_ message: Message, to hooks: [WebhookRecord], chatTitle title: String?, senderName: String?) {
        guard !message.isOutgoing, !message.isScheduled else { return }
        let now = store.clock.now
        var user: Int64?
        var chat: Int64?
        switch message.senderID {
        case .user(let id): user = id
        case .chat(let id): chat = id
        case nil: break
        }
        record(.messageReceived, to: hooks, key: "message:\(message.chatID):\(message.id)") { id, withText in
            WebhookPayload(id: id, type: WebhookEvent.messageReceived.rawValue, createdAt: now, data: WebhookMessageData(
                chatID: message.chatID, chatTitle: title, messageID: message.id, senderUserID: user, senderChatID: chat,
                senderName: senderName, text: withText ? message.text : nil, at: Date(timeIntervalSince1970: TimeInterval(message.date)))).encoded()
        }
    }

    /// The other side read up to `lastRead` in `chatID`.
    func read(chatID: Int64, lastRead: Int64, to hooks: [WebhookRecord], chatTitle title: String?) {
        let now = store.clock.now
        record(.chatRead, to: hooks, key: "read:\(chatID):\(lastRead)") { id, _ in
            WebhookPayload(id: id, type: WebhookEvent.chatRead.rawValue, createdAt: now,
                           data: WebhookReadData(chatID: chatID, chatTitle: title, lastReadMessageID: lastRead, at: now)).encoded()
        }
    }

    /// The webhooks that follow `event` in `chatID`, read once per event (nothing else is
    /// looked up for a chat nobody follows).
    func followers(of event: WebhookEvent, inChat chatID: Int64) -> [WebhookRecord] {
        ((try? store.webhooks()) ?? []).filter { $0.endpoint.wants(event, inChat: chatID) }
    }
}

extension LiveSession {
    /// Chat events for webhooks while this session runs, until the task is cancelled: each
    /// message that arrives and each read of the person's messages, in order, to
    /// `WebhookChatEvents` (only the chats a webhook follows make deliveries).
    public func watchForWebhookChatEvents() async {
        let chatEvents = WebhookChatEvents(store: workspace.store)
        let host = host
        /// The chat's title as this session's TDLib knows it.
        func title(_ chatID: Int64) async -> String? { await host.session?.chat(chatID)?.title }
        /// Who sent `message`, as Telegram names them.
        func sender(_ message: Message) async -> String? {
            switch message.senderID {
            case .user(let id): await host.session?.user(id)?.displayName
            case .chat(let id): await title(id)
            case nil: nil
            }
        }
        for await event in host.events.subscribe(replayingCurrent: false) {
            switch event {
            case .chat(.newMessage(let message)):
                let hooks = chatEvents.followers(of: .messageReceived, inChat: message.chatID)
                if !hooks.isEmpty { chatEvents.received(message, to: hooks, chatTitle: await title(message.chatID), senderName: await sender(message)) }
            case .chat(.readOutbox(let chatID, let lastRead)):
                let hooks = chatEvents.followers(of: .chatRead, inChat: chatID)
                if !hooks.isEmpty { chatEvents.read(chatID: chatID, lastRead: lastRead, to: hooks, chatTitle: await title(chatID)) }
            default: continue
            }
        }
    }
}
