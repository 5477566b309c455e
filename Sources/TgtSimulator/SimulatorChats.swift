import Foundation

extension TelegramSimulator {
    /// Requests that need a logged-in account.
    func handleReady(_ id: Int32, _ request: [String: Any], type: String) {
        let scenario = currentScenario
        switch type {
        case "getMe":
            respond(id, request, SimObjects.user(scenario.account))
        case "loadChats":
            let limit = max(1, request["limit"] as? Int ?? 100)
            let list = request["chat_list"] as? [String: Any]
            if list?["@type"] as? String == "chatListFolder" {
                return loadFolderChats(id, request, folderID: Int32(truncatingIfNeeded: Self.int64(list?["chat_folder_id"])))
            }
            let archive = list?["@type"] as? String == "chatListArchive"
            let listed = scenario.chats.enumerated().filter { $0.element.isArchived == archive }
            let start = (archive ? client(id)?.loadedArchive : client(id)?.loadedChats) ?? 0
            guard start < listed.count else { return respond(id, request, Self.error(404, "Not Found")) }
            let page = listed[start..<min(listed.count, start + limit)].map { (index: $0.offset, chat: $0.element) }
            announce(id, page, in: nil)
            updateClient(id) { if archive { $0.loadedArchive = start + page.count } else { $0.loadedChats = start + page.count } }
            respond(id, request, ["@type": "ok"])
        case "getChats":
            let limit = max(0, request["limit"] as? Int ?? 100)
            let ids = scenario.chats.prefix(limit).map(\.id)
            respond(id, request, ["@type": "chats", "total_count": scenario.chats.count, "chat_ids": ids])
        case "getChat":
            guard let chat = findChat(request["chat_id"]) else { return respond(id, request, Self.error(400, "Chat not found")) }
            respond(id, request, chatObject(chat, directory: directory(of: id)))
        case "getSupergroupFullInfo":
            guard let (chat, count) = supergroupChat(Self.int64(request["supergroup_id"])) else {
                return respond(id, request, Self.error(400, "Supergroup not found"))
            }
            var canGetMembers = true
            if case .channel = chat.kind { canGetMembers = chat.isOwned }
            respond(id, request, ["@type": "supergroupFullInfo", "description": Self.descriptions[chat.id] ?? "", "member_count": count,
                                  "administrator_count": 1, "restricted_count": 0, "banned_count": 0, "can_get_members": canGetMembers])
        case "getBasicGroupFullInfo":
            let bgID = Self.int64(request["basic_group_id"])
            guard let group = scenario.chats.first(where: { if case .basicGroup(let i, _) = $0.kind { i == bgID } else { false } }) else {
                return respond(id, request, Self.error(400, "Basic group not found"))
            }
            let members = memberObjects(group)
            let creator = ((members.first?["member_id"] as? [String: Any])?["user_id"]).map(Self.int64) ?? scenario.account.userID
            respond(id, request, ["@type": "basicGroupFullInfo", "description": Self.descriptions[group.id] ?? "", "creator_user_id": creator,
                                  "members": members, "can_hide_members": false])
        case "getForumTopics":
            guard let chat = findChat(request["chat_id"]) else { return respond(id, request, Self.error(400, "Chat not found")) }
            guard case .forum(_, _, let topics) = chat.kind else { return respond(id, request, Self.error(400, "Chat is not a forum")) }
            let after = request["offset_forum_topic_id"] as? Int ?? 0
            let limit = min(100, max(1, request["limit"] as? Int ?? 100))
            let rest = after == 0 ? topics[...] : topics.drop { Int($0.id) != after }.dropFirst()
            let page = Array(rest.prefix(limit))
            let last = page.count == limit && rest.count > limit ? page.last : nil
            let directory = directory(of: id)
            respond(id, request, [
                "@type": "forumTopics", "total_count": topics.count,
                "topics": page.map { forumTopicObject(chat, $0, directory: directory) },
                "next_offset_date": last == nil ? 0 : 1_700_000_000,
                "next_offset_message_id": last == nil ? 0 : 1,
                "next_offset_forum_topic_id": last.map { Int($0.id) } ?? 0,
            ])
        case "getForumTopic":
            guard let chat = findChat(request["chat_id"]) else { return respond(id, request, Self.error(400, "Chat not found")) }
            guard case .forum(_, _, let topics) = chat.kind else { return respond(id, request, Self.error(400, "Chat is not a forum")) }
            let wanted = request["forum_topic_id"] as? Int ?? 0
            guard let topic = topics.first(where: { Int($0.id) == wanted }) else { return respond(id, request, Self.error(400, "Topic not found")) }
            respond(id, request, forumTopicObject(chat, topic, directory: directory(of: id)))
        case "sendMessage":
            sendMessage(id, request)
        case "sendMessageAlbum":
            sendAlbum(id, request)
        case "canSendMessageToUser":
            respond(id, request, canSendMessage(toUser: Self.int64(request["user_id"]), onlyLocal: request["only_local"] as? Bool ?? false))
        case "deleteMessages" where request["@sim_mapped"] == nil
            && pendingSends.persistentIDs((request["message_ids"] as? [Any] ?? []).map(Self.int64), directory: directory(of: id)) != nil:
            // A message sent meanwhile is found by its old temporary id, as in TDLib.
            var mapped = request
            mapped["message_ids"] = pendingSends.persistentIDs((request["message_ids"] as? [Any] ?? []).map(Self.int64), directory: directory(of: id))
            mapped["@sim_mapped"] = true
            handleReady(id, mapped, type: type)
        case "deleteMessages" where pendingSends.contains(chatID: Self.int64(request["chat_id"]), tempIDs: (request["message_ids"] as? [Any] ?? []).map(Self.int64),
                                                          directory: directory(of: id)):
            cancelPendingSends(id, request)
        case "deleteMessages" where areTimelineMessages((request["message_ids"] as? [Any] ?? []).map(Self.int64), chatID: Self.int64(request["chat_id"]), directory: directory(of: id)):
            deleteTimelineMessages(id, request)
        case "editMessageText" where areTimelineMessages([Self.int64(request["message_id"])], chatID: Self.int64(request["chat_id"]), directory: directory(of: id)):
            editTimelineMessage(id, request)
        case "getChatScheduledMessages", "deleteMessages", "editMessageSchedulingState", "createPrivateChat", "editMessageText":
            handleScheduling(id, request, type: type)
        case _ where Self.conversationFunctions.contains(type):
            handleConversation(id, request, type: type)
        default:
            respond(id, request, Self.error(400, "Failed to parse JSON object as TDLib request: Unknown class \"\(type)\""))
        }
    }

