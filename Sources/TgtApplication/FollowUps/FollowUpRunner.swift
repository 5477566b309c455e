import Foundation
import Logging
import TgtDomain
import TgtStore
import TgtTelegram

/// Judges follow-ups and does what they say: notes the reads, replies and deletions the
/// session reports (kept on the rows, so a restart judges with what was seen), looks at the
/// chat once per process for what came while nothing ran, decides by `FollowUpRule.decide`,
/// and acts once (claimed in the store): the template into the same chat, or a reminder in
/// Saved Messages. Each outcome, and why, stays on the row for Scheduled.
struct FollowUpRunner: Sendable {
    /// What the session tells about a followed message's chat.
    struct Telegram: Sendable {
        /// The chat's kind (nil: not known to TDLib, or not logged in).
        var kind: @Sendable (Int64) async -> FollowUpChatKind?
        /// Whether the message still exists (false: deleted, perhaps while nothing ran; nil:
        /// Telegram could not be asked, the look is tried again).
        var exists: @Sendable (FollowUpRecord) async -> Bool?
        /// Whether the message is read now, and when, as far as Telegram says (nil: Telegram
        /// could not be asked; the look is tried again).
        var read: @Sendable (FollowUpRecord, FollowUpChatKind) async -> FollowUpFacts.Read?
        /// The first reply after the message (nil: the chat could not be read; tried again).
        var reply: @Sendable (FollowUpRecord) async -> FollowUpFacts.Reply?
        /// Posts `text` in the person's Saved Messages.
        var remind: @Sendable (String) async throws -> Void
    }

    let store: AppDatabase
    let clock: any AppClock
    let sending: any TemplateSending
    let telegram: Telegram
    /// When this process started: a follow-up that started before it is looked at once, for
    /// what happened while nothing watched.
    let since: Date
    private let logger = Logger(label: "tgt.follow-ups")

    init(store: AppDatabase, clock: any AppClock, sending: any TemplateSending, telegram: Telegram, since: Date) {
        self.store = store
        self.clock = clock
        self.sending = sending
        self.telegram = telegram
        self.since = since
    }

    /// Keeps what `event` says about followed messages.
    func note(_ event: ChatEvent) {
        do {
            switch event {
            case .readOutbox(let chatID, let lastRead):
                try store.noteFollowUpRead(chatID: chatID, upTo: lastRead, at: clock.now)
            case .newMessage(let message) where SessionFollowUpFacts.isReply(message):
                try store.noteFollowUpReply(chatID: message.chatID, topicID: message.forumTopicID.map(Int64.init), messageID: message.id,
                                            at: Date(timeIntervalSince1970: TimeInterval(message.date)))
            case .messagesDeleted(let chatID, let ids):
                try store.followedMessagesDeleted(chatID: chatID, messageIDs: ids)
            default:
                break
            }
        } catch {
            logger.error("could not note an event for follow-ups", metadata: ["error": "\(error)"])
        }
    }

    /// One pass: starts the follow-ups whose message is out, looks once at those not seen by
    /// this process, judges each and acts on those due. Returns when to look again (nil:
    /// nothing waits on the clock). `looked` carries the ones already looked at.
    func pass(looked: inout Set<UUID>) async -> Date? {
        do {
            try store.startFollowUps()
            var next: Date?
            // Asked once per chat per pass: many follow-ups often share a chat (one send to a group).
            var kinds: [Int64: FollowUpChatKind?] = [:]
            var claimed: [Claimed] = []
            for record in try store.watchingFollowUps() {
                if Task.isCancelled { break }
                if kinds[record.chatID] == nil { kinds[record.chatID] = .some(await telegram.kind(record.chatID)) }
                guard let kind = kinds[record.chatID] ?? nil else { continue }
                if let why = record.rule.cannotWork(in: kind) {
                    try store.endFollowUp(id: record.id, as: .unknowable, reason: why)
                    continue
                }
                if !looked.contains(record.id) {
                    // Nothing is decided on a follow-up whose look failed: it is tried again.
                    guard try await look(at: record, kind: kind) else { continue }
                    looked.insert(record.id)
                }
                switch try judge(record.id) {
                case .waitUntil(let due): next = min(next ?? due, due)
                case .act(let one): claimed.append(one)
                case .ended: break
                }
            }
            // Claimed ones act even if the pass was cancelled meanwhile: a claim is never left.
            await act(claimed)
            return Task.isCancelled ? nil : next
        } catch {
            logger.error("a follow-up pass failed", metadata: ["error": "\(error)"])
            return clock.now.addingTimeInterval(60)
        }
    }

    /// Asks Telegram what happened to the message so far (what its condition needs), and
    /// keeps it; false when Telegram could not be asked.
    private func look(at record: FollowUpRecord, kind: FollowUpChatKind) async throws -> Bool {
        // A message deleted while nothing ran sent no update this process saw: asked first.
        guard let exists = await telegram.exists(record) else { return false }
        if !exists, let messageID = record.messageID {
            try store.followedMessagesDeleted(chatID: record.chatID, messageIDs: [messageID])
            return true
        }
        var read: FollowUpFacts.Read?
        var reply: FollowUpFacts.Reply?
        switch record.rule.condition {
        case .notRead, .read:
            if case .readAt = record.facts.read {} else {
                guard let seen = await telegram.read(record, kind) else { return false }
                // A read found before its moment, of a message that went out in this process's
                // time, is dated now: it was read after it went out and before this moment.
                if case .readUndated = seen, let start = record.startedAt, start >= since, let due = record.dueAt, clock.now <= due {
                    read = .readAt(clock.now)
                } else if case .unread = seen {
                    read = nil
                } else {
                    read = seen
                }
            }
        case .noReply:
            if case .nothing = record.facts.reply {
                guard let seen = await telegram.reply(record) else { return false }
                reply = seen
            }
        }
        if read != nil || reply != nil { try store.noteFollowUpFacts(id: record.id, read: read, reply: reply) }
        return true
    }

