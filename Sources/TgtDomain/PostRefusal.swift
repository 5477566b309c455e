/// Why the account may not post in a chat: one code per rule, so every face can word it in the
/// person's language (the apps through their String Catalog, `postRefusal.<code>`), and the
/// store and the API can keep and serve it as data.
///
/// The raw values are stored (`chat.cannot_post`) and served by the API (`cannot_post_code`,
/// `cannot_write_code`); `reason` is the English wording, the end of a sentence.
public enum PostRefusal: String, Sendable, Hashable, Codable, CaseIterable {
    /// The other person's account was deleted.
    case deletedAccount = "deleted_account"
    /// Secret chats exist only on the device that started them.
    case secretChat = "secret_chat"
    /// A chat type TDLib added after this build.
    case unsupportedChat = "unsupported_chat"
    /// A basic group that became a supergroup: the new chat is the one to use.
    case upgradedGroup = "upgraded_group"
    /// An admin of the channel whose rights leave out posting.
    case adminCannotPost = "admin_cannot_post"
    /// A channel where only its admins post.
    case channelAdminsOnly = "channel_admins_only"
    /// The account left the group or channel.
    case notMember = "not_member"
    /// The account was removed (banned) from it.
    case banned
    /// The group's admins restricted this account.
    case restricted
    /// The group lets no member post.
    case membersMuted = "members_muted"
    /// Each message here costs Telegram Stars; a one-tap template never spends them.
    case paidMessages = "paid_messages"
    /// The person accepts new chats only from their contacts.
    case restrictsNewChats = "restricts_new_chats"
    /// A reason this build does not know (read from data written by a newer one).
    case other

    /// Reads a stored or served code; a code this build does not know is `.other`.
    public init(code: String) {
        self = PostRefusal(rawValue: code) ?? .other
    }

    /// Reads what carried only the English reason (written before the codes, or served by an
    /// older `tgt serve`); wording this build does not know is `.other`.
    public init(reason: String) {
        self = PostRefusal.allCases.first { $0.reason == reason } ?? .other
    }

    /// What carried a refusal as a code, or (older writers) only as its English reason; nil
    /// when it carried neither.
    public static func read(code: String?, reason: String?) -> PostRefusal? {
        code.map(PostRefusal.init(code:)) ?? reason.map(PostRefusal.init(reason:))
    }

    /// The sentence a template save gives for a chat that refuses posts ("You cannot post in
    /// “Tech News”: only the channel's admins can post.").
    public func targetRefusal(chatTitle: String) -> String {
        "You cannot post in “\(chatTitle)”: \(reason)"
    }

    /// The English reason, as the end of a sentence ("only the channel's admins can post.").
    public var reason: String {
        switch self {
        case .deletedAccount: "this account was deleted."
        case .secretChat: "secret chats live only on the device that started them."
        case .unsupportedChat: "this kind of chat is not supported."
        case .upgradedGroup: "this group was upgraded to a supergroup; use the new one."
        case .adminCannotPost: "your admin rights in this channel do not include posting."
        case .channelAdminsOnly: "only the channel's admins can post."
        case .notMember: "you are not a member any more."
        case .banned: "you were removed from it."
        case .restricted: "its admins do not let you post."
        case .membersMuted: "its admins do not let members post."
        case .paidMessages: "each message here costs Telegram Stars, and TgTemplates never spends them."
        case .restrictsNewChats: "they accept new chats only from their contacts."
        case .other: "Telegram refuses it, for a reason this version does not know."
        }
    }
}
