import Foundation

/// The compact text form of a repeat rule, as the CLI and the API take it
/// (`--every "mon,fri 10:00" [--until 2026-12-24 | --times 5]`), and the rule in words.
extension RepeatRule {
    /// Reads `every` — "day 09:00", "2 days 09:00", "weekdays 08:30", "mon,fri 10:00",
    /// "2 weeks mon,wed 10:00", "month 31 09:00" (an "every " in front is allowed) — with an
    /// optional last day (`until`, "2026-12-24") or number of sends (`times`), in `timeZone`,
    /// starting on `start`'s day there.
    public init(parsing every: String, until: String? = nil, times: String? = nil, timeZone: TimeZone, start: Date) throws(RepeatRuleError) {
        var words = every.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if words.first == "every" { words.removeFirst() }
        guard let time = words.last, let (hour, minute) = Self.time(time) else { throw .unreadable(every) }
        words.removeLast()
        var interval = 1
        if let first = words.first, let n = Int(first) {
            guard (1...Self.maxInterval).contains(n) else { throw .badInterval(n) }
            interval = n
            words.removeFirst()
        }
        let pattern: Pattern
        switch words.first {
        case "day", "days", "daily":
            guard words.count == 1 else { throw .unreadable(every) }
            pattern = .daily(interval: interval)
        case "weekday", "weekdays", "workdays":
            guard words.count == 1, interval == 1 else { throw .unreadable(every) }
            pattern = .weekly(interval: 1, days: Weekday.workdays)
        case "week", "weeks", "weekly":
            guard words.count == 2, let days = Self.weekdays(words[1]) else { throw .unreadable(every) }
            pattern = .weekly(interval: interval, days: days)
        case "month", "months", "monthly":
            guard words.count == 2, interval == 1, let day = Self.dayOfMonth(words[1]) else { throw .unreadable(every) }
            guard (1...31).contains(day) else { throw .badDayOfMonth(day) }
            pattern = .monthly(day: day)
        case let list? where words.count == 1 && interval == 1:
            guard let days = Self.weekdays(list) else { throw .unreadable(every) }
            pattern = .weekly(interval: 1, days: days)
        default:
            throw .unreadable(every)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let startDay = LocalDate(start, in: calendar)
        var end = End.never
        if let until, let times { throw .twoEnds(until: until, times: times) }
        if let until {
            guard let last = LocalDate(parsing: until) else { throw .unreadableDate(until) }
            end = .until(last)
        }
        if let times {
            guard let n = Int(times.trimmingCharacters(in: .whitespaces)) else { throw .badCount(0) }
            end = .count(n)
        }
        try self.init(pattern: pattern, hour: hour, minute: minute, timeZone: timeZone.identifier, end: end, start: startDay)
    }

    /// A rule as a request gives it: the compact form (`every`) or RFC 5545's RRULE (`rrule`),
    /// exactly one of them, with an optional end (`until` or `times`, with `every` only) and
    /// time zone (an IANA name; nil: `defaultZone`), starting on `start`'s day.
    public init(every: String?, rrule: String?, until: String?, times: String?, timeZone: String?, defaultZone: TimeZone = .current,
                start: Date) throws(RepeatRuleError)
    {
        var zone = defaultZone
        if let timeZone {
            guard let named = TimeZone(identifier: timeZone) else { throw .unknownTimeZone(timeZone) }
            zone = named
        }
        switch (every, rrule) {
        case (let every?, nil):
            try self.init(parsing: every, until: until, times: times, timeZone: zone, start: start)
        case (nil, let rrule?):
            guard until == nil, times == nil else { throw .endOutsideRRULE }
            try self.init(rrule: rrule, timeZone: zone, start: start)
        case (nil, nil): throw .missing
        case (_?, _?): throw .twoForms
        }
    }

    /// The compact form that reads back as this rule ("2 weeks mon,wed 10:00").
    public var text: String {
        let time = String(format: "%02d:%02d", hour, minute)
        switch pattern {
        case .daily(let interval): return interval == 1 ? "day \(time)" : "\(interval) days \(time)"
        case .weekly(let interval, let days):
            let list = days.sorted().map { $0.short.lowercased() }.joined(separator: ",")
            if interval == 1 { return days == Weekday.workdays ? "weekdays \(time)" : "\(list) \(time)" }
            return "\(interval) weeks \(list) \(time)"
        case .monthly(let day): return "month \(day) \(time)"
        }
    }

    /// The rule in words: "every Mon and Fri at 10:00 until 24 Dec 2026",
    /// "every month on the 31st at 09:00 (the last day in shorter months), 5 times". The zone
    /// is named when it is not `localZone`.
    public func summary(localZone: TimeZone = .current) -> String {
        let time = String(format: "%02d:%02d", hour, minute)
        var words: String
        switch pattern {
        case .daily(let interval):
            words = interval == 1 ? "every day at \(time)" : "every \(interval) days at \(time)"
        case .weekly(let interval, let days):
            let named: String
            if days == Weekday.workdays { named = "weekday (Mon–Fri)" } else if days.count == 7 { named = "day" } else { named = Self.list(days.sorted().map(\.short)) }
            words = interval == 1 ? "every \(named) at \(time)" : "every \(interval) weeks on \(named) at \(time)"
        case .monthly(let day):
            words = "every month on the \(Self.ordinal(day)) at \(time)"
            if day > 28 { words += day == 31 ? " (the last day in shorter months)" : " (the last day in months without it)" }
        }
        let utc: Set<String> = ["GMT", "UTC", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Etc/Zulu", "Zulu"]
        if timeZone != localZone.identifier, !(utc.contains(timeZone) && utc.contains(localZone.identifier)) {
            words += utc.contains(timeZone) ? " UTC" : " \(timeZone) time"
        }
        switch end {
        case .never: break
        case .until(let last): words += " until \(Self.dayText(last))"
        case .count(let n): words += n == 1 ? ", once" : ", \(n) times"
        }
        return words
    }

    static func time(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), hour < 24, minute < 60
        else { return nil }
        return (hour, minute)
    }

    static func weekdays(_ text: String) -> Set<Weekday>? {
        var days = Set<Weekday>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let range = part.split(separator: "-", omittingEmptySubsequences: false)
            if range.count == 2, let from = weekday(range[0]), let to = weekday(range[1]), from <= to {
                for raw in from.rawValue...to.rawValue { if let day = Weekday(rawValue: raw) { days.insert(day) } }
            } else if let day = weekday(part) {
                days.insert(day)
            } else {
                return nil
            }
        }
        return days.isEmpty ? nil : days
    }

