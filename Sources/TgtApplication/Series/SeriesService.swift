import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// Repeating sends for every face: start a series from a send order and a `RepeatRule`,
/// list series with their next occurrences, skip one, pause, resume, change and cancel. Each
/// call checks, writes the store and runs a schedule pass (`ScheduleKeeper` keeps the next
/// occurrences on Telegram's schedule); open screens hear of it from the store.
public struct SeriesService: Sendable {
    let store: AppDatabase
    public let clock: any AppClock
    private let schedule: @Sendable () async -> Void

    /// `schedule` runs one pass of the schedule keeper after a change (or waits for the running
    /// dashboard's); without a session the change is written and Telegram hears of it at the
    /// next pass anywhere.
    public init(store: AppDatabase, clock: any AppClock, schedule: @escaping @Sendable () async -> Void = {}) {
        self.store = store
        self.clock = clock
        self.schedule = schedule
    }

    /// How many upcoming occurrences a listing shows per series.
    public static let upcomingShown = 5

    /// Starts a series: the order's template, values, location and silent flag, posted at
    /// every occurrence of `rule`. Refuses, changing nothing, an order a send would refuse, a
    /// template whose variables the values do not fill, a rule with no occurrence in the next
    /// year, and a follow-up `FollowUpService.check` refuses. With `followUp`, every occurrence
    /// carries it from when it posts.
    @discardableResult
    public func start(_ order: SendOrder, rule: RepeatRule, followUp: FollowUpRule? = nil) async throws -> SeriesSummary {
        guard order.onlyTargets == nil, order.destination == nil else { throw SeriesError.targetsAreTheTemplates }
        if let followUp { try FollowUpService(store: store).check(followUp) }
        let request = try SendRules(store: store).request(for: order)
        let now = clock.now
        guard let upcoming = rule.occurrences(after: now.addingTimeInterval(ScheduleError.minimumLead), limit: 1).first else {
            throw SeriesError.noOccurrence
        }
        let rule = rule.counted(from: upcoming.date)
        let first = (index: 0, date: upcoming.date)
        try ScheduleKeeper.check(first.date, now: now)
        try Self.checkRenders(request, at: first.date, timeZone: rule.timeZone)
        let series = RepeatSeries(templateID: request.template.id, templateName: request.template.name, rule: rule, variables: order.variables,
                                  location: order.location, silent: order.silent, nextIndex: first.index, followUp: followUp, createdAt: now)
        try store.addSeries(series)
        await schedule()
        return try summary(series.id)
    }

    /// Active and paused series (and finished ones with `includeFinished`), newest first.
    public func list(includeFinished: Bool = false) throws -> [SeriesSummary] {
        let counts = try store.seriesPostedCounts()
        return try store.allSeries(includeFinished: includeFinished).map { try summary($0, posted: counts[$0.id] ?? 0) }
    }

    /// One series as faces show it.
    public func summary(_ id: UUID) throws -> SeriesSummary {
        guard let series = try store.series(id: id) else { throw SeriesError.notFound(id.uuidString.lowercased()) }
        return try summary(series, posted: store.seriesPostedCounts()[id] ?? 0)
    }

    /// Skips one occurrence (the next one when `occurrence` is nil); what waits for it on
    /// Telegram is deleted there and the series goes on.
    @discardableResult
    public func skip(_ id: UUID, occurrence: Int? = nil) async throws -> SeriesSummary {
        let series = try live(id)
        let upcoming = series.occurrences(after: clock.now, limit: 400).filter { !series.skipped.contains($0.index) }
        guard let chosen = occurrence.map({ wanted in upcoming.first { $0.index == wanted } }) ?? upcoming.first else {
            throw occurrence.map { SeriesError.noSuchOccurrence($0) } ?? SeriesError.noOccurrence
        }
        try store.updateSeries(id, rows: .cancel(occurrences: [chosen.index], reason: "Skipped.")) { $0.skipped.insert(chosen.index) }
        await schedule()
        return try summary(id)
    }

    /// Pauses: nothing more is posted until it is resumed (an occurrence less than a minute
    /// away still posts); what waits on Telegram is deleted there.
    @discardableResult
    public func pause(_ id: UUID) async throws -> SeriesSummary {
        let series = try live(id)
        guard series.status == .active else { return try summary(id) }
        try store.updateSeries(id, rows: waiting("Taken back: the series was paused.")) { $0.status = .paused }
        await schedule()
        return try summary(id)
    }

