import Foundation
import TgtDomain
import TgtStore
import TgtTDLib

extension ScheduleKeeper {
    /// What the timers ask of Telegram's schedule: a running timer with a completion action
    /// has its messages scheduled for its end (moved when the end moves: +1 min); any other
    /// timer (paused, reset, deleted, action removed) has none waiting.
    func planTimers(now: Date, pass: inout Pass) async {
        let timers: [CountdownTimer]
        let live: [ScheduledSend]
        do {
            timers = try store.timers()
            live = try store.liveScheduledSends()
        } catch {
            logger.error("could not read timers", metadata: ["error": "\(error.message)"])
            return
        }
        var byTimer: [UUID: [ScheduledSend]] = [:]
        for row in live { if let timerID = row.timerID { byTimer[timerID, default: []].append(row) } }
        let known = Set(timers.map(\.id))
        for (timerID, rows) in byTimer where !known.contains(timerID) {
            cancelUnposted(rows, now: now, reason: Self.timerDeleted)
        }
        for timer in timers {
            let rows = byTimer[timer.id] ?? []
            guard let (endsAt, action) = timer.pendingCompletion else {
                let reason = switch timer.state {
                case .paused: Self.timerPaused
                case .idle: Self.timerReset
                default: Self.actionRemoved
                }
                cancelUnposted(rows, now: now, reason: reason)
                continue
            }
            // Rows for another end (+1 min): moved. Rows being sent or deleted wait for the
            // pass that settles them and do not hold up this run.
            let stale = rows.filter { ($0.status == .queued || $0.status == .scheduled) && abs($0.scheduledFor.timeIntervalSince(endsAt)) >= 1 }
            for row in stale { await move(row, to: endsAt, pass: &pass) }
            guard stale.isEmpty, let desired = await desiredSends(for: timer, action: action, endsAt: endsAt) else { continue }
            if hasRun(timer.id, endsAt: endsAt) {
                await refreshTexts(rows, desired: desired.sends, pass: &pass)
            } else {
                record(desired)
            }
        }
    }

    /// Brings waiting messages' texts up to date with the timer (to-dos ticked, a value
    /// changed since it started): queued rows in the store, scheduled ones on Telegram too
    /// (`editMessageText` keeps their ids and date).
    func refreshTexts(_ rows: [ScheduledSend], desired: [NewScheduledSend], pass: inout Pass) async {
        for row in rows where row.status == .queued || row.status == .scheduled {
            guard let wanted = desired.first(where: { $0.target.key == row.entry.target && $0.templateID == row.entry.templateID }),
                  wanted.textDigest != row.textDigest, let payload = ScheduledPayload.decode(wanted.payload) else { continue }
            if row.status == .scheduled, let textID = row.telegramIDs.first {
                do throws(TDError) {
                    _ = try await session.send(TDFunctions.EditMessageText(chatID: row.entry.target.chatID, messageID: textID, text: payload.text),
                                               timeout: requestTimeout)
                } catch {
                    logger.warning("could not update a scheduled message's text", metadata: ["error": "\(error.message)"])
                    continue
                }
            }
            try? store.updateScheduledPayload(id: row.id, payload: wanted.payload, textDigest: wanted.textDigest)
            pass.edited += 1
        }
    }

    /// Why the keeper cancels a timer's messages itself. Only these cancels may be followed
    /// by scheduling the same run again; one made by the user (here or in another Telegram
    /// app) stands until the timer starts or resumes anew.
    static let timerPaused = "The timer was paused."
    static let timerReset = "The timer was reset."
    static let timerDeleted = "The timer was deleted."
    static let actionRemoved = "The timer no longer posts a completion message."
    static let ownCancels: Set<String> = [timerPaused, timerReset, timerDeleted, actionRemoved]

    /// Whether this run of the timer (its end) already has its sends — scheduled, posted,
    /// failed, or cancelled by the user or in another app (not undone by scheduling again).
    private func hasRun(_ timerID: UUID, endsAt: Date) -> Bool {
        let rows = (try? store.scheduledSends(timerID: timerID, endingAt: endsAt)) ?? []
        return rows.contains { $0.status != .cancelled || !Self.ownCancels.contains($0.entry.error ?? "") }
    }

    private func cancelUnposted(_ rows: [ScheduledSend], now: Date, reason: String) {
        let ids = rows.filter { $0.scheduledFor > now.addingTimeInterval(1) && $0.status != .cancelling }.map(\.id)
        guard !ids.isEmpty else { return }
        do { try store.requestCancel(ids: ids, reason: reason) } catch {
            logger.error("could not write the send log", metadata: ["error": "\(error.message)"])
        }
    }