    /// A follow-up claimed to act, with how it is worded.
    private struct Claimed: Sendable {
        let record: FollowUpRecord
        let late: Bool
        let due: Date
    }

    /// What judging one follow-up left to do.
    private enum Verdict {
        case waitUntil(Date)
        case act(Claimed)
        case ended
    }

    /// How many claimed follow-ups act at once.
    static let actingAtOnce = 4

    /// Decides follow-up `id` now, on its row as it is at this moment (a read or reply noted
    /// meanwhile counts), ending it or claiming it to act.
    private func judge(_ id: UUID) throws -> Verdict {
        guard let record = try store.followUp(id: id), record.state == .watching, let start = record.startedAt else { return .ended }
        let now = clock.now
        switch record.rule.decide(start: start, facts: record.facts, now: now, clock: { FollowUpWords.time($0, now: now) }) {
        case .wait(let until):
            return .waitUntil(until)
        case .met(let why):
            try store.endFollowUp(id: record.id, as: .met, reason: why)
        case .expired(let why):
            try store.endFollowUp(id: record.id, as: .expired, reason: why)
        case .unknowable(let why):
            try store.endFollowUp(id: record.id, as: .unknowable, reason: why)
        case .fire(let late):
            // Claimed only if nothing was noted on it since it was read: a read or reply saved
            // in between leaves it for the next pass to judge again.
            guard try store.claimFollowUp(id: record.id, unchangedSince: record.updatedAt) else { return .ended }
            return .act(Claimed(record: record, late: late, due: record.dueAt ?? now))
        }
        return .ended
    }

    /// Acts on the claimed follow-ups, `actingAtOnce` at a time: one slow send (a flood wait,
    /// a busy chat) does not hold the others back.
    private func act(_ claimed: [Claimed]) async {
        await withTaskGroup(of: Void.self) { group in
            var running = 0
            for one in claimed {
                if running == Self.actingAtOnce {
                    await group.next()
                    running -= 1
                }
                group.addTask { await self.fire(one.record, late: one.late, due: one.due) }
                running += 1
            }
        }
    }

    /// Does `record`'s action, once claimed, and records how it went.
    private func fire(_ record: FollowUpRecord, late: Bool, due: Date) async {
        let now = clock.now
        let when = late ? "Done at \(FollowUpWords.time(now, now: now)), late: its moment was \(FollowUpWords.time(due, now: now))." : "Done at \(FollowUpWords.time(now, now: now))."
        do {
            switch record.rule.action {
            case .send(let templateID):
                let target = Target(chatID: record.chatID, topicID: record.topicID.map { Int32(truncatingIfNeeded: $0) }, chatTitle: record.targetTitle)
                var order = SendOrder(templateID: templateID, destination: target)
                order.origin = "follow_up"  // on its rows from the start: a crash mid-send cannot lose it
                let outcome = try await sending.send(order) { _ in }
                let batch = outcome.batchID.flatMap(UUID.init(uuidString:))
                if outcome.allSent {
                    try store.endFollowUp(id: record.id, as: .fired, reason: "\(when) Sent “\(outcome.templateName)”.", batch: batch)
                } else {
                    let why = outcome.failed.compactMap(\.error).first ?? "Telegram did not take the message."
                    try store.endFollowUp(id: record.id, as: .failed, reason: "Not sent: \(why)", batch: batch)
                }
            case .remind:
                try await telegram.remind(FollowUpWords.reminder(record, now: now))
                try store.endFollowUp(id: record.id, as: .fired, reason: "\(when) Reminder posted in Saved Messages.")
            }
            logger.info("follow-up fired", metadata: ["late": "\(late)"])
        } catch {
            logger.warning("follow-up not done", metadata: ["error": "\(error)"])
            let message = (error as? any UserFacingError)?.message ?? "\(error)"
            try? store.endFollowUp(id: record.id, as: .failed, reason: "Not done: \(message)")
        }
    }
}

/// Times and reminders in the words follow-ups use.
enum FollowUpWords {
    /// "16:02" today, "28 Nov 16:02" another day, in this machine's time zone.
    static func time(_ date: Date, now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = calendar.isDate(date, inSameDayAs: now) ? "HH:mm" : "d MMM HH:mm"
        return formatter.string(from: date)
    }

    /// The reminder posted in Saved Messages.
    static func reminder(_ record: FollowUpRecord, now: Date) -> String {
        let sent = record.startedAt.map { " (sent \(time($0, now: now)))" } ?? ""
        let wait = FollowUpRule.waitWords(record.rule.within)
        switch record.rule.condition {
        case .notRead: return "⏰ Follow-up: \(record.targetTitle) has not read “\(record.templateName)”\(sent) within \(wait)."
        case .noReply: return "⏰ Follow-up: no reply from \(record.targetTitle) to “\(record.templateName)”\(sent) within \(wait)."
        case .read: return "⏰ Follow-up: \(record.targetTitle) read “\(record.templateName)”\(sent)."
        }
    }
}