    /// Resumes a paused series from its next occurrence (those while it was paused are not
    /// posted).
    @discardableResult
    public func resume(_ id: UUID) async throws -> SeriesSummary {
        let series = try live(id)
        guard series.status == .paused else { return try summary(id) }
        let from = clock.now.addingTimeInterval(ScheduleKeeper.seriesSettledLead)
        guard let next = series.occurrences(after: from, limit: 1).first else { throw SeriesError.noOccurrence }
        try store.updateSeries(id) {
            $0.status = .active
            $0.nextIndex = next.index  // pausing took back everything from here on
            $0.planAt = nil
        }
        await schedule()
        return try summary(id)
    }

    /// Changes the rule, the values, or both. A new rule takes effect from now: what waits
    /// on Telegram for the old one is taken back, and an end "after N sends" counts from the
    /// change. New values are rendered into what already waits (edited on Telegram).
    @discardableResult
    public func change(_ id: UUID, rule: RepeatRule? = nil, variables: [String: String]? = nil) async throws -> SeriesSummary {
        let series = try live(id)
        guard let template = try store.template(id: series.templateID) else { throw StoreError.templateNotFound(series.templateID.uuidString) }
        if let variables { try SendRules.check(variables, for: template) }
        let now = clock.now
        var first: (index: Int, date: Date)?
        if let rule {
            guard let next = rule.occurrences(after: now.addingTimeInterval(ScheduleKeeper.seriesSettledLead), limit: 1).first else {
                throw SeriesError.noOccurrence
            }
            try ScheduleKeeper.check(next.date, now: now)
            first = (0, next.date)
        }
        let rule = rule.map { r in first.map { r.counted(from: $0.date) } ?? r }
        var request = SendRequest(template: template, variables: variables ?? series.variables, context: RenderContext(now: now))
        request.context.me = store.previewSenderName()
        try Self.checkRenders(request, at: first?.date ?? now, timeZone: (rule ?? series.rule).timeZone)
        let used = try store.seriesRows(id).compactMap(\.occurrence).max().map { $0 + 1 } ?? 0
        let newRule = rule.flatMap { r in first.map { (r, $0.index) } }
        // One transaction: a pass sees the old rule with its rows or the new one without them.
        try store.updateSeries(id, rows: newRule == nil ? .none : waiting("Taken back: the series' rule changed.")) {
            if let (rule, firstIndex) = newRule {
                let base = max($0.nextIndex, used)
                $0.rule = rule
                $0.indexBase = base
                $0.nextIndex = base + firstIndex
                $0.skipped = $0.skipped.filter { $0 < base }
                $0.planAt = nil
            }
            if let variables { $0.variables = variables }
        }
        await schedule()
        return try summary(id)
    }

    /// Cancels for good: what waits on Telegram is deleted there.
    @discardableResult
    public func cancel(_ id: UUID) async throws -> SeriesSummary {
        _ = try live(id)
        try store.updateSeries(id, rows: .cancel(occurrences: nil, reason: "The series was cancelled.")) { $0.status = .cancelled }
        await schedule()
        return try summary(id)
    }

    // MARK: - Parts

    private func live(_ id: UUID) throws -> RepeatSeries {
        guard let series = try store.series(id: id) else { throw SeriesError.notFound(id.uuidString.lowercased()) }
        guard !series.status.isFinal else { throw SeriesError.finished(series.status) }
        return series
    }

    /// Takes back what waits for a series at least a minute ahead (an occurrence closer than
    /// that is left to post), with the change that asks for it.
    private func waiting(_ reason: String) -> AppDatabase.SeriesRowsChange {
        .withdrawWaiting(after: clock.now.addingTimeInterval(ScheduleKeeper.seriesSettledLead), reason: reason)
    }

    /// Renders the template once as an occurrence would (without TDLib's Markdown pass, which
    /// the keeper runs), so a missing value is refused now rather than at every occurrence.
    private static func checkRenders(_ request: SendRequest, at date: Date, timeZone: String) throws {
        var context = request.context
        context.now = date
        context.timeZone = TimeZone(identifier: timeZone) ?? .current
        context.custom.merge(request.variables) { _, new in new }
        if let location = request.location { context.location = location }
        if context.me == nil { context.me = RenderContext.previewSenderName }
        _ = try Renderer().render(request.template, context: context)
    }

