import Foundation

/// Telegram's side of scheduled messages for one database directory (one account), kept on
/// disk (`tgt-simulator-scheduled.json`) so that processes that stop and start — or are
/// killed — see what Telegram would: messages wait on the "server" and are posted at their
/// date whether or not a client runs; a client that starts later finds them posted.
///
/// Ids follow TDLib's scheme for scheduled messages, which encodes the send date
/// (`(send_date - 2^30) << 21 | server_id << 3 | 4`): moving a message to another date gives
/// it another id, so clients must look it up again rather than keep the old one.
struct SimulatorSchedule {
    static let fileName = "tgt-simulator-scheduled.json"
    /// Telegram's limit of scheduled messages per chat (`SCHEDULE_TOO_MUCH` past it).
    static let perChatLimit = 100

    /// One scheduled message.
    struct Entry {
        var serverID: Int64
        var chatID: Int64
        var topicID: Int32?
        var content: [String: Any]
        var described: String
        var silent: Bool
        var sendDate: Int32

        /// TDLib's id for it (changes with the date).
        var messageID: Int64 { ((Int64(sendDate) - (1 << 30)) << 21) | (serverID << 3) | 4 }
    }

    let directory: String
    private(set) var entries: [Entry]
    private var nextServerID: Int64

    init(directory: String) {
        self.directory = directory
        entries = []
        nextServerID = 1
        guard let data = FileManager.default.contents(atPath: "\(directory)/\(Self.fileName)"),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return }
        nextServerID = max(1, TelegramSimulator.int64(object["next_server_id"]))
        entries = (object["scheduled"] as? [[String: Any]] ?? []).compactMap(Self.entry)
    }

    func count(inChat chatID: Int64) -> Int { entries.filter { $0.chatID == chatID }.count }

    func entries(inChat chatID: Int64) -> [Entry] { entries.filter { $0.chatID == chatID } }

    func entry(chatID: Int64, messageID: Int64) -> Entry? {
        entries.first { $0.chatID == chatID && $0.messageID == messageID }
    }

    /// Keeps a new scheduled message; returns it with its server id.
    mutating func add(chatID: Int64, topicID: Int32?, content: [String: Any], described: String, silent: Bool, sendDate: Int32) -> Entry {
        let entry = Entry(serverID: nextServerID, chatID: chatID, topicID: topicID, content: content, described: described, silent: silent, sendDate: sendDate)
        nextServerID += 1
        entries.append(entry)
        save()
        return entry
    }

    /// Removes messages by id; returns the ids that existed.
    mutating func remove(chatID: Int64, messageIDs: [Int64]) -> [Int64] {
        let gone = entries.filter { $0.chatID == chatID && messageIDs.contains($0.messageID) }.map(\.messageID)
        entries.removeAll { $0.chatID == chatID && gone.contains($0.messageID) }
        if !gone.isEmpty { save() }
        return gone
    }

    /// Moves one message to `sendDate`; returns the old and new entry.
    mutating func move(chatID: Int64, messageID: Int64, to sendDate: Int32) -> (old: Entry, new: Entry)? {
        guard let index = entries.firstIndex(where: { $0.chatID == chatID && $0.messageID == messageID }) else { return nil }
        let old = entries[index]
        entries[index].sendDate = sendDate
        save()
        return (old, entries[index])
    }

    /// Replaces a message's text; returns the edited entry.
    mutating func edit(chatID: Int64, messageID: Int64, content: [String: Any], described: String) -> Entry? {
        guard let index = entries.firstIndex(where: { $0.chatID == chatID && $0.messageID == messageID }) else { return nil }
        entries[index].content = content
        entries[index].described = described
        save()
        return entries[index]
    }

    /// Takes out every message due at `now` (they are posted), oldest date first.
    mutating func takeDue(at now: Int32) -> [Entry] {
        let due = entries.filter { $0.sendDate <= now }.sorted { ($0.sendDate, $0.serverID) < ($1.sendDate, $1.serverID) }
        guard !due.isEmpty else { return [] }
        entries.removeAll { $0.sendDate <= now }
        save()
        return due
    }

    /// The earliest send date waiting, if any.
    var nextDate: Int32? { entries.map(\.sendDate).min() }

    private static func entry(_ object: [String: Any]) -> Entry? {
        guard let content = object["content"] as? [String: Any], let described = object["described"] as? String else { return nil }
        return Entry(serverID: TelegramSimulator.int64(object["server_id"]), chatID: TelegramSimulator.int64(object["chat_id"]),
                     topicID: object["topic_id"].map { Int32(truncatingIfNeeded: TelegramSimulator.int64($0)) },
                     content: content, described: described, silent: object["silent"] as? Bool ?? false,
                     sendDate: Int32(truncatingIfNeeded: TelegramSimulator.int64(object["send_date"])))
    }

    private func save() {
        let list: [[String: Any]] = entries.map { e in
            var o: [String: Any] = ["server_id": e.serverID, "chat_id": e.chatID, "content": e.content, "described": e.described,
                                    "silent": e.silent, "send_date": Int(e.sendDate)]
            if let topic = e.topicID { o["topic_id"] = Int(topic) }
            return o
        }
        SimulatorFiles.writeAtomically(SimulatorJSON.serialize(["next_server_id": nextServerID, "scheduled": list]),
                                        to: "\(directory)/\(Self.fileName)")
    }
}