    /// `sendMessage`; with `answer`, the pending message (or the error) goes to it instead of
    /// the client (`sendMessageAlbum` collects its messages so).
    func sendMessage(_ id: Int32, _ request: [String: Any], answer: ((_ pending: SimulatorJSON.Fragment?, _ error: [String: Any]?) -> Void)? = nil) {
        let scenario = currentScenario
        func reply(_ error: [String: Any]) {
            if let answer { answer(nil, error) } else { respond(id, request, error) }
        }
        guard let chat = findChat(request["chat_id"]) else { return reply(Self.error(400, "Chat not found")) }
        if case .channel = chat.kind, !chat.isOwned { return reply(Self.error(400, "Have no rights to send a message")) }
        if let price = messagePrice(chat), Self.int64((request["options"] as? [String: Any])?["paid_message_star_count"]) < price {
            return reply(Self.error(400, "ALLOW_PAYMENT_REQUIRED_\(price)"))
        }
        let topic = (request["topic_id"] as? [String: Any])?["forum_topic_id"] as? Int
        if let topic {
            guard case .forum(_, _, let topics) = chat.kind, topics.contains(where: { Int($0.id) == topic }) else {
                return reply(Self.error(400, "Message thread not found"))
            }
        }
        let input = request["input_message_content"] as? [String: Any] ?? [:]
        let content: [String: Any]
        let described: String
        var file: (id: Int32, size: Int)?
        switch input["@type"] as? String {
        case "inputMessageText":
            var text = input["text"] as? [String: Any] ?? [:]
            // Like TDLib, surrounding white space is not kept (leading only when no entity
            // would move).
            var body = text["text"] as? String ?? ""
            while let last = body.unicodeScalars.last, last.properties.isWhitespace { body.unicodeScalars.removeLast() }
            if (text["entities"] as? [Any] ?? []).isEmpty {
                while let first = body.unicodeScalars.first, first.properties.isWhitespace { body.unicodeScalars.removeFirst() }
            }
            text["text"] = body
            guard !body.isEmpty else { return reply(Self.error(400, "Message must be non-empty")) }
            guard body.unicodeScalars.count <= 4096 else { return reply(Self.error(400, "Message is too long")) }
            content = ["@type": "messageText", "text": text]
            described = body
        case "inputMessageLocation":
            let loc = input["location"] as? [String: Any] ?? [:]
            let lat = loc["latitude"] as? Double ?? 0, lon = loc["longitude"] as? Double ?? 0
            content = ["@type": "messageLocation", "location": loc]
            described = "location:\(lat),\(lon)"
        case "inputMessagePhoto"?, "inputMessageVideo"?, "inputMessageAudio"?, "inputMessageDocument"?, "inputMessageAnimation"?:
            let directory = client(id)?.databaseDirectory ?? ""
            switch SimulatorUploads.content(input, chatID: chat.id, directory: directory) {
            case .success(let uploaded):
                (content, described) = (uploaded.content, uploaded.described)
                file = (uploaded.fileID, uploaded.size)
            case .failure(let error): return reply(Self.error(400, error.message))
            }
        default:
            return reply(Self.error(400, "Unsupported message content"))
        }
        let behaviour = scenario.sendBehaviours[chat.id] ?? .succeed
        if case .floodWait(let seconds, let times) = behaviour, floodAttempt(chat.id) <= times {
            return reply(Self.error(429, "Too Many Requests: retry after \(seconds)"))
        }
        let topicID = topic.map(Int32.init)
        let silent = (request["options"] as? [String: Any])?["disable_notification"] as? Bool ?? false
        switch requestedSendDate(request) {
        case .failure(let error): return reply(Self.error(error.code, error.message))
        case .success(let date?):
            return acceptScheduled(id, request, chat: chat, topicID: topicID, content: content, described: described, silent: silent, sendDate: date)
        case .success(nil): break
        }
        // Kept in the directory's outbox (TDLib's binlog) before it is acknowledged.
        let directory = client(id)?.databaseDirectory ?? ""
        clearDraftIfAsked(request, chat: chat, directory: directory)
        let key: Int64? = directory.isEmpty ? nil : withOutbox(directory) { outbox in
            let key = outbox.newID()
            outbox.accept(SimulatorOutbox.Entry(key: key, chatID: chat.id, topicID: topicID, content: content, described: described, silent: silent))
            return key
        }
        let tempID = yetUnsentID(chat, directory: directory, serial: key ?? 0)
        let replyTo = (request["reply_to"] as? [String: Any]).map { Self.int64($0["message_id"]) }
        var pending = SimObjects.message(id: tempID, chatID: chat.id, topicID: topicID, content: content,
                                         sendingState: ["@type": "messageSendingStatePending", "sending_id": 0], sender: scenario.account.userID)
        if let replyTo, replyTo > 0 {
            guard findMessage(chat, replyTo, directory: directory) != nil else { return reply(Self.error(400, "Message to be replied not found")) }
            pending["reply_to"] = ["@type": "messageReplyToMessage", "chat_id": chat.id, "message_id": replyTo, "origin_send_date": 0]
        }
        // A file goes up first: the message stays pending while its upload moves on.
        let upload = file.flatMap { file in scenario.uploadBytesPerSecond > 0 && file.size > 0 ? file : nil }
        if let upload {
            pending = SimulatorPendingSends.rewritingFile(upload.id, in: pending) {
                $0["remote"] = SimulatorMedia.remote(upload.id, uploaded: 0, size: upload.size)
            }
        }
        // Its first step is due a quarter of a second from now: from before it is announced.
        let firstStep = clock.now.addingTimeInterval(0.25)
        pendingSends.add(tempID, SimulatorPendingSends.Send(chatID: chat.id, key: key, directory: directory, message: pending,
                                                            fileID: upload?.id, size: upload?.size ?? 0))
        // Like TDLib: the pending message is the answer and is announced (written once for both).
        let pendingJSON = SimulatorJSON.Fragment(pending)
        if let answer { answer(pendingJSON, nil) } else { respond(id, request, json: pendingJSON) }
        emitUpdate(id, ["@type": "updateNewMessage", "message": pendingJSON])
        let contentBox = SimJSON(content)
        let uploadedFileID = upload?.id
        let verdict: @Sendable () -> Void = { [weak self] in
            // TDLib reads the file until its last part is up: one deleted meanwhile fails the send.
            var outcome = behaviour
            if let uploadedFileID, case .sent(let given, _) = SimulatorFilePayloads.payload(uploadedFileID, directory: directory),
               !FileManager.default.fileExists(atPath: given)
            {
                outcome = .fail(code: 400, message: "File not found")
            }
            self?.scheduleVerdict(id, tempID: tempID, key: key, chat: chat, topicID: topicID,
                                  content: contentBox.value, described: described, silent: silent, behaviour: outcome, replyTo: replyTo)
        }
        if upload != nil { uploadStep(id, tempID: tempID, due: firstStep, then: verdict) } else { verdict() }
    }

