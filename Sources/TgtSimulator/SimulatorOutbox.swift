import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the simulator keeps on disk in a client's database directory, as TDLib and Telegram
/// do, so that a process killed in the middle of sends behaves like one using real TDLib:
///
/// - the outbox (TDLib's binlog of accepted messages): every message accepted by `sendMessage`
///   and not yet delivered or refused. A new client on the same directory announces each with
///   `updateNewMessage` under a new temporary id and delivers it, as TDLib does after a restart.
///   Each accept and each verdict is one line appended to a journal
///   (`tgt-simulator-outbox.log`), so a send costs the same however many are in flight; the
///   snapshot (`tgt-simulator-outbox.json`, an atomic rename) takes the journal in once it is
///   4 times as long as what is pending (at least `compactAfter` lines). Only one process opens
///   a database directory at a time, as with TDLib, so neither needs a lock;
/// - the delivered log (`tgt-simulator-delivered.jsonl`, Telegram's side): one line per
///   message delivered, never two for the same accepted message (Telegram's `random_id`),
///   which tests read to count what really arrived.
///
/// Loading reads the snapshot, then replays the journal (a torn last line is skipped; a line
/// the snapshot already holds changes nothing), so a `kill -9` at any moment loses nothing.
struct SimulatorOutbox {
    static let outboxFileName = "tgt-simulator-outbox.json"
    static let journalFileName = "tgt-simulator-outbox.log"
    static let deliveredFileName = "tgt-simulator-delivered.jsonl"
    /// Journal lines before a compaction, at the least.
    static let compactAfter = 1_024

    /// One accepted message: `key` is stable across restarts (the id it was accepted under).
    struct Entry {
        var key: Int64
        var chatID: Int64
        var topicID: Int32?
        var content: [String: Any]
        var described: String
        var silent: Bool
        /// For a forwarded message, its `messageForwardInfo`.
        var forwardInfo: [String: Any]? = nil
    }

    let directory: String
    private(set) var nextID: Int64
    private(set) var entries: [Entry]
    private var deliveredKeys: Set<Int64>
    /// Journal lines since the snapshot.
    private var journalLines = 0
    private let journal: SimulatorFiles.AppendLog
    private let deliveredLog: SimulatorFiles.AppendLog

    /// Loads the directory's outbox and delivered log (both empty when absent or unreadable).
    /// `repairingTornTail: false` reads without changing the files (another process may be
    /// writing them).
    init(directory: String, repairingTornTail: Bool = true) {
        self.directory = directory
        journal = SimulatorFiles.AppendLog(path: "\(directory)/\(Self.journalFileName)")
        deliveredLog = SimulatorFiles.AppendLog(path: "\(directory)/\(Self.deliveredFileName)")
        nextID = 1 << 20
        entries = []
        deliveredKeys = []
        if let data = FileManager.default.contents(atPath: path(Self.outboxFileName)),
           let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        {
            nextID = max(nextID, TelegramSimulator.int64(object["next_id"]))
            entries = (object["pending"] as? [[String: Any]] ?? []).compactMap(Self.entry)
        }
        for line in SimulatorFiles.lines(path(Self.journalFileName), repairingTornTail: repairingTornTail) {
            guard let op = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else { continue }
            apply(op)
            journalLines += 1
        }
        for record in Self.readDelivered(directory: directory) { deliveredKeys.insert(TelegramSimulator.int64(record["key"])) }
    }

    /// A fresh message id (persisted with the next journal line, so ids never repeat across runs).
    mutating func newID() -> Int64 {
        nextID += 1
        return nextID
    }

    /// New temporary ids for everything pending (a restart's resend), recorded at once so that
    /// a process killed before any verdict does not hand out the same ids again.
    mutating func resendIDs() -> [(entry: Entry, tempID: Int64)] {
        guard !entries.isEmpty else { return [] }
        let resends = entries.map { ($0, newID()) }
        record(["op": "ids"])
        return resends
    }

    /// Keeps an accepted message until it is delivered or refused.
    mutating func accept(_ entry: Entry) {
        entries.append(entry)
        record(["op": "accept", "entry": Self.object(entry)])
    }

