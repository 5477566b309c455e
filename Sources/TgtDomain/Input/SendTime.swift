import Foundation

/// When a "send later" goes out, from what a person types: `--at 18:30` (today, or tomorrow
/// once 18:30 has passed), `--at "2026-12-24 09:00"` (or with a `T`), both in the local time
/// zone; `--in 15m` (any timer duration: `90`, `1:30`, `1h30m`, `45s`).
public enum SendTime {
    /// The moment `--at TEXT` names, after `now`.
    public static func at(_ text: String, now: Date, calendar: Calendar = .current) throws(SendTimeError) -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let scalars = Array(trimmed.unicodeScalars)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[range] {
                guard scalar.properties.numericType == .decimal, scalar.isASCII, let digit = Int(String(scalar)) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        var day = calendar.dateComponents([.year, .month, .day], from: now)
        var clock = 0
        if scalars.count == 5 || scalars.count == 4 {
            // H:mm or HH:mm
            let colon = scalars.count - 3
            guard scalars[colon] == ":", let hour = number(0..<colon), let minute = number((colon + 1)..<scalars.count) else { throw .unreadable(trimmed) }
            guard hour < 24, minute < 60 else { throw .unreadable(trimmed) }
            clock = hour * 60 + minute
        } else if scalars.count == 16, scalars[4] == "-", scalars[7] == "-", scalars[10] == " " || scalars[10] == "T", scalars[13] == ":",
                  let year = number(0..<4), let month = number(5..<7), let dayOfMonth = number(8..<10), let hour = number(11..<13), let minute = number(14..<16),
                  (1...12).contains(month), (1...31).contains(dayOfMonth), hour < 24, minute < 60
        {
            day = DateComponents(year: year, month: month, day: dayOfMonth)
            clock = hour * 60 + minute
        } else {
            throw .unreadable(trimmed)
        }
        var components = day
        components.hour = clock / 60
        components.minute = clock % 60
        guard var date = calendar.date(from: components), calendar.component(.day, from: date) == components.day else { throw .unreadable(trimmed) }
        if scalars.count <= 5, date <= now, let tomorrow = calendar.date(byAdding: .day, value: 1, to: date) { date = tomorrow }
        return date
    }

    /// The moment `--in TEXT` names.
    public static func `in`(_ text: String, now: Date) throws(SendTimeError) -> Date {
        do { return now.addingTimeInterval(Double(try TimerDuration(parsing: text).seconds)) } catch { throw .unreadableDelay(text) }
    }
}

/// A send time that could not be read.
public enum SendTimeError: UserFacingError, Equatable {
    case unreadable(String)
    case unreadableDelay(String)

    public var message: String {
        switch self {
        case .unreadable(let text): "“\(text)” is not a time."
        case .unreadableDelay(let text): "“\(text)” is not a delay."
        }
    }

    public var nextStep: String? {
        switch self {
        case .unreadable: "Write --at 18:30 (today, or tomorrow if it has passed) or --at \"2026-12-24 09:00\"."
        case .unreadableDelay: "Write --in 15m, --in 1h30m, --in 90 (seconds) or --in 2:00:00; up to 99:59:59."
        }
    }

    public var code: String { "bad_time" }
}
