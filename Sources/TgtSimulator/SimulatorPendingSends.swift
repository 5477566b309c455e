import Foundation

/// Messages accepted and not yet confirmed, by temporary id, as TDLib holds them: what
/// `getMessage` answers for one, how far its file's upload has come (`updateFile` with
/// `remote.uploaded_size`, at the scenario's `uploadBytesPerSecond` on the server's clock), and
/// what `deleteMessages` cancels (TDLib deletes a message not yet sent and stops its upload;
/// Telegram never sees it).
final class SimulatorPendingSends: @unchecked Sendable {
    // @unchecked: `sends` is guarded by `lock`.
    struct Send {
        var chatID: Int64
        /// The outbox's key (nil without a database folder).
        var key: Int64?
        var directory: String
        var message: [String: Any]
        /// The file being uploaded, its size and how much of it has gone.
        var fileID: Int32?
        var size = 0
        var uploaded = 0
    }

    private let lock = NSLock()
    private var sends: [Int64: Send] = [:]
    /// Cancelled and not yet past the moment their verdict was due (bounded).
    private var cancelled: Set<Int64> = []
    /// What a temporary id became once sent, by database folder: TDLib still finds a sent
    /// message by its old temporary id (`get_persistent_message_id`), so a late cancel deletes
    /// the sent message (bounded).
    private var sentAs: [String: [Int64: Int64]] = [:]

    func add(_ tempID: Int64, _ send: Send) {
        lock.withLock { sends[tempID] = send }
    }

    /// The pending message with this temporary id in this chat of this folder, as it is now.
    func message(chatID: Int64, tempID: Int64, directory: String) -> [String: Any]? {
        lock.withLock { sends[tempID].flatMap { $0.chatID == chatID && $0.directory == directory ? $0.message : nil } }
    }

    /// The chat's messages being sent from this folder, newest first (TDLib's history holds them
    /// above the rest).
    func messages(chatID: Int64, directory: String) -> [[String: Any]] {
        lock.withLock {
            sends.filter { $0.value.chatID == chatID && $0.value.directory == directory }.sorted { $0.key > $1.key }.map(\.value.message)
        }
    }

    func contains(chatID: Int64, tempIDs: [Int64], directory: String) -> Bool {
        lock.withLock { !tempIDs.isEmpty && tempIDs.allSatisfy { sends[$0].map { $0.chatID == chatID && $0.directory == directory } ?? false } }
    }

    /// Forgets the folder's sends (its client closed; the next one resends them from the outbox).
    func dropAll(directory: String) {
        lock.withLock { sends = sends.filter { $0.value.directory != directory } }
    }

    /// Remembers what a temporary id became once sent.
    func sent(_ tempID: Int64, as messageID: Int64, directory: String) {
        lock.withLock {
            if sentAs[directory, default: [:]].count > 10_000 { sentAs[directory] = [:] }
            sentAs[directory, default: [:]][tempID] = messageID
        }
    }

    /// `ids` with every temporary id of a sent message replaced by the message's id; nil when
    /// none was one.
    func persistentIDs(_ ids: [Int64], directory: String) -> [Int64]? {
        lock.withLock {
            let known = sentAs[directory] ?? [:]
            guard ids.contains(where: { known[$0] != nil }) else { return nil }
            return ids.map { known[$0] ?? $0 }
        }
    }

    /// Forgets it as its verdict is due: false when it was cancelled (no verdict then).
    func finish(_ tempID: Int64) -> Bool {
        lock.withLock {
            sends.removeValue(forKey: tempID)
            return cancelled.remove(tempID) == nil
        }
    }

    /// Cancels it; what it was, if it was still pending.
    func cancel(_ tempID: Int64) -> Send? {
        lock.withLock {
            guard let send = sends.removeValue(forKey: tempID) else { return nil }
            if cancelled.count > 10_000 { cancelled.removeAll() }
            cancelled.insert(tempID)
            return send
        }
    }

    /// Moves its upload on by `bytes`: the file as it now is, and whether all of it has gone.
    /// Nil when it was cancelled (or has no file).
    func advance(_ tempID: Int64, by bytes: Int) -> (file: [String: Any], done: Bool)? {
        lock.withLock {
            guard var send = sends[tempID], let fileID = send.fileID else { return nil }
            send.uploaded = min(send.size, send.uploaded + max(bytes, 1))
            let done = send.uploaded >= send.size
            var file: [String: Any] = [:]
            send.message = Self.rewritingFile(fileID, in: send.message) { object in
                object["remote"] = SimulatorMedia.remote(fileID, uploaded: send.uploaded, size: send.size)
                file = object
            }
            sends[tempID] = send
            return (file, done)
        }
    }

    /// `value` with every `file` object whose id is `fileID` passed through `change`.
    static func rewritingFile(_ fileID: Int32, in value: [String: Any], _ change: (inout [String: Any]) -> Void) -> [String: Any] {
        var object = value
        if object["@type"] as? String == "file", (object["id"] as? Int).flatMap({ Int32(exactly: $0) }) == fileID || object["id"] as? Int32 == fileID {
            change(&object)
            return object
        }
        for (key, child) in object {
            if let dictionary = child as? [String: Any] {
                object[key] = rewritingFile(fileID, in: dictionary, change)
            } else if let array = child as? [[String: Any]] {
                object[key] = array.map { rewritingFile(fileID, in: $0, change) }
            }
        }
        return object
    }
}