    /// Records the delivery of `key` (once, whatever happens) and forgets it. Returns whether
    /// this was the first delivery (false: a resend of a message Telegram already had).
    @discardableResult
    mutating func delivered(_ key: Int64) -> Bool {
        guard let entry = entries.first(where: { $0.key == key }) else { return false }
        let first = deliveredKeys.insert(key).inserted
        if first {
            appendDelivered(chatID: entry.chatID, topicID: entry.topicID, described: entry.described, silent: entry.silent, key: key)
        }
        entries.removeAll { $0.key == key }
        record(["op": "done", "key": key])
        return first
    }

    /// Forgets a message Telegram refused.
    mutating func refused(_ key: Int64) {
        entries.removeAll { $0.key == key }
        record(["op": "done", "key": key])
    }

    /// Every message delivered in `directory`, oldest first: `key`, `chat_id`, `topic_id`,
    /// `content`, `silent`.
    static func readDelivered(directory: String) -> [[String: Any]] {
        SimulatorFiles.lines("\(directory)/\(deliveredFileName)").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
        }
    }

    /// Appends one delivered record (a scheduled message Telegram posted, for example).
    func appendDelivered(chatID: Int64, topicID: Int32?, described: String, silent: Bool, key: Int64) {
        var record: [String: Any] = ["key": key, "chat_id": chatID, "content": described, "silent": silent]
        if let topic = topicID { record["topic_id"] = Int(topic) }
        deliveredLog.append(SimulatorJSON.serialize(record) + "\n")
    }

    /// Forgets every pending message (logging out drops TDLib's database, and with it what it
    /// was sending) but not the next id: the delivered log stays, and a reused id would read as
    /// a message Telegram already had.
    mutating func dropPending() {
        entries = []
        compact()
        try? FileManager.default.removeItem(atPath: path(Self.outboxFileName) + ".tmp")
    }

    // MARK: - Files

    private func path(_ name: String) -> String { "\(directory)/\(name)" }

    /// One journal line (with the next id, so ids never repeat), then a compaction when due.
    private mutating func record(_ op: [String: Any]) {
        var op = op
        op["next_id"] = nextID
        journal.append(SimulatorJSON.serialize(op) + "\n")
        journalLines += 1
        if journalLines >= max(Self.compactAfter, 4 * entries.count) { compact() }
    }

    /// Applies one journal line in memory; a line the snapshot already took in changes nothing.
    private mutating func apply(_ op: [String: Any]) {
        nextID = max(nextID, TelegramSimulator.int64(op["next_id"]))
        switch op["op"] as? String {
        case "accept":
            guard let entry = (op["entry"] as? [String: Any]).flatMap(Self.entry),
                  !entries.contains(where: { $0.key == entry.key }) else { return }
            entries.append(entry)
        case "done":
            let key = TelegramSimulator.int64(op["key"])
            entries.removeAll { $0.key == key }
        default:
            break
        }
    }

    /// The snapshot from memory (this process is the directory's only writer), then an empty
    /// journal: a kill between the two replays lines the snapshot already holds, harmlessly.
    private mutating func compact() {
        SimulatorFiles.writeAtomically(SimulatorJSON.serialize(["next_id": nextID, "pending": entries.map(Self.object)]),
                                       to: path(Self.outboxFileName))
        truncate(path(Self.journalFileName), 0)
        journalLines = 0
    }

    private static func object(_ e: Entry) -> [String: Any] {
        var o: [String: Any] = ["key": e.key, "chat_id": e.chatID, "content": e.content, "described": e.described, "silent": e.silent]
        if let topic = e.topicID { o["topic_id"] = Int(topic) }
        if let forward = e.forwardInfo { o["forward_info"] = forward }
        return o
    }

    private static func entry(_ object: [String: Any]) -> Entry? {
        guard let content = object["content"] as? [String: Any], let described = object["described"] as? String else { return nil }
        let topic = object["topic_id"].map(TelegramSimulator.int64).map { Int32(truncatingIfNeeded: $0) }
        return Entry(key: TelegramSimulator.int64(object["key"]), chatID: TelegramSimulator.int64(object["chat_id"]),
                     topicID: topic, content: content, described: described, silent: object["silent"] as? Bool ?? false,
                     forwardInfo: object["forward_info"] as? [String: Any])
    }
}