    /// A temporary id as TDLib gives a message being sent: above the chat's newest message, so
    /// it sorts after everything sent before it, and never one handed out before (the session
    /// matches verdicts by it). `serial` (the outbox's id, which never repeats across runs) makes
    /// a restart's resend differ from the first try.
    func yetUnsentID(_ chat: SimulatedChat, directory: String, serial: Int64) -> Int64 {
        let newest = timeline(chat, directory: directory, below: 0, limit: 1).first.map { Self.int64($0["id"]) } ?? 0
        return newTemporaryID(above: newest, serial: serial)
    }

    /// A quarter of a second of a file's upload on the server's clock (`updateFile`), then the
    /// next, until all of it has gone and `then` runs. Each step is due a quarter of a second
    /// after the one before (from when the send was accepted), whenever the previous one ran.
    /// Stops when the send is cancelled or the client closes.
    func uploadStep(_ id: Int32, tempID: Int64, due: Date, then: @escaping @Sendable () -> Void) {
        let step = max(1, currentScenario.uploadBytesPerSecond / 4)
        wake(at: due) { [weak self] in
            guard let self, self.client(id).map({ !$0.closed }) == true,
                  let (file, done) = self.pendingSends.advance(tempID, by: step)
            else { return }
            if !done { self.uploadStep(id, tempID: tempID, due: due.addingTimeInterval(0.25), then: then) }
            self.emitUpdate(id, ["@type": "updateFile", "file": file])
            if done { then() }
        }
    }

