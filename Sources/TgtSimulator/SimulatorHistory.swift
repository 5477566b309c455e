import Foundation

/// What happened in an account's chats beyond the seeded messages, kept "server side" on disk
/// in the database directory so every process sees the same conversation: messages sent or
/// received since, edits, deletions, and read markers (per chat, and per forum topic).
///
/// Each change is one line appended to a journal (`tgt-simulator-history.log`), so a change
/// costs the same however long the demo has run; a snapshot (`tgt-simulator-history.json`,
/// written with an atomic rename) takes the journal in once it is 4 times as long as the
/// snapshot's messages (at least `compactAfter` lines), under a lock
/// on the journal, from what is on disk (another process's lines included). Loading reads the
/// snapshot, then replays the journal; a torn last line (a `kill -9` mid-write) is skipped.
struct SimulatorHistory {
    static let fileName = "tgt-simulator-history.json"
    static let journalName = "tgt-simulator-history.log"
    /// Journal lines before a compaction (`TGT_SIMULATOR_COMPACT_AFTER` lowers it for tests).
    static let compactAfter = ProcessInfo.processInfo.environment["TGT_SIMULATOR_COMPACT_AFTER"].flatMap(Int.init).map { max(1, $0) } ?? 2_000

    var directory: String
    /// New messages per chat, oldest first (`message` objects).
    private(set) var added: [Int64: [[String: Any]]] = [:]
    /// Deleted message ids per chat.
    private(set) var deleted: [Int64: Set<Int64>] = [:]
    /// Edited messages per chat: id → (content, edit date).
    private(set) var edits: [Int64: [Int64: (content: [String: Any], date: Int)]] = [:]
    /// Reactions changed since the seed, per chat: message id → its `messageReaction` objects
    /// (the whole list as it is now).
    private(set) var reactions: [Int64: [Int64: [[String: Any]]]] = [:]
    /// Cloud drafts per chat: text and date.
    private(set) var drafts: [Int64: (text: String, date: Int)] = [:]
    /// Forum topics' own cloud drafts, per chat and topic.
    private(set) var topicDrafts: [Int64: [Int: (text: String, date: Int)]] = [:]
    /// Pins changed since the seed, per chat: message id → pinned or not.
    private(set) var pins: [Int64: [Int64: Bool]] = [:]
    /// Voice and video notes played (listened, viewed) since the seed, per chat.
    private(set) var opened: [Int64: Set<Int64>] = [:]
    /// People added to the contacts (or renamed there) since the seed: user id → names.
    private(set) var contacts: [Int64: (first: String, last: String)] = [:]
    /// Read markers set since the seed (inbox: by us; outbox: by the other side).
    private(set) var readInbox: [Int64: Int64] = [:]
    private(set) var readOutbox: [Int64: Int64] = [:]
    /// When each read of the person's messages happened, per chat: (read up to, Unix time),
    /// oldest first, for `getMessageReadDate`.
    private(set) var readOutboxDates: [Int64: [[Int64]]] = [:]
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

    /// Journal lines since the snapshot (as this process last saw them).
    private var journalLines = 0
    /// Messages the snapshot held at the last compaction: the journal is compacted when it has
    /// grown 4 times as long (and at least `compactAfter` lines), so compactions, each a rewrite
    /// of the whole history, cost a constant amount per line however long the demo runs.
    private var snapshotMessages = 0
    /// The journal's size as this process last left it, and whether another process has
    /// written to it since this one loaded it: if not, a compaction writes what is in memory,
    /// which is then exactly what is on disk, instead of reading it all again.
    private var journalBytes: off_t = 0
    private var othersWrote = false

    init(directory: String) {
        self.directory = directory
        guard !directory.isEmpty else { return }
        load()
    }

    /// The snapshot, then every whole line of the journal.
    private mutating func load() {
        if let data = FileManager.default.contents(atPath: path),
           let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        {
            loadSnapshot(object)
        }
        snapshotMessages = added.values.reduce(0) { $0 + $1.count }
        journalLines = 0
        let journal = FileManager.default.contents(atPath: journalPath) ?? Data()
        journalBytes = off_t(journal.count)
        othersWrote = false
        for line in SimulatorFiles.lines(of: journal) {
            guard let op = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else { continue }
            apply(op)
            journalLines += 1
        }
    }

