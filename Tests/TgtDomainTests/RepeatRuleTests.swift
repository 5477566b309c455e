import Foundation
import Testing
import TgtDomain

/// Repeat rules: the compact text form and the words, RRULE's subset, and occurrences at the
/// same local time across daylight saving changes.
@Suite("Repeat rules")
struct RepeatRuleTests {
    static let rome = TimeZone(identifier: "Europe/Rome") ?? .gmt
    /// Tuesday 24 November 2026, 12:00 in Rome.
    static let start = Date(timeIntervalSince1970: 1_795_518_000)

    static func local(_ date: Date, _ zone: TimeZone) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
    }

    @Test("the compact form reads and prints back; the words say it plainly", arguments: [
        ("mon,fri 10:00", nil, nil, "mon,fri 10:00", "every Mon and Fri at 10:00"),
        ("every day 09:00", nil, "5", "day 09:00", "every day at 09:00, 5 times"),
        ("2 days 7:30", "2026-12-24", nil, "2 days 07:30", "every 2 days at 07:30 until 24 Dec 2026"),
        ("weekdays 08:30", nil, nil, "weekdays 08:30", "every weekday (Mon–Fri) at 08:30"),
        ("mon-wed,sun 18:00", nil, nil, "mon,tue,wed,sun 18:00", "every Mon, Tue, Wed and Sun at 18:00"),
        ("2 weeks monday 10:00", nil, "1", "2 weeks mon 10:00", "every 2 weeks on Mon at 10:00, once"),
        ("month 31st 09:00", nil, nil, "month 31 09:00", "every month on the 31st at 09:00 (the last day in shorter months)"),
    ] as [(String, String?, String?, String, String)])
    func text(every: String, until: String?, times: String?, compact: String, words: String) throws {
        let rule = try RepeatRule(parsing: every, until: until, times: times, timeZone: Self.rome, start: Self.start)
        #expect(rule.text == compact)
        #expect(rule.summary(localZone: Self.rome) == words)
        let again = try RepeatRule(parsing: rule.text, until: until, times: times, timeZone: Self.rome, start: Self.start)
        #expect(again == rule)
        #expect(try RepeatRule(rrule: rule.rrule, timeZone: Self.rome, start: Self.start) == rule, "\(rule.rrule)")
    }

    @Test("bad rules: one clear line with an example", arguments: [
        ("mon,fri", "“mon,fri” is not a repeat rule."),
        ("mon,xyz 10:00", "“mon,xyz 10:00” is not a repeat rule."),
        ("day 25:00", "“day 25:00” is not a repeat rule."),
        ("month 32 09:00", "32 is not a day of the month (1 to 31)."),
        ("0 days 09:00", "Every 0 is not an interval a series can have (1 to 99)."),
    ])
    func refused(every: String, message: String) {
        #expect {
            _ = try RepeatRule(parsing: every, timeZone: Self.rome, start: Self.start)
        } throws: { error in
            guard let error = error as? RepeatRuleError else { return false }
            return error.message == message && (error.nextStep ?? "").contains("mon,fri 10:00")
        }
    }

    @Test("ends: a day before the start, both ends, a bad count and an unknown zone are refused")
    func badEnds() {
        #expect(throws: RepeatRuleError.endsBeforeStart(LocalDate(year: 2026, month: 1, day: 1))) {
            try RepeatRule(parsing: "day 09:00", until: "2026-01-01", timeZone: Self.rome, start: Self.start)
        }
        #expect(throws: RepeatRuleError.twoEnds(until: "2026-12-24", times: "3")) {
            try RepeatRule(parsing: "day 09:00", until: "2026-12-24", times: "3", timeZone: Self.rome, start: Self.start)
        }
        #expect(throws: RepeatRuleError.unreadableDate("24/12/2026")) {
            try RepeatRule(parsing: "day 09:00", until: "24/12/2026", timeZone: Self.rome, start: Self.start)
        }
        #expect(throws: RepeatRuleError.badCount(0)) { try RepeatRule(parsing: "day 09:00", times: "0", timeZone: Self.rome, start: Self.start) }
        #expect(throws: RepeatRuleError.badCount(0)) { try RepeatRule(parsing: "day 09:00", times: "many", timeZone: Self.rome, start: Self.start) }
        #expect(throws: RepeatRuleError.unknownTimeZone("Mars/Olympus")) {
            try RepeatRule(pattern: .daily(interval: 1), hour: 9, minute: 0, timeZone: "Mars/Olympus", start: LocalDate(year: 2026, month: 11, day: 24))
        }
    }

    @Test("a weekly rule for a year lands at 10:00 local on its days across both daylight saving changes", arguments: [
        "Europe/Rome", "America/New_York", "Australia/Sydney",
    ])
    func weeklyAcrossDST(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        let rule = try RepeatRule(parsing: "mon,fri 10:00", timeZone: zone, start: Self.start)
        let all = rule.occurrences(from: Self.start, through: Self.start.addingTimeInterval(365 * 86_400))
        #expect((103...105).contains(all.count))
        for (offset, occurrence) in all.enumerated() {
            let parts = Self.local(occurrence.date, zone)
            #expect(parts.hour == 10 && parts.minute == 0, "\(occurrence.date) in \(zoneName)")
            #expect(parts.weekday == 2 || parts.weekday == 6)
            #expect(occurrence.index == offset)
        }
        // The offsets from UTC change twice within the year: the same local time is not the same UTC time.
        let offsets = Set(all.map { zone.secondsFromGMT(for: $0.date) })
        #expect(offsets.count == 2)
    }

    @Test("monthly on the 31st uses the last day of shorter months; counts and last days end the series")
    func monthlyAndEnds() throws {
        let rule = try RepeatRule(parsing: "month 31 09:00", times: "6", timeZone: Self.rome, start: Self.start)
        let days = rule.occurrences(after: Self.start, limit: 20).map { Self.local($0.date, Self.rome) }
        #expect(days.map { "\($0.month ?? 0)-\($0.day ?? 0)" } == ["11-30", "12-31", "1-31", "2-28", "3-31", "4-30"])
        #expect(days.allSatisfy { $0.hour == 9 })
        let until = try RepeatRule(parsing: "day 09:00", until: "2026-11-28", timeZone: Self.rome, start: Self.start)
        #expect(until.occurrences(after: Self.start, limit: 20).count == 4, "25, 26, 27 and 28 Nov (the 24th's 09:00 had passed)")
    }

    @Test("every 2 weeks counts weeks from the start's week; a time skipped by the spring change moves past the gap")
    func intervalsAndGaps() throws {
        let rule = try RepeatRule(parsing: "2 weeks mon,wed 10:00", timeZone: Self.rome, start: Self.start)
        let dates = rule.occurrences(after: Self.start, limit: 4).map { Self.local($0.date, Self.rome) }
        // Start: Tue 24 Nov; this week's Wed 25, then Mon 7 and Wed 9 Dec, then Mon 21 Dec.
        #expect(dates.map { $0.day ?? 0 } == [25, 7, 9, 21])
        let early = try RepeatRule(parsing: "day 02:30", timeZone: Self.rome, start: Date(timeIntervalSince1970: 1_806_000_000))
        let march = early.occurrences(after: Date(timeIntervalSince1970: 1_806_000_000), limit: 30).map { Self.local($0.date, Self.rome) }
        // 28 March 2027: 02:00 → 03:00 in Rome; 02:30 does not exist that day.
        let gapDay = try #require(march.first { $0.month == 3 && $0.day == 28 })
        #expect(gapDay.hour == 3)
        #expect(march.filter { $0.month == 3 && $0.day == 29 }.first?.hour == 2)
    }
}
