import Foundation

/// TDLib objects as the simulator sends them, with TDLib's field names.
enum SimObjects {
    static func user(_ a: SimulatedAccount) -> [String: Any] {
        ["@type": "user", "id": a.userID, "first_name": a.firstName, "last_name": a.lastName,
         "phone_number": a.phoneNumber.filter(\.isNumber), "is_contact": false, "type": ["@type": "userTypeRegular"]]
    }

    static func person(_ p: SimulatedPerson) -> [String: Any] {
        let type: [String: Any] = p.isBot ? botType() : ["@type": "userTypeRegular"]
        return ["@type": "user", "id": p.id, "first_name": p.firstName, "last_name": p.lastName, "phone_number": "", "is_contact": p.isContact,
         "usernames": ["@type": "usernames", "active_usernames": p.username.isEmpty ? [] : [p.username], "disabled_usernames": [] as [Any],
                       "editable_username": p.username, "collectible_usernames": [] as [Any]],
         "restricts_new_chats": false, "paid_message_star_count": p.paidMessageStars, "type": type]
    }

    /// `userTypeBot` with every field of TDLib's schema.
    static func botType() -> [String: Any] { [
        "@type": "userTypeBot", "can_be_edited": false, "can_join_groups": true, "can_read_all_group_messages": false, "has_main_web_app": false,
        "has_topics": false, "allows_users_to_create_topics": false, "can_manage_bots": false, "is_inline": false, "inline_query_placeholder": "",
        "supports_guest_queries": false, "is_guard": false, "need_location": false, "can_connect_to_business": false,
        "can_be_added_to_attachment_menu": false, "active_user_count": 0,
    ] }

    static func chatType(_ chat: SimulatedChat) -> [String: Any] {
        switch chat.kind {
        case .basicGroup(let id, _): ["@type": "chatTypeBasicGroup", "basic_group_id": id]
        case .supergroup(let id, _, _), .forum(let id, _, _): ["@type": "chatTypeSupergroup", "supergroup_id": id, "is_channel": false]
        case .channel(let id, _): ["@type": "chatTypeSupergroup", "supergroup_id": id, "is_channel": true]
        case .private(let userID): ["@type": "chatTypePrivate", "user_id": userID]
        }
    }

    /// A chat as `updateNewChat` carries it: like TDLib, without positions (they follow in
    /// `updateChatPosition`).
    static func chat(_ chat: SimulatedChat) -> [String: Any] {
        ["@type": "chat", "id": chat.id, "type": chatType(chat), "title": chat.title,
         "positions": [] as [Any], "unread_count": 0, "view_as_topics": false]
    }

    static func position(chatID: Int64, order: Int) -> [String: Any] {
        ["@type": "updateChatPosition", "chat_id": chatID, "position": [
            "@type": "chatPosition", "list": ["@type": "chatListMain"], "order": String(order), "is_pinned": false,
        ]]
    }

    /// The updates TDLib sends before a chat: its basic group or supergroup.
    static func groupUpdate(_ chat: SimulatedChat) -> [String: Any]? {
        switch chat.kind {
        case .basicGroup(let id, let count):
            return ["@type": "updateBasicGroup", "basic_group": [
                "@type": "basicGroup", "id": id, "member_count": count, "status": status(chat),
                "is_active": true, "upgraded_to_supergroup_id": 0,
            ]]
        case .supergroup(let id, let count, let known):
            return supergroup(id: id, count: known ? count : 0, isChannel: false, isForum: false, status: status(chat), paidStars: chat.paidMessageStars)
        case .forum(let id, let count, _):
            return supergroup(id: id, count: count, isChannel: false, isForum: true, status: status(chat), paidStars: chat.paidMessageStars)
        case .channel(let id, let count):
            return supergroup(id: id, count: count, isChannel: true, isForum: false, status: status(chat))
        case .private:
            return nil
        }
    }