    private mutating func loadSnapshot(_ object: [String: Any]) {
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
        for (key, value) in object["reactions"] as? [String: Any] ?? [:] {
            guard let id = Int64(key), let list = value as? [[String: Any]] else { continue }
            for entry in list {
                reactions[id, default: [:]][TelegramSimulator.int64(entry["id"])] = entry["reactions"] as? [[String: Any]] ?? []
            }
        }
        for (key, value) in object["drafts"] as? [String: Any] ?? [:] {
            guard let id = Int64(key), let draft = value as? [String: Any], let text = draft["text"] as? String else { continue }
            drafts[id] = (text, draft["date"] as? Int ?? 0)
        }
        for (key, value) in object["topic_drafts"] as? [String: Any] ?? [:] {
            guard let id = Int64(key), let topics = value as? [String: Any] else { continue }
            for (topicKey, entry) in topics {
                guard let topic = Int(topicKey), let draft = entry as? [String: Any], let text = draft["text"] as? String else { continue }
                topicDrafts[id, default: [:]][topic] = (text, draft["date"] as? Int ?? 0)
            }
        }
        for (key, value) in object["pins"] as? [String: Any] ?? [:] {
            guard let id = Int64(key), let list = value as? [[String: Any]] else { continue }
            for entry in list { pins[id, default: [:]][TelegramSimulator.int64(entry["id"])] = entry["pinned"] as? Bool ?? false }
        }
        for (key, value) in object["opened"] as? [String: Any] ?? [:] {
            if let id = Int64(key) { opened[id] = Set((value as? [Any] ?? []).map(TelegramSimulator.int64)) }
        }
        for (key, value) in object["contacts"] as? [String: Any] ?? [:] {
            guard let id = Int64(key), let names = value as? [String: Any], let first = names["first"] as? String else { continue }
            contacts[id] = (first, names["last"] as? String ?? "")
        }
        for (key, value) in object["read_inbox"] as? [String: Any] ?? [:] { if let id = Int64(key) { readInbox[id] = TelegramSimulator.int64(value) } }
        for (key, value) in object["read_outbox"] as? [String: Any] ?? [:] { if let id = Int64(key) { readOutbox[id] = TelegramSimulator.int64(value) } }
        for (key, value) in object["read_outbox_dates"] as? [String: Any] ?? [:] {
            if let id = Int64(key) { readOutboxDates[id] = (value as? [[Any]] ?? []).map { $0.map(TelegramSimulator.int64) } }
        }
        for (key, value) in object["read_topic_inbox"] as? [String: Any] ?? [:] {
            guard let id = Int64(key), let topics = value as? [String: Any] else { continue }
            for (topic, marker) in topics { if let topic = Int(topic) { readTopicInbox[id, default: [:]][topic] = TelegramSimulator.int64(marker) } }
        }
        for event in object["pending"] as? [[String: Any]] ?? [] { pending.append(Self.event(event)) }
    }

    private var path: String { "\(directory)/\(Self.fileName)" }
    private var journalPath: String { "\(directory)/\(Self.journalName)" }

    /// Adds a message; `json` is its text already written, for the journal line.
    mutating func append(_ message: [String: Any], chatID: Int64, json: SimulatorJSON.Fragment) {
        record(["op": "add", "chat": chatID, "message": message], journal: ["op": "add", "chat": chatID, "message": json])
    }

    mutating func delete(_ ids: [Int64], chatID: Int64) {
        record(["op": "delete", "chat": chatID, "ids": ids])
    }

    mutating func edit(_ id: Int64, chatID: Int64, content: [String: Any], date: Int) {
        record(["op": "edit", "chat": chatID, "id": id, "content": content, "date": date])
    }

    mutating func setReactions(_ list: [[String: Any]], messageID: Int64, chatID: Int64) {
        record(["op": "react", "chat": chatID, "id": messageID, "reactions": list])
    }

    /// Sets (nil: clears) the chat's draft.
    mutating func setDraft(_ text: String?, date: Int, chatID: Int64, topic: Int? = nil) {
        var op: [String: Any] = ["op": "draft", "chat": chatID, "date": date]
        if let text { op["text"] = text }
        if let topic { op["topic"] = topic }
        record(op)
    }

    mutating func setPinned(_ pinned: Bool, messageID: Int64, chatID: Int64) {
        record(["op": "pin", "chat": chatID, "id": messageID, "pinned": pinned])
    }

