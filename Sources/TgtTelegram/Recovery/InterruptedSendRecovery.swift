import Foundation
import Logging
import TgtDomain
import TgtStore
import TgtTDLib

/// Settles the send log rows that a process which stopped (`kill -9`, a crash, a closed
/// laptop) left `queued` or `sending`, when the next process takes the Telegram session.
///
/// TDLib keeps every message it accepted in its database and sends it again after a restart,
/// announcing it with `updateNewMessage` under a new temporary id; its fate then arrives as
/// `updateMessageSendSucceeded` / `Failed`. So: a row that never reached TDLib (`queued`) was
/// not sent; a row that did (`sending`) is matched to an announced message by chat, topic and
/// the fingerprint of its text, and takes that message's verdict; whatever has no verdict
/// within the bound is marked "may have been delivered, check the chat". Nothing is ever
/// marked sent without Telegram's confirmation, and nothing is sent again by us.
public struct InterruptedSendRecovery: Sendable {
    public let session: TelegramSession
    public let store: AppDatabase
    /// How long to wait for TDLib to announce the messages it is still sending.
    public var announceWait: Double
    /// How long to wait for Telegram's verdicts on the announced ones.
    public var confirmationWait: Double
    private let logger = Logger(label: "tgt.telegram.recovery")

    public init(session: TelegramSession, store: AppDatabase, announceWait: Double = 3, confirmationWait: Double = 10) {
        self.session = session
        self.store = store
        self.announceWait = announceWait
        self.confirmationWait = confirmationWait
    }

    /// What the recovery did.
    public struct Outcome: Sendable, Equatable {
        /// Rows Telegram confirmed (now `sent`).
        public var sent = 0
        /// Rows Telegram refused (now `failed` with its reason).
        public var failed = 0
        /// Rows that never reached TDLib (`failed`, not sent).
        public var notSent = 0
        /// Rows without a verdict in time (`failed`, may have been delivered).
        public var uncertain = 0
        /// Messages TDLib is still sending, with their rows: a long-lived owner can keep
        /// listening (`followLateVerdicts`) and upgrade those rows when the verdict comes.
        public var stillPending: [LateSend] = []

        public var total: Int { sent + failed + notSent + uncertain }
        public init() {}
    }

    /// A row whose message TDLib still holds under `temporaryID` in `chatID`.
    public struct LateSend: Sendable, Equatable {
        public var rowID: Int64
        public var chatID: Int64
        public var temporaryID: Int64
    }

    /// Settles every row left unfinished before `cutoff`, waiting at most `announceWait` +
    /// `confirmationWait` seconds. Ends the session's recovery window either way. `starting`
    /// hears how many rows there are before any waiting (never when there are none).
    public func run(before cutoff: Date, starting: (Int) -> Void = { _ in }) async -> Outcome {
        let outcome = await settle(before: cutoff, starting: starting)
        await session.endRecoveryWindow()
        return outcome
    }

