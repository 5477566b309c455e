import Foundation
import TgtDomain

/// Files as TDLib downloads them: `downloadFile` writes a seeded message's file into the
/// client's database folder (as TDLib writes into its files folder) and answers the `file`
/// with its `local` part complete, after an `updateFile` (or, at the scenario's
/// `downloadBytesPerSecond`, part by part: `SimulatorDownloadsInFlight`); `getStorageStatisticsFast` counts what
/// is there and `optimizeStorage` deletes as TDLib's file GC does (`optimizeStorage(_:directory:)`).
/// What a file holds comes from what the message said
/// it was: JPEG for photos (and anything not
/// registered: chat photos), a WAV for voice notes (a real sound a browser plays), WebP for
/// stickers, and for documents bytes of their kind, including the hostile ones (an HTML page
/// named like markup, an SVG with script).
extension TelegramSimulator {
    static let downloadFunctions: Set<String> = ["downloadFile", "getFileDownloadedPrefixSize", "getStorageStatisticsFast", "optimizeStorage",
                                                 "openMessageContent"]

    /// Where a downloaded file lives in the client's folder. A file this account sent is where
    /// TDLib was given it while it is still there (TDLib keeps that path, and checks it is
    /// there before it answers); once it is gone, TDLib downloads Telegram's copy into its own
    /// folder.
    func downloadPath(_ fileID: Int32, payload: SimulatorFilePayloads.Payload, directory: String) -> String {
        if case .sent(let given, let server) = payload {
            if FileManager.default.fileExists(atPath: given) { return given }
            return "\(directory)/media/\(fileID)-\((server as NSString).lastPathComponent)"
        }
        return "\(directory)/\(payload == .jpeg ? "thumbnails" : "media")/\(fileID)\(payload.suffix)"
    }

    func handleDownload(_ id: Int32, _ request: [String: Any], type: String, directory: String) {
        switch type {
        case "downloadFile":
            let fileID = Int32(truncatingIfNeeded: Self.int64(request["file_id"]))
            let priority = request["priority"] as? Int ?? 0
            guard fileID > 0, !directory.isEmpty else { return respond(id, request, Self.error(400, "Invalid file identifier")) }
            guard (1 ... 32).contains(priority) else { return respond(id, request, Self.error(400, "Invalid priority specified")) }
            guard Self.int64(request["offset"]) >= 0 else { return respond(id, request, Self.error(400, "Download offset must be non-negative")) }
            guard Self.int64(request["limit"]) >= 0 else { return respond(id, request, Self.error(400, "Download limit must be non-negative")) }
            let payload = SimulatorFilePayloads.payload(fileID, directory: directory)
            let bytes = payload.bytes
            let path = downloadPath(fileID, payload: payload, directory: directory)
            if !FileManager.default.fileExists(atPath: path), currentScenario.downloadBytesPerSecond > 0, payload != .jpeg {
                return downloadSlowly(id, request, fileID: fileID, bytes: bytes, finalPath: path, directory: directory)
            }
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: path) { try? bytes.write(to: URL(fileURLWithPath: path), options: .atomic) }
            let file = SimulatorMedia.downloadedFile(fileID, path: path, size: bytes.count)
            emitUpdate(id, ["@type": "updateFile", "file": file])
            respond(id, request, file)
        case "getFileDownloadedPrefixSize":
            downloadedPrefix(id, request, directory: directory)
        case "openMessageContent":
            // Answered at once after the update (TDLib tells the server later); a voice or video
            // note is listened to (viewed) from then on, announced once.
            guard let chat = findChatInScenario(request["chat_id"]) else { return respond(id, request, Self.error(400, "Chat not found")) }
            guard let message = findMessage(chat, Self.int64(request["message_id"]), directory: directory) else {
                return respond(id, request, Self.error(400, "Message not found"))
            }
            let content = message["content"] as? [String: Any]
            let kind = content?["@type"] as? String
            let played = content?["is_listened"] as? Bool ?? content?["is_viewed"] as? Bool ?? false
            // One's own message is left alone: its "listened" is the recipients' (TDLib returns early).
            if kind == "messageVoiceNote" || kind == "messageVideoNote", !played, message["is_outgoing"] as? Bool != true {
                withHistory(directory) { $0.markOpened(Self.int64(message["id"]), chatID: chat.id) }
                emitUpdate(id, ["@type": "updateMessageContentOpened", "chat_id": chat.id, "message_id": Self.int64(message["id"])])
            }
            respond(id, request, ["@type": "ok"])
        case "getStorageStatisticsFast":
            let files = storedFiles(directory)
            respond(id, request, ["@type": "storageStatisticsFast", "files_size": files.reduce(0) { $0 + $1.size }, "file_count": files.count,
                                  "database_size": 0, "language_pack_database_size": 0, "log_size": 0])
        case "optimizeStorage":
            respond(id, request, optimizeStorage(request, directory: directory))
        default:
            unexpected(id, request)
        }
    }

    /// `optimizeStorage` as TDLib's file GC runs it (FileGcWorker): limits of -1 are TDLib's
    /// defaults (100 MB, 23 hours since last use, 40,000 files, an hour's immunity); profile
    /// photos and stickers are kept unless `file_types` names them, so are the files of
    /// `exclude_chat_ids`, those outside `chat_ids` when it is given, and those younger than the
    /// immunity; of the rest, those unused for `ttl` go, then the least recently used while
    /// there are more than `count` or they take more than `size`. Answers what is left.
    func optimizeStorage(_ request: [String: Any], directory: String) -> [String: Any] {
        func limit(_ key: String, _ fallback: Int64) -> Int64 {
            let given = Self.int64(request[key])
            return request[key] == nil || given < 0 ? fallback : given
        }
        let (size, ttl, count) = (limit("size", 100 << 20), limit("ttl", 23 * 3600), limit("count", 40_000))
        let immunity = Double(limit("immunity_delay", 3600))
        let fileTypes = (request["file_types"] as? [[String: Any]] ?? []).compactMap { $0["@type"] as? String }
        let only = Set((request["chat_ids"] as? [Any] ?? []).map(Self.int64))
        let excluded = Set((request["exclude_chat_ids"] as? [Any] ?? []).map(Self.int64))
        // Every chat photo is known as one, whatever this process has built of the chats.
        for chat in currentScenario.chats where Self.hasPhoto(chat, currentScenario) {
            let photo = SimulatorSeed.fileID(chat.id, -1)
            SimulatorFileOwners.registerProfilePhoto(photo...photo + 1, chatID: chat.id)
        }
        let now = Date()
        var kept: [StoredFile] = []
        var candidates: [StoredFile] = []
        for file in storedFiles(directory) {
            let chat = SimulatorFileOwners.chat(of: file.fileID, directory: directory) ?? 0
            if SimulatorFileOwners.isImmune(file.fileID, directory: directory, fileTypes: fileTypes) || excluded.contains(chat)
                || (!only.isEmpty && !only.contains(chat)) || now.timeIntervalSince(file.used) < immunity
            {
                kept.append(file)
            } else if now.timeIntervalSince(file.used) > Double(ttl) {
                try? FileManager.default.removeItem(atPath: file.path)
            } else {
                candidates.append(file)
            }
        }
        candidates.sort { $0.used < $1.used }
        var overCount = max(0, candidates.count - Int(count))
        var overSize = candidates.reduce(Int64(0)) { $0 + $1.size } - size
        for file in candidates {
            if overCount > 0 || overSize > 0 {
                try? FileManager.default.removeItem(atPath: file.path)
                overCount -= 1
                overSize -= file.size
            } else {
                kept.append(file)
            }
        }
        return ["@type": "storageStatistics", "size": kept.reduce(Int64(0)) { $0 + $1.size }, "count": kept.count, "by_chat": [] as [Any]]
    }

    /// A file a download wrote, by the file id its name starts with.
    struct StoredFile {
        var path: String
        var fileID: Int32
        var size: Int64
        /// When it was last written: the simulator's stand-in for TDLib's max(atime, mtime).
        var used: Date
    }

    /// The files downloads wrote into `directory`.
    private func storedFiles(_ directory: String) -> [StoredFile] {
        guard !directory.isEmpty else { return [] }
        return ["thumbnails", "media"].flatMap { folder -> [StoredFile] in
            let base = "\(directory)/\(folder)"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
            return names.compactMap { name in
                let path = "\(base)/\(name)"
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), let id = Int32(name.prefix { $0.isNumber }) else { return nil }
                return StoredFile(path: path, fileID: id, size: Int64(attributes[.size] as? Int ?? 0),
                                  used: attributes[.modificationDate] as? Date ?? .distantPast)
            }
        }
    }
}

