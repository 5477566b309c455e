import Foundation

/// How long a timer runs, in whole seconds: 1 s to 99:59:59.
public struct TimerDuration: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public static let minimum = 1
    public static let maximum = 99 * 3600 + 59 * 60 + 59

    public let seconds: Int

    /// A duration in range, or nil.
    public init?(seconds: Int) {
        guard (Self.minimum...Self.maximum).contains(seconds) else { return nil }
        self.seconds = seconds
    }

    /// Parses what people type: `90` (seconds), `1:30` (m:ss), `1:02:03` (h:mm:ss), `1h30m`,
    /// `25m`, `45s`, `2h` (units h, m, s in that order, each at most once).
    public init(parsing text: String) throws(TimerDurationError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty else { throw .unreadable(text) }
        let total: Int
        if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                  let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count else { throw .unreadable(text) }
            // The later fields are clock fields: under 60.
            guard numbers.dropFirst().allSatisfy({ $0 < 60 }) else { throw .unreadable(text) }
            total = numbers.reduce(0) { $0 * 60 + $1 }
        } else if trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard trimmed.count <= 9, let value = Int(trimmed) else { throw .outOfRange(text) }
            total = value
        } else {
            var rest = Substring(trimmed)
            var sum = 0
            var lastUnit = -1
            let units: [Character: (order: Int, seconds: Int)] = ["h": (0, 3600), "m": (1, 60), "s": (2, 1)]
            while !rest.isEmpty {
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, digits.count <= 6, let value = Int(digits) else { throw .unreadable(text) }
                rest = rest.dropFirst(digits.count)
                guard let letter = rest.first, let unit = units[letter], unit.order > lastUnit else { throw .unreadable(text) }
                rest = rest.dropFirst()
                lastUnit = unit.order
                sum += value * unit.seconds
            }
            total = sum
        }
        guard let duration = TimerDuration(seconds: total) else { throw .outOfRange(text) }
        self = duration
    }

    /// "25:00", "1:02:03": minutes and seconds, with hours in front when there are any.
    public var description: String { Self.clock(seconds) }

    /// The clock text every face shows for `seconds` (rounded up, so 0.2 s left shows 0:01).
    public static func clock(_ seconds: Int) -> String {
        let s = max(0, seconds)
        let hours = s / 3600, minutes = (s % 3600) / 60, rest = s % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(two(minutes)):\(two(rest))"
    }

    public static func < (a: TimerDuration, b: TimerDuration) -> Bool { a.seconds < b.seconds }

    public init(from decoder: any Decoder) throws {
        let seconds = try decoder.singleValueContainer().decode(Int.self)
        guard let duration = TimerDuration(seconds: seconds) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(seconds) s is not a timer duration"))
        }
        self = duration
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(seconds)
    }
}

/// A duration that cannot be used.
public enum TimerDurationError: UserFacingError, Equatable {
    case unreadable(String)
    case outOfRange(String)

    public var message: String {
        switch self {
        case .unreadable(let text): "“\(text)” is not a duration."
        case .outOfRange(let text): "“\(text)” is not between 1 second and 99:59:59."
        }
    }

    public var nextStep: String? { "Write it as 90 (seconds), 1:30, 1:02:03, 1h30m, 25m or 45s." }
    public var code: String { "bad_duration" }
}
