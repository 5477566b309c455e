import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the simulator keeps on disk in a client's database directory, as TDLib and Telegram
/// do, so that a process killed in the middle of sends behaves like one using real TDLib:
///
/// - the outbox (`tgt-simulator-outbox.json`, TDLib's binlog of accepted messages): every
///   message accepted by `sendMessage` and not yet delivered or refused. A new client on the
///   same directory announces each with `updateNewMessage` under a new temporary id and
///   delivers it, as TDLib does after a restart;
/// - the delivered log (`tgt-simulator-delivered.jsonl`, Telegram's side): one line per
///   message delivered, never two for the same accepted message (Telegram's `random_id`),
///   which tests read to count what really arrived.
///
/// Written with atomic renames and single appends, so a `kill -9` at any moment leaves each
/// file whole.
struct SimulatorOutbox {
    static let outboxFileName = "tgt-simulator-outbox.json"
    static let deliveredFileName = "tgt-simulator-delivered.jsonl"

    /// One accepted message: `key` is stable across restarts (the id it was accepted under).
    struct Entry {
        var key: Int64
        var chatID: Int64
        var topicID: Int32?
        var content: [String: Any]
        var described: String
        var silent: Bool
    }

    let directory: String
    private(set) var nextID: Int64
    private(set) var entries: [Entry]
    private var deliveredKeys: Set<Int64>

    /// Loads the directory's outbox and delivered log (both empty when absent or unreadable).
    init(directory: String) {
        self.directory = directory
        nextID = 1 << 20
        entries = []
        deliveredKeys = []
        if let data = FileManager.default.contents(atPath: "\(directory)/\(Self.outboxFileName)"),
           let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        {
            nextID = max(nextID, TelegramSimulator.int64(object["next_id"]))
            entries = (object["pending"] as? [[String: Any]] ?? []).compactMap(Self.entry)
        }
        for record in Self.readDelivered(directory: directory) { deliveredKeys.insert(TelegramSimulator.int64(record["key"])) }
    }

    /// A fresh message id (persisted with the next save, so ids never repeat across runs).
    mutating func newID() -> Int64 {
        nextID += 1
        return nextID
    }

    /// Keeps an accepted message until it is delivered or refused.
    mutating func accept(_ entry: Entry) {
        entries.append(entry)
        save()
    }

    /// Records the delivery of `key` (once, whatever happens) and forgets it. Returns whether
    /// this was the first delivery (false: a resend of a message Telegram already had).
    @discardableResult
    mutating func delivered(_ key: Int64) -> Bool {
        guard let entry = entries.first(where: { $0.key == key }) else { return false }
        let first = deliveredKeys.insert(key).inserted
        if first {
            var record: [String: Any] = ["key": key, "chat_id": entry.chatID, "content": entry.described, "silent": entry.silent]
            if let topic = entry.topicID { record["topic_id"] = Int(topic) }
            append(SimulatorJSON.serialize(record) + "\n")
        }
        entries.removeAll { $0.key == key }
        save()
        return first
    }

    /// Forgets a message Telegram refused.
    mutating func refused(_ key: Int64) {
        entries.removeAll { $0.key == key }
        save()
    }

    /// Every message delivered in `directory`, oldest first: `key`, `chat_id`, `topic_id`,
    /// `content`, `silent`.
    static func readDelivered(directory: String) -> [[String: Any]] {
        guard let data = FileManager.default.contents(atPath: "\(directory)/\(deliveredFileName)") else { return [] }
        return data.split(separator: UInt8(ascii: "\n")).compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
        }
    }

    // MARK: - Files

    private static func entry(_ object: [String: Any]) -> Entry? {
        guard let content = object["content"] as? [String: Any], let described = object["described"] as? String else { return nil }
        let topic = object["topic_id"].map(TelegramSimulator.int64).map { Int32(truncatingIfNeeded: $0) }
        return Entry(key: TelegramSimulator.int64(object["key"]), chatID: TelegramSimulator.int64(object["chat_id"]),
                     topicID: topic, content: content, described: described, silent: object["silent"] as? Bool ?? false)
    }

    private func save() {
        let pending: [[String: Any]] = entries.map { e in
            var o: [String: Any] = ["key": e.key, "chat_id": e.chatID, "content": e.content, "described": e.described, "silent": e.silent]
            if let topic = e.topicID { o["topic_id"] = Int(topic) }
            return o
        }
        Self.writeAtomically(SimulatorJSON.serialize(["next_id": nextID, "pending": pending]), to: "\(directory)/\(Self.outboxFileName)")
    }

    /// Writes `text` to a temporary file and renames it over `path`: a kill leaves either file whole.
    static func writeAtomically(_ text: String, to path: String) {
        let temporary = path + ".tmp"
        guard writeAll(Array(text.utf8), to: temporary, flags: O_WRONLY | O_CREAT | O_TRUNC) else { return }
        _ = rename(temporary, path)
    }

    /// Appends one delivered record (a scheduled message Telegram posted, for example).
    func appendDelivered(chatID: Int64, topicID: Int32?, described: String, silent: Bool, key: Int64) {
        var record: [String: Any] = ["key": key, "chat_id": chatID, "content": described, "silent": silent]
        if let topic = topicID { record["topic_id"] = Int(topic) }
        append(SimulatorJSON.serialize(record) + "\n")
    }

    private func append(_ line: String) {
        _ = Self.writeAll(Array(line.utf8), to: "\(directory)/\(Self.deliveredFileName)", flags: O_WRONLY | O_CREAT | O_APPEND)
    }

    /// One `write` per call where possible: an appended line is never torn by a kill.
    private static func writeAll(_ bytes: [UInt8], to path: String, flags: Int32) -> Bool {
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let fd = open(path, flags, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