/// What a seeded file holds, registered by file id when its message is made (ids are
/// deterministic, so every simulator in the process agrees).
enum SimulatorFilePayloads {
    enum Payload: Equatable, Sendable {
        case jpeg
        case voice(seconds: Int)
        case webp
        case pdf
        case html
        case svg
        /// A file this account sent (`SimulatorUploads`): the path TDLib was given, and
        /// Telegram's copy (what a download after that path is gone brings back).
        case sent(given: String, server: String)

        var bytes: Data {
            switch self {
            case .jpeg: Data(base64Encoded: SimulatorPictures.thumbnail) ?? Data()
            case .voice(let seconds): SimulatorVoice.ogg(seconds: seconds)
            case .webp: Data(base64Encoded: "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==") ?? Data()
            case .pdf: Data("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)
            case .html: Data("<!doctype html><html><body><img src=x onerror=\"alert(document.cookie)\"><script>alert('pwned')</script></body></html>\n".utf8)
            case .sent(_, let server): FileManager.default.contents(atPath: server) ?? Data()
            case .svg: Data("<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(document.cookie)\"><script>alert('svg')</script><circle r=\"5\"/></svg>\n".utf8)
            }
        }

        var suffix: String {
            switch self {
            case .jpeg: ".jpg"
            case .voice: ".ogg"
            case .webp: ".webp"
            case .pdf: ".pdf"
            case .html: ".html"
            case .svg: ".svg"
            case .sent: ""
            }
        }
    }

    private static let registry = Locked<[Int32: Payload]>([:])

    static func register(_ fileID: Int32, _ payload: Payload) {
        registry.withLock { $0[fileID] = payload }
    }

    /// What a file holds: as registered in this process, else a file this account sent from
    /// another process (kept in `directory`'s `sent-files`), else a JPEG.
    static func payload(_ fileID: Int32, directory: String) -> Payload {
        if let known = registry.withLock({ $0[fileID] }) { return known }
        if let sent = SimulatorUploads.sent(fileID, directory: directory) {
            register(fileID, sent)
            return sent
        }
        return .jpeg
    }

    /// A document's bytes by its name.
    static func document(named name: String) -> Payload {
        switch name.split(separator: ".").last?.lowercased() {
        case "html"?, "htm"?: .html
        case "svg"?: .svg
        default: .pdf
        }
    }
}