    /// `deleteMessages` of messages still being sent: TDLib deletes them (for this device
    /// alone: Telegram never had them) and stops their uploads; no verdict follows.
    func cancelPendingSends(_ id: Int32, _ request: [String: Any]) {
        let chatID = Self.int64(request["chat_id"])
        let ids = (request["message_ids"] as? [Any] ?? []).map(Self.int64)
        var directory = self.directory(of: id)
        for tempID in ids {
            guard let send = pendingSends.cancel(tempID) else { continue }
            directory = send.directory
            if let key = send.key { withOutbox(send.directory) { $0.refused(key) } }
        }
        respond(id, request, ["@type": "ok"])
        let update: [String: Any] = ["@type": "updateDeleteMessages", "chat_id": chatID, "message_ids": ids, "is_permanent": true, "from_cache": false]
        if directory.isEmpty { emitUpdate(id, update) } else { emitToDirectory(directory, update) }
    }

    /// After a restart: announces every message the directory's outbox still holds under a new
    /// temporary id (`updateNewMessage`, pending) and delivers it, as TDLib does.
    func resendOutbox(_ id: Int32, directory: String) {
        guard !directory.isEmpty else { return }
        let scenario = currentScenario
        let resends = withOutbox(directory) { $0.resendIDs() }
        // What an earlier client of the folder had pending is resent under new ids.
        pendingSends.dropAll(directory: directory)
        downloadsInFlight.dropAll(directory: directory)
        for (entry, serial) in resends {
            guard let chat = scenario.chats.first(where: { $0.id == entry.chatID }) else { continue }
            let tempID = yetUnsentID(chat, directory: directory, serial: serial)
            var pending = SimObjects.message(id: tempID, chatID: entry.chatID, topicID: entry.topicID, content: entry.content,
                                             sendingState: ["@type": "messageSendingStatePending", "sending_id": 0])
            if let forward = entry.forwardInfo { pending["forward_info"] = forward }
            pendingSends.add(tempID, SimulatorPendingSends.Send(chatID: entry.chatID, key: entry.key, directory: directory, message: pending))
            emitUpdate(id, ["@type": "updateNewMessage", "message": pending])
            var behaviour = scenario.sendBehaviours[chat.id] ?? .succeed
            if case .floodWait = behaviour { behaviour = .succeed }  // TDLib waits those out itself
            scheduleVerdict(id, tempID: tempID, key: entry.key, chat: chat, topicID: entry.topicID,
                            content: entry.content, described: entry.described, silent: entry.silent, behaviour: behaviour, replyTo: nil,
                            forwardInfo: entry.forwardInfo)
        }
    }