    private static func weekday(_ text: Substring) -> Weekday? { Weekday(named: text) }

    private static func dayOfMonth(_ text: String) -> Int? {
        var digits = text
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits.removeLast(2) }
        guard (1...2).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    static func dayText(_ day: LocalDate) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(day.day) \(months[max(0, min(11, day.month - 1))]) \(day.year)"
    }
}

/// Why a repeat rule was refused; nothing is scheduled. Each message has an example.
public enum RepeatRuleError: Error, Equatable, UserFacingError {
    case unreadable(String)
    case unreadableDate(String)
    case badTime(String)
    case badInterval(Int)
    case badDayOfMonth(Int)
    case noWeekdays
    case badCount(Int)
    case twoEnds(until: String, times: String)
    case endsBeforeStart(LocalDate)
    case unknownTimeZone(String)
    /// Neither the compact form nor an RRULE was given.
    case missing
    /// Both were given.
    case twoForms
    /// An RRULE with a separate end.
    case endOutsideRRULE

    public var message: String {
        switch self {
        case .unreadable(let text): "“\(text)” is not a repeat rule."
        case .unreadableDate(let text): "“\(text)” is not a day."
        case .badTime(let text): "“\(text)” is not a time of day."
        case .badInterval(let n): "Every \(n) is not an interval a series can have (1 to \(RepeatRule.maxInterval))."
        case .badDayOfMonth(let n): "\(n) is not a day of the month (1 to 31)."
        case .noWeekdays: "A weekly series needs at least one day of the week."
        case .badCount(let n): n <= 0 ? "The number of sends must be a whole number from 1 to \(RepeatRule.maxCount)." : "\(n) sends is more than a series can have (\(RepeatRule.maxCount))."
        case .twoEnds: "A series ends either on a day or after a number of sends, not both."
        case .endsBeforeStart(let day): "The series would end on \(day), before it starts."
        case .unknownTimeZone(let zone): "“\(zone)” is not a time zone."
        case .missing: "Say when it repeats."
        case .twoForms: "Give the rule once: in the compact form or as an RRULE, not both."
        case .endOutsideRRULE: "An RRULE carries its own end."
        }
    }

    public var nextStep: String? {
        switch self {
        case .unreadable, .badInterval, .badDayOfMonth, .noWeekdays, .badTime:
            "For example: \"mon,fri 10:00\", \"weekdays 08:30\", \"day 09:00\", \"2 weeks mon 10:00\" or \"month 31 09:00\"."
        case .unreadableDate, .endsBeforeStart: "Give the last day as 2026-12-24."
        case .badCount: "For example: 5."
        case .twoEnds: "Keep one of them."
        case .unknownTimeZone: "Use a zone name such as Europe/Rome or America/New_York."
        case .missing, .twoForms: "For example: \"mon,fri 10:00\", or FREQ=WEEKLY;BYDAY=MO,FR;BYHOUR=10;BYMINUTE=0."
        case .endOutsideRRULE: "Put it in the RRULE: UNTIL=20261224 or COUNT=5."
        }
    }

    public var code: String { "bad_repeat" }
}
