import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// Repeating series on Telegram's schedule, driven by `ScheduleKeeper` and `SeriesService`
/// against the simulator (Telegram's rules: the 10 s rule, 100 per chat, 367 days, ids that
/// change when a date moves) on a test clock.
@Suite("Repeating series on Telegram's schedule", .timeLimit(.minutes(20)))
struct SeriesKeeperTests {
    static let family = Target(chatID: -1001000000001, chatTitle: "Family")
    static let climbing = Target(chatID: -4001, chatTitle: "Climbing crew")
    static let neighbours = Target(chatID: -4002, chatTitle: "Neighbours")
    static let alice = Target(chatID: 555_000_111, chatTitle: "Alice")
    static let standups = Target(chatID: -1001000000002, topicID: 11, chatTitle: "Work", topicTitle: "Standups")

    /// 2026-11-24 12:00 UTC: a fixed start, so the year ahead holds both daylight saving changes
    /// of every zone below.
    static let start = Date(timeIntervalSince1970: 1_795_521_600)

    func scheduled(_ t: SimulatedTelegram) -> [(chatID: Int64, content: String, sendDate: Int32)] {
        t.simulator.scheduledMessages(inDatabaseDirectory: t.environment.tdlibDatabaseFolder)
    }

    func service(_ t: SimulatedTelegram, _ keeper: ScheduleKeeper, _ clock: TestClock) -> SeriesService {
        SeriesService(store: t.store, clock: clock) { await keeper.sync() }
    }

