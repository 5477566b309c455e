import Foundation

/// Scheduled messages, as Telegram and TDLib handle them (held to `td_api.tl` by the contract
/// tests): `sendMessage` with `messageSchedulingStateSendAtDate` keeps the message on the
/// "server" (`SimulatorSchedule`) and confirms it with `updateMessageSendSucceeded` whose
/// message still has its `scheduling_state`; a date less than 10 s ahead is sent at once;
/// more than 367 days ahead is refused; the 101st message of a chat fails with
/// `SCHEDULE_TOO_MUCH`; at its date the message is posted — `updateDeleteMessages` for the
/// scheduled id, `updateNewMessage` for the posted one; `getChatScheduledMessages`,
/// `deleteMessages` and `editMessageSchedulingState` work on the scheduled ids.
extension TelegramSimulator {
    /// TDLib sends a message whose date is at most this many seconds ahead at once.
    static let scheduleImmediateWindow: Int32 = 10
    /// TDLib refuses dates further ahead than this.
    static let scheduleMaxAhead: Int32 = 367 * 86_400

    /// The send date a `sendMessage` asks for: nil to send now (none, or too close to schedule),
    /// or an error to answer with.
    func requestedSendDate(_ request: [String: Any]) -> Result<Int32?, SimError> {
        guard let state = (request["options"] as? [String: Any])?["scheduling_state"] as? [String: Any] else { return .success(nil) }
        guard state["@type"] as? String == "messageSchedulingStateSendAtDate" else {
            return .failure(SimError(code: 400, message: "Can't schedule the message"))
        }
        let date = Int32(truncatingIfNeeded: Self.int64(state["send_date"]))
        let now = unixNow()
        if date <= 0 { return .failure(SimError(code: 400, message: "Invalid send date specified")) }
        if date - now > Self.scheduleMaxAhead { return .failure(SimError(code: 400, message: "Send date is too far in the future")) }
        if date <= now + Self.scheduleImmediateWindow { return .success(nil) }
        return .success(date)
    }

    /// Accepts a message to post at `sendDate` (a temporary id now; the scheduled id, or
    /// `SCHEDULE_TOO_MUCH`, after the round trip).
    func acceptScheduled(_ id: Int32, _ request: [String: Any], chat: SimulatedChat, topicID: Int32?,
                         content: [String: Any], described: String, silent: Bool, sendDate: Int32)
    {
        let directory = client(id)?.databaseDirectory ?? ""
        let tempID = newMessageID()
        let scheduling: [String: Any] = ["@type": "messageSchedulingStateSendAtDate", "send_date": Int(sendDate), "repeat_period": 0]
        var pending = SimObjects.message(id: tempID, chatID: chat.id, topicID: topicID, content: content,
                                         sendingState: ["@type": "messageSendingStatePending", "sending_id": 0])
        pending["scheduling_state"] = scheduling
        // Telegram has it as soon as it is accepted: a client killed now finds it scheduled.
        let limit = min(SimulatorSchedule.perChatLimit, currentScenario.scheduledPerChatLimit)
        let accepted = withSchedule(directory) { schedule -> SimulatorSchedule.Entry? in
            guard schedule.count(inChat: chat.id) < limit else { return nil }
            return schedule.add(chatID: chat.id, topicID: topicID, content: content, described: described, silent: silent, sendDate: sendDate)
        }
        respond(id, request, pending)
        let confirmed = accepted.map { SimJSON(Self.scheduledMessage($0, content: content)) }
        let pendingBox = SimJSON(pending)
        schedule(after: max(currentScenario.latency, 0.001)) { [weak self] in
            guard let self, self.client(id).map({ !$0.closed }) == true else { return }
            guard let confirmed else {
                let error: [String: Any] = ["@type": "error", "code": 400, "message": "SCHEDULE_TOO_MUCH"]
                var failed = pendingBox.value
                failed["sending_state"] = SimObjects.failedSendingState(error)
                self.emitUpdate(id, ["@type": "updateMessageSendFailed", "old_message_id": tempID, "error": error, "message": failed])
                return
            }
            self.emitUpdate(id, ["@type": "updateMessageSendSucceeded", "old_message_id": tempID,
                                 "message": confirmed.value])
            self.armSchedule(directory)
        }
    }

