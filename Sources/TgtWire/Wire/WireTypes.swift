import Foundation

// The schemas of openapi.yaml whose JSON the generated code cannot write as the API always has:
// properties that are present with an explicit `null`. `Codegen/TgtWire.yaml` maps
// each schema to its type here; the JSON keys are the spec's.

/// `Target`: where a template's message goes (topic fields are `null` for a whole chat).
public struct WireTarget: Codable, Hashable, Sendable {
    public var key: String
    public var chatID: Int64
    public var chatTitle: String
    public var displayName: String
    public var topicID: Int?
    public var topicTitle: String?

    public init(key: String, chatID: Int64, chatTitle: String, displayName: String, topicID: Int?, topicTitle: String?) {
        self.key = key
        self.chatID = chatID
        self.chatTitle = chatTitle
        self.displayName = displayName
        self.topicID = topicID
        self.topicTitle = topicTitle
    }

    enum CodingKeys: String, CodingKey {
        case key, chatID = "chat_id", chatTitle = "chat_title", displayName = "display_name", topicID = "topic_id", topicTitle = "topic_title"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(key, forKey: .key)
        try c.encode(chatID, forKey: .chatID)
        try c.encode(chatTitle, forKey: .chatTitle)
        try c.encode(displayName, forKey: .displayName)
        try c.encode(topicID, forKey: .topicID)
        try c.encode(topicTitle, forKey: .topicTitle)
    }
}

/// `LoginStep`: the Telegram login step and what its screen needs.
public struct WireLoginStep: Codable, Hashable, Sendable {
    public var step: String
    public var prompt: String
    public var phoneNumber: String?
    public var delivery: String?
    /// Absent for steps without a code, `null` when Telegram did not say the code's length.
    public var codeLength: Nullable<Int>?
    public var hint: String?
    public var emailPattern: String?
    public var qrLink: String?
    public var qrSVG: String?

    public init(step: String, prompt: String) {
        self.step = step
        self.prompt = prompt
    }

    enum CodingKeys: String, CodingKey {
        case step, prompt, phoneNumber = "phone_number", delivery, codeLength = "code_length", hint
        case emailPattern = "email_pattern", qrLink = "qr_link", qrSVG = "qr_svg"
    }
}

/// `Status`: the dashboard, Telegram login and connection state.
public struct WireStatus: Codable, Hashable, Sendable {
    /// `{state, label}` of the connection.
    public struct Connection: Codable, Hashable, Sendable {
        public var state: String
        public var label: String
        public init(state: String, label: String) {
            self.state = state
            self.label = label
        }
    }

    /// The logged-in account.
    public struct Account: Codable, Hashable, Sendable {
        public var name: String
        public init(name: String) { self.name = name }
    }

    /// Why TDLib did not start.
    public struct StartError: Codable, Hashable, Sendable {
        public var code: String
        public var message: String
        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    public var version: String
    public var demo: Bool
    public var credentials: Bool
    public var loggedIn: Bool
    public var templates: Int
    public var login: WireLoginStep?
    public var connection: Connection?
    public var account: Account?
    public var error: StartError?

    public init(version: String, demo: Bool, credentials: Bool, loggedIn: Bool, templates: Int, login: WireLoginStep?,
                 connection: Connection?, account: Account?, error: StartError?)
    {
        self.version = version
        self.demo = demo
        self.credentials = credentials
        self.loggedIn = loggedIn
        self.templates = templates
        self.login = login
        self.connection = connection
        self.account = account
        self.error = error
    }

    enum CodingKeys: String, CodingKey {
        case version, demo, credentials, loggedIn = "logged_in", templates, login, connection, account, error
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(demo, forKey: .demo)
        try c.encode(credentials, forKey: .credentials)
        try c.encode(loggedIn, forKey: .loggedIn)
        try c.encode(templates, forKey: .templates)
        try c.encode(login, forKey: .login)
        try c.encode(connection, forKey: .connection)
        try c.encode(account, forKey: .account)
        try c.encodeIfPresent(error, forKey: .error)
    }
}

/// `SendResult`: one target's outcome of a tap.
public struct WireSendResult: Codable, Hashable, Sendable {
    public var target: String
    public var title: String
    public var status: String
    public var messageID: Int64?
    public var error: String?
    public var attempts: Int

