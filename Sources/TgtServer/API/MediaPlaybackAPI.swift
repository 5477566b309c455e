import Foundation
import TgtApplication
import OpenAPIRuntime
import Synchronization
import TgtDomain
import TgtWire

/// A voice note for browsers that play Opus only in CAF (Safari, on the iPhone too):
/// `GET …/file?format=caf` moves the Ogg Opus recording into CAF packet for packet (`OpusCAF`)
/// and serves it in byte ranges like any file; the last few copies are kept in memory, since a
/// player asks for several ranges of the same file. Recordings up to `maxCAFInputBytes` (over
/// an hour of speech) only: each remux holds the file and its copy in memory.
extension DashboardAPI {
    static let maxCAFInputBytes: Int64 = 16 * 1024 * 1024

    func opusAsCAF(_ input: Operations.GetMessageFile.Input, service: SessionChatAccess) async throws -> Operations.GetMessageFile.Output {
        let forceDownload = Self.forceDownload(input)
        let download = try await service.downloadMedia(chatID: input.path.chatId, messageID: input.path.messageId, priority: forceDownload ? 8 : 24)
        await service.trimMediaCache(sparing: input.path.chatId)
        let file = try MessageFiles(telegram: telegram).open(download, forceDownload: false)
        // The same path and size after a sign-out and another login is another file: its date tells.
        let modified = (try? FileManager.default.attributesOfItem(atPath: download.path)[.modificationDate] as? Date) ?? nil
        let key = PlayableCopies.Key(path: download.path, size: file.size, modified: modified ?? .distantPast)
        let caf: [UInt8]
        if let kept = dashboard.playableCopies.copy(key) {
            caf = kept
        } else {
            guard file.inlineType == .ogg else { throw Self.notPlayable("It is not an Ogg recording.") }
            guard file.size <= Self.maxCAFInputBytes else { throw Self.notPlayable(OpusAudioError.tooLong.message) }
            let ogg = try file.reader.read(offset: 0, count: Int(file.size))
            do {
                caf = try OpusCAF.remux(ogg)
            } catch {
                throw Self.notPlayable(error.message)
            }
            dashboard.playableCopies.keep(caf, for: key)
        }
        let base = (download.fileName as NSString).deletingPathExtension
        let disposition = MessageFiles.disposition(inline: !forceDownload, name: (base.isEmpty ? "voice" : base) + ".caf")
        let size = Int64(caf.count)
        switch ByteRange.parse(input.headers.range, size: size) {
        case .unsatisfiable:
            throw APIError(.rangeNotSatisfiable, code: "range_not_satisfiable", message: "The range asked for is past the end of the file.",
                           headers: [.contentRange: "bytes */\(size)"])
        case .whole:
            return Self.whole(type: .caf, disposition: disposition, HTTPBody(caf))
        case .part(let start, let end):
            return Self.part(type: .caf, disposition: disposition, HTTPBody(caf[Int(start) ... Int(end)]), start: start, end: end, total: size)
        }
    }

    private static func notPlayable(_ reason: String) -> APIError {
        APIError(.unprocessableContent, code: "not_playable", message: "This file cannot be played as a voice note here: \(reason) Download it instead.")
    }
}

/// The voice notes last served as CAF (`opusAsCAF`), newest first, at most `capacity` bytes
/// together: a player's next range comes from here instead of a new remux.
final class PlayableCopies: Sendable {
    struct Key: Hashable, Sendable {
        var path: String
        var size: Int64
        var modified: Date
    }

    let capacity: Int
    private let copies = Mutex<[(key: Key, bytes: [UInt8])]>([])

    /// Two of the longest recordings served as CAF (`DashboardAPI.maxCAFInputBytes`).
    init(capacity: Int = 32 * 1024 * 1024) {
        self.capacity = capacity
    }

    func copy(_ key: Key) -> [UInt8]? {
        copies.withLock { copies in
            guard let index = copies.firstIndex(where: { $0.key == key }) else { return nil }
            let found = copies.remove(at: index)
            copies.insert(found, at: 0)
            return found.bytes
        }
    }

    /// Keeps `bytes` (a copy larger than the whole capacity is not kept).
    func keep(_ bytes: [UInt8], for key: Key) {
        guard bytes.count <= capacity else { return }
        copies.withLock { copies in
            copies.removeAll { $0.key == key }
            copies.insert((key, bytes), at: 0)
            var total = 0
            copies = Array(copies.prefix { total += $0.bytes.count; return total <= capacity })
        }
    }
}
