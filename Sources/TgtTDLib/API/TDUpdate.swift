import Logging

/// The updates this app acts on. Anything else arrives as `.other(typeName)` and is skipped:
/// an update type this build does not know is never an error.
public enum TDUpdate: Sendable, Equatable {
    case authorizationState(AuthorizationState)
    case connectionState(ConnectionState)
    case option(name: String, value: OptionValue)
    case newChat(Chat)
    case chatTitle(chatID: Int64, title: String)
    case chatPosition(chatID: Int64, position: ChatPosition)
    case basicGroup(BasicGroup)
    case supergroup(Supergroup)
    case forumTopicInfo(ForumTopicInfo)
    case user(User)
    /// `updateNewMessage`: after a restart TDLib announces the messages it is still sending
    /// this way (with new temporary ids).
    case newMessage(Message)
    case messageSendSucceeded(message: Message, oldMessageID: Int64)
    case messageSendFailed(message: Message, oldMessageID: Int64, error: TDLibErrorObject)
    /// `updateDeleteMessages`: messages gone from a chat. A scheduled message that Telegram
    /// posts, or that someone deletes, arrives here with its scheduled id (`is_permanent`).
    case deleteMessages(chatID: Int64, messageIDs: [Int64], isPermanent: Bool, fromCache: Bool)
    /// An update type not decoded by this build.
    case other(String)
    /// A known type whose contents did not decode (logged; treated like `.other`).
    case undecodable(String)

    private static let logger = Logger(label: "tgt.tdlib.updates")

    /// The options the app acts on (`updateOption` for any other is skipped like an unknown update).
    public static let usedOptions: Set<String> = ["version", "my_id", "message_text_length_max", "unix_time"]

    private enum Keys: String, CodingKey {
        case authorizationState = "authorization_state"
        case state, name, value, chat
        case chatID = "chat_id"
        case title
        case basicGroup = "basic_group"
        case supergroup, info, user, message
        case oldMessageID = "old_message_id"
        case error, position
        case messageIDs = "message_ids"
        case isPermanent = "is_permanent"
        case fromCache = "from_cache"
    }

    /// Decodes the update whose `@type` is `typeName` from `decoder`, never throwing.
    init(decoding decoder: any Decoder, typeName: String) {
        do {
            let c = try decoder.container(keyedBy: Keys.self)
            switch typeName {
            case "updateAuthorizationState":
                self = .authorizationState(try c.decode(AuthorizationState.self, forKey: .authorizationState))
            case "updateConnectionState":
                self = .connectionState(try c.decode(ConnectionState.self, forKey: .state))
            case "updateOption":
                // TDLib sends ~130 options at start; only the ones this app reads are decoded.
                let name = try c.decode(String.self, forKey: .name)
                guard Self.usedOptions.contains(name) else {
                    self = .other(typeName)
                    return
                }
                self = .option(name: name, value: try c.decode(OptionValue.self, forKey: .value))
            case "updateNewChat": self = .newChat(try c.decode(Chat.self, forKey: .chat))
            case "updateChatTitle":
                self = .chatTitle(chatID: try c.decode(Int64.self, forKey: .chatID), title: try c.decode(String.self, forKey: .title))
            case "updateChatPosition":
                self = .chatPosition(chatID: try c.decode(Int64.self, forKey: .chatID), position: try c.decode(ChatPosition.self, forKey: .position))
            case "updateBasicGroup": self = .basicGroup(try c.decode(BasicGroup.self, forKey: .basicGroup))
            case "updateSupergroup": self = .supergroup(try c.decode(Supergroup.self, forKey: .supergroup))
            case "updateForumTopicInfo": self = .forumTopicInfo(try c.decode(ForumTopicInfo.self, forKey: .info))
            case "updateUser": self = .user(try c.decode(User.self, forKey: .user))
            case "updateNewMessage": self = .newMessage(try c.decode(Message.self, forKey: .message))
            case "updateMessageSendSucceeded":
                self = .messageSendSucceeded(
                    message: try c.decode(Message.self, forKey: .message),
                    oldMessageID: try c.decode(Int64.self, forKey: .oldMessageID))
            case "updateMessageSendFailed":
                self = .messageSendFailed(
                    message: try c.decode(Message.self, forKey: .message),
                    oldMessageID: try c.decode(Int64.self, forKey: .oldMessageID),
                    error: try c.decode(TDLibErrorObject.self, forKey: .error))
            case "updateDeleteMessages":
                self = .deleteMessages(
                    chatID: try c.decode(Int64.self, forKey: .chatID), messageIDs: try c.decode([Int64].self, forKey: .messageIDs),
                    isPermanent: try c.decodeIfPresent(Bool.self, forKey: .isPermanent) ?? false,
                    fromCache: try c.decodeIfPresent(Bool.self, forKey: .fromCache) ?? false)
            default: self = .other(typeName)
            }
        } catch {
            Self.logger.warning("skipped an update that did not decode", metadata: ["type": "\(typeName)", "error": "\(error)"])
            self = .undecodable(typeName)
        }
    }
}
