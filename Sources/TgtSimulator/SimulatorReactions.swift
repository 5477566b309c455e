import Foundation

/// Reactions as Telegram keeps them: the chat's allowed set (`getMessageAvailableReactions`),
/// the user's own added and taken back (`addMessageReaction`, `removeMessageReaction`), others'
/// arriving (`simulateReaction`), each change announced as `updateMessageInteractionInfo` to
/// every client on the account and kept with the history, so every process sees it.
extension TelegramSimulator {
    /// The chat's reactions: channels allow a few, other chats Telegram's usual set.
    static func allowedReactions(_ chat: SimulatedChat) -> [String] {
        if case .channel = chat.kind { return ["👍", "❤️", "🔥", "🎉", "😢"] }
        return ["👍", "❤️", "🔥", "🎉", "😂", "😮", "😢", "🙏", "👎", "👌", "🤔", "💯"]
    }

    /// A reaction only Premium subscribers may add, offered among the popular ones as Telegram does.
    static let premiumReaction = "🦄"

    func handleReaction(_ id: Int32, _ request: [String: Any], type: String) {
        let directory = directory(of: id)
        guard let chat = findChatInScenario(request["chat_id"]) else { return respond(id, request, Self.error(400, "Chat not found")) }
        let messageID = Self.int64(request["message_id"])
        guard let message = findMessage(chat, messageID, directory: directory), message["sending_state"] == nil else {
            return respond(id, request, Self.error(400, "Message not found"))
        }
        let allowed = Self.allowedReactions(chat)
        switch type {
        case "getMessageAvailableReactions":
            func choice(_ emoji: String, premium: Bool = false) -> [String: Any] {
                ["@type": "availableReaction", "type": Self.reactionType(emoji), "needs_premium": premium]
            }
            let rowSize = min(25, max(5, request["row_size"] as? Int ?? 8))
            respond(id, request, [
                "@type": "availableReactions", "top_reactions": allowed.prefix(rowSize).map { choice($0) },
                "recent_reactions": [] as [Any],
                "popular_reactions": allowed.dropFirst(rowSize).map { choice($0) } + [choice(Self.premiumReaction, premium: true)],
                "allow_custom_emoji": false, "are_tags": false,
            ])
        default:
            let reaction = request["reaction_type"] as? [String: Any] ?? [:]
            guard reaction["@type"] as? String == "reactionTypeEmoji", let emoji = reaction["emoji"] as? String else {
                return respond(id, request, Self.error(400, "REACTION_INVALID"))
            }
            let adding = type == "addMessageReaction"
            if adding, !allowed.contains(emoji) { return respond(id, request, Self.error(400, "REACTION_INVALID")) }
            var list = Self.reactions(of: message)
            let me = currentScenario.account.userID
            if adding {
                // Like Telegram for a free account: one reaction of one's own at a time.
                for index in list.indices where list[index]["is_chosen"] as? Bool == true && Self.emoji(of: list[index]) != emoji {
                    list[index]["is_chosen"] = false
                    list[index]["total_count"] = max(0, (list[index]["total_count"] as? Int ?? 1) - 1)
                    list[index].removeValue(forKey: "used_sender_id")
                }
                if let index = list.firstIndex(where: { Self.emoji(of: $0) == emoji }) {
                    if list[index]["is_chosen"] as? Bool != true {
                        list[index]["total_count"] = (list[index]["total_count"] as? Int ?? 0) + 1
                        list[index]["is_chosen"] = true
                        list[index]["used_sender_id"] = ["@type": "messageSenderUser", "user_id": me]
                    }
                } else {
                    list.append(Self.reaction(emoji, count: 1, chosen: true, by: me))
                }
            } else if let index = list.firstIndex(where: { Self.emoji(of: $0) == emoji }), list[index]["is_chosen"] as? Bool == true {
                list[index]["is_chosen"] = false
                list[index]["total_count"] = (list[index]["total_count"] as? Int ?? 1) - 1
                list[index].removeValue(forKey: "used_sender_id")
            }
            list.removeAll { ($0["total_count"] as? Int ?? 0) <= 0 }
            setReactions(list, chat: chat, messageID: messageID, directory: directory)
            respond(id, request, ["@type": "ok"])
        }
    }

    /// Keeps a message's reactions with the history and tells every client.
    func setReactions(_ list: [[String: Any]], chat: SimulatedChat, messageID: Int64, directory: String) {
        withHistory(directory) { $0.setReactions(list, messageID: messageID, chatID: chat.id) }
        emitToDirectory(directory, ["@type": "updateMessageInteractionInfo", "chat_id": chat.id, "message_id": messageID,
                                    "interaction_info": Self.interactionInfo(list)])
    }

    static func interactionInfo(_ list: [[String: Any]]) -> [String: Any] {
        ["@type": "messageInteractionInfo", "view_count": 0, "forward_count": 0,
         "reactions": ["@type": "messageReactions", "reactions": list, "are_tags": false, "paid_reactors": [] as [Any],
                       "can_get_added_reactions": false] as [String: Any]]
    }

    static func reactionType(_ emoji: String) -> [String: Any] { ["@type": "reactionTypeEmoji", "emoji": emoji] }

    static func reaction(_ emoji: String, count: Int, chosen: Bool, by sender: Int64) -> [String: Any] {
        var object: [String: Any] = ["@type": "messageReaction", "type": reactionType(emoji), "total_count": count, "is_chosen": chosen,
                                     "recent_sender_ids": [["@type": "messageSenderUser", "user_id": sender]]]
        if chosen { object["used_sender_id"] = ["@type": "messageSenderUser", "user_id": sender] }
        return object
    }

    static func reactions(of message: [String: Any]) -> [[String: Any]] {
        ((message["interaction_info"] as? [String: Any])?["reactions"] as? [String: Any])?["reactions"] as? [[String: Any]] ?? []
    }

    static func emoji(of reaction: [String: Any]) -> String? { (reaction["type"] as? [String: Any])?["emoji"] as? String }
}

// MARK: - Controls for tests and the demo

extension TelegramSimulator {
    /// Someone (`userID`) reacts to a message with `emoji` (as if from their phone).
    public func simulateReaction(inDatabaseDirectory directory: URL, chatID: Int64, messageID: Int64, from userID: Int64, emoji: String) {
        queue.async {
            guard let chat = self.findChatInScenario(chatID), let message = self.findMessage(chat, messageID, directory: directory.path) else { return }
            var list = Self.reactions(of: message)
            if let index = list.firstIndex(where: { Self.emoji(of: $0) == emoji }) {
                list[index]["total_count"] = (list[index]["total_count"] as? Int ?? 0) + 1
            } else {
                list.append(Self.reaction(emoji, count: 1, chosen: false, by: userID))
            }
            self.setReactions(list, chat: chat, messageID: messageID, directory: directory.path)
        }
    }
}