    private func settle(before cutoff: Date, starting: (Int) -> Void) async -> Outcome {
        var outcome = Outcome()
        let unfinished: [UnfinishedSend]
        do { unfinished = try store.unfinishedSends(before: cutoff) } catch {
            logger.error("could not read the send log", metadata: ["error": "\(error.message)"])
            return outcome
        }
        guard !unfinished.isEmpty else { return outcome }
        starting(unfinished.count)
        logger.info("settling sends an earlier process left unfinished", metadata: ["count": "\(unfinished.count)"])

        let queued = unfinished.filter { $0.entry.status == .queued }.map(\.entry.id)
        outcome.notSent = settle(queued)
        let handedOver = unfinished.filter { $0.entry.status == .sending }
        guard !handedOver.isEmpty else { return outcome }
        guard session.authorizationState == .ready else {
            // Logged out: TDLib dropped what it held; nothing more can be learned.
            outcome.uncertain = settle(handedOver.map(\.entry.id))
            return outcome
        }

        await session.waitForAnnouncedOutgoing(count: handedOver.count, timeout: announceWait)
        let matches = Self.match(handedOver, to: await session.announcedOutgoingMessages)
        let unmatched = handedOver.map(\.entry.id).filter { id in !matches.contains { $0.rowID == id } }
        outcome.uncertain += settle(unmatched)

        let session = self.session
        let wait = confirmationWait
        let verdicts = await withTaskGroup(of: (LateSend, SendConfirmation?).self) { group in
            for match in matches {
                group.addTask { (match, await session.confirmation(chatID: match.chatID, temporaryID: match.temporaryID, timeout: wait)) }
            }
            var all: [(LateSend, SendConfirmation?)] = []
            for await verdict in group { all.append(verdict) }
            return all
        }
        for (match, verdict) in verdicts {
            switch verdict {
            case .sent(let messageID)?:
                record(match.rowID, messageID: messageID, error: nil)
                outcome.sent += 1
            case .failed(let code, let message)?:
                record(match.rowID, messageID: nil, error: Sender.describe(code: code, message: message))
                outcome.failed += 1
            case .cancelled?:
                record(match.rowID, messageID: nil, error: SendConfirmation.cancelledReason)
                outcome.failed += 1
            case nil:
                outcome.uncertain += settle([match.rowID])
                outcome.stillPending.append(match)
            }
        }
        return outcome
    }

    /// Keeps waiting (up to `timeout`, TDLib's own 24 hours by default) for messages TDLib was
    /// still sending when `run` gave up, and records their verdicts when they come.
    public func followLateVerdicts(_ late: [LateSend], timeout: Double = 86_400) async {
        guard !late.isEmpty else { return }
        let session = self.session
        await withTaskGroup(of: Void.self) { group in
            for item in late {
                group.addTask {
                    guard let verdict = await session.confirmation(chatID: item.chatID, temporaryID: item.temporaryID, timeout: timeout) else { return }
                    switch verdict {
                    case .sent(let messageID): self.record(item.rowID, messageID: messageID, error: nil)
                    case .failed(let code, let message):
                        // The client closing is not Telegram's verdict: the row stays as it is.
                        guard code != 500 else { return }
                        self.record(item.rowID, messageID: nil, error: Sender.describe(code: code, message: message))
                    case .cancelled: self.record(item.rowID, messageID: nil, error: SendConfirmation.cancelledReason)
                    }
                }
            }
        }
    }

    /// Pairs each row with the oldest unused announced message of the same chat, topic and
    /// text fingerprint (identical texts sent twice pair in order).
    static func match(_ rows: [UnfinishedSend], to announced: [Message]) -> [LateSend] {
        var used = Set<MessageKey>()
        var matches: [LateSend] = []
        for row in rows {
            guard let digest = row.textDigest else { continue }
            let key = row.entry.target
            guard let message = announced.first(where: { message in
                !used.contains(MessageKey(chatID: message.chatID, messageID: message.id)) && message.chatID == key.chatID && message.forumTopicID == key.topicID
                    && message.text.map(TextDigest.of) == digest
            }) else { continue }
            used.insert(MessageKey(chatID: message.chatID, messageID: message.id))
            matches.append(LateSend(rowID: row.entry.id, chatID: message.chatID, temporaryID: message.id))
        }
        return matches
    }

    private func settle(_ ids: [Int64]) -> Int {
        guard !ids.isEmpty else { return 0 }
        do { return try store.settleInterruptedSends(ids: ids) } catch {
            logger.error("could not update the send log", metadata: ["error": "\(error.message)"])
            return 0
        }
    }

    private func record(_ id: Int64, messageID: Int64?, error: String?) {
        do { try store.settleRecoveredSend(id: id, messageID: messageID, error: error) } catch {
            logger.error("could not update the send log", metadata: ["error": "\(error.message)"])
        }
    }
}
