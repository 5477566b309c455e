import Foundation

/// Conversations in the simulated Telegram: chat objects with their last message and counts,
/// `getChatHistory` (newest first, the first answer a single message as TDLib's often is),
/// `getMessage`, `getMessageProperties`, `openChat`/`closeChat`, `viewMessages` (read
/// markers: `SimulatorReadState`), searches, edits and deletes of ordinary messages (files: `SimulatorDownloads`), and the
/// people who reply.
extension TelegramSimulator {
    static let conversationFunctions: Set<String> = Set([
        "getChatHistory", "getForumTopicHistory", "getMessage", "getMessages", "getMessageProperties", "getMessageReadDate", "openChat", "closeChat", "viewMessages", "searchChats",
        "searchChatsOnServer", "searchChatMessages", "searchMessages", "getUser",
        "getMessageAvailableReactions", "addMessageReaction", "removeMessageReaction", "pinChatMessage", "unpinChatMessage", "forwardMessages",
        "setChatDraftMessage", "getUserFullInfo", "getSupergroupMembers", "getChatMessageCount",
    ]).union(TelegramSimulator.presenceFunctions).union(TelegramSimulator.contactFunctions).union(TelegramSimulator.downloadFunctions)

    // MARK: - The timeline of a chat: seed + history

    func seed(for chat: SimulatedChat) -> SimulatorSeed? {
        let scenario = currentScenario
        guard let history = scenario.histories[chat.id], history.count > 0 else { return nil }
        let index = scenario.chats.firstIndex { $0.id == chat.id } ?? 0
        return SimulatorSeed(chat: chat, history: history, me: scenario.account.userID, chatIndex: index, now: clock.now)
    }

    func directory(of id: Int32) -> String { client(id)?.databaseDirectory ?? "" }

    /// Up to `limit` visible messages of the chat with ids below `below` (0: from the newest),
    /// newest first, edits applied.
    func timeline(_ chat: SimulatedChat, directory: String, below: Int64, limit: Int) -> [[String: Any]] {
        let seed = seed(for: chat)
        let (added, deleted, edits, reactions, pins, opened) = withHistory(directory) {
            ($0.added[chat.id] ?? [], $0.deleted[chat.id] ?? [], $0.edits[chat.id] ?? [:], $0.reactions[chat.id] ?? [:], $0.pins[chat.id] ?? [:],
             $0.opened[chat.id] ?? [])
        }
        var result: [[String: Any]] = []
        var addedIndex = added.count - 1
        var seedIndex = (seed?.history.count ?? 0) - 1
        if below > 0 {
            // Added messages are in id order: the newest below `below` by binary search, so paging
            // back through a long history costs a page, not the history (unread counts page back
            // through every message since the last read one).
            var low = 0
            var high = added.count
            while low < high {
                let middle = (low + high) / 2
                if Self.int64(added[middle]["id"]) < below { low = middle + 1 } else { high = middle }
            }
            addedIndex = low - 1
            // Seeded ids are (i + 1) << 20: the newest below `below` has i + 1 = (below - 1) >> 20.
            seedIndex = min(seedIndex, Int((below - 1) >> 20) - 1)
        }
        while result.count < limit {
            let addedID = addedIndex >= 0 ? Self.int64(added[addedIndex]["id"]) : -1
            let seedID = seedIndex >= 0 ? SimulatorSeed.id(seedIndex) : -1
            if addedID < 0 && seedID < 0 { break }
            var message: [String: Any]
            if addedID > seedID {
                message = added[addedIndex]
                addedIndex -= 1
            } else if let seed {
                message = seed.message(seedIndex)
                seedIndex -= 1
            } else {
                break
            }
            let messageID = Self.int64(message["id"])
            if deleted.contains(messageID) { continue }
            if let edit = edits[messageID] {
                message["content"] = edit.content
                message["edit_date"] = edit.date
            }
            if let list = reactions[messageID] { message["interaction_info"] = Self.interactionInfo(list) }
            if let pinned = pins[messageID] { message["is_pinned"] = pinned }
            if opened.contains(messageID), var content = message["content"] as? [String: Any] {
                switch content["@type"] as? String {
                case "messageVoiceNote": content["is_listened"] = true
                case "messageVideoNote": content["is_viewed"] = true
                default: break
                }
                message["content"] = content
            }
            result.append(message)
        }
        return result
    }