    /// Scheduling requests other than sendMessage.
    func handleScheduling(_ id: Int32, _ request: [String: Any], type: String) {
        let directory = client(id)?.databaseDirectory ?? ""
        let chatID = Self.int64(request["chat_id"])
        postDue(directory)
        switch type {
        case "getChatScheduledMessages":
            let list = withSchedule(directory) { $0.entries(inChat: chatID) }.sorted { $0.messageID > $1.messageID }
            respond(id, request, ["@type": "messages", "total_count": list.count,
                                  "messages": list.map { Self.scheduledMessage($0, content: $0.content) }])
        case "deleteMessages":
            let ids = (request["message_ids"] as? [Any] ?? []).map(Self.int64)
            guard !ids.isEmpty else { return respond(id, request, Self.error(400, "Message identifiers are empty")) }
            let gone = withSchedule(directory) { $0.remove(chatID: chatID, messageIDs: ids) }
            respond(id, request, ["@type": "ok"])
            if !gone.isEmpty {
                emitToDirectory(directory, ["@type": "updateDeleteMessages", "chat_id": chatID, "message_ids": gone, "is_permanent": true, "from_cache": false])
            }
        case "editMessageSchedulingState":
            let messageID = Self.int64(request["message_id"])
            guard withSchedule(directory, { $0.entry(chatID: chatID, messageID: messageID) }) != nil else {
                return respond(id, request, Self.error(400, "Message not found"))
            }
            let state = request["scheduling_state"] as? [String: Any]
            let now = unixNow()
            var date = state.map { Int32(truncatingIfNeeded: Self.int64($0["send_date"])) } ?? now
            if state != nil, state?["@type"] as? String != "messageSchedulingStateSendAtDate" || date <= 0 {
                return respond(id, request, Self.error(400, "Invalid send date specified"))
            }
            if date - now > Self.scheduleMaxAhead { return respond(id, request, Self.error(400, "Send date is too far in the future")) }
            if date <= now + Self.scheduleImmediateWindow { date = now }
            guard let moved = withSchedule(directory, { $0.move(chatID: chatID, messageID: messageID, to: date) }) else {
                return respond(id, request, Self.error(400, "Message not found"))
            }
            respond(id, request, ["@type": "ok"])
            // The id encodes the date: the old one goes, the new one comes.
            emitToDirectory(directory, ["@type": "updateDeleteMessages", "chat_id": chatID, "message_ids": [moved.old.messageID],
                                        "is_permanent": false, "from_cache": false])
            emitToDirectory(directory, ["@type": "updateNewMessage", "message": Self.scheduledMessage(moved.new, content: moved.new.content)])
            postDue(directory)
            armSchedule(directory)
        case "editMessageText":
            let messageID = Self.int64(request["message_id"])
            let input = request["input_message_content"] as? [String: Any] ?? [:]
            let text = input["text"] as? [String: Any] ?? [:]
            let body = text["text"] as? String ?? ""
            guard input["@type"] as? String == "inputMessageText" else { return respond(id, request, Self.error(400, "Invalid message content type")) }
            guard !body.isEmpty else { return respond(id, request, Self.error(400, "Message must be non-empty")) }
            let content: [String: Any] = ["@type": "messageText", "text": text]
            guard let edited = withSchedule(directory, { $0.edit(chatID: chatID, messageID: messageID, content: content, described: body) }) else {
                return respond(id, request, Self.error(400, "Message not found"))
            }
            respond(id, request, Self.scheduledMessage(edited, content: content))
            emitToDirectory(directory, ["@type": "updateMessageContent", "chat_id": chatID, "message_id": messageID, "new_content": content])
        case "createPrivateChat":
            let userID = Self.int64(request["user_id"])
            let chat: SimulatedChat
            if userID == currentScenario.account.userID {
                chat = Self.savedMessages(currentScenario.account)
            } else if let found = currentScenario.chats.first(where: { if case .private(let u) = $0.kind { u == userID } else { false } }) {
                chat = found
            } else if let made = withScenario({ scenario -> SimulatedChat? in
                // Someone known (a group's member) with no chat yet: TDLib makes one, empty.
                guard let person = scenario.people.first(where: { $0.id == userID }) else { return nil }
                let chat = SimulatedChat(id: userID, title: [person.firstName, person.lastName].filter { !$0.isEmpty }.joined(separator: " "),
                                         kind: .private(userID: userID))
                scenario.chats.append(chat)
                return chat
            }) {
                chat = made
            } else {
                return respond(id, request, Self.error(400, "User not found"))
            }
            // TDLib announces a chat with updateNewChat before it returns its id.
            emitUpdate(id, ["@type": "updateNewChat", "chat": SimObjects.chat(chat)])
            respond(id, request, SimObjects.chat(chat))
        default:
            unexpected(id, request)
        }
    }