    /// Moves a row to the timer's new end (+1 min): on Telegram for a scheduled one (its ids
    /// may change; the pass finds them again by their text), in the store for a queued one.
    private func move(_ row: ScheduledSend, to endsAt: Date, pass: inout Pass) async {
        switch row.status {
        case .queued:
            try? store.reschedule(id: row.id, to: endsAt)
            pass.moved += 1
        case .scheduled:
            let date = Int32(endsAt.timeIntervalSince1970.rounded())
            for id in row.telegramIDs {
                do {
                    _ = try await session.send(TDFunctions.EditMessageSchedulingState(chatID: row.entry.target.chatID, messageID: id, sendDate: date),
                                               timeout: requestTimeout)
                } catch {
                    // The pass finds the message again by its text, wherever it is now.
                    logger.warning("could not move a scheduled message", metadata: ["error": "\(error.message)"])
                }
            }
            try? store.updateScheduled(id: row.id, telegramIDs: row.telegramIDs, scheduledFor: endsAt)
            pass.moved += 1
        default:
            break
        }
    }

    /// The sends of one timer run: the template for each of its targets (rendered for the end,
    /// with the timer's variables) and the reminder to Saved Messages; and, when the template
    /// cannot be rendered, one failure per target saying why, so the timer shows it.
    struct DesiredSends {
        var sends: [NewScheduledSend] = []
        var failures: [(NewScheduledSend, String)] = []
    }

    /// Nil when part of the run cannot be worked out now (the account for the reminder):
    /// nothing is recorded, so the next pass tries the whole run again.
    private func desiredSends(for timer: CountdownTimer, action: CompletionAction, endsAt: Date) async -> DesiredSends? {
        var sends: [NewScheduledSend] = []
        var failures: [(NewScheduledSend, String)] = []
        if let templateID = action.templateID, let template = try? store.template(id: templateID) {
            var context = RenderContext(now: endsAt)
            context.timer = timer
            context.me = try? store.senderName()
            let request = SendRequest(template: template, variables: action.values, location: try? store.defaultLocation(), context: context)
            let preparer = await preparer()
            do throws(SendError) {
                sends += NewScheduledSend.rows(for: try preparer.prepare(request), template: template, silent: request.isSilent, at: endsAt, timerID: timer.id)
            } catch {
                for target in template.targets {
                    failures.append((NewScheduledSend(templateID: template.id, templateName: template.name, target: target, payload: "{}",
                                                      textDigest: "", scheduledFor: endsAt, timerID: timer.id), error.message))
                }
            }
        }
        if action.remindMe {
            guard let me = try? await session.account() else { return nil }
            if !knownSavedMessages.contains(me.id), (try? await session.send(TDFunctions.CreatePrivateChat(userID: me.id), timeout: requestTimeout)) != nil {
                knownSavedMessages.insert(me.id)
            }
            let text = FormattedText(text: Self.reminderText(timer))
            sends.append(NewScheduledSend(
                templateID: nil, templateName: "⏰ \(timer.name)", target: Target(chatID: me.id, chatTitle: "Saved Messages"),
                payload: ScheduledPayload(text: text, location: nil, silent: false).encoded(),
                textDigest: ScheduledPayload.digest(text.text), scheduledFor: endsAt, timerID: timer.id))
        }
        return DesiredSends(sends: sends, failures: failures)
    }

    /// Records a run's sends (queued, or failed with the reason), one batch.
    private func record(_ desired: DesiredSends) {
        guard !desired.sends.isEmpty || !desired.failures.isEmpty else { return }
        do {
            let rows = try store.addScheduledSends(desired.sends + desired.failures.map(\.0))
            for (row, failure) in zip(rows.suffix(desired.failures.count), desired.failures) {
                try store.finishScheduled(id: row.id, status: .failed, error: failure.1)
            }
        } catch {
            logger.error("could not write the send log", metadata: ["error": "\(error.message)"])
        }
    }

    /// The reminder a timer sends to the user's Saved Messages.
    static func reminderText(_ timer: CountdownTimer) -> String {
        var text = "⏰ \(timer.name) is done (\(TimerDuration.clock(timer.duration.seconds)))."
        if !timer.todos.isEmpty { text += "\nTo-dos: \(timer.todosDoneText)." }
        return text
    }
}
