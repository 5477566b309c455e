import Foundation

/// What happened in an account's chats beyond the seeded messages, kept "server side" on disk
/// in the database directory (`tgt-simulator-history.json`) so every process sees the same
/// conversation: messages sent or received since, edits, deletions, and read markers (per chat,
/// and per forum topic).
/// Written with an atomic rename, so a `kill -9` leaves the file whole.
struct SimulatorHistory {
    static let fileName = "tgt-simulator-history.json"

    let directory: String
    /// New messages per chat, oldest first (`message` objects).
    private(set) var added: [Int64: [[String: Any]]] = [:]
    /// Deleted message ids per chat.
    private(set) var deleted: [Int64: Set<Int64>] = [:]
    /// Edited messages per chat: id → (content, edit date).
    private(set) var edits: [Int64: [Int64: (content: [String: Any], date: Int)]] = [:]
    /// Read markers set since the seed (inbox: by us; outbox: by the other side).
    private(set) var readInbox: [Int64: Int64] = [:]
    private(set) var readOutbox: [Int64: Int64] = [:]
    /// Inbox read markers of forum topics set since the seed, per chat and topic: reading one
    /// topic's history reads that topic only (a topic's marker is never below its chat's).
    private(set) var readTopicInbox: [Int64: [Int: Int64]] = [:]
    /// What the other side will do (read our message, answer it), due at a date: kept here so
    /// it happens even if the process that sent the message has exited by then.
    private(set) var pending: [PendingEvent] = []

    /// Something another person does later in a chat.
    struct PendingEvent {
        var chatID: Int64
        var due: Double
        /// Reads our messages up to this id.
        var readUpTo: Int64?
        /// Answers with this text (as a reply to `replyTo`).
        var replyFrom: Int64?
        var text: String?
        var replyTo: Int64?
    }

    init(directory: String) {
        self.directory = directory
        guard !directory.isEmpty, let data = FileManager.default.contents(atPath: path),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return }
        for (key, value) in object["added"] as? [String: Any] ?? [:] {
            if let id = Int64(key), let list = value as? [[String: Any]] { added[id] = list }
        }
        for (key, value) in object["deleted"] as? [String: Any] ?? [:] {
            if let id = Int64(key), let list = value as? [Any] { deleted[id] = Set(list.map(TelegramSimulator.int64)) }
        }
        for (key, value) in object["edits"] as? [String: Any] ?? [:] {
            guard let id = Int64(key), let list = value as? [[String: Any]] else { continue }
            for edit in list {
                if let content = edit["content"] as? [String: Any] {
                    edits[id, default: [:]][TelegramSimulator.int64(edit["id"])] = (content, edit["date"] as? Int ?? 0)
                }
            }
        }
        for (key, value) in object["read_inbox"] as? [String: Any] ?? [:] { if let id = Int64(key) { readInbox[id] = TelegramSimulator.int64(value) } }
        for (key, value) in object["read_outbox"] as? [String: Any] ?? [:] { if let id = Int64(key) { readOutbox[id] = TelegramSimulator.int64(value) } }
        for (key, value) in object["read_topic_inbox"] as? [String: Any] ?? [:] {
            guard let id = Int64(key), let topics = value as? [String: Any] else { continue }
            for (topic, marker) in topics { if let topic = Int(topic) { readTopicInbox[id, default: [:]][topic] = TelegramSimulator.int64(marker) } }
        }
        for event in object["pending"] as? [[String: Any]] ?? [] {
            pending.append(PendingEvent(
                chatID: TelegramSimulator.int64(event["chat_id"]), due: event["due"] as? Double ?? 0,
                readUpTo: event["read_up_to"].map(TelegramSimulator.int64), replyFrom: event["reply_from"].map(TelegramSimulator.int64),
                text: event["text"] as? String, replyTo: event["reply_to"].map(TelegramSimulator.int64)))
        }
    }

    private var path: String { "\(directory)/\(Self.fileName)" }

    mutating func append(_ message: [String: Any], chatID: Int64) {
        added[chatID, default: []].append(message)
        save()
    }

    mutating func delete(_ ids: [Int64], chatID: Int64) {
        deleted[chatID, default: []].formUnion(ids)
        save()
    }

    mutating func edit(_ id: Int64, chatID: Int64, content: [String: Any], date: Int) {
        edits[chatID, default: [:]][id] = (content, date)
        save()
    }

    mutating func markInboxRead(_ id: Int64, chatID: Int64) {
        readInbox[chatID] = max(readInbox[chatID] ?? 0, id)
        save()
    }

    mutating func markTopicInboxRead(_ id: Int64, chatID: Int64, topic: Int) {
        readTopicInbox[chatID, default: [:]][topic] = max(readTopicInbox[chatID]?[topic] ?? 0, id)
        save()
    }

    mutating func markOutboxRead(_ id: Int64, chatID: Int64) {
        readOutbox[chatID] = max(readOutbox[chatID] ?? 0, id)
        save()
    }

    mutating func addPending(_ event: PendingEvent) {
        pending.append(event)
        save()
    }

    /// Removes and returns the events due at `now`, in order.
    mutating func takeDue(at now: Double) -> [PendingEvent] {
        let due = pending.filter { $0.due <= now }.sorted { $0.due < $1.due }
        guard !due.isEmpty else { return [] }
        pending.removeAll { $0.due <= now }
        save()
        return due
    }

    /// The newest id among the chat's added messages (0 when none).
    func newestAddedID(_ chatID: Int64) -> Int64 {
        added[chatID]?.last.map { TelegramSimulator.int64($0["id"]) } ?? 0
    }

    private func save() {
        guard !directory.isEmpty else { return }
        func keyed<V>(_ dict: [Int64: V], _ map: (V) -> Any) -> [String: Any] {
            Dictionary(uniqueKeysWithValues: dict.map { (String($0.key), map($0.value)) })
        }
        let object: [String: Any] = [
            "added": keyed(added) { $0 },
            "deleted": keyed(deleted) { Array($0).sorted() },
            "edits": keyed(edits) { list in list.map { ["id": $0.key, "content": $0.value.content, "date": $0.value.date] as [String: Any] } },
            "read_inbox": keyed(readInbox) { $0 },
            "read_outbox": keyed(readOutbox) { $0 },
            "read_topic_inbox": keyed(readTopicInbox) { topics in Dictionary(uniqueKeysWithValues: topics.map { (String($0.key), $0.value) }) },
            "pending": pending.map { event -> [String: Any] in
                var object: [String: Any] = ["chat_id": event.chatID, "due": event.due]
                if let readUpTo = event.readUpTo { object["read_up_to"] = readUpTo }
                if let replyFrom = event.replyFrom { object["reply_from"] = replyFrom }
                if let text = event.text { object["text"] = text }
                if let replyTo = event.replyTo { object["reply_to"] = replyTo }
                return object
            },
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object) else { return }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