    /// The account's own chat (Saved Messages): its id is the user's id, as in Telegram.
    static func savedMessages(_ account: SimulatedAccount) -> SimulatedChat {
        SimulatedChat(id: account.userID, title: "Saved Messages", kind: .private(userID: account.userID))
    }

    /// Posts every message of `directory` whose date has come: recorded as delivered, and
    /// announced to the clients on that directory as TDLib does.
    func postDue(_ directory: String) {
        guard !directory.isEmpty else { return }
        let due = withSchedule(directory) { $0.takeDue(at: unixNow()) }
        guard !due.isEmpty else { return }
        let outbox = withOutbox(directory) { $0 }
        for entry in due {
            outbox.appendDelivered(chatID: entry.chatID, topicID: entry.topicID, described: entry.described, silent: entry.silent, key: entry.messageID)
            recordDelivery(SimulatedDelivery(chatID: entry.chatID, topicID: entry.topicID, content: entry.described, silent: entry.silent))
            emitToDirectory(directory, ["@type": "updateDeleteMessages", "chat_id": entry.chatID, "message_ids": [entry.messageID],
                                        "is_permanent": true, "from_cache": false])
            let me = currentScenario.account.userID
            if let chat = findChatInScenario(entry.chatID) {
                let posted = post(chat, directory: directory, sender: me, content: entry.content, topicID: entry.topicID, replyTo: nil)
                emitToDirectory(directory, ["@type": "updateNewMessage", "message": posted.json])
                emitLastMessage(chat, directory: directory, last: posted)
                afterDelivery(chat, directory: directory, messageID: posted.id, text: entry.described)
            } else {
                emitToDirectory(directory, ["@type": "updateNewMessage", "message": SimObjects.message(
                    id: newMessageID() << 20, chatID: entry.chatID, topicID: entry.topicID, content: entry.content, sendingState: nil, sender: me)])
            }
        }
    }

    /// Wakes up at the next send date of `directory` to post what is due: one wake-up per
    /// directory, moved earlier when an earlier message arrives.
    func armSchedule(_ directory: String) {
        guard !directory.isEmpty, let next = withSchedule(directory, { $0.nextDate }) else { return }
        guard claimWakeUp(directory, at: next) else { return }
        wake(at: Date(timeIntervalSince1970: Double(next) + 0.001)) { [weak self] in
            guard let self else { return }
            self.releaseWakeUp(directory, at: next)
            self.postDue(directory)
            self.armSchedule(directory)
        }
    }

    static func scheduledMessage(_ entry: SimulatorSchedule.Entry, content: [String: Any]) -> [String: Any] {
        var m = SimObjects.message(id: entry.messageID, chatID: entry.chatID, topicID: entry.topicID, content: content, sendingState: nil)
        m["scheduling_state"] = ["@type": "messageSchedulingStateSendAtDate", "send_date": Int(entry.sendDate), "repeat_period": 0]
        return m
    }
}

/// An error the simulator answers with.
struct SimError: Error {
    var code: Int
    var message: String
}