    private func summary(_ series: RepeatSeries, posted: Int) throws -> SeriesSummary {
        let rows = try store.seriesRows(series.id)
        var upcoming: [SeriesOccurrence] = []
        if !series.status.isFinal {
            for (index, date) in series.occurrences(after: clock.now, limit: Self.upcomingShown + series.skipped.count) {
                let mine = rows.filter { $0.occurrence == index && !$0.withdrawn }
                let state: SeriesOccurrence.State =
                    if series.skipped.contains(index) || mine.contains(where: { $0.entry.error == "Skipped." }) { .skipped }
                    else if !mine.isEmpty, mine.allSatisfy({ $0.status == .scheduled }) { .scheduled }
                    else if mine.contains(where: { $0.status == .queued || $0.status == .sending || $0.status == .scheduled }) { .queued }
                    else { .planned }
                if state == .skipped, upcoming.count >= Self.upcomingShown { continue }
                upcoming.append(SeriesOccurrence(index: index, date: date, state: state))
                if upcoming.count >= Self.upcomingShown { break }
            }
        }
        let recent = rows.filter { $0.status.isFinal && !$0.withdrawn }.sorted { $0.scheduledFor > $1.scheduledFor }.prefix(5)
        let followUp = try series.followUp.map { rule in
            rule.seriesSentence(templateName: try rule.sendsTemplateID.flatMap { try store.template(id: $0)?.name })
        }
        return SeriesSummary(series: series, upcoming: upcoming, posted: posted, recent: Array(recent), followUp: followUp)
    }
}

/// A series as every face shows it: the series, its next occurrences and how it went.
public struct SeriesSummary: Sendable, Equatable {
    public var series: RepeatSeries
    /// The next occurrences (skipped ones included, marked).
    public var upcoming: [SeriesOccurrence]
    /// How many occurrences were posted.
    public var posted: Int
    /// The latest finished rows (posted, failed, skipped, deleted elsewhere), newest first.
    public var recent: [ScheduledSend]
    /// The follow-up each post carries, in words ("Each post: if no reply within 1 h, remind
    /// you in Saved Messages"); nil for none.
    public var followUp: String?

    public init(series: RepeatSeries, upcoming: [SeriesOccurrence], posted: Int, recent: [ScheduledSend], followUp: String? = nil) {
        self.series = series
        self.upcoming = upcoming
        self.posted = posted
        self.recent = recent
        self.followUp = followUp
    }

    /// "every Mon and Fri at 10:00 until 24 Dec".
    public var words: String { series.rule.summary() }
}

/// Why a series could not be started or changed; nothing changed.
public enum SeriesError: Error, Equatable, UserFacingError {
    case notFound(String)
    case finished(RepeatSeries.Status)
    /// The rule has no occurrence left.
    case noOccurrence
    case noSuchOccurrence(Int)
    case targetsAreTheTemplates

    public var message: String {
        switch self {
        case .notFound(let id): "No series has id \(id)."
        case .finished(let status): "This series has \(status == .ended ? "ended" : "been cancelled"); it cannot be changed."
        case .noOccurrence: "The rule has no occurrence left from now on."
        case .noSuchOccurrence(let n): "Occurrence \(n) is not one of the series' next occurrences."
        case .targetsAreTheTemplates: "A series posts to its template's targets."
        }
    }

    public var nextStep: String? {
        switch self {
        case .notFound: "See the series and their ids."
        case .finished: "Start a new series instead."
        case .noOccurrence: "Give a later end, more sends, or another rule, e.g. \"mon,fri 10:00\"."
        case .noSuchOccurrence: "See the next occurrences and their numbers."
        case .targetsAreTheTemplates: "Change the template's targets, or send it now to one chat."
        }
    }

    public var code: String {
        switch self {
        case .notFound: "series_not_found"
        case .finished: "series_finished"
        case .noOccurrence: "no_occurrence"
        case .noSuchOccurrence: "no_such_occurrence"
        case .targetsAreTheTemplates: "bad_request"
        }
    }
}

extension SeriesService {
    /// Every series (the finished ones too when asked), without their upcoming sends: what an
    /// id prefix or a name is looked up in.
    public func all(includeFinished: Bool) throws(StoreError) -> [RepeatSeries] {
        try store.allSeries(includeFinished: includeFinished)
    }
}
