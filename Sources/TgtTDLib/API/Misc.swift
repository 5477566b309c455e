/// `ConnectionState`.
public enum ConnectionState: Decodable, Sendable, Equatable {
    case waitingForNetwork, connectingToProxy, connecting, updating, ready
    case unknown(String)

    private enum CodingKeys: String, CodingKey { case type = "@type" }

    public init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .type)
        switch type {
        case "connectionStateWaitingForNetwork": self = .waitingForNetwork
        case "connectionStateConnectingToProxy": self = .connectingToProxy
        case "connectionStateConnecting": self = .connecting
        case "connectionStateUpdating": self = .updating
        case "connectionStateReady": self = .ready
        default: self = .unknown(type)
        }
    }

    /// "waiting for network…", for status lines.
    public var label: String {
        switch self {
        case .waitingForNetwork: "waiting for network…"
        case .connectingToProxy: "connecting to proxy…"
        case .connecting: "connecting…"
        case .updating: "updating…"
        case .ready: "connected"
        case .unknown: "unknown"
        }
    }
}

/// `OptionValue`.
public enum OptionValue: Decodable, Sendable, Equatable {
    case boolean(Bool)
    case empty
    case integer(Int64)
    case string(String)

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case value
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "optionValueBoolean": self = .boolean(try c.decode(Bool.self, forKey: .value))
        case "optionValueInteger": self = .integer(try c.decode(TDInt64.self, forKey: .value).value)
        case "optionValueString": self = .string(try c.decode(String.self, forKey: .value))
        default: self = .empty
        }
    }

    public var intValue: Int64? {
        if case .integer(let v) = self { return v }
        return nil
    }

    public var stringValue: String? {
        if case .string(let v) = self { return v }
        return nil
    }
}

/// `user`, reduced to identity, name, active usernames and what writing to them takes.
public struct User: Decodable, Sendable, Equatable {
    public var id: Int64
    public var firstName: String
    public var lastName: String
    /// `usernames.active_usernames` (without "@"), the editable one first.
    public var usernames: [String]
    /// `type` is `userTypeDeleted`: nobody can write to the account any more.
    public var isDeleted: Bool
    /// `paid_message_star_count`: Stars most people pay per message to them (0: free). Some
    /// (contacts, people they exempted) do not: `canSendMessageToUser` tells for this account.
    public var paidMessageStarCount: Int64
    /// `type` is `userTypeBot`.
    public var isBot: Bool = false
    /// `status` is `userStatusOnline`: until when (Unix time); nil when offline or unknown.
    public var onlineUntil: Int32?
    /// `status` as a whole: when last seen, as far as their privacy settings tell.
    public var lastSeen: LastSeen = .unknown
    /// `phone_number` (without "+"), empty when their privacy settings hide it.
    public var phoneNumber: String = ""
    /// `is_contact`: in the account's contacts.
    public var isContact: Bool = false

    public init(id: Int64, firstName: String, lastName: String, usernames: [String] = [], isDeleted: Bool = false, paidMessageStarCount: Int64 = 0) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.usernames = usernames
        self.isDeleted = isDeleted
        self.paidMessageStarCount = paidMessageStarCount
    }

    private enum CodingKeys: String, CodingKey {
        case id, usernames, type, status
        case phoneNumber = "phone_number"
        case isContact = "is_contact"
        case firstName = "first_name"
        case lastName = "last_name"
        case paidMessageStarCount = "paid_message_star_count"
    }

    private enum UsernameKeys: String, CodingKey { case activeUsernames = "active_usernames" }
    private enum TypeKeys: String, CodingKey { case type = "@type" }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int64.self, forKey: .id)
        firstName = try c.decodeIfPresent(String.self, forKey: .firstName) ?? ""
        lastName = try c.decodeIfPresent(String.self, forKey: .lastName) ?? ""
        paidMessageStarCount = try c.decodeIfPresent(Int64.self, forKey: .paidMessageStarCount) ?? 0
        usernames = []
        if c.contains(.usernames), try !c.decodeNil(forKey: .usernames) {
            usernames = try c.nestedContainer(keyedBy: UsernameKeys.self, forKey: .usernames)
                .decodeIfPresent([String].self, forKey: .activeUsernames) ?? []
        }
        isDeleted = false
        if c.contains(.type), try !c.decodeNil(forKey: .type) {
            let type = try c.nestedContainer(keyedBy: TypeKeys.self, forKey: .type).decodeIfPresent(String.self, forKey: .type)
            isDeleted = type == "userTypeDeleted"
            isBot = type == "userTypeBot"
        }
        phoneNumber = try c.decodeIfPresent(String.self, forKey: .phoneNumber) ?? ""
        isContact = try c.decodeIfPresent(Bool.self, forKey: .isContact) ?? false
        if c.contains(.status), try !c.decodeNil(forKey: .status) {
            lastSeen = try c.decode(LastSeen.self, forKey: .status)
            if case .online(let until) = lastSeen { onlineUntil = until }
        }
    }

    /// "Ada Lovelace".
    public var displayName: String {
        [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// `UserStatus`: when someone was last online, as far as their privacy settings tell.
public enum LastSeen: Decodable, Sendable, Equatable {
    case online(until: Int32)
    case offline(wasOnline: Int32)
    case recently, lastWeek, lastMonth, unknown

    private enum CodingKeys: String, CodingKey {
        case type = "@type", expires
        case wasOnline = "was_online"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decodeIfPresent(String.self, forKey: .type) {
        case "userStatusOnline": self = .online(until: try c.decodeIfPresent(Int32.self, forKey: .expires) ?? 0)
        case "userStatusOffline": self = .offline(wasOnline: try c.decodeIfPresent(Int32.self, forKey: .wasOnline) ?? 0)
        case "userStatusRecently": self = .recently
        case "userStatusLastWeek": self = .lastWeek
        case "userStatusLastMonth": self = .lastMonth
        default: self = .unknown
        }
    }
}

/// `userFullInfo`, reduced to what a profile shows.
public struct UserFullInfo: Decodable, Sendable, Equatable {
    /// The bio's text (empty when none).
    public var bio: String
    public var groupInCommonCount: Int32

    private enum CodingKeys: String, CodingKey {
        case bio
        case groupInCommonCount = "group_in_common_count"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bio = try c.decodeIfPresent(FormattedText.self, forKey: .bio)?.text ?? ""
        groupInCommonCount = try c.decodeIfPresent(Int32.self, forKey: .groupInCommonCount) ?? 0
    }
}