    /// Telegram's verdict on one accepted message, after the round trip: delivered (recorded
    /// once per outbox key) or refused. Nothing happens if the client closed first: the
    /// message stays in the outbox for the next client, as in TDLib.
    func scheduleVerdict(_ id: Int32, tempID: Int64, key: Int64?, chat: SimulatedChat, topicID: Int32?,
                         content: [String: Any], described: String, silent: Bool, behaviour: SendBehaviour, replyTo: Int64?,
                         forwardInfo: [String: Any]? = nil)
    {
        let latency = currentScenario.latency
        let confirmDelay: Double
        switch behaviour {
        case .neverConfirm: return
        case .delay(let seconds): confirmDelay = max(latency, 0.001) + seconds
        default: confirmDelay = max(latency, 0.001)
        }
        let contentBox = SimJSON(content)
        let forwardBox = forwardInfo.map(SimJSON.init)
        let directory = client(id)?.databaseDirectory ?? ""
        schedule(after: confirmDelay) { [weak self] in self?.whenOnline { [weak self] in
            let content = contentBox.value
            guard let self, self.client(id).map({ !$0.closed }) == true else { return }
            // Deleted while being sent: Telegram never hears of it.
            guard self.pendingSends.finish(tempID) else { return }
            if case .fail(let code, let message) = behaviour {
                if let key { self.withOutbox(directory) { $0.refused(key) } }
                let error: [String: Any] = ["@type": "error", "code": code, "message": message]
                var failed = SimObjects.message(id: tempID, chatID: chat.id, topicID: topicID, content: content,
                                                sendingState: SimObjects.failedSendingState(error))
                if let forward = forwardBox?.value { failed["forward_info"] = forward }
                self.emitUpdate(id, ["@type": "updateMessageSendFailed", "old_message_id": tempID, "error": error, "message": failed])
            } else {
                let first = key.map { key in self.withOutbox(directory) { $0.delivered(key) } } ?? true
                if first { self.recordDelivery(SimulatedDelivery(chatID: chat.id, topicID: topicID, content: described, silent: silent)) }
                let me = self.currentScenario.account.userID
                guard !directory.isEmpty else {
                    var message = SimObjects.message(id: self.newMessageID() << 20, chatID: chat.id, topicID: topicID, content: content, sendingState: nil, sender: me)
                    if let forward = forwardBox?.value { message["forward_info"] = forward }
                    return self.emitUpdate(id, ["@type": "updateMessageSendSucceeded", "old_message_id": tempID, "message": message])
                }
                let posted = self.post(chat, directory: directory, sender: me, content: content, topicID: topicID, replyTo: replyTo,
                                       forwardInfo: forwardBox?.value)
                self.pendingSends.sent(tempID, as: posted.id, directory: directory)
                self.emitUpdate(id, ["@type": "updateMessageSendSucceeded", "old_message_id": tempID, "message": posted.json])
                self.emitLastMessage(chat, directory: directory, last: posted)
                if first { self.afterDelivery(chat, directory: directory, messageID: posted.id, text: described) }
            }
        } }
    }

