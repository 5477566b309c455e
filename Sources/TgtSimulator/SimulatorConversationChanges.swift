import Foundation

/// What changes a simulated conversation: edits and deletes of posted messages, new messages
/// (ours posted, others received), and what the other side does after ours land (read
/// receipts, replies), kept server side so it happens even after the sender exits.
extension TelegramSimulator {
    // MARK: - Edits and deletes of posted messages

    /// Whether every id is an ordinary (not scheduled) message of the chat's timeline.
    func areTimelineMessages(_ ids: [Int64], chatID: Int64, directory: String) -> Bool {
        guard !ids.isEmpty, let chat = findChatInScenario(chatID) else { return false }
        return ids.allSatisfy { findMessage(chat, $0, directory: directory) != nil }
    }

    func deleteTimelineMessages(_ id: Int32, _ request: [String: Any]) {
        let directory = directory(of: id)
        let chatID = Self.int64(request["chat_id"])
        guard let chat = findChatInScenario(chatID) else { return respond(id, request, Self.error(400, "Chat not found")) }
        let ids = (request["message_ids"] as? [Any] ?? []).map(Self.int64)
        let revoke = request["revoke"] as? Bool ?? false
        for messageID in ids {
            guard let message = findMessage(chat, messageID, directory: directory) else { continue }
            let allowed = properties(message, chat: chat)
            let key = revoke ? "can_be_deleted_for_all_users" : "can_be_deleted_only_for_self"
            if allowed[key] as? Bool != true {
                return respond(id, request, Self.error(400, "Message can't be deleted"))
            }
        }
        removeFromTimeline(chat, ids, directory: directory)
        respond(id, request, ["@type": "ok"])
    }

    func removeFromTimeline(_ chat: SimulatedChat, _ ids: [Int64], directory: String) {
        let lastBefore = timeline(chat, directory: directory, below: 0, limit: 1).first.map { Self.int64($0["id"]) }
        withHistory(directory) { $0.delete(ids, chatID: chat.id) }
        emitToDirectory(directory, ["@type": "updateDeleteMessages", "chat_id": chat.id, "message_ids": ids, "is_permanent": true, "from_cache": false])
        if let lastBefore, ids.contains(lastBefore) { emitLastMessage(chat, directory: directory) }
    }