    @Test("a weekly series for a year: every occurrence at 09:00 local on a Monday across both daylight saving changes of Rome, New York and Sydney, each posted once")
    func weeklyAcrossDaylightSaving() async throws {
        let clock = TestClock(now: Self.start)
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let zones = [("Europe/Rome", Self.family), ("America/New_York", Self.climbing), ("Australia/Sydney", Self.neighbours)]
        for (zone, target) in zones {
            let template = try t.store.insert(Template(name: "Standup \(zone)", body: "Standup in \(target.chatTitle) on {{date}}", targets: [target]))
            let rule = try RepeatRule(parsing: "mon 09:00", timeZone: try #require(TimeZone(identifier: zone)), start: clock.now)
            try await service(t, keeper, clock).start(SendOrder(templateID: template.id), rule: rule)
        }
        var seen: [Int64: Set<Int32>] = [:]
        let end = Self.start.addingTimeInterval(366 * 86_400)
        while clock.now < end {
            await keeper.sync()
            let waiting = scheduled(t)
            for message in waiting { seen[message.chatID, default: []].insert(message.sendDate) }
            // A weekly series keeps the next 14 days scheduled: two or three Mondays.
            for (_, target) in zones { #expect((1...3).contains(waiting.filter { $0.chatID == target.chatID }.count)) }
            clock.advance(by: 3.5 * 86_400)
        }
        for (zone, target) in zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: zone))
            let dates = (seen[target.chatID] ?? []).sorted().map { Date(timeIntervalSince1970: TimeInterval($0)) }
            #expect(dates.count >= 52, "\(zone): \(dates.count) occurrences")
            for date in dates {
                let parts = calendar.dateComponents([.weekday, .hour, .minute], from: date)
                #expect(parts.weekday == 2 && parts.hour == 9 && parts.minute == 0, "\(zone): \(date)")
            }
            // Consecutive occurrences are exactly a week apart in local days (168 h ± 1 h at a change).
            for (a, b) in zip(dates, dates.dropFirst()) {
                #expect(calendar.dateComponents([.day], from: a, to: b).day == 7, "\(zone): \(a) → \(b)")
            }
            let hours = Set(zip(dates, dates.dropFirst()).map { Int($1.timeIntervalSince($0) / 3600) })
            #expect(hours == [167, 168, 169], "\(zone) crosses both changes: \(hours.sorted())")
        }
        // Each occurrence is one send log row, none twice; the posted ones were posted once.
        let rows = try t.store.allSeries(includeFinished: true).flatMap { try t.store.seriesRows($0.id) }
        #expect(Set(rows.map { "\($0.seriesID?.uuidString ?? "")#\($0.occurrence ?? -1)" }).count == rows.count)
        let delivered = t.simulator.deliveredMessages.map(\.content)
        #expect(Set(delivered).count == delivered.count)
        await open.close()
    }

    @Test("20 series over 5 chats and 60 single sends, random mixes: no chat ever holds more than 100, series never more than 50, and every single send is scheduled")
    func windowLeavesRoom() async throws {
        for seed in [UInt64(7), 21, 1_234] {
            var random = SeededRandom(seed: seed)
            let clock = TestClock(now: Self.start)
            let t = try SimulatedTelegram(clock: clock)
            defer { t.remove() }
            let open = try await t.loggedIn()
            let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
            let chats = [Self.family, Self.climbing, Self.neighbours, Self.alice, Self.standups]
            let rules = ["day", "weekdays", "mon,wed,fri", "2 days", "sat,sun", "2 weeks tue"]
            for n in 0..<20 {
                let target = chats[Int.random(in: 0..<chats.count, using: &random)]
                let template = try t.store.insert(Template(name: "Series \(n)", body: "Series \(n) on {{date}}", targets: [target]))
                let every = "\(rules[Int.random(in: 0..<rules.count, using: &random)]) \(String(format: "%02d:%02d", Int.random(in: 0..<24, using: &random), 5 * Int.random(in: 0..<12, using: &random)))"
                let rule = try RepeatRule(parsing: every, timeZone: .gmt, start: clock.now)
                try await service(t, keeper, clock).start(SendOrder(templateID: template.id), rule: rule)
            }
            // Singles go mostly to one crowded chat, at random moments of the run.
            let crowded = chats[Int.random(in: 0..<chats.count, using: &random)]
            var singles: [Int64] = []
            var step = 0
            while step < 40 || singles.count < 60 {
                let due = Int.random(in: 0...3, using: &random)
                for _ in 0..<due where singles.count < 60 {
                    let target = Int.random(in: 0..<4, using: &random) == 0 ? chats[Int.random(in: 0..<chats.count, using: &random)] : crowded
                    let template = try t.store.insert(Template(name: "Single \(singles.count)", body: "Once \(singles.count)", targets: [target]))
                    let at = clock.now.addingTimeInterval(Double(Int.random(in: 2 * 86_400...20 * 86_400, using: &random)))
                    let rows = try await keeper.scheduleLater(SendRequest(template: template), at: at)
                    #expect(rows.allSatisfy { $0.status == .scheduled }, "seed \(seed): a single send was refused: \(rows.map { $0.entry.error ?? "" })")
                    singles += rows.map(\.id)
                }
                await keeper.sync()
                let waiting = scheduled(t)
                let live = try t.store.liveScheduledSends()
                for chat in chats {
                    #expect(waiting.filter { $0.chatID == chat.chatID }.count <= 100)
                    let series = live.filter { $0.seriesID != nil && $0.entry.target.chatID == chat.chatID && $0.status == .scheduled }.count
                    #expect(series <= ScheduleKeeper.seriesShareOfChat, "seed \(seed): \(series) series occurrences in \(chat.chatTitle)")
                }
                clock.advance(by: 12 * 3600)
                step += 1
            }
            await keeper.sync()
            #expect(singles.count == 60)
            for id in singles {
                let row = try #require(try t.store.scheduledSend(id: id))
                #expect(row.status == .scheduled || row.status == .sent, "seed \(seed): \(row.status) \(row.entry.error ?? "")")
            }
            await open.close()
        }
    }

    @Test("skip, pause, resume, new values, a new rule and cancel: Telegram's schedule follows each, and every occurrence is in the send log")
    func controls() async throws {
        let clock = TestClock(now: Self.start)
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let series = service(t, keeper, clock)
        let template = try t.store.insert(Template(name: "Gym", body: "Gym at {{time}} with {{who}}", targets: [Self.family, Self.climbing]))
        let rule = try RepeatRule(parsing: "day 18:00", timeZone: .gmt, start: clock.now)
        // Bad orders change nothing.
        await #expect(throws: RenderError.missingVariables(["who"])) { try await series.start(SendOrder(templateID: template.id), rule: rule) }
        await #expect(throws: SendOrderError.self) { try await series.start(SendOrder(templateID: template.id, variables: ["who": "Bo", "x": "1"]), rule: rule) }
        #expect(try t.store.allSeries().isEmpty)

        var summary = try await series.start(SendOrder(templateID: template.id, variables: ["who": "Bo"]), rule: rule)
        let id = summary.series.id
        // Daily for 14 days, at most 10 occurrences: 10 per chat.
        #expect(scheduled(t).filter { $0.chatID == Self.family.chatID }.count == 10)
        #expect(scheduled(t).count == 20)
        #expect(summary.upcoming.prefix(5).allSatisfy { $0.state == .scheduled })
        let first = try #require(summary.upcoming.first)

        summary = try await series.skip(id)
        #expect(summary.upcoming.first?.state == .skipped)
        #expect(!scheduled(t).contains { $0.sendDate == Int32(first.date.timeIntervalSince1970) })
        let skippedRows = try t.store.seriesRows(id).filter { $0.occurrence == first.index }
        #expect(skippedRows.count == 2 && skippedRows.allSatisfy { $0.status == .cancelled && $0.entry.error == "Skipped." })

        // New values: edited into what waits (the same messages, new text).
        let before = Set(try t.store.liveScheduledSends().flatMap(\.telegramIDs))
        summary = try await series.change(id, variables: ["who": "Cy"])
        #expect(scheduled(t).allSatisfy { $0.content.hasSuffix("with Cy") })
        #expect(Set(try t.store.liveScheduledSends().flatMap(\.telegramIDs)) == before)

        summary = try await series.pause(id)
        #expect(summary.series.status == .paused)
        #expect(scheduled(t).isEmpty)
        #expect(try t.store.liveScheduledSends().isEmpty)
        clock.advance(by: 3 * 86_400)
        await keeper.sync()
        #expect(scheduled(t).isEmpty, "nothing is scheduled while paused")
        summary = try await series.resume(id)
        #expect(scheduled(t).count == 20)
        #expect(try #require(summary.upcoming.first).date > clock.now)

        // A new rule: from now on, with new dates; what waited for the old one is taken back.
        summary = try await series.change(id, rule: try RepeatRule(parsing: "sat 10:00", timeZone: .gmt, start: clock.now))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let dates = scheduled(t).map { Date(timeIntervalSince1970: TimeInterval($0.sendDate)) }
        #expect(!dates.isEmpty && dates.allSatisfy { calendar.component(.weekday, from: $0) == 7 && calendar.component(.hour, from: $0) == 10 })
        // Every occurrence number is used once per target, across both rules.
        let numbered = try t.store.seriesRows(id).filter { !$0.withdrawn }.map { "\($0.occurrence ?? -1)@\($0.entry.target)" }
        #expect(Set(numbered).count == numbered.count)

        summary = try await series.cancel(id)
        #expect(summary.series.status == .cancelled)
        #expect(scheduled(t).isEmpty)
        await #expect(throws: SeriesError.finished(.cancelled)) { try await series.pause(id) }
        await open.close()
    }

    @Test("an occurrence deleted in another Telegram app is marked so and not scheduled again; the series goes on, and a template edit re-renders what waits")
    func deletedElsewhereAndTemplateEdit() async throws {
        let clock = TestClock(now: Self.start)
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        var template = try t.store.insert(Template(name: "Bins", body: "Bins out on {{date}}", targets: [Self.neighbours]))
        let rule = try RepeatRule(parsing: "tue,fri 19:00", timeZone: .gmt, start: clock.now)
        let summary = try await service(t, keeper, clock).start(SendOrder(templateID: template.id), rule: rule)
        let rows = try t.store.liveScheduledSends()
        #expect(rows.count == 4)
        let victim = try #require(rows.first)
        let message = try #require(scheduled(t).first { $0.sendDate == Int32(victim.scheduledFor.timeIntervalSince1970.rounded()) })
        t.simulator.deleteScheduledElsewhere(inDatabaseDirectory: t.environment.tdlibDatabaseFolder, chatID: message.chatID, content: message.content)
        try await awaitCondition { scheduled(t).count == 3 }
        await keeper.sync()
        let after = try #require(try t.store.scheduledSend(id: victim.id))
        #expect(after.status == .cancelled && after.entry.error == ScheduleKeeper.deletedElsewhere)
        await keeper.sync()
        #expect(scheduled(t).count == 3, "not scheduled again")
        #expect(!(try t.store.seriesRows(summary.series.id).contains { $0.occurrence == victim.occurrence && $0.id != victim.id }))

        template.body = "Bins and recycling out on {{date}}"
        template = try t.store.update(template)
        await keeper.sync()
        #expect(scheduled(t).allSatisfy { $0.content.hasPrefix("Bins and recycling out on ") })
        #expect(scheduled(t).count == 3)
        await open.close()
    }
}
