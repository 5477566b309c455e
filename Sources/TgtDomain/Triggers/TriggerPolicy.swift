import Foundation

/// What a trigger link may do besides firing its template: which variables a request may give,
/// the values it pins, how often it may fire, and until when. A trigger can do nothing else.
public struct TriggerPolicy: Sendable, Hashable, Codable {
    /// Which of the template's variables a request may give.
    public enum Variables: Sendable, Hashable, Codable {
        /// Any the template uses.
        case any
        /// Only these names.
        case only([String])
        /// None: the template's defaults and the pinned values only.
        case none
    }

    public var variables: Variables
    /// Values the trigger always sends; a request may not give these names.
    public var pinned: [String: String]
    /// The shortest time between two sends.
    public var minimumInterval: TimeInterval
    /// How many sends in any 24 hours.
    public var perDay: Int
    /// After this moment the link answers as if it never existed.
    public var expires: Date?

    public static let standardInterval: TimeInterval = 10
    public static let standardPerDay = 30
    /// The window `perDay` counts in.
    public static let day: TimeInterval = 86_400

    public init(variables: Variables = .any, pinned: [String: String] = [:], minimumInterval: TimeInterval = standardInterval,
                perDay: Int = standardPerDay, expires: Date? = nil)
    {
        self.variables = variables
        self.pinned = pinned
        self.minimumInterval = minimumInterval
        self.perDay = perDay
        self.expires = expires
    }

    /// Checks the policy's own values: an interval from 0 s to a day, 1 to 1,000 sends a day.
    public func validated() throws(TriggerError) -> TriggerPolicy {
        guard (0...Self.day).contains(minimumInterval) else { throw .badLimit("The shortest time between sends must be 0 s to 24 h.") }
        guard (1...1000).contains(perDay) else { throw .badLimit("Sends a day must be 1 to 1,000.") }
        return self
    }

    /// The values a request's `given` ones come to: refused when it names a variable the trigger
    /// does not allow or pins; the pinned values are added.
    public func values(_ given: [String: String]) throws(TriggerError) -> [String: String] {
        for name in given.keys.sorted() {
            if pinned[name] != nil { throw .variableNotAllowed(name) }
            switch variables {
            case .any: continue
            case .only(let names) where names.contains(name): continue
            case .only, .none: throw .variableNotAllowed(name)
            }
        }
        return given.merging(pinned) { _, pin in pin }
    }

    /// Why a send at `now` is refused, given the moments of the sends of the last 24 hours
    /// (oldest first), or nil when it may go.
    public func refusal(uses: [Date], now: Date) -> TriggerError? {
        if let last = uses.last, now.timeIntervalSince(last) < minimumInterval {
            return .tooSoon(seconds: max(1, Int((minimumInterval - now.timeIntervalSince(last)).rounded(.up))))
        }
        let recent = uses.filter { now.timeIntervalSince($0) < Self.day }
        if recent.count >= perDay, let oldest = recent.first {
            return .dailyLimit(perDay, seconds: max(1, Int((Self.day - now.timeIntervalSince(oldest)).rounded(.up))))
        }
        return nil
    }
}

/// Why a trigger was refused or could not be made (nothing was sent or changed).
public enum TriggerError: Error, Equatable, UserFacingError {
    /// Unknown, revoked or expired: all said the same way, so a link reveals nothing.
    case notFound
    case variableNotAllowed(String)
    case tooSoon(seconds: Int)
    case dailyLimit(Int, seconds: Int)
    case badName
    case badLimit(String)
    /// Email, text and X templates are drafts handed to an app on the device; a link cannot.
    case notTelegram(String)
    /// A name that more than one trigger has (give its id).
    case ambiguous(String)
    /// The request's values would make a message longer than Telegram allows (`max`).
    case messageTooLong(max: Int)
    /// The template cannot be sent as it stands (its own text or formatting): its owner's to
    /// fix. Said without the template's text or chats.
    case cannotSend
    /// A value for `{{name}}` that is not one of its template's choices: said without the
    /// choices, which are the template's text.
    case notAChoice(String)

    public var message: String {
        switch self {
        case .notFound: "There is no such trigger."
        case .variableNotAllowed(let name): "This trigger does not take a value for {{\(name)}}."
        case .tooSoon(let seconds): "This trigger was used moments ago; it can send again in \(seconds) s."
        case .dailyLimit(let count, _): "This trigger has sent \(count) times in the last 24 hours, its limit."
        case .badName: "A trigger needs a name of 1 to 64 characters."
        case .badLimit(let why): why
        case .notTelegram(let name): "“\(name)” is handed to another app as a draft; only Telegram templates can have triggers."
        case .ambiguous(let name): "More than one trigger is called “\(name)”."
        case .messageTooLong(let max): "The message would be longer than Telegram allows (\(max) characters)."
        case .cannotSend: "This trigger's message cannot be sent as its template stands."
        case .notAChoice(let name): "The value for {{\(name)}} is not one of the choices this trigger's template offers."
        }
    }

    public var nextStep: String? {
        switch self {
        case .notFound: nil
        case .variableNotAllowed: "Leave it out, or allow it in the trigger's settings."
        case .tooSoon, .dailyLimit: "Try again later."
        case .badName: "Name it after what fires it, e.g. “Home Assistant: arrived”."
        case .badLimit: nil
        case .notTelegram: "Make the trigger for a Telegram template."
        case .ambiguous: "Name it by its id (the list shows them)."
        case .messageTooLong: "Give shorter values."
        case .cannotSend: "Ask the link's owner to check its template."
        case .notAChoice: "Ask the link's owner which values it takes."
        }
    }

    public var code: String {
        switch self {
        case .notFound: "not_found"
        case .variableNotAllowed: "variable_not_allowed"
        case .tooSoon: "too_soon"
        case .dailyLimit: "daily_limit"
        case .badName, .badLimit: "invalid_input"
        case .notTelegram: "not_telegram"
        case .ambiguous: "ambiguous"
        case .messageTooLong: "too_long"
        case .cannotSend: "cannot_send"
        case .notAChoice: "not_a_choice"
        }
    }

    /// Seconds to wait before trying again, for a refusal by the rate limit.
    public var retryAfter: Int? {
        switch self {
        case .tooSoon(let seconds), .dailyLimit(_, let seconds): seconds
        default: nil
        }
    }
}
