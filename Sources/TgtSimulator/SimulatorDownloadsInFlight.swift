import Foundation

/// Files being downloaded at the scenario's `downloadBytesPerSecond` (on the server's clock),
/// by database folder and file id, as TDLib downloads them (its PartsManager, read in TDLib's
/// source): the parts so far in a temporary file (`temp/`, its path in `local.path`), a step
/// every quarter of a second with an `updateFile`, and the file moved to its place when
/// complete. A file has one download position, the last request's offset and limit (a new one
/// ends the synchronous requests waiting with error 200); the download goes on from the first
/// missing byte at the offset, and without a limit comes round to the start for what is missing
/// until the file is whole. With a limit it stops once those bytes are there, keeping its parts
/// for the next request. `downloaded_prefix_size` counts the bytes ready from the offset.
final class SimulatorDownloadsInFlight: @unchecked Sendable {
    // @unchecked: `files` is guarded by `lock`.
    struct Download {
        var bytes: Data
        /// The byte ranges already downloaded.
        var have = IndexSet()
        var partPath: String
        var finalPath: String
        /// Synchronous `downloadFile` requests waiting, with the offset and limit each asked for.
        var waiting: [(id: Int32, request: SimJSON, offset: Int, limit: Int)] = []
        /// The download's position, the last request's offset and limit (TDLib keeps one per file).
        var offset = 0
        var limit = 0
        /// Steps are being taken (false: stopped at its limit, its parts kept).
        var isActive = true

        init(bytes: Data, partPath: String, finalPath: String) {
            self.bytes = bytes
            self.partPath = partPath
            self.finalPath = finalPath
        }

        var written: Int { have.count }
        var isComplete: Bool { have.count == bytes.count }

        /// The bytes ready from `offset` on, without a gap.
        func prefix(from offset: Int) -> Int {
            guard offset < bytes.count, have.contains(offset) else { return 0 }
            return (have.rangeView.first { $0.contains(offset) }?.upperBound ?? offset) - offset
        }

        /// Whether the `limit` bytes from `offset` (to the end at most) are all there; never
        /// without a limit.
        func holds(offset: Int, limit: Int) -> Bool {
            limit > 0 && prefix(from: offset) >= min(limit, bytes.count - offset)
        }

        /// Whether the bytes the position's limit names are all there.
        var limitReached: Bool { holds(offset: offset, limit: limit) }

        /// Whether a synchronous request for `offset` and `limit` has what it waits for.
        func satisfies(offset: Int, limit: Int) -> Bool {
            isComplete || holds(offset: offset, limit: limit)
        }

        /// The next bytes to fetch, at most `step` of them: from the first missing byte at the
        /// position, else (no limit) from the first missing byte of the file.
        func nextRange(step: Int) -> Range<Int>? {
            let missing = IndexSet(integersIn: 0 ..< bytes.count).subtracting(have)
            guard let start = missing.integerGreaterThanOrEqualTo(offset) ?? (limit == 0 ? missing.first : nil) else { return nil }
            let run = missing.rangeView.first { $0.contains(start) } ?? start ..< start + 1
            return start ..< min(run.upperBound, start + step)
        }
    }

    private let lock = NSLock()
    private var files: [String: Download] = [:]

    private static func key(_ directory: String, _ fileID: Int32) -> String { "\(directory)#\(fileID)" }

