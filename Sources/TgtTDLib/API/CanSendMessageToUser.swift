/// `CanSendMessageToUserResult`: whether this account may message a user, and whether each
/// message would cost Telegram Stars.
public enum CanSendMessageToUserResult: Decodable, Sendable, Equatable {
    case ok
    /// `canSendMessageToUserResultUserHasPaidMessages`: each message costs this many Stars.
    case paidMessages(starCount: Int64)
    case userIsDeleted
    /// `canSendMessageToUserResultUserRestrictsNewChats`: only contacts (and Premium users)
    /// may start a chat with them.
    case restrictsNewChats
    case unknown(String)

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case outgoingPaidMessageStarCount = "outgoing_paid_message_star_count"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "canSendMessageToUserResultOk": self = .ok
        case "canSendMessageToUserResultUserHasPaidMessages":
            self = .paidMessages(starCount: try c.decodeIfPresent(Int64.self, forKey: .outgoingPaidMessageStarCount) ?? 0)
        case "canSendMessageToUserResultUserIsDeleted": self = .userIsDeleted
        case "canSendMessageToUserResultUserRestrictsNewChats": self = .restrictsNewChats
        default: self = .unknown(type)
        }
    }
}

extension TDFunctions {
    /// `canSendMessageToUser`: asked for people whose messages may cost Stars, to learn whether
    /// they cost this account anything (contacts and people they exempted pay nothing).
    public struct CanSendMessageToUser: TDFunction {
        public typealias Result = CanSendMessageToUserResult
        public static let typeName = "canSendMessageToUser"
        public var userID: Int64
        /// Answer from what TDLib already knows, without a network request.
        public var onlyLocal: Bool
        public init(userID: Int64, onlyLocal: Bool) {
            self.userID = userID
            self.onlyLocal = onlyLocal
        }
        enum CodingKeys: String, CodingKey {
            case userID = "user_id"
            case onlyLocal = "only_local"
        }
    }
}
