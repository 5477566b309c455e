import Foundation

/// How a scheduled series repeats: which days, at what local time in which time zone, and
/// when it ends. Times are wall-clock times of the zone, so 09:00 stays 09:00 across daylight
/// saving changes. Occurrences are computed by `occurrences(after:limit:)`; the compact text
/// form (`RepeatRule(parsing:until:times:)`) and the words (`summary`) are in
/// `RepeatRule+Text.swift`, RFC 5545's RRULE subset in `RepeatRule+RRULE.swift`.
public struct RepeatRule: Sendable, Hashable, Codable {
    /// Which days an occurrence falls on.
    public enum Pattern: Sendable, Hashable, Codable {
        /// Every `interval` days (1: every day).
        case daily(interval: Int)
        /// Every `interval` weeks (1: every week), on these days of the week.
        case weekly(interval: Int, days: Set<Weekday>)
        /// Every month on this day (1…31); a month without it uses its last day.
        case monthly(day: Int)
    }

    /// When the series stops.
    public enum End: Sendable, Hashable, Codable {
        case never
        /// The last day an occurrence may fall on (inclusive, in the rule's time zone).
        case until(LocalDate)
        /// After this many occurrences in all.
        case count(Int)
    }

    public var pattern: Pattern
    /// The time of day, in `timeZone`.
    public var hour: Int
    public var minute: Int
    /// An IANA time zone identifier ("Europe/Rome").
    public var timeZone: String
    public var end: End
    /// The first day the series may fall on (its creation day, in `timeZone`); `interval`s
    /// count from it.
    public var start: LocalDate

    public init(pattern: Pattern, hour: Int, minute: Int, timeZone: String, end: End = .never, start: LocalDate) throws(RepeatRuleError) {
        self.pattern = pattern
        self.hour = hour
        self.minute = minute
        self.timeZone = timeZone
        self.end = end
        self.start = start
        try validate()
    }

    /// The longest interval and the most occurrences a rule may have.
    public static let maxInterval = 99
    public static let maxCount = 999

    /// Refuses rules that make no sense, with one line and an example.
    public func validate() throws(RepeatRuleError) {
        guard TimeZone(identifier: timeZone) != nil else { throw .unknownTimeZone(timeZone) }
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { throw .badTime("\(hour):\(minute)") }
        switch pattern {
        case .daily(let interval), .weekly(let interval, _):
            guard (1...Self.maxInterval).contains(interval) else { throw .badInterval(interval) }
        case .monthly(let day):
            guard (1...31).contains(day) else { throw .badDayOfMonth(day) }
        }
        if case .weekly(_, let days) = pattern, days.isEmpty { throw .noWeekdays }
        switch end {
        case .never: break
        case .until(let last): guard last >= start else { throw .endsBeforeStart(last) }
        case .count(let n): guard (1...Self.maxCount).contains(n) else { throw .badCount(n) }
        }
    }

    /// The same rule counted from the day of `occurrence` (one of its occurrences): the
    /// occurrences from there on are the same ones (intervals keep their phase), and an end
    /// after N sends counts from there. A series starts from its first upcoming occurrence,
    /// so "5 times" means five sends from now, not counting those earlier today.
    public func counted(from occurrence: Date) -> RepeatRule {
        var rule = self
        rule.start = max(start, LocalDate(occurrence, in: calendar))
        return rule
    }

