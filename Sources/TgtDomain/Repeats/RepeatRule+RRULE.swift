import Foundation

/// The subset of RFC 5545's RRULE a repeat rule is: FREQ (DAILY, WEEKLY, MONTHLY), INTERVAL,
/// BYDAY (weekly), BYMONTHDAY (monthly, one day), BYHOUR and BYMINUTE (the time of day), and
/// UNTIL (a day, YYYYMMDD) or COUNT. Anything else is refused by name.
extension RepeatRule {
    /// "FREQ=WEEKLY;BYDAY=MO,FR;BYHOUR=10;BYMINUTE=0;UNTIL=20261224".
    public var rrule: String {
        var parts: [String] = []
        switch pattern {
        case .daily(let interval):
            parts.append("FREQ=DAILY")
            if interval > 1 { parts.append("INTERVAL=\(interval)") }
        case .weekly(let interval, let days):
            parts.append("FREQ=WEEKLY")
            if interval > 1 { parts.append("INTERVAL=\(interval)") }
            parts.append("BYDAY=" + days.sorted().map(\.rruleCode).joined(separator: ","))
        case .monthly(let day):
            parts.append("FREQ=MONTHLY")
            parts.append("BYMONTHDAY=\(day)")
        }
        parts.append("BYHOUR=\(hour)")
        parts.append("BYMINUTE=\(minute)")
        switch end {
        case .never: break
        case .until(let day): parts.append(String(format: "UNTIL=%04d%02d%02d", day.year, day.month, day.day))
        case .count(let n): parts.append("COUNT=\(n)")
        }
        return parts.joined(separator: ";")
    }

    /// Reads the subset above, in `timeZone`, starting on `start`'s day there.
    public init(rrule text: String, timeZone: TimeZone, start: Date) throws(RepeatRuleError) {
        var fields: [String: String] = [:]
        for part in text.trimmingCharacters(in: .whitespaces).split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).uppercased() }
            guard pair.count == 2, !pair[1].isEmpty, fields[pair[0]] == nil else { throw .unreadable(text) }
            fields[pair[0]] = pair[1]
        }
        let known: Set<String> = ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYHOUR", "BYMINUTE", "UNTIL", "COUNT"]
        if let other = fields.keys.sorted().first(where: { !known.contains($0) }) { throw .unreadable("\(other) in \(text)") }
        func number(_ key: String, default value: Int? = nil) throws(RepeatRuleError) -> Int {
            guard let raw = fields[key] else {
                guard let value else { throw .unreadable("\(text) (it needs \(key))") }
                return value
            }
            guard raw.count <= 4, let n = Int(raw), n >= 0 else { throw .unreadable(text) }
            return n
        }
        let interval = try number("INTERVAL", default: 1)
        let pattern: Pattern
        switch fields["FREQ"] {
        case "DAILY"?:
            guard fields["BYDAY"] == nil, fields["BYMONTHDAY"] == nil else { throw .unreadable(text) }
            pattern = .daily(interval: interval)
        case "WEEKLY"?:
            guard fields["BYMONTHDAY"] == nil, let list = fields["BYDAY"] else { throw .noWeekdays }
            var days = Set<Weekday>()
            for code in list.split(separator: ",") {
                guard let day = Weekday.allCases.first(where: { $0.rruleCode == code }) else { throw .unreadable(text) }
                days.insert(day)
            }
            pattern = .weekly(interval: interval, days: days)
        case "MONTHLY"?:
            guard fields["BYDAY"] == nil, interval == 1 else { throw .unreadable(text) }
            pattern = .monthly(day: try number("BYMONTHDAY"))
        default:
            throw .unreadable(text)
        }
        var end = End.never
        if fields["UNTIL"] != nil, fields["COUNT"] != nil { throw .twoEnds(until: fields["UNTIL"] ?? "", times: fields["COUNT"] ?? "") }
        if let until = fields["UNTIL"] {
            let digits = String(until.prefix(8))
            guard digits.count == 8, let day = LocalDate(parsing: "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.suffix(2))") else {
                throw .unreadableDate(until)
            }
            end = .until(day)
        }
        if fields["COUNT"] != nil { end = .count(try number("COUNT")) }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        try self.init(pattern: pattern, hour: try number("BYHOUR"), minute: try number("BYMINUTE", default: 0), timeZone: timeZone.identifier,
                      end: end, start: LocalDate(start, in: calendar))
    }
}
