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
        let cache = DateFormatterCache.shared
        let style = self.style
        // Offsets move by whole minutes, so a text without seconds is the same all minute long.
        let minute = style.showsSeconds ? nil : Int64((now.timeIntervalSince1970 / 60).rounded(.down))
        if let minute, let text = cache.text(of: self, minute: minute, locale: locale, timeZone: timeZone) { return text }
        let moment = offsets.isEmpty && nextWeekday == nil ? now : self.moment(from: now, calendar: cache.calendar(locale: locale, timeZone: timeZone))
        let text = cache.string(from: moment, style: style, locale: locale, timeZone: timeZone)
        if let minute { cache.remember(text, of: self, minute: minute, locale: locale, timeZone: timeZone) }
        return text
    }

    /// The pattern, or the locale's style for the base.
    var style: DateFormatterCache.Style {
        if let pattern { return .pattern(pattern) }
        switch base {
        case .date: return .styles(date: .medium, time: .none)
        case .time: return .styles(date: .none, time: .short)
        case .datetime: return .styles(date: .medium, time: .short)
        }
    }

    static let weekdays: [(names: [String], number: Int)] = [
        (["sunday", "sun"], 1), (["monday", "mon"], 2), (["tuesday", "tue", "tues"], 3), (["wednesday", "wed"], 4),
        (["thursday", "thu", "thurs"], 5), (["friday", "fri"], 6), (["saturday", "sat"], 7),
    ]

    /// Letters that are fields of a Unicode date pattern (UTS #35).
    static let patternFields = Set("GyYuUrQqMLlwWdDFgEecaBbhHKkjJCmsSAzZOvVXx".utf8)

    /// Parses what follows the base name (`reader` stands on the first `+`, `-` or `:`).
    static func parse(base: Base, reader: inout PlaceholderReader) throws(TemplateSyntaxError) -> ClockExpression {
        var expression = ClockExpression(base: base)
        while let sign = reader.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            reader.advance()
            let amountStart = reader.index
            var amount = 0, digits = 0
            while let c = reader.peek, c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                amount = min(amount * 10 + Int(c - UInt8(ascii: "0")), maxAmount + 1)
                digits += 1
                reader.advance()
            }
            guard digits > 0 else {
                throw .missingOffsetAmount(sign: String(UnicodeScalar(sign)), position: reader.position(of: amountStart))
            }
            guard amount <= maxAmount else { throw .offsetTooLarge(position: reader.position(of: amountStart)) }
            guard let letter = reader.peek, letter != UInt8(ascii: ":"), !PlaceholderReader.isSpace(letter) else {
                throw .missingOffsetUnit(position: reader.position)
            }
            guard letter < 128, let unit = Unit(rawValue: Character(UnicodeScalar(letter))) else {
                throw .unknownOffsetUnit(reader.character, position: reader.position)
            }
            reader.advance()
            expression.offsets.append(Offset(amount: sign == UInt8(ascii: "-") ? -amount : amount, unit: unit))
        }
        if reader.peek == UInt8(ascii: ":") {
            reader.advance()
            try parseSpec(into: &expression, reader: &reader)
        }
        reader.skipSpaces()
        if !reader.isAtEnd { throw .unexpectedCharacter(reader.character, base: base.rawValue, position: reader.position) }
        return expression
    }

    /// After the colon: `next WEEKDAY`, optionally `:PATTERN`, or a pattern.
    private static func parseSpec(into expression: inout ClockExpression, reader: inout PlaceholderReader) throws(TemplateSyntaxError) {
        reader.skipSpaces()
        guard !reader.restTrimmed.isEmpty else { throw .emptyFormat(position: reader.position) }
        if reader.restStarts(withLowercased: "next ") {
            reader.advance(by: 5)
            reader.skipSpaces()
            let dayStart = reader.index
            while let c = reader.peek, c != UInt8(ascii: ":") { reader.advance() }
            let word = reader.trimmed(dayStart, reader.index)
            let day = word.lowercased()
            guard let match = weekdays.first(where: { $0.names.contains(day) }) else {
                throw .unknownWeekday(word, position: reader.position(of: dayStart))
            }
            expression.nextWeekday = match.number
            guard reader.peek == UInt8(ascii: ":") else { return }
            reader.advance()
            reader.skipSpaces()
            guard !reader.restTrimmed.isEmpty else { throw .emptyFormat(position: reader.position) }
        }
        expression.pattern = try readPattern(reader: &reader)
    }

    /// The rest as a date pattern, checked field by field: ASCII letters are fields (UTS #35),
    /// text between single quotes is literal.
    private static func readPattern(reader: inout PlaceholderReader) throws(TemplateSyntaxError) -> String {
        reader.skipSpaces()
        var inQuote = false
        var quote = reader.index
        var probe = reader
        while let c = probe.peek {
            if c == UInt8(ascii: "'") {
                inQuote.toggle()
                quote = probe.index
            } else if !inQuote, (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")),
                      !patternFields.contains(c) {
                throw .unknownFormatField(String(UnicodeScalar(c)), position: probe.position)
            }
            probe.advance()
        }
        if inQuote { throw .unclosedFormatQuote(position: reader.position(of: quote)) }
        return reader.readRestTrimmed()
    }
}

/// Date formatters are costly to make, and formatting is most of a date placeholder's cost:
/// renders reuse formatters and calendars by pattern, locale and time zone, and remember each
/// expression's text per minute when it shows no seconds (all targets of a send, a preview typed
/// into, sends in the same minute get the same text without computing it again).
final class DateFormatterCache: @unchecked Sendable {
    enum Style: Hashable {
        case pattern(String)
        case styles(date: DateFormatter.Style, time: DateFormatter.Style)

        /// Whether the text can change within a minute (seconds or fractions in it).
        var showsSeconds: Bool {
            switch self {
            case .styles(_, let time): return time == .medium || time == .long || time == .full
            case .pattern(let pattern):
                var inQuote = false
                for c in pattern.utf8 {
                    if c == UInt8(ascii: "'") { inQuote.toggle() } else if !inQuote, c == UInt8(ascii: "s") || c == UInt8(ascii: "S") || c == UInt8(ascii: "A") { return true }
                }
                return false
            }
        }
    }

    private struct Key: Hashable {
        var style: Style
        var locale: String
        var timeZone: String
    }

    private struct ExpressionKey: Hashable {
        var expression: ClockExpression
        var locale: String
        var timeZone: String
        var minute: Int64
    }


    static let shared = DateFormatterCache()
    private let lock = NSLock()
    private var formatters: [Key: DateFormatter] = [:]
    private var expressionTexts: [ExpressionKey: String] = [:]

    /// The text `expression` rendered to in this minute, if it was rendered.
    func text(of expression: ClockExpression, minute: Int64, locale: Locale, timeZone: TimeZone) -> String? {
        let key = ExpressionKey(expression: expression, locale: locale.identifier, timeZone: timeZone.identifier, minute: minute)
        lock.lock()
        defer { lock.unlock() }
        return expressionTexts[key]
    }

    func remember(_ text: String, of expression: ClockExpression, minute: Int64, locale: Locale, timeZone: TimeZone) {
        let key = ExpressionKey(expression: expression, locale: locale.identifier, timeZone: timeZone.identifier, minute: minute)
        lock.lock()
        defer { lock.unlock() }
        if expressionTexts.count >= 1024 { expressionTexts.removeAll(keepingCapacity: true) }
        expressionTexts[key] = text
    }
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