    /// Starts a download, or takes up a stopped one's parts again: true when steps must be
    /// scheduled (none were running).
    func start(_ directory: String, _ fileID: Int32, _ download: Download) -> Bool {
        lock.withLock {
            let key = Self.key(directory, fileID)
            guard var existing = files[key] else {
                files[key] = download
                return true
            }
            guard !existing.isActive else { return false }
            existing.isActive = true
            files[key] = existing
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

    /// A synchronous request waits until what it asked for is there.
    func wait(_ directory: String, _ fileID: Int32, id: Int32, request: SimJSON, offset: Int, limit: Int) {
        lock.withLock { files[Self.key(directory, fileID)]?.waiting.append((id, request, offset, limit)) }
    }

    /// Fetches the next `step` bytes: the download after it, and the waiting requests it
    /// satisfied (taken out). Nil when the download is not running any more. A complete
    /// download is forgotten; one that reached its limit stops, its parts kept.
    func advance(_ directory: String, _ fileID: Int32, by step: Int) -> (Download, [(id: Int32, request: SimJSON)])? {
        lock.withLock {
            let key = Self.key(directory, fileID)
            guard var download = files[key], download.isActive else { return nil }
            if !download.limitReached, let range = download.nextRange(step: step), let handle = FileHandle(forWritingAtPath: download.partPath) {
                handle.seek(toFileOffset: UInt64(range.lowerBound))
                handle.write(download.bytes.subdata(in: range))
                try? handle.close()
                download.have.insert(integersIn: range)
            }
            if download.limitReached { download.isActive = false }
            // A stopped download answers everyone waiting, with what it has.
            let now = download
            let answered = { (waiter: (id: Int32, request: SimJSON, offset: Int, limit: Int)) in
                !now.isActive || now.satisfies(offset: waiter.offset, limit: waiter.limit)
            }
            let done = now.waiting.filter(answered)
            download.waiting.removeAll(where: answered)
            if download.isComplete { files[key] = nil } else { files[key] = download }
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
        // An offset at or past the end starts from the start, as TDLib's PartsManager does.
        let asked = max(0, Int(Self.int64(request["offset"])))
        let offset = asked >= bytes.count ? 0 : asked
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
        let known = downloadsInFlight.current(directory, fileID)
        if known == nil { _ = FileManager.default.createFile(atPath: partPath, contents: nil) }
        var position = known ?? SimulatorDownloadsInFlight.Download(bytes: bytes, partPath: partPath, finalPath: finalPath)
        position.offset = offset
        position.limit = limit
        // A new download, or a stopped one (its limit reached) taken up again at its new position.
        if known?.isActive != true, !position.limitReached, downloadsInFlight.start(directory, fileID, position) {
            position.isActive = true
            // Its first step is due a quarter of a second from now: from before it is announced.
            let due = clock.now.addingTimeInterval(0.25)
            emitUpdate(id, ["@type": "updateFile", "file": Self.partialFile(fileID, position)])
            downloadStep(id, fileID: fileID, directory: directory, due: due)
        }
        guard let download = downloadsInFlight.current(directory, fileID) else {
            // Finished in the meantime.
            return respond(id, request, SimulatorMedia.downloadedFile(fileID, path: finalPath, size: bytes.count))
        }
        if synchronous, !download.satisfies(offset: offset, limit: limit), download.isActive {
            downloadsInFlight.wait(directory, fileID, id: id, request: SimJSON(request), offset: offset, limit: limit)
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
            let complete = download.isComplete
            var file = Self.partialFile(fileID, download)
            if complete {
                try? FileManager.default.createDirectory(atPath: (download.finalPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                // rename(2) replaces what is there (FileManager.moveItem traps on Linux for some names).
                _ = rename(download.partPath, download.finalPath)
                file = SimulatorMedia.downloadedFile(fileID, path: download.finalPath, size: download.bytes.count)
            } else if download.isActive {
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
                           "is_downloading_active": download.isActive, "is_downloading_completed": false, "download_offset": download.offset,
                           "downloaded_prefix_size": download.prefix(from: download.offset), "downloaded_size": download.written]
        return object
    }

    /// `getFileDownloadedPrefixSize`: the bytes ready from `offset` on.
    func downloadedPrefix(_ id: Int32, _ request: [String: Any], directory: String) {
        let fileID = Int32(truncatingIfNeeded: Self.int64(request["file_id"]))
        let offset = Self.int64(request["offset"])
        guard fileID > 0, offset >= 0 else { return respond(id, request, Self.error(400, "Invalid file identifier")) }
        let ready: Int64
        if let download = downloadsInFlight.current(directory, fileID) {
            ready = Int64(download.prefix(from: Int(offset)))
        } else {
            let payload = SimulatorFilePayloads.payload(fileID, directory: directory)
            let path = downloadPath(fileID, payload: payload, directory: directory)
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int).flatMap { $0 } ?? -1
            ready = size < 0 ? 0 : max(0, Int64(size) - offset)
        }
        respond(id, request, ["@type": "fileDownloadedPrefixSize", "size": ready])
    }
}
