import Foundation
import TgtDomain
import TgtStore
import TgtTDLib

extension ScheduleKeeper {
    /// Schedules queued rows on Telegram, one batch at a time and all or nothing per batch:
    /// a batch that would pass 100 scheduled messages in any chat is refused whole, and one
    /// that Telegram refuses with `SCHEDULE_TOO_MUCH` half-way is taken back. Rows too close
    /// to their time for Telegram's scheduler wait and are sent by this process then.
    func scheduleQueued(_ rows: [ScheduledSend], schedules: [Int64: [Message]], now: Date, pass: inout Pass) async {
        var counts: [Int64: Int] = [:]
        for (chatID, messages) in schedules {
            let gone = deletedThisPass[chatID] ?? []
            counts[chatID] = messages.filter { !$0.hasFailed && !gone.contains($0.id) }.count
        }
        var batches: [UUID: [ScheduledSend]] = [:]
        var order: [UUID] = []
        for row in rows.sorted(by: { $0.id < $1.id }) {
            let lead = row.scheduledFor.timeIntervalSince(now)
            if lead >= ScheduleError.minimumLead {
                if batches[row.entry.batchID] == nil { order.append(row.entry.batchID) }
                batches[row.entry.batchID, default: []].append(row)
            } else if lead > 0 {
                pass.deferred += 1
                pass.nextWake = min(pass.nextWake ?? row.scheduledFor, row.scheduledFor)
            } else if lead > -120 {
                await sendNow(row, pass: &pass)
            } else {
                let setTooClose = row.scheduledFor.timeIntervalSince(row.entry.queuedAt) < ScheduleError.minimumLead
                finish(row, .failed, setTooClose
                    ? "Not sent: it was due while TgTemplates was not running, and too close to its time for Telegram's scheduler (less than \(Int(ScheduleError.minimumLead)) s ahead when it was set)."
                    : "Not sent: it could not be scheduled on Telegram before its time (TgTemplates was not running or not logged in).")
                pass.failed += 1
            }
        }
        for batch in order {
            guard canPost else { return }
            let members = batches[batch] ?? []
            var perChat: [Int64: Int] = [:]
            for row in members { perChat[row.entry.target.chatID, default: 0] += ScheduledPayload.decode(row.payload)?.contents.count ?? 1 }
            if let full = members.first(where: { counts[$0.entry.target.chatID, default: 0] + perChat[$0.entry.target.chatID, default: 0] > 100 }) {
                let reason = ScheduleError.tooMany(chat: full.entry.targetTitle).message
                for row in members { finish(row, .failed, reason) }
                pass.failed += members.count
                continue
            }
            var done: [(ScheduledSend, [Int64])] = []
            var refusedAll: String?
            for row in members {
                // Skipped when cancelled meanwhile (by another process, say), or when the
                // session is closing: the next pass takes it up.
                guard canPost, (try? store.markScheduling(id: row.id)) == true else { continue }
                switch await post(row, at: row.scheduledFor) {
                case .success(let ids):
                    if (try? store.markScheduled(id: row.id, telegramIDs: ids, scheduledFor: row.scheduledFor)) == true {
                        counts[row.entry.target.chatID, default: 0] += ids.count
                        done.append((row, ids))
                        pass.scheduled += 1
                    } else {
                        // Cancelled while Telegram was scheduling it: take it back there too.
                        await delete(ids, in: row.entry.target.chatID)
                    }
                case .failure(let failure) where failure.tooMany:
                    refusedAll = ScheduleError.tooMany(chat: row.entry.targetTitle).message
                case .failure(let failure) where failure.uncertain:
                    // TDLib may still send it: the row stays "sending" and the next pass finds
                    // it in Telegram's schedule by its text, or schedules it again.
                    logger.notice("no verdict yet on a scheduled message", metadata: ["reason": "\(failure.reason)"])
                case .failure(let failure):
                    finish(row, .failed, failure.reason)
                    pass.failed += 1
                }
                if refusedAll != nil { break }
            }
            if let refusedAll {
                // Nothing left half-scheduled: take back what this batch already scheduled; a
                // delete that fails now is retried by the next pass (the row is "cancelling").
                for (row, ids) in done {
                    if await delete(ids, in: row.entry.target.chatID) {
                        finish(row, .failed, refusedAll)
                    } else {
                        _ = try? store.requestCancel(ids: [row.id], reason: refusedAll)
                    }
                    counts[row.entry.target.chatID, default: 0] -= ids.count
                }
                for row in members where !done.contains(where: { $0.0.id == row.id }) { finish(row, .failed, refusedAll) }
                pass.scheduled -= done.count
                pass.failed += members.count
            }
        }
    }