    /// Up to `limit` messages newer than `above`, newest first (for a negative history offset).
    func timelineNewer(_ chat: SimulatedChat, directory: String, above: Int64, limit: Int) -> [[String: Any]] {
        var newer: [[String: Any]] = []
        var below: Int64 = 0
        while true {
            let page = timeline(chat, directory: directory, below: below, limit: 100)
            newer += page.filter { Self.int64($0["id"]) > above }
            guard page.count == 100, let last = page.last, Self.int64(last["id"]) > above else { break }
            below = Self.int64(last["id"])
        }
        return Array(newer.suffix(limit))
    }

    func findMessage(_ chat: SimulatedChat, _ messageID: Int64, directory: String) -> [String: Any]? {
        let found = timeline(chat, directory: directory, below: messageID + 1, limit: 1).first
        return found.flatMap { Self.int64($0["id"]) == messageID ? $0 : nil }
    }

    /// The forum topic a message is in: General (1) when it names none. Seeded messages hold the
    /// id as an Int32, those read back from disk as an Int.
    static func topic(of message: [String: Any]) -> Int {
        guard let topic = (message["topic_id"] as? [String: Any])?["forum_topic_id"] else { return 1 }
        return Int(int64(topic))
    }

    /// The chat's sort key: pinned aside, by the date and id of its last message, as Telegram's.
    func order(_ chat: SimulatedChat, directory: String, index: Int) -> Int64 {
        guard let last = timeline(chat, directory: directory, below: 0, limit: 1).first else { return Int64(1_000_000 - index) }
        return Int64(last["date"] as? Int ?? 0) << 20 | (Self.int64(last["id"]) >> 20 & 0xFFFFF)
    }

    func positionObject(_ chat: SimulatedChat, directory: String, index: Int) -> [String: Any] {
        ["@type": "chatPosition", "list": ["@type": chat.isArchived ? "chatListArchive" : "chatListMain"],
         "order": String(order(chat, directory: directory, index: index)), "is_pinned": false]
    }

    /// The chat's positions in every list it is in: the main list or the archive, and its folders.
    func positionObjects(_ chat: SimulatedChat, directory: String, index: Int) -> [[String: Any]] {
        let position = positionObject(chat, directory: directory, index: index)
        var all = [position]
        for folder in currentScenario.folders where folder.chatIDs.contains(chat.id) {
            var inFolder = position
            inFolder["list"] = ["@type": "chatListFolder", "chat_folder_id": folder.id]
            all.append(inFolder)
        }
        return all
    }

    /// The full `chat` object: photo, last message, counts, permissions, mute.
    func chatObject(_ chat: SimulatedChat, directory: String) -> [String: Any] {
        var object = SimObjects.chat(chat)
        let scenario = currentScenario
        let read = readState(chat, directory: directory)
        object["unread_count"] = read.unread
        object["last_read_inbox_message_id"] = read.lastReadInbox
        object["last_read_outbox_message_id"] = read.lastReadOutbox
        object["unread_mention_count"] = 0
        object["is_marked_as_unread"] = false
        if let last = timeline(chat, directory: directory, below: 0, limit: 1).first { object["last_message"] = last }
        if let draft = withHistory(directory, { $0.drafts[chat.id] }) { object["draft_message"] = Self.draftObject(draft.text, date: draft.date) }
        let muteFor = scenario.histories[chat.id]?.muteFor ?? 0
        let preview = scenario.histories[chat.id]?.showPreview
        object["notification_settings"] = ["@type": "chatNotificationSettings", "use_default_mute_for": muteFor == 0, "mute_for": muteFor,
                                           "use_default_sound": true, "use_default_show_preview": preview == nil, "show_preview": preview ?? true]
        var canWrite = true
        if case .fail(403, _)? = scenario.sendBehaviours[chat.id] { canWrite = false }
        object["permissions"] = ["@type": "chatPermissions", "can_send_basic_messages": canWrite, "can_send_photos": canWrite,
                                 "can_send_polls": canWrite, "can_send_other_messages": canWrite, "can_add_link_previews": canWrite]
        if Self.hasPhoto(chat, scenario) {
            let fileID = SimulatorSeed.fileID(chat.id, -1)
            object["photo"] = ["@type": "chatPhotoInfo", "small": SimulatorMedia.file(fileID, size: SimulatorMedia.thumbnailSize),
                               "big": SimulatorMedia.file(fileID + 1, size: 200_000), "minithumbnail": SimulatorMedia.minithumbnail,
                               "has_animation": false, "is_personal": false]
        }
        return object
    }