    /// The scenario's supergroup, forum or channel with this supergroup id, and its member count.
    func supergroupChat(_ supergroupID: Int64) -> (chat: SimulatedChat, memberCount: Int32)? {
        for chat in currentScenario.chats {
            switch chat.kind {
            case .supergroup(let id, let count, _) where id == supergroupID, .forum(let id, let count, _) where id == supergroupID,
                 .channel(let id, let count) where id == supergroupID:
                return (chat, count)
            default: continue
            }
        }
        return nil
    }

    private func findChat(_ value: Any?) -> SimulatedChat? {
        let chatID = Self.int64(value)
        let scenario = currentScenario
        if chatID == scenario.account.userID { return Self.savedMessages(scenario.account) }
        return scenario.chats.first { $0.id == chatID }
    }

    static func int64(_ value: Any?) -> Int64 {
        if let n = value as? Int64 { return n }
        if let n = value as? Int { return Int64(n) }
        if let n = value as? Int32 { return Int64(n) }
        if let n = value as? NSNumber { return n.int64Value }
        if let s = value as? String, let n = Int64(s) { return n }
        return 0
    }
}

extension TelegramSimulator {
    /// `canSendMessageToUser`'s answer: the person's price unless they exempt the account;
    /// an unknown user is "deleted or unknown", as TDLib says. Like TDLib, `only_local` answers
    /// "free" for a person whose full info was never fetched.
    func canSendMessage(toUser userID: Int64, onlyLocal: Bool) -> [String: Any] {
        if userID == currentScenario.account.userID { return ["@type": "canSendMessageToUserResultOk"] }
        guard let person = currentScenario.people.first(where: { $0.id == userID }) else {
            return ["@type": "canSendMessageToUserResultUserIsDeleted"]
        }
        guard fetchFullInfo(userID, onlyLocal: onlyLocal) else { return ["@type": "canSendMessageToUserResultOk"] }
        guard person.paidMessageStars > 0, !person.exemptsAccount else { return ["@type": "canSendMessageToUserResultOk"] }
        return ["@type": "canSendMessageToUserResultUserHasPaidMessages", "outgoing_paid_message_star_count": person.paidMessageStars]
    }

    /// Stars each message to `chat` costs the account, or nil when it is free.
    func messagePrice(_ chat: SimulatedChat) -> Int64? {
        switch chat.kind {
        case .private(let userID):
            guard let person = currentScenario.people.first(where: { $0.id == userID }), person.paidMessageStars > 0, !person.exemptsAccount else { return nil }
            return person.paidMessageStars
        case .supergroup, .forum:
            return chat.paidMessageStars > 0 && !chat.isOwned ? chat.paidMessageStars : nil
        case .basicGroup, .channel:
            return nil
        }
    }
}

extension TelegramSimulator {
    /// A page of a list's chats for `loadChats`: `updateNewChat` first (with its group) for a
    /// chat this client was not told about yet, then the chat's position in the list (`list`:
    /// a folder's `chatListFolder`; nil: the main list or the archive, as the chat is).
    func announce(_ id: Int32, _ page: [(index: Int, chat: SimulatedChat)], in list: [String: Any]?) {
        let directory = directory(of: id)
        let known = client(id)?.announced ?? []
        for (index, chat) in page {
            if !known.contains(chat.id) {
                if let group = SimObjects.groupUpdate(chat) { emitUpdate(id, group) }
                emitUpdate(id, ["@type": "updateNewChat", "chat": chatObject(chat, directory: directory)])
            }
            var position = positionObject(chat, directory: directory, index: index)
            if let list { position["list"] = list }
            emitUpdate(id, ["@type": "updateChatPosition", "chat_id": chat.id, "position": position])
        }
        updateClient(id) { $0.announced.formUnion(page.map(\.chat.id)) }
    }
}