    /// A person was added to the contacts under these names.
    mutating func addContact(_ userID: Int64, first: String, last: String) {
        record(["op": "contact", "user": userID, "first": first, "last": last])
    }

    /// A voice or video note was played.
    mutating func markOpened(_ messageID: Int64, chatID: Int64) {
        record(["op": "opened", "chat": chatID, "id": messageID])
    }

    mutating func markInboxRead(_ id: Int64, chatID: Int64) {
        record(["op": "read_inbox", "chat": chatID, "id": id])
    }

    mutating func markTopicInboxRead(_ id: Int64, chatID: Int64, topic: Int) {
        record(["op": "read_topic", "chat": chatID, "topic": topic, "id": id])
    }

    mutating func markOutboxRead(_ id: Int64, chatID: Int64, at date: Double) {
        record(["op": "read_outbox", "chat": chatID, "id": id, "at": Int64(date)])
    }

    mutating func addPending(_ event: PendingEvent) {
        record(["op": "pending", "event": Self.object(event)])
    }

    /// Removes and returns the events due at `now`, in order.
    mutating func takeDue(at now: Double) -> [PendingEvent] {
        let due = pending.filter { $0.due <= now }.sorted { $0.due < $1.due }
        guard !due.isEmpty else { return [] }
        record(["op": "take_due", "now": now])
        return due
    }

    /// Applies one change, in memory (also how the journal is replayed).
    private mutating func apply(_ op: [String: Any]) {
        let chatID = TelegramSimulator.int64(op["chat"])
        switch op["op"] as? String {
        case "add":
            if let message = op["message"] as? [String: Any] { added[chatID, default: []].append(message) }
        case "delete":
            deleted[chatID, default: []].formUnion((op["ids"] as? [Any] ?? []).map(TelegramSimulator.int64))
        case "edit":
            if let content = op["content"] as? [String: Any] {
                edits[chatID, default: [:]][TelegramSimulator.int64(op["id"])] = (content, op["date"] as? Int ?? 0)
            }
        case "react":
            reactions[chatID, default: [:]][TelegramSimulator.int64(op["id"])] = op["reactions"] as? [[String: Any]] ?? []
        case "draft":
            let draft = (op["text"] as? String).map { ($0, op["date"] as? Int ?? 0) }
            if let topic = op["topic"] as? Int { topicDrafts[chatID, default: [:]][topic] = draft } else { drafts[chatID] = draft }
        case "pin":
            pins[chatID, default: [:]][TelegramSimulator.int64(op["id"])] = op["pinned"] as? Bool ?? false
        case "contact":
            if let first = op["first"] as? String { contacts[TelegramSimulator.int64(op["user"])] = (first, op["last"] as? String ?? "") }
        case "opened":
            opened[chatID, default: []].insert(TelegramSimulator.int64(op["id"]))
        case "read_inbox":
            readInbox[chatID] = max(readInbox[chatID] ?? 0, TelegramSimulator.int64(op["id"]))
        case "read_outbox":
            let upTo = TelegramSimulator.int64(op["id"])
            if upTo > readOutbox[chatID] ?? 0, op["at"] != nil { readOutboxDates[chatID, default: []].append([upTo, TelegramSimulator.int64(op["at"])]) }
            readOutbox[chatID] = max(readOutbox[chatID] ?? 0, upTo)
        case "read_topic":
            let topic = op["topic"] as? Int ?? 0
            readTopicInbox[chatID, default: [:]][topic] = max(readTopicInbox[chatID]?[topic] ?? 0, TelegramSimulator.int64(op["id"]))
        case "pending":
            if let event = op["event"] as? [String: Any] { pending.append(Self.event(event)) }
        case "take_due":
            let now = op["now"] as? Double ?? 0
            pending.removeAll { $0.due <= now }
        default:
            break
        }
    }