    /// Whether this keeper may still hand messages to TDLib (logged in, not stopping).
    var canPost: Bool { !stopping && session.authorizationState == .ready }

    /// Deletes messages from a chat's schedule; whether TDLib said it did.
    @discardableResult
    func delete(_ ids: [Int64], in chatID: Int64) async -> Bool {
        guard !ids.isEmpty else { return true }
        do {
            _ = try await session.send(TDFunctions.DeleteMessages(chatID: chatID, messageIDs: ids), timeout: requestTimeout)
            deletedThisPass[chatID, default: []].formUnion(ids)
            return true
        } catch {
            logger.warning("could not delete scheduled messages", metadata: ["error": "\(error.message)"])
            return false
        }
    }

    /// A row whose time has come without Telegram's scheduler: sent now.
    private func sendNow(_ row: ScheduledSend, pass: inout Pass) async {
        guard canPost, (try? store.markScheduling(id: row.id)) == true else { return }
        switch await post(row, at: nil) {
        case .success(let ids):
            finish(row, .sent, nil, messageID: ids.first)
            pass.sentNow += 1
        case .failure(let failure) where failure.uncertain:
            logger.notice("no verdict yet on a message sent at its time", metadata: ["reason": "\(failure.reason)"])
        case .failure(let failure):
            finish(row, .failed, failure.reason)
            pass.failed += 1
        }
    }

    /// Why a post failed.
    struct PostFailure: Error {
        var reason: String
        var tooMany = false
        /// No verdict (a timeout, the client closing): TDLib may still send it.
        var uncertain = false
    }

    /// Sends a row's messages (scheduled at `date`, or now) and waits for Telegram's
    /// confirmation of each; returns their ids (scheduled ids when scheduled). When a later
    /// part (the location) fails, the parts already scheduled are deleted again.
    func post(_ row: ScheduledSend, at date: Date?) async -> Result<[Int64], PostFailure> {
        guard let payload = ScheduledPayload.decode(row.payload) else {
            return .failure(PostFailure(reason: "The stored message could not be read; not sent."))
        }
        let chatID = row.entry.target.chatID
        await session.openPrivateChatIfNeeded(chatID, timeout: requestTimeout)
        var ids: [Int64] = []
        for content in payload.contents {
            let function = TDFunctions.SendMessage(chatID: chatID, forumTopicID: row.entry.target.topicID, silent: payload.silent,
                                                   content: content, sendDate: date.map { Int32($0.timeIntervalSince1970.rounded()) })
            let result = await postOne(function)
            switch result {
            case .success(let id): ids.append(id)
            case .failure(let failure):
                if !failure.uncertain, date != nil { await delete(ids, in: chatID) }
                return .failure(failure)
            }
        }
        return .success(ids)
    }

    private func postOne(_ function: TDFunctions.SendMessage) async -> Result<Int64, PostFailure> {
        let accepted: Message
        do { accepted = try await session.send(function, timeout: requestTimeout) } catch {
            if case .tdlib(let code, let message, _) = error { return .failure(Self.failure(code: code, message: message)) }
            return .failure(PostFailure(reason: error.message, uncertain: true))
        }
        if case .failed(let error, _, _)? = accepted.sendingState {
            await delete([accepted.id], in: function.chatID)
            return .failure(Self.failure(code: error.code, message: error.message))
        }
        switch await session.confirmation(chatID: accepted.chatID, temporaryID: accepted.id, timeout: confirmationTimeout) {
        case .sent(let id)?:
            return .success(id)
        case .failed(500, let message)? where message.hasPrefix("The Telegram client was closed"):
            return .failure(PostFailure(reason: message, uncertain: true))
        case .failed(let code, let message)?:
            // A refused message stays in the chat as failed until deleted.
            await delete([accepted.id], in: function.chatID)
            return .failure(Self.failure(code: code, message: message))
        case .cancelled?:
            return .failure(PostFailure(reason: SendConfirmation.cancelledReason))
        case nil:
            return .failure(PostFailure(reason: "Telegram did not confirm it within \(Int(confirmationTimeout)) s.", uncertain: true))
        }
    }

    private static func failure(code: Int32, message: String) -> PostFailure {
        if message == "SCHEDULE_TOO_MUCH" { return PostFailure(reason: message, tooMany: true) }
        return PostFailure(reason: Sender.describe(code: code, message: message))
    }
}
