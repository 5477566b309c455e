import Foundation
import TgtDomain
import TgtStore
import TgtTDLib

/// Repeating series on Telegram's schedule: every pass keeps each active series' next
/// occurrences scheduled (a rolling window), re-renders those already waiting when the
/// template or the series changed, and makes room in a chat for single sends by taking the
/// furthest occurrences back (they are scheduled again when there is room).
extension ScheduleKeeper {
    /// How far ahead a series' occurrences are kept on Telegram's schedule…
    public static let seriesWindow: TimeInterval = 14 * 86_400
    /// …and at most how many of them per series.
    public static let seriesOccurrencesAhead = 10
    /// All series together use at most this many of a chat's 100 scheduled messages…
    public static let seriesShareOfChat = 50
    /// …and leave at least this many free, whatever else the chat holds.
    public static let freeForSingleSends = 10
    /// An occurrence closer than this is left to post: never withdrawn, and not scheduled
    /// anew (Telegram needs a lead; one this close was missed).
    public static let seriesSettledLead: TimeInterval = 60
    /// At most this many missed occurrences (no process ran to schedule them) are recorded.
    static let missedRecorded = 20

    static let missedReason = "Not sent: no TgTemplates device ran to put it on Telegram's schedule before its time."
    static let skippedReason = "Skipped."
    static let madeRoomReason = "Taken back to leave room in the chat's schedule; scheduled again when there is room."
    static let changedReason = "Taken back after a change; scheduled again as changed."
    static let templateGoneReason = "The series stopped: its template was deleted."

    /// What a series' plan is made from: the template's and the series' versions.
    static func planKey(_ series: RepeatSeries, template: Template) -> String {
        "\(Int64((template.updatedAt.timeIntervalSince1970 * 1000).rounded()))|\(series.version)"
    }

