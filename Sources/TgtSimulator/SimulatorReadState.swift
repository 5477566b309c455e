import Foundation

/// Read markers in the simulated Telegram, as the account sees them: per chat (the seed's, then
/// `viewMessages` from the chat's history) and per forum topic (`viewMessages` from a topic's
/// history reads that topic only), the unread counts they leave (a forum's: the sum of its
/// topics'), the `forumTopic` objects that report them, and the updates a read sends.
extension TelegramSimulator {
    /// The chat's read markers and unread count as the account sees them now. In a forum the
    /// unread count is the sum of its topics' (each read on its own), and the inbox marker the
    /// newest message up to which every topic is read.
    func readState(_ chat: SimulatedChat, directory: String) -> (unread: Int, lastReadInbox: Int64, lastReadOutbox: Int64) {
        let chatInbox = chatInboxMarker(chat, directory: directory)
        let lastReadOutbox = outboxMarker(chat, directory: directory)
        guard case .forum = chat.kind else {
            return (unreadCount(chat, directory: directory, after: chatInbox), chatInbox, lastReadOutbox)
        }
        let forum = forumReadState(chat, directory: directory, chatInbox: chatInbox)
        return (forum.unread, forum.lastReadInbox, lastReadOutbox)
    }

    /// The inbox marker of the chat's whole history: the seed's (its last `unreadCount`
    /// incoming messages unread), raised by `viewMessages` from the chat's history.
    func chatInboxMarker(_ chat: SimulatedChat, directory: String) -> Int64 {
        let inbox = withHistory(directory) { $0.readInbox[chat.id] }
        var seededInbox: Int64 = 0
        if let seed = seed(for: chat) {
            var left = seed.history.unreadCount
            var i = seed.history.count - 1
            while i >= 0, left > 0 {
                if !seed.isOutgoing(i) { left -= 1 }
                i -= 1
            }
            seededInbox = i >= 0 ? SimulatorSeed.id(i) : 0
        }
        return max(seededInbox, inbox ?? 0)
    }

    /// Our messages read by the other side up to this id: everything seeded, then read receipts.
    func outboxMarker(_ chat: SimulatedChat, directory: String) -> Int64 {
        let outbox = withHistory(directory) { $0.readOutbox[chat.id] }
        return max(seed(for: chat).map { SimulatorSeed.id($0.history.count - 1) } ?? 0, outbox ?? 0)
    }

    /// A forum topic's inbox marker: the chat's, raised by `viewMessages` from the topic's history.
    func topicInboxMarker(_ chat: SimulatedChat, directory: String, topic: Int) -> Int64 {
        let own = withHistory(directory) { $0.readTopicInbox[chat.id]?[topic] ?? 0 }
        return max(chatInboxMarker(chat, directory: directory), own)
    }

    /// A forum's unread messages (others', above their topic's marker) and the newest message
    /// below the oldest of them (every message up to it is read, in every topic).
    private func forumReadState(_ chat: SimulatedChat, directory: String, chatInbox: Int64) -> (unread: Int, lastReadInbox: Int64) {
        let me = currentScenario.account.userID
        let topicMarkers = withHistory(directory) { $0.readTopicInbox[chat.id] ?? [:] }
        var unread = 0
        var newest: Int64 = 0
        var belowOldestUnread: Int64?
        var below: Int64 = 0
        scan: while true {
            let page = timeline(chat, directory: directory, below: below, limit: 20)
            for message in page {
                let messageID = Self.int64(message["id"])
                if messageID <= chatInbox { break scan }
                if newest == 0 { newest = messageID }
                let sender = (message["sender_id"] as? [String: Any]).map { Self.int64($0["user_id"]) }
                if sender != me, messageID > max(chatInbox, topicMarkers[Self.topic(of: message)] ?? 0) {
                    unread += 1
                    belowOldestUnread = nil
                } else if unread > 0, belowOldestUnread == nil {
                    belowOldestUnread = messageID
                }
                below = messageID
            }
            if page.count < 20 { break }
        }
        let lastReadInbox = unread == 0 ? max(chatInbox, newest) : max(chatInbox, belowOldestUnread ?? 0)
        return (unread, lastReadInbox)
    }

    /// A forum topic's newest message (messages outside any topic belong to General, topic 1).
    func newestMessage(_ chat: SimulatedChat, directory: String, topic: Int) -> [String: Any]? {
        var below: Int64 = 0
        while true {
            let page = timeline(chat, directory: directory, below: below, limit: 100)
            if let found = page.first(where: { Self.topic(of: $0) == topic }) { return found }
            guard page.count == 100, let last = page.last else { return nil }
            below = Self.int64(last["id"])
        }
    }

