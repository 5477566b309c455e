import Foundation

/// Files being downloaded at the scenario's `downloadBytesPerSecond` (on the server's clock),
/// by database folder and file id, as TDLib downloads them: the part so far in a temporary
/// file (`temp/`, its path in `local.path`), `local.downloaded_prefix_size` growing every
/// quarter of a second with an `updateFile`, and the file moved to its place when complete.
/// Like TDLib, a file has one download position (the last request's offset and limit; a new
/// one ends the synchronous requests waiting with error 200). Simplified: the bytes always come
/// from the start (TDLib starts at the offset), so the prefix from an offset is what lies past it.
final class SimulatorDownloadsInFlight: @unchecked Sendable {
    // @unchecked: `files` is guarded by `lock`.
    struct Download {
        var bytes: Data
        var written = 0
        var partPath: String
        var finalPath: String
        /// Synchronous `downloadFile` requests waiting, with the prefix each waits for.
        var waiting: [(id: Int32, request: SimJSON, until: Int)] = []
        /// The download's position, the last request's offset and limit (TDLib keeps one per file).
        var offset = 0
        var limit = 0
    }

    private let lock = NSLock()
    private var files: [String: Download] = [:]

    private static func key(_ directory: String, _ fileID: Int32) -> String { "\(directory)#\(fileID)" }

    /// Starts a download (false: one already runs).
    func start(_ directory: String, _ fileID: Int32, _ download: Download) -> Bool {
        lock.withLock {
            let key = Self.key(directory, fileID)
            guard files[key] == nil else { return false }
            files[key] = download
            return true
        }
    }

    func current(_ directory: String, _ fileID: Int32) -> Download? {
        lock.withLock { files[Self.key(directory, fileID)] }
    }

    /// Moves the download's position, as a request with another offset or limit does: the
    /// synchronous requests waiting are taken out (TDLib ends them with error 200).
    func move(_ directory: String, _ fileID: Int32, offset: Int, limit: Int) -> [(id: Int32, request: SimJSON)] {
        lock.withLock {
            let key = Self.key(directory, fileID)
            guard var download = files[key], download.offset != offset || download.limit != limit else { return [] }
            let cancelled = download.waiting.map { ($0.id, $0.request) }
            download.waiting = []
            download.offset = offset
            download.limit = limit
            files[key] = download
            return cancelled
        }
    }

    /// A synchronous request waits until `until` bytes are there.
    func wait(_ directory: String, _ fileID: Int32, id: Int32, request: SimJSON, until: Int) {
        lock.withLock { files[Self.key(directory, fileID)]?.waiting.append((id, request, until)) }
    }

    /// Writes the next `step` bytes: the download after it, and the waiting requests it
    /// satisfied (taken out). Nil when the download is not running any more.
    func advance(_ directory: String, _ fileID: Int32, by step: Int) -> (Download, [(id: Int32, request: SimJSON)])? {
        lock.withLock {
            let key = Self.key(directory, fileID)
            guard var download = files[key] else { return nil }
            let end = min(download.bytes.count, download.written + step)
            if let handle = FileHandle(forWritingAtPath: download.partPath) {
                handle.seek(toFileOffset: UInt64(download.written))
                handle.write(download.bytes.subdata(in: download.written ..< end))
                try? handle.close()
            }
            download.written = end
            let done = download.waiting.filter { $0.until <= end || end == download.bytes.count }
            download.waiting.removeAll { $0.until <= end || end == download.bytes.count }
            if end == download.bytes.count { files[key] = nil } else { files[key] = download }
            return (download, done.map { ($0.id, $0.request) })
        }
    }

    /// Forgets a folder's downloads (its client closed).
    func dropAll(directory: String) {
        lock.withLock { files = files.filter { !$0.key.hasPrefix(directory + "#") } }
    }
}