    public init(target: String, title: String, status: String, messageID: Int64?, error: String?, attempts: Int) {
        self.target = target
        self.title = title
        self.status = status
        self.messageID = messageID
        self.error = error
        self.attempts = attempts
    }

    enum CodingKeys: String, CodingKey { case target, title, status, messageID = "message_id", error, attempts }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(target, forKey: .target)
        try c.encode(title, forKey: .title)
        try c.encode(status, forKey: .status)
        try c.encode(messageID, forKey: .messageID)
        try c.encode(error, forKey: .error)
        try c.encode(attempts, forKey: .attempts)
    }
}

/// `SendLogTarget`: one target of a tap in the send log.
public struct WireSendLogTarget: Codable, Hashable, Sendable {
    public var target: String
    public var title: String
    public var status: String
    public var error: String?
    public var messageID: Int64?
    public var updatedAt: String
    /// When Telegram posts it (scheduled sends only; absent otherwise).
    public var scheduledFor: String?
    /// When its undo hold ends (held sends only; absent otherwise).
    public var holdUntil: String?

    public init(target: String, title: String, status: String, error: String?, messageID: Int64?, updatedAt: String, scheduledFor: String? = nil,
                holdUntil: String? = nil)
    {
        self.scheduledFor = scheduledFor
        self.holdUntil = holdUntil
        self.target = target
        self.title = title
        self.status = status
        self.error = error
        self.messageID = messageID
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case target, title, status, error, messageID = "message_id", updatedAt = "updated_at", scheduledFor = "scheduled_for", holdUntil = "hold_until"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(target, forKey: .target)
        try c.encode(title, forKey: .title)
        try c.encode(status, forKey: .status)
        try c.encode(error, forKey: .error)
        try c.encode(messageID, forKey: .messageID)
        try c.encode(updatedAt, forKey: .updatedAt)
        try c.encodeIfPresent(scheduledFor, forKey: .scheduledFor)
        try c.encodeIfPresent(holdUntil, forKey: .holdUntil)
    }
}

/// `SendLogBatch`: one tap in the send log (or an automatic answer: `origin`).
public struct WireSendLogBatch: Codable, Hashable, Sendable {
    public var batchID: String
    public var templateID: String?
    public var templateName: String
    public var queuedAt: String
    public var targets: [WireSendLogTarget]
    /// "away", "greeting" or "snippet" when no one tapped; nil for a tap.
    public var origin: String?

    public init(batchID: String, templateID: String?, templateName: String, queuedAt: String, targets: [WireSendLogTarget], origin: String? = nil) {
        self.batchID = batchID
        self.templateID = templateID
        self.templateName = templateName
        self.queuedAt = queuedAt
        self.targets = targets
        self.origin = origin
    }

    enum CodingKeys: String, CodingKey {
        case batchID = "batch_id", templateID = "template_id", templateName = "template_name", queuedAt = "queued_at", targets, origin
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(batchID, forKey: .batchID)
        try c.encode(templateID, forKey: .templateID)
        try c.encode(templateName, forKey: .templateName)
        try c.encode(queuedAt, forKey: .queuedAt)
        try c.encode(targets, forKey: .targets)
        try c.encodeIfPresent(origin, forKey: .origin)
    }
}

/// `Preview`: a body rendered and formatted as a send would.
public struct WirePreview: Codable, Hashable, Sendable {
    /// One formatting entity (UTF-16 offsets, as in browsers).
    public struct Entity: Codable, Hashable, Sendable {
        public var offset: Int
        public var length: Int
        public var type: String
        public var url: String?
        public init(offset: Int, length: Int, type: String, url: String?) {
            self.offset = offset
            self.length = length
            self.type = type
            self.url = url
        }
    }

    public var text: String
    public var entities: [Entity]
    public var length: Int
    public var maxLength: Int
    public var nativeLocation: String?
    /// The text measured in its channel's units (characters, SMS parts, X's weighting).
    public var counter: Components.Schemas.Counter
    /// Email previews: the subject with variables filled in.
    public var subject: String?

    public init(text: String, entities: [Entity], length: Int, maxLength: Int, nativeLocation: String?,
         counter: Components.Schemas.Counter, subject: String? = nil) {
        self.text = text
        self.entities = entities
        self.length = length
        self.maxLength = maxLength
        self.nativeLocation = nativeLocation
        self.counter = counter
        self.subject = subject
    }

