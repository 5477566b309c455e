import Foundation
import OpenAPIRuntime
import TgtApplication
import TgtDomain
import TgtWire

extension DashboardClient {
    /// Downloads a message's file through the running dashboard and saves it into `folder`
    /// (`MediaSaver`) under the name the dashboard gave it; the path it got. The file comes in
    /// ranges of at most `downloadRangeBytes` (a reply is collected whole; one still downloading
    /// answers with what is there), each checked to start where the last ended, so a file of
    /// any size arrives whole or not at all. `progress` hears how much has
    /// come (bytes of the file's size) after each range.
    public func saveMessageFile(chatID: Int64, messageID: Int64, into folder: URL,
                                progress: @escaping @Sendable (Int64, Int64) -> Void = { _, _ in }) async throws -> URL
    {
        let first = try await filePiece(chatID: chatID, messageID: messageID, from: 0)
        guard (first.range?.first ?? 0) == 0 else { throw Self.brokenDownload }
        return try await MediaSaver.save(name: first.name, into: folder) { temporary in
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            var piece = first
            while true {
                var written: Int64 = 0
                for try await chunk in piece.body {
                    try handle.write(contentsOf: chunk)
                    written += Int64(chunk.count)
                }
                // A 200 is the whole file; a 206 says which part it was and of how much.
                guard let range = piece.range else {
                    progress(written, written)
                    return
                }
                guard written == range.last - range.first + 1 else { throw Self.brokenDownload }
                let next = range.last + 1
                progress(next, range.total)
                if next >= range.total { return }
                piece = try await self.filePiece(chatID: chatID, messageID: messageID, from: next)
                guard piece.range?.first == next, piece.range?.total == range.total else { throw Self.brokenDownload }
            }
        }
    }

    /// One answer to a ranged download: the file's name, its bytes, and (for a 206) which part.
    struct FilePiece: Sendable {
        var name: String
        var body: HTTPBody
        var range: (first: Int64, last: Int64, total: Int64)?
    }

    private static let brokenDownload = DashboardClientError(code: "bad_reply", message: "The dashboard's download of the file broke off; nothing was saved.",
                                                             nextStep: "Download it again.")

    private func filePiece(chatID: Int64, messageID: Int64, from offset: Int64) async throws(DashboardClientError) -> FilePiece {
        let path = Operations.GetMessageFile.Input.Path(chatId: chatID, messageId: messageID)
        let piece: FilePiece? = try await call { client in
            // Asked as a range of the file itself (not as a download, whose ranges wait for the
            // whole file): a file still downloading answers each range once its bytes are there,
            // so no request waits on the whole of a big file.
            switch try await client.getMessageFile(path: path, headers: .init(range: "bytes=\(offset)-\(offset + downloadRangeBytes - 1)")) {
            case .ok(let ok):
                return FilePiece(name: Self.fileName(disposition: ok.headers.contentDisposition), body: Self.body(ok.body), range: nil)
            case .partialContent(let part):
                guard let range = Self.contentRange(part.headers.contentRange) else { return nil }
                return FilePiece(name: Self.fileName(disposition: part.headers.contentDisposition), body: Self.body(part.body), range: range)
            case .rangeNotSatisfiable where offset == 0:
                // An empty file has no first byte to ask for: it is asked for whole.
                let ok = try await client.getMessageFile(path: path, query: .init(download: ._true)).ok
                return FilePiece(name: Self.fileName(disposition: ok.headers.contentDisposition), body: Self.body(ok.body), range: nil)
            case let other:
                return FilePiece(name: "", body: Self.body(try other.ok.body), range: nil)
            }
        }
        guard let piece else { throw Self.brokenDownload }
        return piece
    }

    /// `bytes FIRST-LAST/TOTAL` (RFC 9110), nil for anything else.
    private static func contentRange(_ header: String) -> (first: Int64, last: Int64, total: Int64)? {
        guard header.hasPrefix("bytes ") else { return nil }
        let parts = header.dropFirst("bytes ".count).split(separator: "/", maxSplits: 1)
        guard parts.count == 2, let total = Int64(parts[1]) else { return nil }
        let bounds = parts[0].split(separator: "-", maxSplits: 1)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0, first <= last, last < total else { return nil }
        return (first, last, total)
    }

    /// Sends local files through the running dashboard: each checked here first
    /// (`ChatService.check`: nothing is uploaded when one is refused), uploaded
    /// (`POST /api/uploads`, streamed from the disk), then sent together (`POST …/files`). An
    /// upload that was not sent is deleted.
    public func sendFiles(chatID: Int64, paths: [String], caption: String, replyTo: Int64?, topicID: Int32?, silent: Bool,
                          asFiles: Bool) async throws -> [ChatMessageItem]
    {
        var checked: [CheckedFile] = []
        for path in paths { checked.append(try ChatLookup.check(fileAt: path, asFiles: asFiles)) }
        var ids: [String] = []
        do {
            for file in checked {
                let body = HTTPBody(FileChunks(path: file.path), length: .known(file.size), iterationBehavior: .single)
                let id = try await call { client in
                    try await client.createUpload(query: .init(name: file.name), body: .binary(body)).created.body.json.data.uploadId
                }
                ids.append(id)
            }
            let body = Components.Schemas.SendFilesInput(uploadIds: ids, caption: caption.isEmpty ? nil : caption, replyTo: replyTo,
                                                        topicId: topicID.map(Int.init), silent: silent ? true : nil, asFiles: asFiles ? true : nil)
            return try await call { client in
                try await client.sendFiles(path: .init(chatId: chatID), body: .json(body)).ok.body.json.data.messages.map(Self.message)
            }
        } catch {
            for id in ids { _ = try? await call { client in try await client.deleteUpload(path: .init(uploadId: id)) } }
            throw error
        }
    }

    /// What downloaded media takes in the dashboard's session, after deleting it all with `clear`.
    public func mediaCache(clear: Bool) async throws(DashboardClientError) -> MediaCacheUsage {
        let data = try await call { client in
            clear ? try await client.clearMediaCache().ok.body.json.data : try await client.getMediaCache().ok.body.json.data
        }
        return MediaCacheUsage(bytes: data.bytes, files: data.files, limitBytes: data.limitBytes)
    }

    /// The UTF-8 name of a `Content-Disposition` (`filename*=UTF-8''…`, else `filename="…"`), made safe.
    static func fileName(disposition: String) -> String {
        for part in disposition.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            // The generated client has decoded the header's percent-encoding already.
            if part.lowercased().hasPrefix("filename*=utf-8''") { return SafeFileName.make(String(part.dropFirst("filename*=UTF-8''".count))) }
        }
        for part in disposition.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where part.lowercased().hasPrefix("filename=") {
            return SafeFileName.make(String(part.dropFirst("filename=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        return "file"
    }

    private static func body(_ body: Operations.GetMessageFile.Output.Ok.Body) -> HTTPBody {
        switch body {
        case .jpeg(let b), .png(let b), .imageGif(let b), .imageWebp(let b), .videoMp4(let b), .videoWebm(let b), .audioOgg(let b),
             .audioMpeg(let b), .audioMp4(let b), .audioWav(let b), .audioXCaf(let b), .binary(let b): b
        }
    }

    private static func body(_ body: Operations.GetMessageFile.Output.PartialContent.Body) -> HTTPBody {
        switch body {
        case .jpeg(let b), .png(let b), .imageGif(let b), .imageWebp(let b), .videoMp4(let b), .videoWebm(let b), .audioOgg(let b),
             .audioMpeg(let b), .audioMp4(let b), .audioWav(let b), .audioXCaf(let b), .binary(let b): b
        }
    }
}
