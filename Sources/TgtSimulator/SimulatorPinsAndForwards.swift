import Foundation

/// Pinned messages and forwards as Telegram handles them: `pinChatMessage` and
/// `unpinChatMessage` where the account may (a private chat, a basic group it can write in,
/// a small supergroup whose members may pin, a chat it owns), each announced as
/// `updateMessageIsPinned` and, pinned for everyone outside private chats, a "pinned" service
/// message; `forwardMessages` accepted like `sendMessage` (pending, then Telegram's verdict),
/// with the original's `forward_info` unless sent as a copy.
extension TelegramSimulator {
    /// Whether the account may pin in this chat.
    static func canPin(_ chat: SimulatedChat) -> Bool {
        if chat.isOwned { return true }
        switch chat.kind {
        case .private: return true
        case .basicGroup: return chat.id != -4002  // Neighbours: its admins muted members
        case .supergroup(_, let members, _): return members <= 10
        case .forum, .channel: return false
        }
    }

    func handlePin(_ id: Int32, _ request: [String: Any], pin: Bool) {
        let directory = directory(of: id)
        guard let chat = findChatInScenario(request["chat_id"]) else { return respond(id, request, Self.error(400, "Chat not found")) }
        let messageID = Self.int64(request["message_id"])
        guard let message = findMessage(chat, messageID, directory: directory) else { return respond(id, request, Self.error(400, "Message not found")) }
        guard properties(message, chat: chat)["can_be_pinned"] as? Bool == true else {
            return respond(id, request, Self.error(400, "Not enough rights to manage pinned messages in the chat"))
        }
        let isPrivate: Bool = if case .private = chat.kind { true } else { false }
        let onlyForSelf = request["only_for_self"] as? Bool ?? false
        if onlyForSelf, !isPrivate { return respond(id, request, Self.error(400, "Messages can be pinned only for self only in private chats")) }
        if (message["is_pinned"] as? Bool ?? false) != pin {
            withHistory(directory) { $0.setPinned(pin, messageID: messageID, chatID: chat.id) }
            emitToDirectory(directory, ["@type": "updateMessageIsPinned", "chat_id": chat.id, "message_id": messageID, "is_pinned": pin])
            if pin, !isPrivate || !onlyForSelf {
                let service = post(chat, directory: directory, sender: currentScenario.account.userID,
                                   content: ["@type": "messagePinMessage", "message_id": messageID], topicID: nil, replyTo: nil)
                emitToDirectory(directory, ["@type": "updateNewMessage", "message": service.json])
                emitLastMessage(chat, directory: directory, last: service)
            }
        }
        respond(id, request, ["@type": "ok"])
    }

    func forwardMessages(_ id: Int32, _ request: [String: Any]) {
        let scenario = currentScenario
        let directory = directory(of: id)
        guard let target = scenario.chats.first(where: { $0.id == Self.int64(request["chat_id"]) }) ?? findChatInScenario(request["chat_id"]) else {
            return respond(id, request, Self.error(400, "Chat not found"))
        }
        guard let source = findChatInScenario(request["from_chat_id"]) else { return respond(id, request, Self.error(400, "Chat to forward messages from not found")) }
        if case .channel = target.kind, !target.isOwned { return respond(id, request, Self.error(400, "Have no rights to send a message")) }
        if case .fail(403, let message)? = scenario.sendBehaviours[target.id] { return respond(id, request, Self.error(403, message)) }
        let topic = (request["topic_id"] as? [String: Any])?["forum_topic_id"] as? Int
        if let topic {
            guard case .forum(_, _, let topics) = target.kind, topics.contains(where: { Int($0.id) == topic }) else {
                return respond(id, request, Self.error(400, "Message thread not found"))
            }
        }
        let ids = (request["message_ids"] as? [Any] ?? []).map(Self.int64)
        guard !ids.isEmpty, ids.count <= 100, zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }) else {
            return respond(id, request, Self.error(400, "Message identifiers must be in strictly increasing order"))
        }
        let sendCopy = request["send_copy"] as? Bool ?? false
        let silent = (request["options"] as? [String: Any])?["disable_notification"] as? Bool ?? false
        let me = scenario.account.userID
        var answers: [Any] = []
        for messageID in ids {
            guard let original = findMessage(source, messageID, directory: directory), original["sending_state"] == nil,
                  let content = original["content"] as? [String: Any], Self.forwardable.contains(content["@type"] as? String ?? "")
            else {
                answers.append(NSNull())
                continue
            }
            var forwardInfo: [String: Any]?
            if !sendCopy {
                forwardInfo = original["forward_info"] as? [String: Any] ?? [
                    "@type": "messageForwardInfo", "origin": Self.origin(of: original, in: source), "date": original["date"] as? Int ?? 0,
                    "public_service_announcement_type": "",
                ]
            }
            let tempID = directory.isEmpty ? newMessageID() : withOutbox(directory) { outbox in
                let key = outbox.newID()
                outbox.accept(SimulatorOutbox.Entry(key: key, chatID: target.id, topicID: topic.map(Int32.init), content: content,
                                                    described: Self.text(of: original), silent: silent, forwardInfo: forwardInfo))
                return key
            }
            var pending = SimObjects.message(id: tempID, chatID: target.id, topicID: topic.map(Int32.init), content: content,
                                             sendingState: ["@type": "messageSendingStatePending", "sending_id": 0], sender: me)
            if let forwardInfo { pending["forward_info"] = forwardInfo }
            answers.append(pending)
            emitUpdate(id, ["@type": "updateNewMessage", "message": pending])
            scheduleVerdict(id, tempID: tempID, key: directory.isEmpty ? nil : tempID, chat: target, topicID: topic.map(Int32.init), content: content,
                            described: Self.text(of: original), silent: silent, behaviour: scenario.sendBehaviours[target.id] ?? .succeed,
                            replyTo: nil, forwardInfo: forwardInfo)
        }
        respond(id, request, ["@type": "messages", "total_count": answers.count, "messages": answers])
    }

    /// Contents a forward carries over (not service messages).
    static let forwardable: Set<String> = SimulatorSeed.reactable

    /// `MessageOrigin` of a message: its user, or the chat (a channel's post).
    static func origin(of message: [String: Any], in chat: SimulatedChat) -> [String: Any] {
        let sender = message["sender_id"] as? [String: Any] ?? [:]
        if sender["@type"] as? String == "messageSenderUser" { return ["@type": "messageOriginUser", "sender_user_id": Self.int64(sender["user_id"])] }
        if case .channel = chat.kind {
            return ["@type": "messageOriginChannel", "chat_id": chat.id, "message_id": Self.int64(message["id"]), "author_signature": ""]
        }
        return ["@type": "messageOriginChat", "sender_chat_id": chat.id, "author_signature": ""]
    }
}
