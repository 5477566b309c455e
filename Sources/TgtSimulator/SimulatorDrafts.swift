import Foundation

/// Cloud drafts as Telegram keeps them: `setChatDraftMessage` stores the chat's draft with the
/// account's history (every process and "other device" sees it) and announces
/// `updateChatDraftMessage` with the chat's positions; a forum topic's (`topic_id`) is its own,
/// announced with `updateForumTopic` and carried by the topic's `forumTopic`; a message sent
/// with `clear_draft` takes its chat's or topic's away; `simulateDraft` plays one typed on
/// another device.
extension TelegramSimulator {
    func setDraft(_ id: Int32, _ request: [String: Any]) {
        let directory = directory(of: id)
        guard let chat = findChatInScenario(request["chat_id"]) else { return respond(id, request, Self.error(400, "Chat not found")) }
        var topic: SimulatedTopic?
        if let given = request["topic_id"] as? [String: Any] {
            guard given["@type"] as? String == "messageTopicForum", case .forum(_, _, let topics) = chat.kind,
                  let found = topics.first(where: { Int($0.id) == given["forum_topic_id"] as? Int })
            else { return respond(id, request, Self.error(400, "Message thread not found")) }
            topic = found
        }
        var text: String?
        if let draft = request["draft_message"] as? [String: Any] {
            let content = draft["content"] as? [String: Any] ?? [:]
            guard content["@type"] as? String == "draftMessageContentText" else { return respond(id, request, Self.error(400, "Unsupported draft content")) }
            text = (content["text"] as? [String: Any])?["text"] as? String
            if text?.isEmpty == true { text = nil }
        }
        if let topic { applyTopicDraft(text, chat: chat, topic: topic, directory: directory) } else { applyDraft(text, chat: chat, directory: directory) }
        respond(id, request, ["@type": "ok"])
    }

    /// Keeps (nil: clears) a forum topic's draft and tells every client on the folder.
    func applyTopicDraft(_ text: String?, chat: SimulatedChat, topic: SimulatedTopic, directory: String) {
        let date = Int(unixNow())
        withHistory(directory) { $0.setDraft(text, date: date, chatID: chat.id, topic: Int(topic.id)) }
        let now = forumTopicObject(chat, topic, directory: directory)
        var update: [String: Any] = ["@type": "updateForumTopic", "chat_id": chat.id, "forum_topic_id": Int(topic.id)]
        for key in ["is_pinned", "last_read_inbox_message_id", "last_read_outbox_message_id", "unread_mention_count", "unread_reaction_count",
                    "unread_poll_vote_count", "notification_settings", "draft_message"] {
            update[key] = now[key]
        }
        emitToDirectory(directory, update)
    }

    /// Keeps (nil: clears) the chat's draft and tells every client on the folder.
    func applyDraft(_ text: String?, chat: SimulatedChat, directory: String) {
        let date = Int(unixNow())
        withHistory(directory) { $0.setDraft(text, date: date, chatID: chat.id) }
        let index = currentScenario.chats.firstIndex { $0.id == chat.id } ?? 0
        var update: [String: Any] = ["@type": "updateChatDraftMessage", "chat_id": chat.id,
                                     "positions": positionObjects(chat, directory: directory, index: index)]
        if let text { update["draft_message"] = Self.draftObject(text, date: date) }
        emitToDirectory(directory, update)
    }

    /// Takes the chat's draft away when a message is sent with `clear_draft`.
    func clearDraftIfAsked(_ request: [String: Any], chat: SimulatedChat, directory: String) {
        let input = request["input_message_content"] as? [String: Any] ?? [:]
        guard input["clear_draft"] as? Bool == true, !directory.isEmpty else { return }
        if let wanted = (request["topic_id"] as? [String: Any])?["forum_topic_id"] as? Int {
            guard case .forum(_, _, let topics) = chat.kind, let topic = topics.first(where: { Int($0.id) == wanted }),
                  withHistory(directory, { $0.topicDrafts[chat.id]?[wanted] }) != nil
            else { return }
            applyTopicDraft(nil, chat: chat, topic: topic, directory: directory)
            return
        }
        guard withHistory(directory, { $0.drafts[chat.id] }) != nil else { return }
        applyDraft(nil, chat: chat, directory: directory)
    }

    static func draftObject(_ text: String, date: Int) -> [String: Any] {
        ["@type": "draftMessage", "date": date, "effect_id": "0",
         "content": ["@type": "draftMessageContentText", "text": ["@type": "formattedText", "text": text, "entities": [] as [Any]]] as [String: Any]]
    }
}

// MARK: - Controls for tests and the demo

extension TelegramSimulator {
    /// The user types a draft in another Telegram app (nil: clears it there), in a forum topic with `topicID`.
    public func simulateDraft(inDatabaseDirectory directory: URL, chatID: Int64, text: String?, topicID: Int32? = nil) {
        queue.async {
            guard let chat = self.findChatInScenario(chatID) else { return }
            if let topicID {
                guard case .forum(_, _, let topics) = chat.kind, let topic = topics.first(where: { $0.id == topicID }) else { return }
                self.applyTopicDraft(text, chat: chat, topic: topic, directory: directory.path)
            } else {
                self.applyDraft(text, chat: chat, directory: directory.path)
            }
        }
    }
}
