/// `ChatMemberStatus` of the account in a group or channel, reduced to what decides whether it
/// may post there.
public enum MemberStatus: Decodable, Sendable, Equatable {
    case creator
    case administrator(canPostMessages: Bool)
    case member
    case restricted(canSendBasicMessages: Bool)
    case left
    case banned

    private enum CodingKeys: String, CodingKey {
        case type = "@type"
        case rights, permissions
        case isMember = "is_member"
    }
    private enum RightKeys: String, CodingKey {
        case canPostMessages = "can_post_messages"
        case canSendBasicMessages = "can_send_basic_messages"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .type) {
        case "chatMemberStatusCreator":
            self = try c.decodeIfPresent(Bool.self, forKey: .isMember) ?? true ? .creator : .left
        case "chatMemberStatusAdministrator":
            let rights = try c.nestedContainer(keyedBy: RightKeys.self, forKey: .rights)
            self = .administrator(canPostMessages: try rights.decodeIfPresent(Bool.self, forKey: .canPostMessages) ?? false)
        case "chatMemberStatusRestricted":
            guard try c.decodeIfPresent(Bool.self, forKey: .isMember) ?? true else {
                self = .left
                return
            }
            let permissions = try c.nestedContainer(keyedBy: RightKeys.self, forKey: .permissions)
            self = .restricted(canSendBasicMessages: try permissions.decodeIfPresent(Bool.self, forKey: .canSendBasicMessages) ?? false)
        case "chatMemberStatusLeft": self = .left
        case "chatMemberStatusBanned": self = .banned
        default: self = .member
        }
    }
}
