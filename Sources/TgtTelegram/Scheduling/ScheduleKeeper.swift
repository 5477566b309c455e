import Foundation
import Logging
import TgtDomain
import TgtStore
import TgtTDLib

/// Keeps Telegram's schedule in step with the store: the one place that schedules, moves and
/// deletes messages on Telegram's servers, for timers' completion messages, "send later" and
/// repeating series (`ScheduleKeeper+Series.swift`).
///
/// The store says what should be (send log rows with a `scheduled_for` date, and the timers'
/// states); a pass (`sync`) makes Telegram match and records what happened, step by step:
/// queued → scheduled → sent (Telegram posted it), or cancelled, or failed with the reason.
/// Because every pass starts from the store and from `getChatScheduledMessages`, a process
/// killed at any moment loses nothing and schedules nothing twice: a row handed to TDLib is
/// found again by its text's fingerprint, a paused timer's messages are deleted by the next
/// pass, and a message deleted in another Telegram app reads as cancelled there.
public actor ScheduleKeeper {
    public nonisolated let session: TelegramSession
    public nonisolated let store: AppDatabase
    /// Where "now" comes from, and what the running loop sleeps on.
    public nonisolated let clock: any AppClock
    var requestTimeout: Double = 30
    /// Telegram confirms a scheduled message within a round trip when online; past this the
    /// row stays "sending" and the next pass finds it (or not) in Telegram's schedule.
    var confirmationTimeout: Double = 20
    let logger = Logger(label: "tgt.telegram.schedule")
    private var tail: Task<Pass, Never>?
    /// Accounts whose Saved Messages chat TDLib was asked for (once is enough).
    var knownSavedMessages: Set<Int64> = []
    /// Set by `stop()`: no more messages are handed to TDLib.
    var stopping = false
    /// Messages this pass deleted from chats' schedules (they no longer count toward 100).
    var deletedThisPass: [Int64: Set<Int64>] = [:]
    /// Wakes `keepRunning`'s loop (so `stop()` ends it at once).
    private var loopSignal: AsyncStream<Void>.Continuation?

    /// What one pass did.
    public struct Pass: Sendable, Equatable {
        public var scheduled = 0
        public var moved = 0
        /// Waiting messages whose text was brought up to date.
        public var edited = 0
        public var cancelled = 0
        public var posted = 0
        public var cancelledElsewhere = 0
        public var sentNow = 0
        public var failed = 0
        /// Rows too close to their time for Telegram's scheduler, sent by this process then.
        public var deferred = 0
        /// When a pass is next needed (a deferred send's time).
        public var nextWake: Date?

        public init() {}
    }

    public init(session: TelegramSession, store: AppDatabase, clock: any AppClock) {
        self.session = session
        self.store = store
        self.clock = clock
    }

    // MARK: - Entry points

    /// Schedules `request` to be posted by Telegram at `date` (every target, one batch), and
    /// returns its rows as they stand after the pass. Nothing is scheduled when anything fails
    /// a check (variables, Markdown, length, the date, the limit of 100 per chat).
    public func scheduleLater(_ request: SendRequest, at date: Date) async throws(ScheduleError) -> [ScheduledSend] {
        let rows = try await queueLater(request, at: date)
        _ = await sync()
        let after = rows.compactMap { try? store.scheduledSend(id: $0.id) }
        if let full = after.first(where: \.refusedAsTooMany) {
            throw .tooMany(chat: full.entry.targetTitle)
        }
        return after
    }

    /// Checks `request` as `scheduleLater` does and writes its rows, queued for the next pass
    /// (for callers that queue many before one pass).
    public func queueLater(_ request: SendRequest, at date: Date) async throws(ScheduleError) -> [ScheduledSend] {
        try Self.check(date, now: clock.now)
        guard session.authorizationState == .ready else { throw .notLoggedIn }
        let messages: [PreparedMessage]
        do { messages = try await preparer().prepare(request) } catch { throw .send(error) }
        do {
            return try store.addScheduledSends(NewScheduledSend.rows(for: messages, template: request.template, silent: request.isSilent, at: date, timerID: nil))
        } catch { throw .store(error.message) }
    }

    /// Cancels scheduled sends (deleted from Telegram's schedule); returns the pass.
    @discardableResult
    public func cancel(ids: [Int64], reason: String = "Cancelled.") async throws(ScheduleError) -> Pass {
        do { try store.requestCancel(ids: ids, reason: reason) } catch { throw .store(error.message) }
        return await sync()
    }

    /// Stops handing messages to TDLib and waits for the pass in progress (before the session
    /// closes or a new keeper takes over): nothing is half-done against a closed client.
    public func stop() async {
        stopping = true
        loopSignal?.yield()
        _ = await tail?.value
    }

    /// One pass, after any pass already running (passes never overlap).
    @discardableResult
    public func sync() async -> Pass {
        let previous = tail
        let task = Task { [previous] in
            _ = await previous?.value
            return await self.runPass()
        }
        tail = task
        return await task.value
    }

    /// Runs passes for as long as the task lives, each when something asks for one: the
    /// store's templates, timers or scheduled sends change (any process; `changes` is the
    /// store's change feed), Telegram reports a scheduled message gone (posted or deleted
    /// elsewhere), a deferred send is due, or a running timer ends. Between them it sleeps on
    /// the clock until the earliest date it knows of; nothing polls. `stop()` ends it. For
    /// `tgt serve`.
    public func keepRunning(following changes: AsyncStream<Set<StoreChange>>) async {
        let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        loopSignal = signal
        let sessionChanges = session.scheduleChanges.subscribe(replayingCurrent: false)
        let listeners = [
            Task { for await _ in sessionChanges { signal.yield() } },
            Task { for await areas in changes where !areas.isDisjoint(with: Self.inputs) { signal.yield() } },
        ]
        var alarm: Task<Void, Never>?
        defer {
            alarm?.cancel()
            listeners.forEach { $0.cancel() }
            signal.finish()
        }
        signal.yield()  // the first pass at once
        for await _ in signals {
            alarm?.cancel()
            if Task.isCancelled || stopping { break }
            let pass = await sync()
            // The earliest date that needs a pass: a deferred send, or the end of a timer.
            guard let due = [pass.nextWake, nextTimerEnd(), nextSeriesPlan()].compactMap({ $0 }).min() else { continue }
            alarm = Task { [clock] in
                do { try await clock.sleep(until: due) } catch { return }
                signal.yield()
            }
        }
    }

    /// When a series' window next needs topping up.
    private nonisolated func nextSeriesPlan() -> Date? {
        (try? store.nextSeriesPlan()) ?? nil
    }

    /// The store areas a pass acts on.
    static let inputs: Set<StoreChange> = [.templates, .timers, .scheduledSends]

    /// The earliest end of a running timer, so a completion is settled (and seen) promptly.
    private nonisolated func nextTimerEnd() -> Date? {
        (try? store.nextTimerEnd()) ?? nil
    }

    /// Refuses dates Telegram would not schedule.
    public static func check(_ date: Date, now: Date) throws(ScheduleError) {
        let lead = date.timeIntervalSince(now)
        if lead <= 0 { throw .inThePast }
        if lead < ScheduleError.minimumLead { throw .tooSoon(seconds: Int(lead.rounded())) }
        if lead > ScheduleError.maximumAhead { throw .tooFar }
    }

    func preparer() async -> MessagePreparer {
        var validator = store.validator()
        if let max = await session.messageTextLengthMax { validator.maxTextLength = max }
        return MessagePreparer(transport: session.client.runtime.transport, validator: validator)
    }

    // MARK: - A pass

    private func runPass() async -> Pass {
        var pass = Pass()
        // What this pass acts on: recorded when it has finished, for processes waiting on it.
        let inputs = try? store.scheduleInputsRevision()
        let now = clock.now
        do { try store.settleTimers(at: now) } catch { logger.error("could not settle timers", metadata: ["error": "\(error.message)"]) }
        guard canPost else { return pass }
        await planTimers(now: now, pass: &pass)
        // A series held back while occurrences it took back leave Telegram's schedule is
        // planned again once this round has deleted them (at most twice more).
        for _ in 0..<3 {
            guard await round(now: now, pass: &pass) else { break }
        }
        if let inputs {
            do { try store.recordSchedulePass(startedAt: inputs) } catch {
                logger.error("could not record the pass", metadata: ["error": "\(error.message)"])
            }
        }
        return pass
    }

    /// Plans series, then matches every chat's rows with its schedule; returns whether a
    /// series was held back by occurrences being taken back (another round plans it).
    private func round(now: Date, pass: inout Pass) async -> Bool {
        deletedThisPass = [:]  // counted against the schedules this round reads
        let due = seriesDue((try? store.activeSeries()) ?? [], now: now)
        var live: [ScheduledSend]
        do { live = try store.liveScheduledSends() } catch {
            logger.error("could not read scheduled sends", metadata: ["error": "\(error.message)"])
            return false
        }
        var chats = Set(live.map(\.entry.target.chatID))
        for (_, template) in due { chats.formUnion(template.targets.map(\.chatID)) }
        var schedules: [Int64: [Message]] = [:]
        for chatID in chats {
            do {
                await session.openPrivateChatIfNeeded(chatID, timeout: requestTimeout)
                schedules[chatID] = try await session.send(TDFunctions.GetChatScheduledMessages(chatID: chatID), timeout: requestTimeout).messages
            } catch {
                // Not knowing what Telegram holds is not "it holds nothing": this chat waits
                // for a pass that can see its schedule.
                logger.warning("could not read a chat's scheduled messages", metadata: ["error": "\(error.message)"])
            }
        }
        var heldBack = false
        if !due.isEmpty || live.contains(where: { $0.seriesID != nil }),
           await planSeries(due, live: live, schedules: schedules, now: now, heldBack: &heldBack, pass: &pass),
           let again = try? store.liveScheduledSends()
        {
            live = again
        }
        var toSchedule: [ScheduledSend] = []
        for chatID in schedules.keys.sorted() {
            let rows = live.filter { $0.entry.target.chatID == chatID }
            toSchedule += await settle(rows, chatID: chatID, telegram: schedules[chatID] ?? [], now: now, pass: &pass)
        }
        await scheduleQueued(toSchedule, schedules: schedules, now: now, pass: &pass)
        return heldBack
    }

    /// Matches one chat's rows with what Telegram has scheduled there and acts on the
    /// differences; returns the rows still to schedule.
    private func settle(_ rows: [ScheduledSend], chatID: Int64, telegram: [Message], now: Date, pass: inout Pass) async -> [ScheduledSend] {
        var claimed = Set(rows.filter { $0.status == .scheduled || $0.status == .cancelling }.flatMap(\.telegramIDs))
            .intersection(telegram.map(\.id))
        let byID = Dictionary(telegram.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var queued: [ScheduledSend] = []
        for row in rows {
            let present = !row.telegramIDs.isEmpty && row.telegramIDs.allSatisfy { byID[$0] != nil }
            switch row.status {
            case .cancelling:
                let ids = row.telegramIDs.filter { byID[$0] != nil }
                if !ids.isEmpty {
                    if await delete(ids, in: chatID) {
                        finish(row, .cancelled, row.entry.error ?? "Cancelled.")
                        pass.cancelled += 1
                    }
                } else if let adopted = adopt(row, from: telegram, claimed: &claimed) {
                    // Cancelled while a pass was scheduling it: found by its fingerprint, and
                    // deleted now rather than at the next pass.
                    try? store.updateScheduled(id: row.id, telegramIDs: adopted.ids, scheduledFor: adopted.date)
                    if await delete(adopted.ids, in: chatID) {
                        finish(row, .cancelled, row.entry.error ?? "Cancelled.")
                        pass.cancelled += 1
                    }
                } else if row.scheduledFor <= now.addingTimeInterval(1) {
                    finish(row, .sent, "Telegram posted it before it could be cancelled.")
                    pass.posted += 1
                } else {
                    finish(row, .cancelled, row.entry.error ?? "Cancelled.")
                    pass.cancelled += 1
                }
            case .scheduled:
                if present {
                    if let date = row.telegramIDs.compactMap({ byID[$0]?.scheduledFor }).first,
                       abs(Double(date) - row.scheduledFor.timeIntervalSince1970) >= 1
                    {
                        try? store.updateScheduled(id: row.id, telegramIDs: row.telegramIDs, scheduledFor: Date(timeIntervalSince1970: Double(date)))
                    }
                } else if let adopted = adopt(row, from: telegram, claimed: &claimed) {
                    try? store.updateScheduled(id: row.id, telegramIDs: adopted.ids, scheduledFor: adopted.date)
                } else if row.scheduledFor <= now.addingTimeInterval(2) {
                    finish(row, .sent, nil)
                    pass.posted += 1
                } else {
                    finish(row, .cancelled, Self.deletedElsewhere)
                    pass.cancelledElsewhere += 1
                }
            case .sending:
                if let adopted = adopt(row, from: telegram, claimed: &claimed) {
                    _ = try? store.markScheduled(id: row.id, telegramIDs: adopted.ids, scheduledFor: adopted.date)
                    pass.scheduled += 1
                } else {
                    // Never reached Telegram's schedule: schedule it again rather than lose it.
                    try? store.requeueScheduled(id: row.id)
                    var again = row
                    again.entry.status = .queued
                    queued.append(again)
                }
            case .queued:
                queued.append(row)
            default:
                break
            }
        }
        return queued
    }

    /// Why a scheduled message that vanished before its time is marked cancelled.
    public static let deletedElsewhere = "Deleted from Telegram's schedule in another app."

    /// Finds a row's messages in Telegram's schedule by the fingerprint of its text and its
    /// topic (after a restart, or a move that changed their ids).
    private func adopt(_ row: ScheduledSend, from telegram: [Message], claimed: inout Set<Int64>) -> (ids: [Int64], date: Date)? {
        guard let digest = row.textDigest else { return nil }
        let topic = row.entry.target.topicID
        let candidates = telegram.filter {
            !claimed.contains($0.id) && $0.forumTopicID == topic && !$0.hasFailed && $0.text.map(ScheduledPayload.digest) == digest
        }
        // The one at the row's date first: a message the user scheduled by hand with the same
        // text is not taken over while ours is there.
        let at = row.scheduledFor.timeIntervalSince1970
        guard let text = candidates.first(where: { abs(Double($0.scheduledFor ?? 0) - at) < 2 }) ?? candidates.first else { return nil }
        var ids = [text.id]
        claimed.insert(text.id)
        if ScheduledPayload.decode(row.payload)?.latitude != nil,
           let location = telegram.first(where: { !claimed.contains($0.id) && $0.forumTopicID == topic && $0.text == nil && $0.scheduledFor == text.scheduledFor })
        {
            ids.append(location.id)
            claimed.insert(location.id)
        }
        // Telegram keeps whole seconds; the row keeps its own millisecond when they agree.
        let date = Date(timeIntervalSince1970: Double(text.scheduledFor ?? 0))
        return (ids, abs(date.timeIntervalSince(row.scheduledFor)) < 1 ? row.scheduledFor : date)
    }

    func finish(_ row: ScheduledSend, _ status: SendLogEntry.Status, _ reason: String?, messageID: Int64? = nil) {
        do { try store.finishScheduled(id: row.id, status: status, error: reason, messageID: messageID) } catch {
            logger.error("could not write the send log", metadata: ["error": "\(error.message)"])
        }
    }
}
