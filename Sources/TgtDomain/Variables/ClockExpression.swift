import Foundation

/// `{{date…}}`, `{{time…}}` or `{{datetime…}}` with offsets, a weekday and a format:
/// `{{date+1d}}`, `{{time+15m}}`, `{{datetime-2h}}`, `{{date+1w-1d}}`, `{{time:HH:mm}}`,
/// `{{date:EEEE d MMMM}}`, `{{date:next monday}}`, `{{date:next fri:EEE d}}`.
///
/// Offsets are applied in order, in the user's calendar and time zone: `m` minutes and `h`
/// hours are elapsed time; `d` days, `w` weeks, `M` months and `y` years keep the wall-clock
/// time across daylight-saving changes and clamp to the month's last day (Jan 31 + 1M = Feb 28).
/// `next WEEKDAY` (English names or their first three letters) then moves to the first such
/// day strictly after, so on a Monday `next monday` is a week later. A format is a Unicode date
/// pattern (letters are fields, literal text goes in single quotes), rendered in the user's
/// locale; without one the date and time use the locale's medium date and short time.
public struct ClockExpression: Sendable, Hashable {
    /// Which built-in the expression starts from.
    public enum Base: String, Sendable, Hashable, CaseIterable {
        case date, time, datetime
    }

    /// A unit of an offset, by its letter.
    public enum Unit: Character, Sendable, Hashable, CaseIterable {
        case minute = "m", hour = "h", day = "d", week = "w", month = "M", year = "y"

        var component: Calendar.Component {
            switch self {
            case .minute: .minute
            case .hour: .hour
            case .day: .day
            case .week: .weekOfYear
            case .month: .month
            case .year: .year
            }
        }
    }

    /// One signed step such as `+15m`.
    public struct Offset: Sendable, Hashable {
        public var amount: Int
        public var unit: Unit

        public init(amount: Int, unit: Unit) {
            self.amount = amount
            self.unit = unit
        }
    }

    /// The largest number an offset may carry (`+100000m` is about 69 days; `+9999y` is not useful).
    public static let maxAmount = 100_000

    public var base: Base
    public var offsets: [Offset]
    /// 1 = Sunday … 7 = Saturday (Foundation's numbering), for `next WEEKDAY`.
    public var nextWeekday: Int?
    /// A Unicode date pattern, or nil for the locale's default style.
    public var pattern: String?

    public init(base: Base, offsets: [Offset] = [], nextWeekday: Int? = nil, pattern: String? = nil) {
        self.base = base
        self.offsets = offsets
        self.nextWeekday = nextWeekday
        self.pattern = pattern
    }

    /// The moment the expression stands for, `now` moved by the offsets and the weekday.
    public func moment(from now: Date, calendar: Calendar) -> Date {
        var moment = now
        for offset in offsets {
            moment = calendar.date(byAdding: offset.unit.component, value: offset.amount, to: moment) ?? moment
        }
        if let nextWeekday {
            let weekday = calendar.component(.weekday, from: moment)
            let ahead = (nextWeekday - weekday + 7) % 7
            moment = calendar.date(byAdding: .day, value: ahead == 0 ? 7 : ahead, to: moment) ?? moment
        }
        return moment
    }

    /// The text for `now` in `locale` and `timeZone`.
    public func render(now: Date, locale: Locale, timeZone: TimeZone) -> String {
        let moment = offsets.isEmpty && nextWeekday == nil
            ? now : self.moment(from: now, calendar: DateFormatterCache.shared.calendar(locale: locale, timeZone: timeZone))
        let style: DateFormatterCache.Style
        if let pattern {
            style = .pattern(pattern)
        } else {
            switch base {
            case .date: style = .styles(date: .medium, time: .none)
            case .time: style = .styles(date: .none, time: .short)
            case .datetime: style = .styles(date: .medium, time: .short)
            }
        }
        return DateFormatterCache.shared.string(from: moment, style: style, locale: locale, timeZone: timeZone)
    }

    static let weekdays: [(names: [String], number: Int)] = [
        (["sunday", "sun"], 1), (["monday", "mon"], 2), (["tuesday", "tue", "tues"], 3), (["wednesday", "wed"], 4),
        (["thursday", "thu", "thurs"], 5), (["friday", "fri"], 6), (["saturday", "sat"], 7),
    ]

    /// Letters that are fields of a Unicode date pattern (UTS #35).
    static let patternFields = Set("GyYuUrQqMLlwWdDFgEecaBbhHKkjJCmsSAzZOvVXx")