    /// The `forumTopic` object as the account sees it now: newest message, read marker, unread count.
    func forumTopicObject(_ chat: SimulatedChat, _ topic: SimulatedTopic, directory: String) -> [String: Any] {
        let marker = topicInboxMarker(chat, directory: directory, topic: Int(topic.id))
        let unread = unreadCount(chat, directory: directory, after: marker, topic: Int(topic.id))
        let draft = directory.isEmpty ? nil : withHistory(directory) { $0.topicDrafts[chat.id]?[Int(topic.id)] }
        return SimObjects.forumTopic(chatID: chat.id, topic, lastMessage: newestMessage(chat, directory: directory, topic: Int(topic.id)),
                                     unread: unread, lastReadInbox: marker, lastReadOutbox: outboxMarker(chat, directory: directory),
                                     draft: draft.map { Self.draftObject($0.text, date: $0.date) })
    }

    /// Others' messages newer than `lastReadInbox`; with `topic`, only that forum topic's
    /// (messages outside any topic belong to General, topic 1).
    func unreadCount(_ chat: SimulatedChat, directory: String, after lastReadInbox: Int64, topic: Int? = nil) -> Int {
        let me = currentScenario.account.userID
        let key = "\(directory)\u{1F}\(chat.id)\u{1F}\(topic.map(String.init) ?? "chat")"
        let deletedCount = withHistory(directory) { $0.deleted[chat.id]?.count ?? 0 }
        // Counted before with the same read marker and nothing deleted since: only the messages
        // newer than the newest counted then are new (a message received costs O(1), not the
        // whole unread stretch).
        var unread = 0
        var stop = lastReadInbox
        if let tally = unreadTally(key), tally.lastReadInbox == lastReadInbox, tally.deletedCount == deletedCount {
            unread = tally.count
            stop = max(lastReadInbox, tally.newestID)
        }
        var newest: Int64?
        var below: Int64 = 0
        scan: while true {
            let page = timeline(chat, directory: directory, below: below, limit: 20)
            for message in page {
                let messageID = Self.int64(message["id"])
                if newest == nil { newest = messageID }
                if messageID <= stop { break scan }
                let sender = (message["sender_id"] as? [String: Any]).map { Self.int64($0["user_id"]) }
                let inTopic = Self.topic(of: message)
                if sender != me, topic == nil || inTopic == topic { unread += 1 }
                below = messageID
            }
            if page.count < 20 { break }
        }
        setUnreadTally(UnreadTally(lastReadInbox: lastReadInbox, count: unread, newestID: max(newest ?? stop, stop), deletedCount: deletedCount), for: key)
        return unread
    }

    /// Reads messages the account viewed. From the chat's history: everything up to the newest
    /// of them. From a forum topic's history: in each viewed message's topic, everything up to
    /// the newest viewed there, other topics untouched. Like TDLib, a forum's topics whose read
    /// marker moved get `updateForumTopic`, then the chat `updateChatReadInbox` (its unread
    /// count the sum of its topics').
    func markRead(_ chat: SimulatedChat, _ ids: [Int64], directory: String, inTopics: Bool) {
        var topics: [SimulatedTopic] = []
        if case .forum(_, _, let all) = chat.kind { topics = all }
        let markers = { Dictionary(uniqueKeysWithValues: topics.map { (Int($0.id), self.topicInboxMarker(chat, directory: directory, topic: Int($0.id))) }) }
        let before = readState(chat, directory: directory)
        let topicsBefore = markers()
        if inTopics, !topics.isEmpty {
            var newestByTopic: [Int: Int64] = [:]
            for id in ids {
                guard let message = findMessage(chat, id, directory: directory) else { continue }
                let topic = Self.topic(of: message)
                newestByTopic[topic] = max(newestByTopic[topic] ?? 0, id)
            }
            for (topic, newest) in newestByTopic where newest > (topicsBefore[topic] ?? .max) {
                withHistory(directory) { $0.markTopicInboxRead(newest, chatID: chat.id, topic: topic) }
            }
        } else if let newest = ids.max(), newest > chatInboxMarker(chat, directory: directory) {
            withHistory(directory) { $0.markInboxRead(newest, chatID: chat.id) }
        }
        let topicsAfter = markers()
        let outbox = outboxMarker(chat, directory: directory)
        for topic in topics.map({ Int($0.id) }) where topicsAfter[topic] != topicsBefore[topic] {
            emitToDirectory(directory, SimObjects.forumTopicUpdate(chatID: chat.id, topicID: topic, lastReadInbox: topicsAfter[topic] ?? 0, lastReadOutbox: outbox))
        }
        let after = readState(chat, directory: directory)
        guard after.unread != before.unread || after.lastReadInbox != before.lastReadInbox else { return }
        emitToDirectory(directory, ["@type": "updateChatReadInbox", "chat_id": chat.id, "last_read_inbox_message_id": after.lastReadInbox,
                                    "unread_count": after.unread])
    }
}

/// A chat's (or topic's) unread count as last counted: valid while its read marker stays and no
/// message was deleted; then only messages newer than `newestID` need counting.
struct UnreadTally: Sendable {
    var lastReadInbox: Int64
    var count: Int
    var newestID: Int64
    var deletedCount: Int
}
