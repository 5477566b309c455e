import TgtTDLib

/// Whether the account may post text in a chat, and if not why: one rule for the chat screens
/// (composer, `tgt chat send`) and for the chats a template can target.
///
/// It reads only what TDLib's updates already said (the chat's permissions, the account's
/// member status in the group, the other user's account), so deciding never costs a request.
public enum WriteAccess {
    /// Nil when text may be posted; otherwise the reason, as the end of a sentence
    /// ("only the channel's admins can post.").
    public static func refusal(_ chat: Chat, basicGroup: BasicGroup?, supergroup: Supergroup?, user: User?) -> String? {
        switch chat.type {
        case .private:
            return user?.isDeleted == true ? "this account was deleted." : nil
        case .secret: return "secret chats live only on the device that started them."
        case .unknown: return "this kind of chat is not supported."
        case .basicGroup:
            guard let group = basicGroup else { return nil }
            if !group.isActive { return "this group was upgraded to a supergroup; use the new one." }
            return reason(group.status, canSendBasicMessages: chat.canSendBasicMessages, isChannel: false)
        case .supergroup(_, let isChannel):
            guard let group = supergroup else { return isChannel ? "only the channel's admins can post." : nil }
            return reason(group.status, canSendBasicMessages: chat.canSendBasicMessages, isChannel: isChannel)
        }
    }

    static func reason(_ status: MemberStatus, canSendBasicMessages: Bool, isChannel: Bool) -> String? {
        switch status {
        case .creator: return nil
        case .administrator(let canPost): return isChannel && !canPost ? "your admin rights in this channel do not include posting." : nil
        case .left: return "you are not a member any more."
        case .banned: return "you were removed from it."
        case .restricted(let allowed): return isChannel ? "only the channel's admins can post." : allowed ? nil : "its admins do not let you post."
        case .member:
            if isChannel { return "only the channel's admins can post." }
            return canSendBasicMessages ? nil : "its admins do not let members post."
        }
    }
}