    /// The calendar the rule counts days in.
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? .gmt
        calendar.firstWeekday = 2
        return calendar
    }

    /// Every occurrence from the start, in order, as long as `body` returns true (ends with
    /// the rule's end or after ten years of days without one).
    public func forEachOccurrence(_ body: (_ index: Int, _ date: Date) -> Bool) {
        let calendar = calendar
        guard let first = start.date(in: calendar) else { return }
        var index = 0
        var dayOffset = 0
        // Ten years of days at most: a rule always finds a day well within that.
        while dayOffset < 3700 {
            guard let day = calendar.date(byAdding: .day, value: dayOffset, to: first) else { return }
            dayOffset += 1
            let local = LocalDate(day, in: calendar)
            if case .until(let last) = end, local > last { return }
            guard matches(local, dayOffset: dayOffset - 1, calendar: calendar) else { continue }
            if case .count(let n) = end, index >= n { return }
            guard let at = local.date(in: calendar, hour: hour, minute: minute) else { continue }
            if !body(index, at) { return }
            index += 1
        }
    }

    /// Whether an occurrence falls on `day`, `dayOffset` days after the start.
    private func matches(_ day: LocalDate, dayOffset: Int, calendar: Calendar) -> Bool {
        switch pattern {
        case .daily(let interval):
            return dayOffset % interval == 0
        case .weekly(let interval, let days):
            guard let weekday = day.weekday(in: calendar), days.contains(weekday) else { return false }
            // Weeks count from the start's week (Monday first).
            let startMonday = start.mondayOffset(in: calendar)
            return ((dayOffset + startMonday) / 7) % interval == 0
        case .monthly(let wanted):
            let last = day.daysInMonth(in: calendar)
            return day.day == min(wanted, last)
        }
    }

    /// The next occurrences strictly after `date`, at most `limit` of them, with their index in
    /// the series (0 for the first) — what a send log and `--times` count.
    public func occurrences(after date: Date, limit: Int) -> [(index: Int, date: Date)] {
        var found: [(index: Int, date: Date)] = []
        guard limit > 0 else { return found }
        forEachOccurrence { index, at in
            if at > date { found.append((index, at)) }
            return found.count < limit
        }
        return found
    }

    /// The occurrences within `[from, to]`, in order.
    public func occurrences(from: Date, through to: Date) -> [(index: Int, date: Date)] {
        var found: [(index: Int, date: Date)] = []
        forEachOccurrence { index, at in
            if at > to { return false }
            if at >= from { found.append((index, at)) }
            return true
        }
        return found
    }
}

/// A day of the week, Monday first (ISO 8601).
public enum Weekday: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }

    /// The day an English name or abbreviation of two letters or more names, in any case:
    /// "monday", "Mon", "tu", "thurs"; nil for anything else, and for one letter ("t" and "s"
    /// fit two days each).
    public init?(named text: some StringProtocol) {
        let name = text.lowercased()
        guard name.count >= 2 else { return nil }
        let day = Weekday.allCases.first { day in
            let full = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][day.rawValue - 1]
            return full.hasPrefix(name) && (name.count >= 3 || day == .tuesday || day == .thursday || name == "mo" || name == "we" || name == "fr" || name == "sa" || name == "su")
        }
        guard let day else { return nil }
        self = day
    }

    /// Monday to Friday.
    public static let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]

    /// "Mon", "Tue" …
    public var short: String {
        switch self {
        case .monday: "Mon"
        case .tuesday: "Tue"
        case .wednesday: "Wed"
        case .thursday: "Thu"
        case .friday: "Fri"
        case .saturday: "Sat"
        case .sunday: "Sun"
        }
    }

    /// RFC 5545's two letters ("MO").
    public var rruleCode: String { String(short.uppercased().prefix(2)) }

    /// From Foundation's weekday (1 is Sunday).
    init(gregorian weekday: Int) {
        self = Weekday(rawValue: weekday == 1 ? 7 : weekday - 1) ?? .monday
    }
}

/// A calendar day without a time or a zone ("2026-12-24"), compared day by day.
public struct LocalDate: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `calendar`'s zone.
    public init(_ date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// "2026-12-24"; nil for anything else or a day the calendar does not have.
    public init?(parsing text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        guard day <= daysInMonth(in: calendar) else { return nil }
    }

    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// The moment this day starts (or `hour`:`minute` on it) in `calendar`'s zone; a time
    /// that a daylight saving change skips moves to the first moment after the gap.
    func date(in calendar: Calendar, hour: Int = 0, minute: Int = 0) -> Date? {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
    }

    func weekday(in calendar: Calendar) -> Weekday? {
        date(in: calendar, hour: 12).map { Weekday(gregorian: calendar.component(.weekday, from: $0)) }
    }

    /// How many days after its week's Monday this day is (0 for a Monday).
    func mondayOffset(in calendar: Calendar) -> Int {
        (weekday(in: calendar)?.rawValue ?? 1) - 1
    }

    func daysInMonth(in calendar: Calendar) -> Int {
        guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1, hour: 12)),
              let range = calendar.range(of: .day, in: .month, for: first)
        else { return 28 }
        return range.count
    }
}