    func editTimelineMessage(_ id: Int32, _ request: [String: Any]) {
        let directory = directory(of: id)
        guard let chat = findChatInScenario(request["chat_id"]) else { return respond(id, request, Self.error(400, "Chat not found")) }
        let messageID = Self.int64(request["message_id"])
        guard let message = findMessage(chat, messageID, directory: directory) else { return respond(id, request, Self.error(400, "Message not found")) }
        guard properties(message, chat: chat)["can_be_edited"] as? Bool == true else {
            return respond(id, request, Self.error(400, "Message can't be edited"))
        }
        let input = request["input_message_content"] as? [String: Any] ?? [:]
        guard input["@type"] as? String == "inputMessageText", let text = input["text"] as? [String: Any],
              !(text["text"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { return respond(id, request, Self.error(400, "Message must be non-empty")) }
        let content: [String: Any] = ["@type": "messageText", "text": text]
        applyEdit(chat, messageID, content: content, directory: directory)
        var edited = message
        edited["content"] = content
        edited["edit_date"] = Int(unixNow())
        respond(id, request, edited)
    }

    func applyEdit(_ chat: SimulatedChat, _ messageID: Int64, content: [String: Any], directory: String) {
        let now = Int(unixNow())
        withHistory(directory) { $0.edit(messageID, chatID: chat.id, content: content, date: now) }
        emitToDirectory(directory, ["@type": "updateMessageContent", "chat_id": chat.id, "message_id": messageID, "new_content": content])
        emitToDirectory(directory, ["@type": "updateMessageEdited", "chat_id": chat.id, "message_id": messageID, "edit_date": now])
    }

    // MARK: - New messages

    /// Adds a posted message to the chat's timeline with the next id and returns it.
    @discardableResult
    func post(_ chat: SimulatedChat, directory: String, sender: Int64, content: [String: Any], topicID: Int32?, replyTo: Int64?,
              fromOffline: Bool = false, forwardInfo: [String: Any]? = nil) -> PostedMessage
    {
        let me = currentScenario.account.userID
        // Outside the history's lock: the scenario has a lock of its own (not reentrant).
        let seedNewest = seed(for: chat).map { SimulatorSeed.id($0.history.count - 1) } ?? 0
        return withHistory(directory) { history in
            let messageID = max(seedNewest, history.newestAddedID(chat.id)) + (1 << 20)
            var message = SimObjects.message(id: messageID, chatID: chat.id, topicID: topicID, content: content, sendingState: nil, sender: sender)
            message["is_outgoing"] = sender == me
            message["is_from_offline"] = fromOffline
            if let forwardInfo { message["forward_info"] = forwardInfo }
            if let replyTo, replyTo > 0 {
                message["reply_to"] = ["@type": "messageReplyToMessage", "chat_id": chat.id, "message_id": replyTo, "origin_send_date": 0]
            }
            let posted = PostedMessage(id: messageID, json: SimulatorJSON.Fragment(message))
            history.append(message, chatID: chat.id, json: posted.json)
            return posted
        }
    }

    /// `updateChatLastMessage` with the chat's new position; `last`: the message just posted
    /// (the chat's newest), already written, else the newest is looked up.
    func emitLastMessage(_ chat: SimulatedChat, directory: String, last posted: PostedMessage? = nil) {
        let index = currentScenario.chats.firstIndex { $0.id == chat.id } ?? 0
        var update: [String: Any] = ["@type": "updateChatLastMessage", "chat_id": chat.id,
                                     "positions": positionObjects(chat, directory: directory, index: index)]
        if let posted {
            update["last_message"] = posted.json
        } else if let last = timeline(chat, directory: directory, below: 0, limit: 1).first {
            update["last_message"] = last
        }
        emitToDirectory(directory, update)
    }

    /// A message from someone else arrives: new message, last message, unread count.
    func receive(_ chat: SimulatedChat, directory: String, from sender: Int64, content: [String: Any], replyTo: Int64? = nil, topicID: Int32? = nil,
                 fromOffline: Bool = false)
    {
        let message = post(chat, directory: directory, sender: sender, content: content, topicID: topicID, replyTo: replyTo, fromOffline: fromOffline)
        emitToDirectory(directory, ["@type": "updateNewMessage", "message": message.json])
        emitLastMessage(chat, directory: directory, last: message)
        let read = readState(chat, directory: directory)
        emitToDirectory(directory, ["@type": "updateChatReadInbox", "chat_id": chat.id, "last_read_inbox_message_id": read.lastReadInbox,
                                    "unread_count": read.unread])
    }

    /// After a message of ours landed: a read receipt, and the chat's replier answers. Both are
    /// kept with the account's history ("server side"), so they happen even when the process
    /// that sent the message exits first: the next client on the folder sees them.
    func afterDelivery(_ chat: SimulatedChat, directory: String, messageID: Int64, text: String) {
        guard !directory.isEmpty else { return }
        let scenario = currentScenario
        let replier = scenario.repliers[chat.id]
        let isPrivate: Bool = if case .private = chat.kind { true } else { false }
        guard replier != nil || isPrivate else { return }
        let now = clock.now.timeIntervalSince1970
        let readDelay = max(0.2, (replier?.delay ?? 3) - 1)
        withHistory(directory) { $0.addPending(.init(chatID: chat.id, due: now + readDelay, readUpTo: messageID)) }
        wakeForPending(directory, after: readDelay)
        guard let replier, !replier.lines.isEmpty else { return }
        let line = replier.lines[SimulatorSeed.mix(chat.id, text.unicodeScalars.reduce(0) { $0 &+ Int($1.value) }) % replier.lines.count]
        withHistory(directory) { $0.addPending(.init(chatID: chat.id, due: now + replier.delay, replyFrom: replier.userID, text: line, replyTo: messageID)) }
        wakeForPending(directory, after: replier.delay)
    }

    func wakeForPending(_ directory: String, after seconds: Double) {
        wake(at: clock.now.addingTimeInterval(seconds + 0.001)) { [weak self] in self?.deliverDuePending(directory) }
    }

    /// Makes what the other side was due to do happen now (read receipts, replies), with its
    /// updates to every client on the folder. Runs on a wake-up and whenever a client starts.
    func deliverDuePending(_ directory: String) {
        guard !directory.isEmpty else { return }
        let due = withHistory(directory) { $0.takeDue(at: clock.now.timeIntervalSince1970) }
        for event in due {
            guard let chat = findChatInScenario(event.chatID) else { continue }
            if let readUpTo = event.readUpTo {
                withHistory(directory) { $0.markOutboxRead(readUpTo, chatID: chat.id, at: event.due) }
                emitToDirectory(directory, ["@type": "updateChatReadOutbox", "chat_id": chat.id, "last_read_outbox_message_id": readUpTo])
                // Whoever answers here starts typing once they have read it.
                if let replier = currentScenario.repliers[chat.id], !replier.lines.isEmpty {
                    emitChatAction(directory, chatID: chat.id, userID: replier.userID, action: "chatActionTyping")
                }
            }
            if let sender = event.replyFrom, let text = event.text {
                // As TDLib does, their message ends their typing.
                emitChatAction(directory, chatID: chat.id, userID: sender, action: nil)
                receive(chat, directory: directory, from: sender, content: SimulatorMedia.text(text), replyTo: event.replyTo)
            }
        }
    }
}

/// A message the simulator just added to a chat's history: its id and its JSON, written once
/// and embedded in every update that carries it (the new message, the chat's last message).
struct PostedMessage {
    let id: Int64
    let json: SimulatorJSON.Fragment
}