    enum CodingKeys: String, CodingKey {
        case text, entities, length, counter, subject, maxLength = "max_length", nativeLocation = "native_location"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(entities, forKey: .entities)
        try c.encode(length, forKey: .length)
        try c.encode(maxLength, forKey: .maxLength)
        try c.encode(nativeLocation, forKey: .nativeLocation)
        try c.encode(counter, forKey: .counter)
        try c.encodeIfPresent(subject, forKey: .subject)
    }
}

/// `Settings`.
public struct WireSettings: Codable, Hashable, Sendable {
    public var defaultLocation: String?
    public var accountName: String?
    public var messageTextLengthMax: Int
    /// Seconds a one-tap send waits, undoable (0: sends at once).
    public var undoHold: Int

    public init(defaultLocation: String?, accountName: String?, messageTextLengthMax: Int, undoHold: Int) {
        self.defaultLocation = defaultLocation
        self.accountName = accountName
        self.messageTextLengthMax = messageTextLengthMax
        self.undoHold = undoHold
    }

    enum CodingKeys: String, CodingKey {
        case defaultLocation = "default_location", accountName = "account_name", messageTextLengthMax = "message_text_length_max", undoHold = "undo_hold"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(defaultLocation, forKey: .defaultLocation)
        try c.encode(accountName, forKey: .accountName)
        try c.encode(messageTextLengthMax, forKey: .messageTextLengthMax)
        try c.encode(undoHold, forKey: .undoHold)
    }
}

/// `SettingsPatch`: `default_location` absent changes nothing; `null` or "" forgets it.
/// `undo_hold` absent changes nothing (the range is checked by the settings' rule).
public struct WireSettingsPatch: Codable, Hashable, Sendable {
    public var defaultLocation: Nullable<String>?
    public var undoHold: Int?

    public init(defaultLocation: Nullable<String>?, undoHold: Int? = nil) {
        self.defaultLocation = defaultLocation
        self.undoHold = undoHold
    }

    enum CodingKeys: String, CodingKey { case defaultLocation = "default_location", undoHold = "undo_hold" }

    public init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(["default_location", "undo_hold"])
        let c = try decoder.container(keyedBy: CodingKeys.self)
        defaultLocation = c.contains(.defaultLocation) ? try c.decode(Nullable<String>.self, forKey: .defaultLocation) : nil
        undoHold = try c.decodeIfPresent(Int.self, forKey: .undoHold)
    }
}

/// `LocationInput`: where the sender is, as `{latitude, longitude, accuracy?}` or "lat,lon".
public enum WireLocationInput: Codable, Hashable, Sendable {
    case coordinate(latitude: Double?, longitude: Double?)
    case text(String)

    enum CodingKeys: String, CodingKey { case latitude, longitude, accuracy }

    public init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self = .text(text)
            return
        }
        try decoder.refuseUnknownKeys(["latitude", "longitude", "accuracy"])
        let c = try decoder.container(keyedBy: CodingKeys.self)
        _ = try c.decodeIfPresent(Double.self, forKey: .accuracy)
        self = .coordinate(latitude: try c.decodeIfPresent(Double.self, forKey: .latitude),
                           longitude: try c.decodeIfPresent(Double.self, forKey: .longitude))
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let text):
            var c = encoder.singleValueContainer()
            try c.encode(text)
        case .coordinate(let latitude, let longitude):
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encodeIfPresent(latitude, forKey: .latitude)
            try c.encodeIfPresent(longitude, forKey: .longitude)
        }
    }
}

/// `SetupInput`: the API id may come as a number or a string (it is typed as digits).
public struct WireSetupInput: Codable, Hashable, Sendable {
    public var apiID: String
    public var apiHash: String

    public init(apiID: String, apiHash: String) {
        self.apiID = apiID
        self.apiHash = apiHash
    }

    enum CodingKeys: String, CodingKey { case apiID = "api_id", apiHash = "api_hash" }

    public init(from decoder: any Decoder) throws {
        try decoder.refuseUnknownKeys(["api_id", "api_hash"])
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? c.decode(Int64.self, forKey: .apiID) {
            apiID = String(number)
        } else {
            apiID = try c.decode(String.self, forKey: .apiID)
        }
        apiHash = try c.decode(String.self, forKey: .apiHash)
    }
}