    /// Whether the chat has a photo (every chat with a history but Neighbours, which shows its letter).
    static func hasPhoto(_ chat: SimulatedChat, _ scenario: SimulatorScenario) -> Bool {
        scenario.histories[chat.id] != nil && chat.id != -4002
    }

    // MARK: - Requests

    func handleConversation(_ id: Int32, _ request: [String: Any], type: String) {
        let scenario = currentScenario
        let directory = directory(of: id)
        func chat() -> SimulatedChat? { findChatInScenario(request["chat_id"]) }
        switch type {
        case "getChatHistory":
            guard let chat = chat() else { return respond(id, request, Self.error(400, "Chat not found")) }
            let limit = request["limit"] as? Int ?? 0
            guard limit > 0, limit <= 100 else { return respond(id, request, Self.error(400, "Parameter limit must be positive")) }
            let from = Self.int64(request["from_message_id"])
            // Like TDLib, the first answer from the newest message holds just that message.
            let first = from == 0 && !(client(id)?.historyAsked.contains(chat.id) ?? false)
            updateClient(id) { $0.historyAsked.insert(chat.id) }
            // `from_message_id` itself is included (offset 0: "results from exactly the message
            // from_message_id"); a negative offset adds that many newer messages.
            let offset = max(-99, min(0, request["offset"] as? Int ?? 0))
            var messages = timeline(chat, directory: directory, below: from == 0 ? 0 : from + 1, limit: first ? 1 : limit + offset)
            // Messages being sent are the newest, as in TDLib's history (ids above every other).
            let pending = pendingSends.messages(chatID: chat.id, directory: directory).filter { from == 0 || Self.int64($0["id"]) <= from }
            if !pending.isEmpty { messages = Array((pending + messages).prefix(first ? 1 : limit + offset)) }
            if offset < 0, from > 0 {
                let newer = timelineNewer(chat, directory: directory, above: from, limit: -offset)
                messages = newer + messages
            }
            respond(id, request, ["@type": "messages", "total_count": messages.count, "messages": messages])
        case "getForumTopicHistory":
            guard let chat = chat() else { return respond(id, request, Self.error(400, "Chat not found")) }
            guard case .forum(_, _, let topics) = chat.kind else { return respond(id, request, Self.error(400, "Chat is not a forum")) }
            let topic = request["forum_topic_id"] as? Int ?? 0
            guard topics.contains(where: { Int($0.id) == topic }) else { return respond(id, request, Self.error(400, "Topic not found")) }
            let limit = request["limit"] as? Int ?? 0
            guard limit > 0, limit <= 100 else { return respond(id, request, Self.error(400, "Parameter limit must be positive")) }
            let from = Self.int64(request["from_message_id"])
            var found: [[String: Any]] = []
            var below: Int64 = from == 0 ? 0 : from + 1
            scan: while found.count < limit {
                let page = timeline(chat, directory: directory, below: below, limit: 100)
                for message in page {
                    // Messages outside any topic belong to General (topic 1).
                    let inTopic = Self.topic(of: message)
                    if inTopic == topic { found.append(message) }
                    if found.count == limit { break scan }
                }
                guard page.count == 100, let last = page.last else { break }
                below = Self.int64(last["id"])
            }
            respond(id, request, ["@type": "messages", "total_count": found.count, "messages": found])
        case "getMessage":
            guard let chat = chat() else { return respond(id, request, Self.error(400, "Chat not found")) }
            let asked = Self.int64(request["message_id"])
            if let pending = pendingSends.message(chatID: chat.id, tempID: asked, directory: directory) { return respond(id, request, pending) }
            // A sent message is still found by its old temporary id, as in TDLib.
            let wanted = pendingSends.persistentIDs([asked], directory: directory)?.first ?? asked
            guard let message = findMessage(chat, wanted, directory: directory) else {
                return respond(id, request, Self.error(404, "Not Found"))
            }
            respond(id, request, message)
        case "getMessages":
            // Like TDLib: one answer for all, null where a message is not found.
            guard let chat = chat() else { return respond(id, request, Self.error(400, "Chat not found")) }
            let ids = (request["message_ids"] as? [Any] ?? []).map(Self.int64)
            let found: [Any] = ids.map { id -> Any in findMessage(chat, id, directory: directory) ?? NSNull() }
            respond(id, request, ["@type": "messages", "total_count": found.count, "messages": found])
        case "getMessageProperties":
            guard let chat = chat() else { return respond(id, request, Self.error(400, "Chat not found")) }
            guard let message = findMessage(chat, Self.int64(request["message_id"]), directory: directory) else {
                return respond(id, request, Self.error(404, "Not Found"))
            }
            respond(id, request, properties(message, chat: chat))
        case "getMessageReadDate":
            // Like Telegram: private chats only, the person's own messages, for a week.
            guard let chat = chat() else { return respond(id, request, Self.error(400, "Chat not found")) }
            guard case .private = chat.kind, let message = findMessage(chat, Self.int64(request["message_id"]), directory: directory),
                  message["is_outgoing"] as? Bool == true
            else { return respond(id, request, Self.error(400, "Can't get read date of the message")) }
            let messageID = Self.int64(message["id"])
            let date = TimeInterval(Self.int64(message["date"]))
            if clock.now.timeIntervalSince1970 - date > 7 * 86_400 { return respond(id, request, ["@type": "messageReadDateTooOld"]) }
            let reads = withHistory(directory) { $0.readOutboxDates[chat.id] ?? [] }
            if let read = reads.first(where: { $0.count == 2 && $0[0] >= messageID }) {
                return respond(id, request, ["@type": "messageReadDateRead", "read_date": read[1]])
            }
            let marker = withHistory(directory) { $0.readOutbox[chat.id] ?? 0 }
            respond(id, request, ["@type": marker >= messageID ? "messageReadDateTooOld" : "messageReadDateUnread"])
        case "openChat", "closeChat":
            guard let chat = chat() else { return respond(id, request, Self.error(400, "Chat not found")) }
            updateClient(id) { if type == "openChat" { $0.openChats.insert(chat.id) } else { $0.openChats.remove(chat.id) } }
            respond(id, request, ["@type": "ok"])
        case "viewMessages":
            guard let chat = chat() else { return respond(id, request, Self.error(400, "Chat not found")) }
            let ids = (request["message_ids"] as? [Any] ?? []).map(Self.int64)
            let open = client(id)?.openChats.contains(chat.id) ?? false
            // Like TDLib, the read markers' updates come before the answer.
            if open || request["force_read"] as? Bool == true, !ids.isEmpty {
                let source = (request["source"] as? [String: Any])?["@type"] as? String
                markRead(chat, ids, directory: directory, inTopics: source == "messageSourceForumTopicHistory")
            }
            respond(id, request, ["@type": "ok"])
        case "searchChats", "searchChatsOnServer":
            let query = (request["query"] as? String ?? "").lowercased()
            let limit = max(1, request["limit"] as? Int ?? 50)
            let people = Dictionary(scenario.people.map { ($0.id, $0.username.lowercased()) }, uniquingKeysWith: { a, _ in a })
            let found = scenario.chats.filter { chat in
                guard !query.isEmpty else { return type == "searchChats" }
                if chat.title.lowercased().contains(query) { return true }
                if case .private(let userID) = chat.kind, let name = people[userID], !name.isEmpty { return name.contains(query.hasPrefix("@") ? String(query.dropFirst()) : query) }
                return false
            }.prefix(limit).map(\.id)
            respond(id, request, ["@type": "chats", "total_count": found.count, "chat_ids": Array(found)])
        case "searchChatMessages", "searchMessages":
            let query = (request["query"] as? String ?? "").lowercased()
            let limit = min(100, max(1, request["limit"] as? Int ?? 20))
            var chats = scenario.chats
            if type == "searchChatMessages" {
                guard let chat = chat() else { return respond(id, request, Self.error(400, "Chat not found")) }
                chats = [chat]
            }
            // Newest first by (date, id, chat); a page starts after the previous page's last
            // message: below `from_message_id` in one chat, after the `next_offset` key across chats.
            typealias Key = (date: Int, id: Int64, chat: Int64)
            var after: Key?
            if type == "searchChatMessages" {
                let from = Self.int64(request["from_message_id"])
                if from > 0 { after = (Int.max, from, 0) }
            } else if let offset = request["offset"] as? String, !offset.isEmpty {
                let parts = offset.split(separator: ":").compactMap { Int64($0) }
                guard parts.count == 3 else { return respond(id, request, Self.error(400, "Invalid offset specified")) }
                after = (Int(parts[0]), parts[1], parts[2])
            }
            func key(_ message: [String: Any]) -> Key { (message["date"] as? Int ?? 0, Self.int64(message["id"]), Self.int64(message["chat_id"])) }
            let onlyPinned = (request["filter"] as? [String: Any])?["@type"] as? String == "searchMessagesFilterPinned"
            var found: [[String: Any]] = []
            for chat in chats {
                found += timeline(chat, directory: directory, below: 0, limit: 10_000).filter {
                    (query.isEmpty || Self.text(of: $0).lowercased().contains(query)) && (!onlyPinned || $0["is_pinned"] as? Bool == true)
                }
            }
            found.sort { key($0) > key($1) }
            let rest = found.filter { message in
                guard let after else { return true }
                let k = key(message)
                return type == "searchChatMessages" ? k.id < after.id : k < after
            }
            let page = Array(rest.prefix(limit))
            let more = rest.count > page.count
            if type == "searchChatMessages" {
                let next = more ? page.last.map { Self.int64($0["id"]) } ?? 0 : 0
                respond(id, request, ["@type": "foundChatMessages", "total_count": found.count, "messages": page, "next_from_message_id": next])
            } else {
                let next = more ? page.last.map { k in let k = key(k); return "\(k.date):\(k.id):\(k.chat)" } ?? "" : ""
                respond(id, request, ["@type": "foundMessages", "total_count": found.count, "messages": page, "next_offset": next])
            }
        case _ where Self.downloadFunctions.contains(type):
            handleDownload(id, request, type: type, directory: directory)
        case "getUser":
            let userID = Self.int64(request["user_id"])
            if userID == scenario.account.userID {
                var me = SimObjects.user(scenario.account)
                me["status"] = scenario.accountOnlineUntil.map { ["@type": "userStatusOnline", "expires": $0] as [String: Any] }
                    ?? ["@type": "userStatusOffline", "was_online": Int32(unixNow()) - 600]
                return respond(id, request, me)
            }
            guard let person = scenario.people.first(where: { $0.id == userID }) else { return respond(id, request, Self.error(404, "User not found")) }
            respond(id, request, personObject(person))
        case "getUserFullInfo", "getSupergroupMembers", "getChatMessageCount":
            handleProfile(id, request, type: type)
        case "getMessageAvailableReactions", "addMessageReaction", "removeMessageReaction":
            handleReaction(id, request, type: type)
        case "pinChatMessage", "unpinChatMessage":
            handlePin(id, request, pin: type == "pinChatMessage")
        case "forwardMessages":
            forwardMessages(id, request)
        case "setChatDraftMessage":
            setDraft(id, request)
        case _ where Self.presenceFunctions.contains(type):
            handlePresence(id, request, type: type)
        case _ where Self.contactFunctions.contains(type):
            handleContact(id, request, type: type)
        default:
            unexpected(id, request)
        }
    }