    /// Parses what follows the base name (`reader` stands on the first `+`, `-` or `:`).
    static func parse(base: Base, reader: inout PlaceholderReader) throws(TemplateSyntaxError) -> ClockExpression {
        var expression = ClockExpression(base: base)
        while let sign = reader.peek, sign == "+" || sign == "-" {
            reader.advance()
            let amountPosition = reader.position
            var digits = ""
            while let c = reader.peek, c.isASCII, c.isNumber {
                digits.append(c)
                reader.advance()
            }
            guard !digits.isEmpty else { throw .missingOffsetAmount(sign: String(sign), position: amountPosition) }
            guard digits.count <= 6, let amount = Int(digits), amount <= maxAmount else {
                throw .offsetTooLarge(position: amountPosition)
            }
            guard let letter = reader.peek, letter != ":", letter != " " else { throw .missingOffsetUnit(position: reader.position) }
            guard let unit = Unit(rawValue: letter) else { throw .unknownOffsetUnit(String(letter), position: reader.position) }
            reader.advance()
            expression.offsets.append(Offset(amount: sign == "-" ? -amount : amount, unit: unit))
        }
        if reader.peek == ":" {
            reader.advance()
            try parseSpec(into: &expression, reader: &reader)
        }
        reader.skipSpaces()
        if let extra = reader.peek { throw .unexpectedCharacter(String(extra), base: base.rawValue, position: reader.position) }
        return expression
    }

    /// After the colon: `next WEEKDAY`, optionally `:PATTERN`, or a pattern.
    private static func parseSpec(into expression: inout ClockExpression, reader: inout PlaceholderReader) throws(TemplateSyntaxError) {
        reader.skipSpaces()
        let specPosition = reader.position
        let spec = reader.rest
        guard !spec.trimmingCharacters(in: .whitespaces).isEmpty else { throw .emptyFormat(position: specPosition) }
        if spec.lowercased().hasPrefix("next ") {
            for _ in 0..<5 { reader.advance() }
            reader.skipSpaces()
            let dayPosition = reader.position
            var word = ""
            while let c = reader.peek, c != ":" {
                word.append(c)
                reader.advance()
            }
            let day = word.trimmingCharacters(in: .whitespaces).lowercased()
            guard let match = weekdays.first(where: { $0.names.contains(day) }) else {
                throw .unknownWeekday(word.trimmingCharacters(in: .whitespaces), position: dayPosition)
            }
            expression.nextWeekday = match.number
            guard reader.peek == ":" else { return }
            reader.advance()
            reader.skipSpaces()
            guard !reader.rest.trimmingCharacters(in: .whitespaces).isEmpty else { throw .emptyFormat(position: reader.position) }
        }
        expression.pattern = try readPattern(reader: &reader)
    }

    /// The rest as a date pattern, checked field by field.
    private static func readPattern(reader: inout PlaceholderReader) throws(TemplateSyntaxError) -> String {
        let pattern = String(reader.rest).trimmingCharacters(in: .whitespaces)
        var inQuote = false
        var quotePosition = 0
        var position = reader.position
        for c in pattern {
            if c == "'" {
                inQuote.toggle()
                quotePosition = position
            } else if !inQuote, c.isASCII, c.isLetter, !patternFields.contains(c) {
                throw .unknownFormatField(String(c), position: position)
            }
            position += 1
        }
        if inQuote { throw .unclosedFormatQuote(position: quotePosition) }
        while !reader.isAtEnd { reader.advance() }
        return pattern
    }
}

/// Date formatters are costly to make; renders reuse them by pattern, locale and time zone.
final class DateFormatterCache: @unchecked Sendable {
    enum Style: Hashable {
        case pattern(String)
        case styles(date: DateFormatter.Style, time: DateFormatter.Style)
    }

    private struct Key: Hashable {
        var style: Style
        var locale: String
        var timeZone: String
    }

    static let shared = DateFormatterCache()
    private let lock = NSLock()
    private var formatters: [Key: DateFormatter] = [:]
    private var calendars: [String: Calendar] = [:]

    /// A Gregorian calendar in `timeZone` (calendars are values; the copy is the caller's).
    func calendar(locale: Locale, timeZone: TimeZone) -> Calendar {
        let key = locale.identifier + "|" + timeZone.identifier
        lock.lock()
        defer { lock.unlock() }
        if let cached = calendars[key] { return cached }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        if calendars.count >= 64 { calendars.removeAll(keepingCapacity: true) }
        calendars[key] = calendar
        return calendar
    }

    func string(from date: Date, style: Style, locale: Locale, timeZone: TimeZone) -> String {
        let key = Key(style: style, locale: locale.identifier, timeZone: timeZone.identifier)
        // Formatting happens under the lock: a DateFormatter is not safe to share between threads.
        lock.lock()
        defer { lock.unlock() }
        let formatter: DateFormatter
        if let cached = formatters[key] {
            formatter = cached
        } else {
            formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = timeZone
            switch style {
            case .pattern(let pattern): formatter.dateFormat = pattern
            case .styles(let date, let time):
                formatter.dateStyle = date
                formatter.timeStyle = time
            }
            if formatters.count >= 256 { formatters.removeAll(keepingCapacity: true) }
            formatters[key] = formatter
        }
        return formatter.string(from: date)
    }
}
