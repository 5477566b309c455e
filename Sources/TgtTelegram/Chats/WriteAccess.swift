import TgtDomain
import TgtTDLib

/// Whether the account may post text in a chat, and if not why: one rule for the chat screens
/// (composer, `tgt chat send`) and for the chats a template can target.
///
/// It reads what TDLib's updates already said (the chat's permissions, the account's member
/// status in the group, the other user's account). Only for a person whose messages may cost
/// Stars does the caller ask TDLib (`canSendMessageToUser`, see `needsMessagingCheck`) and pass
/// the answer in, since contacts and people they exempted pay nothing.
public enum WriteAccess {
    /// Nil when text may be posted; otherwise why not.
    public static func refusal(_ chat: Chat, basicGroup: BasicGroup?, supergroup: Supergroup?, user: User?,
                               messaging: CanSendMessageToUserResult? = nil) -> PostRefusal?
    {
        switch chat.type {
        case .private:
            if user?.isDeleted == true { return .deletedAccount }
            return messaging.flatMap(refusal)
        case .secret: return .secretChat
        case .unknown: return .unsupportedChat
        case .basicGroup:
            guard let group = basicGroup else { return nil }
            if !group.isActive { return .upgradedGroup }
            return reason(group.status, canSendBasicMessages: chat.canSendBasicMessages, isChannel: false)
        case .supergroup(_, let isChannel):
            guard let group = supergroup else { return isChannel ? .channelAdminsOnly : nil }
            if let refusal = reason(group.status, canSendBasicMessages: chat.canSendBasicMessages, isChannel: isChannel) { return refusal }
            // Admins and the creator post for free; everyone else pays the group's price.
            if !isChannel, group.paidMessageStarCount > 0, !group.status.isAdmin { return .paidMessages }
            return nil
        }
    }

    /// What TDLib's `canSendMessageToUser` answer means for posting to that person.
    public static func refusal(_ messaging: CanSendMessageToUserResult) -> PostRefusal? {
        switch messaging {
        case .paidMessages(let stars): stars > 0 ? .paidMessages : nil
        case .userIsDeleted: .deletedAccount
        case .restrictsNewChats: .restrictsNewChats
        case .ok, .unknown: nil
        }
    }

    /// Whether `refusal` needs TDLib's `canSendMessageToUser` answer for a private chat with
    /// `user`: only when their messages may cost Stars.
    public static func needsMessagingCheck(_ user: User?) -> Bool {
        (user?.paidMessageStarCount ?? 0) > 0 && user?.isDeleted != true
    }

    static func reason(_ status: MemberStatus, canSendBasicMessages: Bool, isChannel: Bool) -> PostRefusal? {
        switch status {
        case .creator: return nil
        case .administrator(let canPost): return isChannel && !canPost ? .adminCannotPost : nil
        case .left: return .notMember
        case .banned: return .banned
        case .restricted(let allowed): return isChannel ? .channelAdminsOnly : allowed ? nil : .restricted
        case .member:
            if isChannel { return .channelAdminsOnly }
            return canSendBasicMessages ? nil : .membersMuted
        }
    }
}

extension MemberStatus {
    /// The creator or an administrator.
    var isAdmin: Bool {
        switch self {
        case .creator, .administrator: true
        default: false
        }
    }
}