    func findChatInScenario(_ value: Any?) -> SimulatedChat? {
        let chatID = Self.int64(value)
        let scenario = currentScenario
        if chatID == scenario.account.userID { return Self.savedMessages(scenario.account) }
        return scenario.chats.first { $0.id == chatID }
    }

    static func text(of message: [String: Any]) -> String {
        let content = message["content"] as? [String: Any] ?? [:]
        if let text = content["text"] as? [String: Any] { return text["text"] as? String ?? "" }
        if let caption = content["caption"] as? [String: Any] { return caption["text"] as? String ?? "" }
        return ""
    }

    /// `messageProperties` as Telegram decides them: own text messages editable for 48 h,
    /// delete for everyone for own messages (and any in private chats), for self only outside
    /// supergroups and channels.
    func properties(_ message: [String: Any], chat: SimulatedChat) -> [String: Any] {
        let outgoing = message["is_outgoing"] as? Bool ?? false
        let isText = (message["content"] as? [String: Any])?["@type"] as? String == "messageText"
        let age = Int(unixNow()) - (message["date"] as? Int ?? 0)
        var isChannel = false, isSupergroup = false, isPrivate = false
        switch chat.kind {
        case .channel: isChannel = true
        case .supergroup, .forum: isSupergroup = true
        case .private: isPrivate = true
        case .basicGroup: break
        }
        return ["@type": "messageProperties", "can_be_edited": outgoing && isText && age < 48 * 3600,
                "can_be_replied": !isChannel, "can_be_deleted_only_for_self": !isChannel && !isSupergroup,
                "can_be_deleted_for_all_users": outgoing || isPrivate, "can_be_forwarded": message["sending_state"] == nil, "can_be_saved": true,
                "can_be_copied": message["sending_state"] == nil, "can_be_pinned": message["sending_state"] == nil && Self.canPin(chat), "can_edit_scheduling_state": false, "can_get_link": isSupergroup || isChannel]
    }

}

