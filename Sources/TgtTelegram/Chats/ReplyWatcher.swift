import Foundation
import Logging
import TgtStore
import TgtTDLib

/// Notices replies to messages templates sent and keeps them with their send, so Recent can
/// say "Mum replied: Drive safe ❤️": live from new messages, and after a start by looking back
/// through the chats templates posted to lately (replies that came while nothing ran).
public struct ReplyWatcher: Sendable {
    public let session: TelegramSession
    public let store: AppDatabase
    private let logger = Logger(label: "tgt.telegram.replies")

    public init(session: TelegramSession, store: AppDatabase) {
        self.session = session
        self.store = store
    }

    /// A scheduled message Telegram just posted (our own, outgoing, no longer scheduled) gets
    /// its id in the send log, so replies to a timer's message are matched too.
    public func adoptPosted(_ message: Message) {
        guard message.isOutgoing, !message.isScheduled, message.sendingState == nil, let text = message.text else { return }
        do {
            try store.adoptPostedMessage(chatID: message.chatID, textDigest: ScheduledPayload.digest(text),
                                         postedAt: Date(timeIntervalSince1970: TimeInterval(message.date)), messageID: message.id)
        } catch {
            logger.error("could not note a posted message", metadata: ["error": "\(error.message)"])
        }
    }

    /// Records `message` if it answers a message a template sent; returns whether it did.
    @discardableResult
    public func consider(_ message: Message) async -> Bool {
        guard !message.isOutgoing, !message.isScheduled, let replyTo = message.replyTo,
              replyTo.chatID == 0 || replyTo.chatID == message.chatID
        else { return false }
        let service = ChatService(session: session, clock: store.clock)
        let builder = await service.itemBuilder()
        do {
            let recorded = try store.recordReply(
                chatID: message.chatID, repliedMessageID: replyTo.messageID, messageID: message.id, senderName: builder.name(message.senderID),
                preview: builder.previewText(message), at: Date(timeIntervalSince1970: TimeInterval(message.date)))
            return recorded != nil
        } catch {
            logger.error("could not record a reply", metadata: ["error": "\(error.message)"])
            return false
        }
    }

    /// Looks back through each chat a template posted to since `date` (newest first, down to the
    /// oldest message sent there, at most `limit` messages a chat) and records the replies found.
    @discardableResult
    public func catchUp(since date: Date, limit: Int = 300) async -> Int {
        guard session.authorizationState == .ready, let chats = try? store.sentMessages(since: date) else { return 0 }
        let service = ChatService(session: session, clock: store.clock)
        var found = 0
        for (chatID, oldest) in chats {
            var from: Int64 = 0
            var seen = 0
            scan: while seen < limit {
                guard let (page, end) = try? await service.history(chatID: chatID, before: from, limit: 100), !page.isEmpty else { break }
                for message in page {
                    if message.id < oldest { break scan }
                    if await consider(message) { found += 1 }
                }
                seen += page.count
                guard !end, let last = page.map(\.id).min() else { break }
                from = last
            }
        }
        return found
    }
}