    /// The account's status in a group: creator of the ones it owns, a member of the others.
    private static func status(_ chat: SimulatedChat) -> [String: Any] {
        chat.isOwned ? ["@type": "chatMemberStatusCreator", "is_anonymous": false, "is_member": true]
            : ["@type": "chatMemberStatusMember", "member_until_date": 0]
    }

    private static func supergroup(id: Int64, count: Int32, isChannel: Bool, isForum: Bool, status: [String: Any], paidStars: Int64 = 0) -> [String: Any] {
        ["@type": "updateSupergroup", "supergroup": [
            "@type": "supergroup", "id": id, "date": 1_700_000_000, "status": status,
            "member_count": count, "is_channel": isChannel, "is_forum": isForum, "is_broadcast_group": false,
            "paid_message_star_count": paidStars,
        ]]
    }

    /// A `forumTopic` with every field of TDLib's (the draft left out: none).
    static func forumTopic(chatID: Int64, _ t: SimulatedTopic, lastMessage: [String: Any]? = nil, unread: Int = 0,
                           lastReadInbox: Int64 = 0, lastReadOutbox: Int64 = 0, draft: [String: Any]? = nil) -> [String: Any]
    {
        var topic: [String: Any] = ["@type": "forumTopic", "info": [
            "@type": "forumTopicInfo", "chat_id": chatID, "forum_topic_id": t.id, "name": t.name,
            "icon": ["@type": "forumTopicIcon", "color": 7_322_096, "custom_emoji_id": "0"],
            "creation_date": 1_700_000_000, "is_general": t.isGeneral, "is_outgoing": false,
            "is_closed": false, "is_hidden": false, "is_name_implicit": false,
        ], "order": "0", "is_pinned": false, "unread_count": unread, "last_read_inbox_message_id": lastReadInbox,
        "last_read_outbox_message_id": lastReadOutbox, "unread_mention_count": 0, "unread_reaction_count": 0, "unread_poll_vote_count": 0,
        "notification_settings": defaultNotificationSettings]
        if let lastMessage { topic["last_message"] = lastMessage }
        if let draft { topic["draft_message"] = draft }
        return topic
    }

    /// `updateForumTopic`: a topic's read markers (and the rest of its state) changed.
    static func forumTopicUpdate(chatID: Int64, topicID: Int, lastReadInbox: Int64, lastReadOutbox: Int64) -> [String: Any] {
        ["@type": "updateForumTopic", "chat_id": chatID, "forum_topic_id": topicID, "is_pinned": false,
         "last_read_inbox_message_id": lastReadInbox, "last_read_outbox_message_id": lastReadOutbox,
         "unread_mention_count": 0, "unread_reaction_count": 0, "unread_poll_vote_count": 0,
         "notification_settings": defaultNotificationSettings]
    }

    /// A topic's notification settings: the chat's defaults.
    static var defaultNotificationSettings: [String: Any] {
        ["@type": "chatNotificationSettings", "use_default_mute_for": true, "mute_for": 0,
         "use_default_sound": true, "use_default_show_preview": true, "show_preview": true]
    }

    /// `messageSendingStateFailed` with TDLib's fields, for a message Telegram refused.
    static func failedSendingState(_ error: [String: Any]) -> [String: Any] {
        ["@type": "messageSendingStateFailed", "error": error, "can_retry": false,
         "need_another_sender": false, "need_another_reply_quote": false, "need_drop_reply": false,
         "required_paid_message_star_count": 0, "retry_after": 0]
    }

    static func message(id: Int64, chatID: Int64, topicID: Int32?, content: [String: Any], sendingState: [String: Any]?,
                        sender: Int64 = 424242) -> [String: Any]
    {
        var m: [String: Any] = [
            "@type": "message", "id": id, "chat_id": chatID, "is_outgoing": true, "is_from_offline": false,
            "date": Int(Date().timeIntervalSince1970), "edit_date": 0, "content": content,
            "sender_id": ["@type": "messageSenderUser", "user_id": sender],
        ]
        if let sendingState { m["sending_state"] = sendingState }
        if let topicID { m["topic_id"] = ["@type": "messageTopicForum", "forum_topic_id": topicID] }
        return m
    }
}
