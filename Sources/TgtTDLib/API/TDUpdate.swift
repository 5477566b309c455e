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
    /// `updateForumTopic`, reduced to the topic's read marker: a topic was read (its unread
    /// count is not in the update; `getForumTopic` has it, `updateChatReadInbox` the chat's).
    case forumTopic(chatID: Int64, forumTopicID: Int32, lastReadInboxMessageID: Int64)
    case user(User)
    /// `updateNewMessage`: after a restart TDLib announces the messages it is still sending
    /// this way (with new temporary ids).
    case newMessage(Message)
    case messageSendSucceeded(message: Message, oldMessageID: Int64)
    case messageSendFailed(message: Message, oldMessageID: Int64, error: TDLibErrorObject)
    /// `updateDeleteMessages`: messages gone from a chat. A scheduled message that Telegram
    /// posts, or that someone deletes, arrives here with its scheduled id (`is_permanent`).
    case deleteMessages(chatID: Int64, messageIDs: [Int64], isPermanent: Bool, fromCache: Bool)
    /// `updateChatLastMessage` (nil: the chat has no message now), with the chat's new positions.
    case chatLastMessage(chatID: Int64, message: Message?, positions: [ChatPosition])
    /// `updateChatDraftMessage`: the draft's text (nil: none) and the positions it carries (a draft moves a chat).
    case chatDraft(chatID: Int64, text: String?, positions: [ChatPosition])
    case chatReadInbox(chatID: Int64, lastReadInboxMessageID: Int64, unreadCount: Int32)
    case chatReadOutbox(chatID: Int64, lastReadOutboxMessageID: Int64)
    case chatUnreadMentionCount(chatID: Int64, count: Int32)
    case chatMuteFor(chatID: Int64, muteFor: Int32, usesDefault: Bool, showPreview: Bool, usesDefaultShowPreview: Bool)
    /// `updateScopeNotificationSettings`: the default mute of a kind of chats.
    case scopeMuteFor(scope: NotificationScope, muteFor: Int32, showPreview: Bool)
    case chatPhoto(chatID: Int64, minithumbnail: Minithumbnail?, small: TDFile?)
    case chatCanSendBasicMessages(chatID: Int64, Bool)
    case chatMarkedAsUnread(chatID: Int64, Bool)
    /// `updateUnreadChatCount`: how many chats of a list are unread (and unread and not muted).
    case unreadChatCount(list: ChatListKind, unreadCount: Int32, unreadUnmutedCount: Int32)
    case messageContent(chatID: Int64, messageID: Int64, content: MessageContent)
    case messageEdited(chatID: Int64, messageID: Int64, editDate: Int32)
    /// `updateMessageContentOpened`: a voice note was listened to, a video note viewed.
    case messageContentOpened(chatID: Int64, messageID: Int64)
    /// `updateMessageInteractionInfo`, reduced to the reactions (empty: none now).
    case messageReactions(chatID: Int64, messageID: Int64, reactions: [MessageReaction])
    /// `updateMessageIsPinned`.
    case messagePinned(chatID: Int64, messageID: Int64, isPinned: Bool)
    case file(TDFile)
    /// `updateChatFolders`: the folders and where the main list sits among them.
    case chatFolders(ChatFolders)
    /// `updateChatAction`: someone started (or, `.cancel`, stopped) typing or the like.
    case chatAction(ChatActionUpdate)
    /// `updateUserStatus`: someone went online or offline.
    case userStatus(userID: Int64, status: LastSeen)
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
        case lastMessage = "last_message"
        case positions, photo, file, permissions
        case lastReadInboxMessageID = "last_read_inbox_message_id"
        case lastReadOutboxMessageID = "last_read_outbox_message_id"
        case unreadCount = "unread_count"
        case unreadMentionCount = "unread_mention_count"
        case notificationSettings = "notification_settings"
        case isMarkedAsUnread = "is_marked_as_unread"
        case chatList = "chat_list"
        case scope
        case unreadUnmutedCount = "unread_unmuted_count"
        case messageID = "message_id"
        case forumTopicID = "forum_topic_id"
        case newContent = "new_content"
        case editDate = "edit_date"
        case interactionInfo = "interaction_info"
        case isPinned = "is_pinned"
        case draftMessage = "draft_message"
        case chatFolders = "chat_folders"
        case mainChatListPosition = "main_chat_list_position"
        case userID = "user_id"
        case status
    }

    private enum NestedKeys: String, CodingKey {
        case muteFor = "mute_for"
        case useDefaultMuteFor = "use_default_mute_for"
        case showPreview = "show_preview"
        case useDefaultShowPreview = "use_default_show_preview"
        case canSendBasicMessages = "can_send_basic_messages"
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
            case "updateForumTopic":
                self = .forumTopic(chatID: try c.decode(Int64.self, forKey: .chatID), forumTopicID: try c.decode(Int32.self, forKey: .forumTopicID),
                                   lastReadInboxMessageID: try c.decodeIfPresent(Int64.self, forKey: .lastReadInboxMessageID) ?? 0)
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
            case "updateChatLastMessage":
                self = .chatLastMessage(chatID: try c.decode(Int64.self, forKey: .chatID), message: try c.decodeIfPresent(Message.self, forKey: .lastMessage),
                                        positions: try c.decodeIfPresent([ChatPosition].self, forKey: .positions) ?? [])
            case "updateChatDraftMessage":
                self = .chatDraft(chatID: try c.decode(Int64.self, forKey: .chatID), text: try DraftText.decode(c, forKey: .draftMessage),
                                  positions: try c.decodeIfPresent([ChatPosition].self, forKey: .positions) ?? [])
            case "updateChatReadInbox":
                self = .chatReadInbox(chatID: try c.decode(Int64.self, forKey: .chatID),
                                      lastReadInboxMessageID: try c.decode(Int64.self, forKey: .lastReadInboxMessageID),
                                      unreadCount: try c.decode(Int32.self, forKey: .unreadCount))
            case "updateChatReadOutbox":
                self = .chatReadOutbox(chatID: try c.decode(Int64.self, forKey: .chatID), lastReadOutboxMessageID: try c.decode(Int64.self, forKey: .lastReadOutboxMessageID))
            case "updateChatUnreadMentionCount":
                self = .chatUnreadMentionCount(chatID: try c.decode(Int64.self, forKey: .chatID), count: try c.decode(Int32.self, forKey: .unreadMentionCount))
            case "updateChatNotificationSettings":
                let settings = try c.nestedContainer(keyedBy: NestedKeys.self, forKey: .notificationSettings)
                self = .chatMuteFor(chatID: try c.decode(Int64.self, forKey: .chatID), muteFor: try settings.decodeIfPresent(Int32.self, forKey: .muteFor) ?? 0,
                                    usesDefault: try settings.decodeIfPresent(Bool.self, forKey: .useDefaultMuteFor) ?? false,
                                    showPreview: try settings.decodeIfPresent(Bool.self, forKey: .showPreview) ?? true,
                                    usesDefaultShowPreview: try settings.decodeIfPresent(Bool.self, forKey: .useDefaultShowPreview) ?? true)
            case "updateScopeNotificationSettings":
                let settings = try c.nestedContainer(keyedBy: NestedKeys.self, forKey: .notificationSettings)
                self = .scopeMuteFor(scope: try c.decode(NotificationScope.self, forKey: .scope), muteFor: try settings.decodeIfPresent(Int32.self, forKey: .muteFor) ?? 0,
                                     showPreview: try settings.decodeIfPresent(Bool.self, forKey: .showPreview) ?? true)
            case "updateChatPhoto":
                let (mini, small) = try Chat.photo(c, .photo)
                self = .chatPhoto(chatID: try c.decode(Int64.self, forKey: .chatID), minithumbnail: mini, small: small)
            case "updateChatPermissions":
                let permissions = try c.nestedContainer(keyedBy: NestedKeys.self, forKey: .permissions)
                self = .chatCanSendBasicMessages(chatID: try c.decode(Int64.self, forKey: .chatID),
                                                 try permissions.decodeIfPresent(Bool.self, forKey: .canSendBasicMessages) ?? true)
            case "updateChatIsMarkedAsUnread":
                self = .chatMarkedAsUnread(chatID: try c.decode(Int64.self, forKey: .chatID), try c.decode(Bool.self, forKey: .isMarkedAsUnread))
            case "updateUnreadChatCount":
                self = .unreadChatCount(list: try c.decode(ChatListKind.self, forKey: .chatList), unreadCount: try c.decode(Int32.self, forKey: .unreadCount),
                                        unreadUnmutedCount: try c.decode(Int32.self, forKey: .unreadUnmutedCount))
            case "updateMessageContent":
                self = .messageContent(chatID: try c.decode(Int64.self, forKey: .chatID), messageID: try c.decode(Int64.self, forKey: .messageID),
                                       content: try c.decode(MessageContent.self, forKey: .newContent))
            case "updateMessageContentOpened":
                self = .messageContentOpened(chatID: try c.decode(Int64.self, forKey: .chatID), messageID: try c.decode(Int64.self, forKey: .messageID))
            case "updateMessageEdited":
                self = .messageEdited(chatID: try c.decode(Int64.self, forKey: .chatID), messageID: try c.decode(Int64.self, forKey: .messageID),
                                      editDate: try c.decode(Int32.self, forKey: .editDate))
            case "updateMessageInteractionInfo":
                self = .messageReactions(chatID: try c.decode(Int64.self, forKey: .chatID), messageID: try c.decode(Int64.self, forKey: .messageID),
                                         reactions: try InteractionReactions.decode(c, forKey: .interactionInfo))
            case "updateMessageIsPinned":
                self = .messagePinned(chatID: try c.decode(Int64.self, forKey: .chatID), messageID: try c.decode(Int64.self, forKey: .messageID),
                                      isPinned: try c.decode(Bool.self, forKey: .isPinned))
            case "updateFile": self = .file(try c.decode(TDFile.self, forKey: .file))
            case "updateChatFolders":
                self = .chatFolders(ChatFolders(folders: try c.decodeIfPresent([ChatFolderInfo].self, forKey: .chatFolders) ?? [],
                                                mainListPosition: Int(try c.decodeIfPresent(Int32.self, forKey: .mainChatListPosition) ?? 0)))
            case "updateChatAction": self = .chatAction(try ChatActionUpdate(from: decoder))
            case "updateUserStatus":
                self = .userStatus(userID: try c.decode(Int64.self, forKey: .userID), status: try c.decode(LastSeen.self, forKey: .status))
            default: self = .other(typeName)
            }
        } catch {
            Self.logger.warning("skipped an update that did not decode", metadata: ["type": "\(typeName)", "error": "\(error)"])
            self = .undecodable(typeName)
        }
    }
}
