import Foundation
import TgtDomain
import TgtStore
import TgtTDLib

/// What a scheduled send posts, kept in its send log row so that any process can schedule it:
/// the text as TDLib formatted it, an optional location message after it, and the silent flag.
public struct ScheduledPayload: Codable, Sendable, Equatable {
    public var text: FormattedText
    public var latitude: Double?
    public var longitude: Double?
    public var silent: Bool

    public init(text: FormattedText, location: Coordinate?, silent: Bool) {
        self.text = text
        latitude = location?.latitude
        longitude = location?.longitude
        self.silent = silent
    }

    /// The messages, in order: the text, then the location.
    public var contents: [TDFunctions.SendMessage.Content] {
        var contents: [TDFunctions.SendMessage.Content] = [.text(text)]
        if let latitude, let longitude { contents.append(.location(TDLocation(latitude: latitude, longitude: longitude))) }
        return contents
    }

    /// The JSON kept in the store.
    public func encoded() -> String {
        guard let data = try? JSONEncoder().encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The fingerprint a scheduled send is found by in Telegram's schedule: of the text as
    /// TDLib keeps it (it trims surrounding white space), so the text we sent and the text
    /// Telegram shows give the same digest.
    public static func digest(_ text: String) -> String {
        TextDigest.of(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Reads a stored payload; nil when it is not one.
    public static func decode(_ text: String) -> ScheduledPayload? {
        try? JSONDecoder().decode(ScheduledPayload.self, from: Data(text.utf8))
    }
}

extension NewScheduledSend {
    /// The rows for prepared messages: one per target, posting at `date`.
    public static func rows(for messages: [PreparedMessage], template: Template, silent: Bool, at date: Date, timerID: UUID?,
                            seriesID: UUID? = nil, occurrence: Int? = nil) -> [NewScheduledSend]
    {
        messages.map {
            NewScheduledSend(templateID: template.id, templateName: template.name, target: $0.target,
                             payload: ScheduledPayload(text: $0.formatted, location: $0.location, silent: silent).encoded(),
                             textDigest: ScheduledPayload.digest($0.formatted.text), scheduledFor: date, timerID: timerID,
                             seriesID: seriesID, occurrence: occurrence)
        }
    }
}

extension ScheduledSend {
    /// Whether it was refused because a chat already holds Telegram's 100 scheduled messages.
    public var refusedAsTooMany: Bool { entry.error == ScheduleError.tooMany(chat: entry.targetTitle).message }
}

/// Why a send could not be scheduled.
public enum ScheduleError: UserFacingError, Equatable {
    case tooSoon(seconds: Int)
    case tooFar
    case inThePast
    case tooMany(chat: String)
    case notLoggedIn
    case send(SendError)
    case store(String)

    /// Telegram posts a date less than this many seconds ahead at once instead of scheduling it.
    public static let minimumLead: TimeInterval = 15
    /// Telegram refuses dates more than 367 days ahead; we stay a day inside that.
    public static let maximumAhead: TimeInterval = 366 * 86_400

    public var message: String {
        switch self {
        case .tooSoon(let seconds): "That is only \(seconds) s from now: Telegram's scheduler needs at least \(Int(Self.minimumLead)) s."
        case .tooFar: "Telegram schedules messages at most a year ahead."
        case .inThePast: "That time has already passed."
        case .tooMany(let chat): "“\(chat)” already has 100 scheduled messages, Telegram's limit per chat. Nothing was scheduled."
        case .notLoggedIn: "You are not logged in to Telegram."
        case .send(let error): error.message
        case .store(let detail): "The send log could not be written: \(detail)"
        }
    }

    public var nextStep: String? {
        switch self {
        case .tooSoon: "Send it now, or pick a later time."
        case .tooFar, .inThePast: "Pick a time within the next 12 months."
        case .tooMany: "Cancel some of that chat's scheduled messages, then try again."
        case .notLoggedIn: "Log in to Telegram first."
        case .send(let error): error.nextStep
        case .store: "Check the disk and the data folder's permissions."
        }
    }

    public var code: String {
        switch self {
        case .tooSoon: "too_soon"
        case .tooFar: "too_far"
        case .inThePast: "in_the_past"
        case .tooMany: "schedule_too_much"
        case .notLoggedIn: "not_logged_in"
        case .send(let error): error.code
        case .store: "store"
        }
    }
}