extension TelegramSimulator {
    /// `downloadFile` at the scenario's speed: answers at once (`synchronous` false) or when
    /// `offset` + `limit` bytes, or all, are there; `updateFile` every quarter of a second.
    func downloadSlowly(_ id: Int32, _ request: [String: Any], fileID: Int32, bytes: Data, finalPath: String, directory: String) {
        let offset = max(0, Int(Self.int64(request["offset"])))
        let limit = max(0, Int(Self.int64(request["limit"])))
        let synchronous = request["synchronous"] as? Bool ?? false
        let partFolder = "\(directory)/temp"
        try? FileManager.default.createDirectory(atPath: partFolder, withIntermediateDirectories: true)
        let partPath = "\(partFolder)/\(fileID).part"
        // Another offset or limit moves the file's one download position: TDLib ends the
        // synchronous requests waiting on the old one.
        for waiter in downloadsInFlight.move(directory, fileID, offset: offset, limit: limit) {
            respond(waiter.id, waiter.request.value, Self.error(200, "Canceled by another downloadFile request"))
        }
        if downloadsInFlight.current(directory, fileID) == nil {
            _ = FileManager.default.createFile(atPath: partPath, contents: nil)
            var download = SimulatorDownloadsInFlight.Download(bytes: bytes, partPath: partPath, finalPath: finalPath)
            download.offset = offset
            download.limit = limit
            if downloadsInFlight.start(directory, fileID, download) {
                // Its first step is due a quarter of a second from now: from before it is announced.
                let due = clock.now.addingTimeInterval(0.25)
                emitUpdate(id, ["@type": "updateFile", "file": Self.partialFile(fileID, download)])
                downloadStep(id, fileID: fileID, directory: directory, due: due)
            }
        }
        guard let download = downloadsInFlight.current(directory, fileID) else {
            // Finished in the meantime.
            return respond(id, request, SimulatorMedia.downloadedFile(fileID, path: finalPath, size: bytes.count))
        }
        if synchronous {
            let until = limit > 0 ? min(bytes.count, offset + limit) : bytes.count
            downloadsInFlight.wait(directory, fileID, id: id, request: SimJSON(request), until: until)
        } else {
            respond(id, request, Self.partialFile(fileID, download))
        }
    }

    /// A quarter of a second of a download, then the next, until the file is complete.
    private func downloadStep(_ id: Int32, fileID: Int32, directory: String, due: Date) {
        let step = max(1, currentScenario.downloadBytesPerSecond / 4)
        wake(at: due) { [weak self] in
            guard let self, self.client(id).map({ !$0.closed }) == true,
                  let (download, satisfied) = self.downloadsInFlight.advance(directory, fileID, by: step)
            else { return }
            let complete = download.written == download.bytes.count
            var file = Self.partialFile(fileID, download)
            if complete {
                try? FileManager.default.createDirectory(atPath: (download.finalPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try? FileManager.default.removeItem(atPath: download.finalPath)
                try? FileManager.default.moveItem(atPath: download.partPath, toPath: download.finalPath)
                file = SimulatorMedia.downloadedFile(fileID, path: download.finalPath, size: download.bytes.count)
            } else {
                self.downloadStep(id, fileID: fileID, directory: directory, due: due.addingTimeInterval(0.25))
            }
            self.emitUpdate(id, ["@type": "updateFile", "file": file])
            for waiter in satisfied { self.respond(waiter.id, waiter.request.value, file) }
        }
    }

    /// A file part way through its download.
    static func partialFile(_ fileID: Int32, _ download: SimulatorDownloadsInFlight.Download) -> [String: Any] {
        var object = SimulatorMedia.file(fileID, size: download.bytes.count)
        object["local"] = ["@type": "localFile", "path": download.partPath, "can_be_downloaded": true, "can_be_deleted": true,
                           "is_downloading_active": true, "is_downloading_completed": false, "download_offset": 0,
                           "downloaded_prefix_size": download.written, "downloaded_size": download.written]
        return object
    }

    /// `getFileDownloadedPrefixSize`: the bytes ready from `offset` on.
    func downloadedPrefix(_ id: Int32, _ request: [String: Any], directory: String) {
        let fileID = Int32(truncatingIfNeeded: Self.int64(request["file_id"]))
        let offset = Self.int64(request["offset"])
        guard fileID > 0, offset >= 0 else { return respond(id, request, Self.error(400, "Invalid file identifier")) }
        let ready: Int64
        if let download = downloadsInFlight.current(directory, fileID) {
            ready = max(0, Int64(download.written) - offset)
        } else {
            let payload = SimulatorFilePayloads.payload(fileID, directory: directory)
            let path = downloadPath(fileID, payload: payload, directory: directory)
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int).flatMap { $0 } ?? -1
            ready = size < 0 ? 0 : max(0, Int64(size) - offset)
        }
        respond(id, request, ["@type": "fileDownloadedPrefixSize", "size": ready])
    }
}
