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

/// `user`, reduced to identity and name.
public struct User: Decodable, Sendable, Equatable {
    public var id: Int64
    public var firstName: String
    public var lastName: String

    public init(id: Int64, firstName: String, lastName: String) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
    }

    private enum CodingKeys: String, CodingKey {
        case id
        case firstName = "first_name"
        case lastName = "last_name"
    }

    /// "Ada Lovelace".
    public var displayName: String {
        [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }
}