// MARK: - Controls for tests and the demo

extension TelegramSimulator {
    /// Someone writes in a chat of the account using `directory` (as if from their phone), in a
    /// forum topic with `topicID`.
    public func simulateIncoming(inDatabaseDirectory directory: URL, chatID: Int64, from userID: Int64, text: String, replyTo: Int64? = nil,
                                 topicID: Int32? = nil)
    {
        queue.async {
            guard let chat = self.findChatInScenario(chatID) else { return }
            self.receive(chat, directory: directory.path, from: userID, content: SimulatorMedia.text(text), replyTo: replyTo, topicID: topicID)
        }
    }

    /// Someone edits their message.
    public func simulateEdit(inDatabaseDirectory directory: URL, chatID: Int64, messageID: Int64, text: String) {
        queue.async {
            guard let chat = self.findChatInScenario(chatID) else { return }
            self.applyEdit(chat, messageID, content: SimulatorMedia.text(text), directory: directory.path)
        }
    }

    /// Someone deletes their messages for everyone.
    public func simulateDelete(inDatabaseDirectory directory: URL, chatID: Int64, messageIDs: [Int64]) {
        queue.async {
            guard let chat = self.findChatInScenario(chatID) else { return }
            self.removeFromTimeline(chat, messageIDs, directory: directory.path)
        }
    }

    /// The messages of a chat as the "server" holds them now, newest first (for tests).
    public func timelineIDs(inDatabaseDirectory directory: URL, chatID: Int64, limit: Int = 20_000) -> [Int64] {
        guard let chat = findChatInScenario(chatID) else { return [] }
        return timeline(chat, directory: directory.path, below: 0, limit: limit).map { Self.int64($0["id"]) }
    }
}

extension TelegramSimulator {
    /// Wake-ups for what is still to come in a folder (after a restart of the process).
    func rearmPending(_ directory: String) {
        let now = clock.now.timeIntervalSince1970
        let dues = withHistory(directory) { $0.pending.map(\.due) }
        for due in Set(dues) { wakeForPending(directory, after: max(0, due - now)) }
    }
}