    /// Applies a change and appends it to the journal (one line, under the journal's lock);
    /// when it is long enough (see `snapshotMessages`) the journal becomes the snapshot.
    /// `journal`: the line to write when it is not `op` itself (the same change, with objects
    /// already written as JSON).
    private mutating func record(_ op: [String: Any], journal: [String: Any]? = nil) {
        apply(op)
        guard !directory.isEmpty else { return }
        // The simulator's own JSON writer: Foundation's is several times slower on Linux.
        let line = SimulatorJSON.serialize(journal ?? op) + "\n"
        let written = SimulatorFiles.appendLocked(line, to: journalPath) { fd, sizeBefore in
            if sizeBefore != journalBytes { othersWrote = true }
            journalBytes = sizeBefore + off_t(line.utf8.count)
            journalLines += 1
            if journalLines >= max(Self.compactAfter, 4 * snapshotMessages) { compact(lockedJournal: fd) }
        }
        // Memory now holds a change the file may not: the next compaction reads the file.
        if !written { othersWrote = true }
    }

    /// Rewrites the snapshot and empties the journal, with the journal locked: from memory when
    /// only this process wrote since it loaded (memory and disk are then the same), else from
    /// what is on disk (this process's lines and any other's).
    private mutating func compact(lockedJournal fd: Int32) {
        if othersWrote {
            var fresh = SimulatorHistory(directory: "")
            fresh.directory = directory
            fresh.load()
            self = fresh
        }
        writeSnapshot()
        ftruncate(fd, 0)
        journalLines = 0
        journalBytes = 0
        othersWrote = false
        snapshotMessages = added.values.reduce(0) { $0 + $1.count }
    }

    private static func object(_ event: PendingEvent) -> [String: Any] {
        var object: [String: Any] = ["chat_id": event.chatID, "due": event.due]
        if let readUpTo = event.readUpTo { object["read_up_to"] = readUpTo }
        if let replyFrom = event.replyFrom { object["reply_from"] = replyFrom }
        if let text = event.text { object["text"] = text }
        if let replyTo = event.replyTo { object["reply_to"] = replyTo }
        return object
    }

    private static func event(_ object: [String: Any]) -> PendingEvent {
        PendingEvent(
            chatID: TelegramSimulator.int64(object["chat_id"]), due: object["due"] as? Double ?? 0,
            readUpTo: object["read_up_to"].map(TelegramSimulator.int64), replyFrom: object["reply_from"].map(TelegramSimulator.int64),
            text: object["text"] as? String, replyTo: object["reply_to"].map(TelegramSimulator.int64))
    }

    /// The newest id among the chat's added messages (0 when none).
    func newestAddedID(_ chatID: Int64) -> Int64 {
        added[chatID]?.last.map { TelegramSimulator.int64($0["id"]) } ?? 0
    }

    /// The whole state as the snapshot file (atomic rename: a `kill -9` leaves it whole).
    private func writeSnapshot() {
        guard !directory.isEmpty else { return }
        func keyed<V>(_ dict: [Int64: V], _ map: (V) -> Any) -> [String: Any] {
            Dictionary(uniqueKeysWithValues: dict.map { (String($0.key), map($0.value)) })
        }
        let object: [String: Any] = [
            "added": keyed(added) { $0 },
            "deleted": keyed(deleted) { Array($0).sorted() },
            "edits": keyed(edits) { list in list.map { ["id": $0.key, "content": $0.value.content, "date": $0.value.date] as [String: Any] } },
            "reactions": keyed(reactions) { list in list.map { ["id": $0.key, "reactions": $0.value] as [String: Any] } },
            "drafts": keyed(drafts) { ["text": $0.text, "date": $0.date] as [String: Any] },
            "topic_drafts": keyed(topicDrafts) { topics in
                Dictionary(uniqueKeysWithValues: topics.map { (String($0.key), ["text": $0.value.text, "date": $0.value.date] as [String: Any]) })
            },
            "pins": keyed(pins) { list in list.map { ["id": $0.key, "pinned": $0.value] as [String: Any] } },
            "opened": keyed(opened) { Array($0).sorted() },
            "contacts": keyed(contacts) { ["first": $0.first, "last": $0.last] as [String: Any] },
            "read_inbox": keyed(readInbox) { $0 },
            "read_outbox": keyed(readOutbox) { $0 },
            "read_outbox_dates": keyed(readOutboxDates) { $0 },
            "read_topic_inbox": keyed(readTopicInbox) { topics in Dictionary(uniqueKeysWithValues: topics.map { (String($0.key), $0.value) }) },
            "pending": pending.map(Self.object),
        ]
        SimulatorFiles.writeAtomically(SimulatorJSON.serialize(object), to: path)
    }
}
