import Foundation

/// Away replies and greetings, as the person sets them: when they are away (by hand, until a
/// moment, or by a weekly schedule), the template that answers a private message then, the
/// greeting for someone who writes for the first time, how long to stay quiet after answering a
/// person, a cap per hour, and who never gets an automatic answer.
public struct AwaySettings: Sendable, Hashable, Codable {
    /// When the person counts as away.
    public enum Mode: Sendable, Hashable, Codable {
        case off
        /// Switched on by hand, until switched off.
        case on
        /// Away until this moment.
        case until(Date)
        /// Away during a weekly window.
        case schedule(AwaySchedule)
    }

    public var mode: Mode
    /// What answers a private message while away.
    public var replyTemplateID: UUID?
    /// What answers the first message of someone who never wrote before (away or not).
    public var greetingTemplateID: UUID?
    /// After answering a person, no other automatic answer to them for this many hours.
    public var quietHours: Int
    /// Only while no Telegram app of the person's is online.
    public var onlyWhenOffline: Bool
    /// At most this many automatic answers in any hour, to everyone together.
    public var hourlyCap: Int
    /// People who never get an automatic answer.
    public var excluded: [AwayPerson]

    public static let quietRange = 1...168
    public static let capRange = 1...500

    public init(mode: Mode = .off, replyTemplateID: UUID? = nil, greetingTemplateID: UUID? = nil, quietHours: Int = 12,
                onlyWhenOffline: Bool = false, hourlyCap: Int = 30, excluded: [AwayPerson] = [])
    {
        self.mode = mode
        self.replyTemplateID = replyTemplateID
        self.greetingTemplateID = greetingTemplateID
        self.quietHours = quietHours
        self.onlyWhenOffline = onlyWhenOffline
        self.hourlyCap = hourlyCap
        self.excluded = excluded
    }

    /// Whether anything can be sent at all.
    public var isActive: Bool {
        (mode != .off && replyTemplateID != nil) || greetingTemplateID != nil
    }

    /// Checks the numbers and that an away mode has its template.
    public func validated() throws(AwayError) -> AwaySettings {
        guard Self.quietRange.contains(quietHours) else { throw .badNumber("Quiet hours after a reply must be 1 to 168.") }
        guard Self.capRange.contains(hourlyCap) else { throw .badNumber("Automatic replies an hour must be 1 to 500.") }
        if mode != .off, replyTemplateID == nil { throw .noTemplate }
        if case .schedule(let schedule) = mode { _ = try schedule.validated() }
        return self
    }

    /// Whether the person is away at `now`.
    public func isAway(at now: Date) -> Bool {
        switch mode {
        case .off: false
        case .on: true
        case .until(let end): now < end
        case .schedule(let schedule): schedule.contains(now)
        }
    }

    public func isExcluded(_ userID: Int64) -> Bool { excluded.contains { $0.userID == userID } }
}

/// Someone on the exclusion list (their name is kept for the list).
public struct AwayPerson: Sendable, Hashable, Codable {
    public var userID: Int64
    public var name: String
    public init(userID: Int64, name: String) {
        self.userID = userID
        self.name = name
    }
}

/// A weekly away window: from a time on each chosen day to a time (the next day when it is
/// not later), in a time zone; "mon-fri 18:00-09:00" is weekday evenings and nights.
public struct AwaySchedule: Sendable, Hashable, Codable {
    public var days: Set<Weekday>
    /// Minutes after midnight.
    public var from: Int
    public var to: Int
    public var timeZoneID: String

    public init(days: Set<Weekday>, from: Int, to: Int, timeZoneID: String) {
        self.days = days
        self.from = from
        self.to = to
        self.timeZoneID = timeZoneID
    }

    public var timeZone: TimeZone { TimeZone(identifier: timeZoneID) ?? .gmt }

    public func validated() throws(AwayError) -> AwaySchedule {
        guard !days.isEmpty else { throw .badSchedule("Choose at least one day.") }
        guard (0..<1440).contains(from), (0..<1440).contains(to), from != to else {
            throw .badSchedule("Give two different times, e.g. from 18:00 to 09:00.")
        }
        guard TimeZone(identifier: timeZoneID) != nil else { throw .badSchedule("“\(timeZoneID)” is not a time zone.") }
        return self
    }

    /// Whether `date` falls in a window that starts on one of the days (a window past midnight
    /// belongs to the day it starts).
    public func contains(_ date: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .weekday], from: date)
        let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        let today = Weekday(gregorian: parts.weekday ?? 1)
        let yesterday = Weekday(rawValue: today.rawValue == 1 ? 7 : today.rawValue - 1) ?? today
        if from < to { return days.contains(today) && minute >= from && minute < to }
        return (days.contains(today) && minute >= from) || (days.contains(yesterday) && minute < to)
    }

    /// "Mon–Fri 18:00–09:00 (Europe/Rome)".
    public var summary: String {
        let names = ["", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let sorted = days.sorted()
        let list = sorted.map { names[$0.rawValue] }.joined(separator: ", ")
        return "\(list) \(Self.clock(from))–\(Self.clock(to)) (\(timeZoneID))"
    }

    public static func clock(_ minutes: Int) -> String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }

    /// "18:30" → 1110; nil for anything else.
    public static func minutes(parsing text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        return hour * 60 + minute
    }
}

/// Why away settings were refused (nothing changed).
public enum AwayError: Error, Equatable, UserFacingError {
    case badNumber(String)
    case badSchedule(String)
    case noTemplate
    case notTelegram(String)
    case needsValues(template: String, names: [String])
    case templateNotFound
    /// No private chat last loaded from Telegram is this person.
    case personNotFound(String)
    /// Several private chats fit; their titles.
    case personAmbiguous(String, candidates: [String])

    public var message: String {
        switch self {
        case .badNumber(let why), .badSchedule(let why): why
        case .noTemplate: "Choose the template that answers while you are away."
        case .notTelegram(let name): "“\(name)” is handed to another app as a draft; away replies need a Telegram template."
        case .needsValues(let name, let names):
            "“\(name)” needs values for \(names.map { "{{\($0)}}" }.joined(separator: ", ")), and nobody is there to give them."
        case .templateNotFound: "That template no longer exists."
        case .personNotFound(let query): "None of your private chats is “\(query)”."
        case .personAmbiguous(let query, let candidates):
            "“\(query)” fits \(candidates.count) people: \(candidates.prefix(8).joined(separator: ", "))\(candidates.count > 8 ? ", …" : "")."
        }
    }

    public var nextStep: String? {
        switch self {
        case .needsValues: "Give those variables defaults in the template, or choose another."
        case .notTelegram: "Choose a Telegram template."
        case .personNotFound: "Name someone you have a private chat with, as in your chat list, or give their user id."
        case .personAmbiguous: "Give more of the name, or the person's user id."
        default: nil
        }
    }

    public var code: String {
        switch self {
        case .templateNotFound, .personNotFound: "not_found"
        default: "invalid_input"
        }
    }
}