    /// The active series this pass must plan (a change, a window to top up, or no room last
    /// time), with their templates; series whose template is gone are stopped here.
    func seriesDue(_ series: [RepeatSeries], now: Date) -> [(RepeatSeries, Template)] {
        guard !series.isEmpty else { return [] }
        let templates = Dictionary(((try? store.templates()) ?? []).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var due: [(RepeatSeries, Template)] = []
        for s in series {
            guard let template = templates[s.templateID], template.kind == .telegram else {
                stop(s, reason: Self.templateGoneReason)
                continue
            }
            let key = Self.planKey(s, template: template)
            if key != s.planKey || (s.planAt.map { $0 <= now } ?? true) { due.append((s, template)) }
        }
        return due
    }

    /// Plans the due series against the chats' schedules; returns whether it wrote anything
    /// (the pass then reads the live rows again). `heldBack` is set when a series waits for
    /// occurrences taken back to leave Telegram's schedule.
    func planSeries(_ due: [(RepeatSeries, Template)], live: [ScheduledSend], schedules: [Int64: [Message]], now: Date, heldBack: inout Bool,
                    pass: inout Pass) async -> Bool
    {
        var changed = false
        var free = freeSlots(live: live, schedules: schedules)
        if makeRoom(&free, live: live, now: now) {
            heldBack = true  // plan once the withdrawals settle
            return true
        }
        var bySeries: [UUID: [ScheduledSend]] = [:]
        for row in live { if let id = row.seriesID { bySeries[id, default: []].append(row) } }
        let preparer = await preparer()
        let me = try? store.senderName()
        let defaultLocation = (try? store.defaultLocation()) ?? nil

        // Re-render what waits when the template or the series changed.
        var toPlan: [(RepeatSeries, Template)] = []
        for (s, template) in due {
            let rows = bySeries[s.id] ?? []
            if rows.contains(where: \.withdrawn) {  // a withdrawal still settling
                heldBack = true
                continue
            }
            let key = Self.planKey(s, template: template)
            if key != s.planKey, !rows.isEmpty,
               let rewound = await refresh(s, template: template, rows: rows, now: now, preparer: preparer, me: me,
                                           defaultLocation: defaultLocation, pass: &pass)
            {
                // Planned again once the occurrences taken back have left Telegram's schedule.
                record(AppDatabase.SeriesPlan(seriesID: s.id, nextIndex: min(s.nextIndex, rewound), planAt: nil, planKey: key,
                                              templateName: template.name), version: s.version)
                changed = true
                heldBack = true
                continue
            }
            toPlan.append((s, template))
        }

        // The candidates: each series' occurrences from its next number through the window.
        struct Candidate {
            var series: RepeatSeries
            var template: Template
            var index: Int
            var date: Date
        }
        var candidates: [Candidate] = []
        var plans: [UUID: AppDatabase.SeriesPlan] = [:]
        var waiting: [UUID: [ScheduledSend]] = [:]
        for (s, template) in toPlan {
            let rows = (bySeries[s.id] ?? []).filter { !$0.status.isFinal && $0.status != .cancelling }  // a skipped one leaves room
            waiting[s.id] = rows
            var plan = AppDatabase.SeriesPlan(seriesID: s.id, nextIndex: s.nextIndex, planAt: nil, planKey: Self.planKey(s, template: template),
                                              templateName: template.name)
            let room = Self.seriesOccurrencesAhead - Set(rows.compactMap(\.occurrence)).count
            var missed: [(Int, Date)] = []
            var ahead = 0
            let horizon = now.addingTimeInterval(Self.seriesWindow)
            s.rule.forEachOccurrence { ruleIndex, at in
                let index = ruleIndex + s.indexBase
                guard index >= s.nextIndex else { return true }
                if at <= now.addingTimeInterval(Self.seriesSettledLead) {
                    missed.append((index, at))
                    if missed.count > Self.missedRecorded { missed.removeFirst() }
                    plan.nextIndex = index + 1
                    return true
                }
                guard at <= horizon, ahead < room else { return false }
                candidates.append(Candidate(series: s, template: template, index: index, date: at))
                ahead += 1
                return true
            }
            for (index, at) in missed {
                for target in template.targets {
                    plan.ended.append((Self.placeholder(s, template: template, target: target, index: index, at: at), .failed, Self.missedReason))
                }
            }
            plans[s.id] = plan
        }

        // Soonest first across series, while every target's chat has room.
        var blocked: Set<UUID> = []
        for candidate in candidates.sorted(by: { ($0.date, $0.index) < ($1.date, $1.index) }) {
            let s = candidate.series
            guard !blocked.contains(s.id), var plan = plans[s.id], candidate.index >= plan.nextIndex else { continue }
            if s.skipped.contains(candidate.index) {
                for target in candidate.template.targets {
                    plan.ended.append((Self.placeholder(s, template: candidate.template, target: target, index: candidate.index, at: candidate.date),
                                       .cancelled, Self.skippedReason))
                }
                plan.nextIndex = candidate.index + 1
                plans[s.id] = plan
                continue
            }
            switch render(s, template: candidate.template, index: candidate.index, at: candidate.date, preparer: preparer, me: me,
                          defaultLocation: defaultLocation) {
            case .failure(let failure):
                for target in candidate.template.targets {
                    plan.ended.append((Self.placeholder(s, template: candidate.template, target: target, index: candidate.index, at: candidate.date),
                                       .failed, failure.reason))
                }
            case .success(let rows):
                var need: [Int64: Int] = [:]
                for row in rows { need[row.target.chatID, default: 0] += ScheduledPayload.decode(row.payload)?.contents.count ?? 1 }
                guard need.allSatisfy({ chat, count in (free[chat] ?? -1) >= count }) else {
                    blocked.insert(s.id)
                    continue
                }
                for (chat, count) in need { free[chat, default: 0] -= count }
                plan.rows += rows
            }
            plan.nextIndex = candidate.index + 1
            plans[s.id] = plan
        }

        // When each series next needs a pass, and which have nothing left.
        for (s, _) in toPlan {
            guard var plan = plans[s.id] else { continue }
            let rows = waiting[s.id] ?? []
            let planned = rows.map(\.scheduledFor) + plan.rows.map(\.scheduledFor)
            if blocked.contains(s.id) {
                plan.planAt = nil
            } else if let next = s.date(ofOccurrence: plan.nextIndex) {
                var at = next.addingTimeInterval(-Self.seriesWindow)
                let occurrences = Set(rows.compactMap(\.occurrence)).count + Set(plan.rows.compactMap(\.occurrence)).count
                if occurrences >= Self.seriesOccurrencesAhead, let first = planned.min() { at = max(at, first.addingTimeInterval(1)) }
                plan.planAt = max(at, now.addingTimeInterval(1))
            } else if let last = planned.max() {
                plan.planAt = last.addingTimeInterval(5)
            } else {
                plan.finished = true
            }
            if plan.nextIndex != s.nextIndex || plan.planAt != s.planAt || plan.planKey != s.planKey || plan.templateName != s.templateName
                || plan.finished || !plan.rows.isEmpty || !plan.ended.isEmpty
            {
                record(plan, version: s.version)
                changed = true
            }
        }
        return changed
    }

    /// Room left for series occurrences in each chat whose schedule this pass read.
    private func freeSlots(live: [ScheduledSend], schedules: [Int64: [Message]]) -> [Int64: Int] {
        var free: [Int64: Int] = [:]
        for (chatID, messages) in schedules {
            let held = messages.filter { !$0.hasFailed }
            let heldIDs = Set(held.map(\.id))
            let rows = live.filter { $0.entry.target.chatID == chatID }
            let seriesOnTelegram = rows.filter { $0.seriesID != nil }.flatMap(\.telegramIDs).filter { heldIDs.contains($0) }.count
            func queued(_ series: Bool) -> Int {
                rows.filter { ($0.seriesID != nil) == series && ($0.status == .queued) }
                    .reduce(0) { $0 + (ScheduledPayload.decode($1.payload)?.contents.count ?? 1) }
            }
            let others = held.count - seriesOnTelegram + queued(false)
            let allowed = min(Self.seriesShareOfChat, 100 - Self.freeForSingleSends - others)
            free[chatID] = allowed - seriesOnTelegram - queued(true)
        }
        return free
    }

    /// Where a chat holds more series occurrences than it has room for (single sends came),
    /// takes the furthest back, with every later occurrence of their series (a series stays
    /// in order); returns whether it took any.
    private func makeRoom(_ free: inout [Int64: Int], live: [ScheduledSend], now: Date) -> Bool {
        var rewind: [UUID: Int] = [:]
        for (chatID, room) in free where room < 0 {
            var missing = -room
            let movable = live.filter {
                $0.entry.target.chatID == chatID && $0.seriesID != nil && !$0.withdrawn && ($0.status == .queued || $0.status == .scheduled)
                    && $0.scheduledFor > now.addingTimeInterval(Self.seriesSettledLead)
            }.sorted { $0.scheduledFor > $1.scheduledFor }
            for row in movable where missing > 0 {
                guard let id = row.seriesID, let occurrence = row.occurrence else { continue }
                rewind[id] = min(rewind[id] ?? .max, occurrence)
                missing -= max(1, row.telegramIDs.count)
            }
        }
        guard !rewind.isEmpty else { return false }
        for (seriesID, from) in rewind {
            let rows = live.filter {
                $0.seriesID == seriesID && ($0.occurrence ?? 0) >= from && !$0.withdrawn && ($0.status == .queued || $0.status == .scheduled)
            }
            do {
                try store.withdraw(ids: rows.map(\.id), reason: Self.madeRoomReason)
                try store.updateSeries(seriesID, byPerson: false) { s in
                    s.nextIndex = min(s.nextIndex, from)
                    s.planAt = nil
                }
            } catch {
                logger.error("could not make room for single sends", metadata: ["error": "\(error.message)"])
            }
        }
        return true
    }

    /// Brings a changed series' waiting occurrences up to date: new texts are edited in place;
    /// an occurrence whose targets, silent flag or location message changed is taken back with
    /// every later one. Returns the first occurrence number taken back, if any.
    private func refresh(_ s: RepeatSeries, template: Template, rows: [ScheduledSend], now: Date, preparer: MessagePreparer, me: String?,
                         defaultLocation: Coordinate?, pass: inout Pass) async -> Int?
    {
        let waiting = rows.filter { ($0.status == .queued || $0.status == .scheduled) && $0.scheduledFor > now.addingTimeInterval(Self.seriesSettledLead) }
        let keys = Set(template.targets.map(\.key))
        var rewind: Int?
        for occurrence in Set(waiting.compactMap(\.occurrence)).sorted() {
            let mine = waiting.filter { $0.occurrence == occurrence }
            guard let at = mine.first?.scheduledFor else { continue }
            guard Set(mine.map(\.entry.target)) == keys,
                  case .success(let desired) = render(s, template: template, index: occurrence, at: at, preparer: preparer, me: me, defaultLocation: defaultLocation)
            else {
                rewind = occurrence
                break
            }
            var reshaped = false
            for row in mine {
                guard let wanted = desired.first(where: { $0.target.key == row.entry.target }),
                      let old = ScheduledPayload.decode(row.payload), let new = ScheduledPayload.decode(wanted.payload)
                else { continue }
                if old.silent != new.silent || (old.latitude == nil) != (new.latitude == nil) || old.latitude != new.latitude || old.longitude != new.longitude {
                    reshaped = true
                    break
                }
                await refreshTexts([row], desired: [wanted], pass: &pass)
            }
            if reshaped {
                rewind = occurrence
                break
            }
        }
        guard let rewind else { return nil }
        let back = rows.filter { ($0.occurrence ?? 0) >= rewind && !$0.withdrawn && ($0.status == .queued || $0.status == .scheduled) }
        do { try store.withdraw(ids: back.map(\.id), reason: Self.changedReason) } catch {
            logger.error("could not take back a changed series' occurrences", metadata: ["error": "\(error.message)"])
        }
        return rewind
    }

    /// One occurrence's rows: the template rendered for its date in the series' time zone,
    /// with the series' values; or why it cannot be.
    private func render(_ s: RepeatSeries, template: Template, index: Int, at date: Date, preparer: MessagePreparer, me: String?,
                        defaultLocation: Coordinate?) -> Result<[NewScheduledSend], RenderFailure>
    {
        var context = RenderContext(now: date, timeZone: TimeZone(identifier: s.rule.timeZone) ?? .current)
        context.me = me
        let request = SendRequest(template: template, variables: s.variables, location: s.location ?? defaultLocation, silent: s.silent, context: context)
        do throws(SendError) {
            return .success(NewScheduledSend.rows(for: try preparer.prepare(request), template: template, silent: request.isSilent, at: date,
                                                  timerID: nil, seriesID: s.id, occurrence: index))
        } catch {
            return .failure(RenderFailure(reason: error.message))
        }
    }

    /// Why an occurrence could not be rendered.
    struct RenderFailure: Error {
        var reason: String
    }

    /// A row that records an occurrence without posting it (skipped, missed, not renderable).
    private static func placeholder(_ s: RepeatSeries, template: Template, target: Target, index: Int, at date: Date) -> NewScheduledSend {
        NewScheduledSend(templateID: template.id, templateName: template.name, target: target, payload: "{}", textDigest: "",
                         scheduledFor: date, timerID: nil, seriesID: s.id, occurrence: index)
    }

    private func record(_ plan: AppDatabase.SeriesPlan, version: Int) {
        do { try store.recordSeriesPlan(plan, version: version) } catch {
            logger.error("could not record a series' plan", metadata: ["error": "\(error.message)"])
        }
    }

    /// Stops a series whose template is gone; what it has waiting is cancelled.
    private func stop(_ s: RepeatSeries, reason: String) {
        do {
            let ids = try store.seriesRows(s.id).filter { !$0.status.isFinal && $0.status != .cancelling }.map(\.id)
            try store.requestCancel(ids: ids, reason: reason)
            try store.updateSeries(s.id, byPerson: false) { $0.status = .cancelled }
        } catch {
            logger.error("could not stop a series", metadata: ["error": "\(error.message)"])
        }
    }
}
