import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTelegram
import TgtTestSupport

/// A repeating series that carries a follow-up, against the simulator's schedule on a test
/// clock: every occurrence the keeper puts on Telegram's schedule carries one, waiting for its
/// post; a posted occurrence's follow-up counts from when it posted; changing or removing the
/// series' follow-up changes the posts to come only; a refused follow-up starts nothing.
@Suite("Series follow-ups", .timeLimit(.minutes(5)))
struct SeriesFollowUpTests {
    static let alice = Target(chatID: 555_000_111, chatTitle: "Alice")
    /// 2026-11-24 12:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_795_521_600)

    @Test("each scheduled occurrence carries the series' follow-up; a posted one is watched from its post; a change or removal reaches only the posts to come")
    func carried() async throws {
        let clock = TestClock(now: Self.start)
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let keeper = ScheduleKeeper(session: open.session, store: t.store, clock: clock)
        let service = SeriesService(store: t.store, clock: clock) { await keeper.sync() }
        let standup = try t.store.insert(Template(name: "Standup", body: "Standup in 5", targets: [Self.alice]))
        let nudge = try t.store.insert(Template(name: "Nudge", body: "Coming?", targets: [Self.alice]))
        let rule = try RepeatRule(parsing: "day 13:00", timeZone: .gmt, start: clock.now)
        let noReply = try FollowUpRule(condition: .noReply, within: 3_600, action: .remind)
        let summary = try await service.start(SendOrder(templateID: standup.id), rule: rule, followUp: noReply)
        #expect(summary.followUp == "Each post: if no reply within 1 h, remind you in Saved Messages")
        #expect(try t.store.series(id: summary.series.id)?.followUp == noReply, "stored with the series")

        let rows = try t.store.seriesRows(summary.series.id).filter { !$0.status.isFinal }
        let waiting = try t.store.followUps().filter { $0.state == .waiting }
        #expect(!rows.isEmpty && waiting.count == rows.count, "one per occurrence on its way: \(rows.count) rows, \(waiting.count) follow-ups")
        #expect(Set(waiting.map(\.sendID)) == Set(rows.map(\.id)))
        #expect(waiting.allSatisfy { $0.rule == noReply && $0.chatID == Self.alice.chatID && $0.templateName == "Standup" })

        // The first occurrence (13:00 today) posts; its follow-up counts from 13:00.
        let first = try #require(rows.min { $0.scheduledFor < $1.scheduledFor })
        clock.advance(to: first.scheduledFor.addingTimeInterval(1))
        try t.store.finishScheduled(id: first.id, status: .sent, messageID: 4_242)
        try t.store.startFollowUps()
        let watched = try #require(try t.store.followUps().first { $0.sendID == first.id })
        #expect(watched.state == .watching && watched.messageID == 4_242 && watched.dueAt == first.scheduledFor.addingTimeInterval(3_600),
                "\(watched.state) \(String(describing: watched.dueAt))")

        // A new follow-up: the posts to come carry it; the posted one keeps its own.
        let notRead = try FollowUpRule(condition: .notRead, within: 7_200, action: .send(templateID: nudge.id))
        let changed = try service.setFollowUp(summary.series.id, notRead)
        #expect(changed.followUp == "Each post: if not read within 2 h, send “Nudge”")
        let after = try t.store.followUps()
        #expect(after.first { $0.sendID == first.id }?.rule == noReply, "the posted one keeps its follow-up")
        let toCome = after.filter { $0.state == .waiting }
        #expect(!toCome.isEmpty && toCome.allSatisfy { $0.rule == notRead }, "\(toCome.map(\.rule))")
        #expect(toCome.count == rows.count - 1)

        // Removed: the posts to come carry none; the keeper's next plans add none.
        let removed = try service.setFollowUp(summary.series.id, nil)
        #expect(removed.followUp == nil)
        #expect(try t.store.followUps().filter { $0.state == .waiting }.isEmpty)
        clock.advance(by: 7 * 86_400)
        await keeper.sync()
        #expect(try t.store.followUps().filter { $0.state == .waiting }.isEmpty, "new occurrences carry none")
        await open.close()
    }

    @Test("a follow-up the rules refuse (a template needing values, a missing one) starts no series; a finished series cannot take one")
    func refused() async throws {
        let clock = TestClock(now: Self.start)
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let service = SeriesService(store: t.store, clock: clock)
        let standup = try t.store.insert(Template(name: "Standup", body: "Standup in 5", targets: [Self.alice]))
        let ask = try t.store.insert(Template(name: "Ask", body: "Did {{who}} call?", targets: [Self.alice]))
        let rule = try RepeatRule(parsing: "day 13:00", timeZone: .gmt, start: clock.now)
        for (followUp, expected) in [
            (try FollowUpRule(condition: .read, within: nil, action: .send(templateID: ask.id)), "needs values"),
            (try FollowUpRule(condition: .read, within: nil, action: .send(templateID: UUID())), "template"),
        ] {
            await #expect {
                try await service.start(SendOrder(templateID: standup.id), rule: rule, followUp: followUp)
            } throws: { error in
                ((error as? FollowUpError)?.message ?? "").localizedCaseInsensitiveContains(expected)
            }
        }
        #expect(try t.store.allSeries(includeFinished: true).isEmpty, "nothing started")
        let series = try await service.start(SendOrder(templateID: standup.id), rule: rule)
        #expect(series.followUp == nil)
        _ = try await service.cancel(series.series.id)
        #expect(throws: SeriesError.finished(.cancelled)) {
            try service.setFollowUp(series.series.id, try FollowUpRule(condition: .read, within: nil, action: .remind))
        }
    }
}
