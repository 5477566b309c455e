import Foundation
import Logging
import OpenAPIRuntime
import TgtApplication
import TgtDomain

/// Files uploaded to the dashboard to send: each written to a folder of its own (0700, the file
/// 0600) under its name made safe (a document keeps it), checked (`SessionChatAccess.check`) before it
/// is kept, and deleted when it is sent, when the user takes it back, when its upload breaks
/// off, or an hour after it came. The folder is emptied when the dashboard starts: nothing
/// outlives its send.
actor UploadStore {
    /// One kept upload.
    struct Upload: Sendable {
        let id: String
        let folder: URL
        let file: CheckedFile
        let received: Date
    }

    static let lifetime: TimeInterval = 3600
    /// The most uploads kept at once (a folder of 10 GB of forgotten files is not kept).
    static let maxKept = 50
    let folder: URL
    private var kept: [String: Upload] = [:]
    private let logger = Logger(label: "tgt.server.uploads")

    init(folder: URL) {
        self.folder = folder
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes `body` (at most `SessionChatAccess.maxFileBytes`) to a new upload named `name`.
    func receive(name: String, body: HTTPBody, now: Date) async throws -> Upload {
        sweep(now: now)
        guard kept.count < Self.maxKept else {
            throw APIError(.tooManyRequests, code: "too_many_uploads", message: "\(Self.maxKept) uploads are waiting to be sent already.",
                           nextStep: "Send or remove some of them first.")
        }
        let id = SecretToken.make().prefix(32).lowercased()
        let place = folder.appendingPathComponent(String(id), isDirectory: true)
        let path = place.appendingPathComponent(SafeFileName.make(name, fallback: "file"))
        do {
            try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
            guard FileManager.default.createFile(atPath: path.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            try? FileManager.default.removeItem(at: place)
            logger.error("upload folder not writable", metadata: ["error": "\(error)"])
            throw APIError(.internalServerError, code: "upload_failed", message: "The dashboard could not keep the file; its log says why.")
        }
        do {
            let handle = try FileHandle(forWritingTo: path)
            defer { try? handle.close() }
            var written: Int64 = 0
            for try await chunk in body {
                written += Int64(chunk.count)
                guard written <= SessionChatAccess.maxFileBytes else { throw APIError.tooLarge }
                try handle.write(contentsOf: chunk)
            }
        } catch {
            try? FileManager.default.removeItem(at: place)
            if let known = error as? APIError { throw known }
            throw APIError.badRequest("The upload broke off before the whole file came; nothing was kept.", code: "upload_incomplete")
        }
        let file: CheckedFile
        do {
            file = try SessionChatAccess.check(fileAt: path.path)
        } catch {
            try? FileManager.default.removeItem(at: place)
            throw error
        }
        let upload = Upload(id: String(id), folder: place, file: file, received: now)
        kept[upload.id] = upload
        return upload
    }

    /// The uploads to send, taken out of the store (they are the sender's now); unknown ids are a 404.
    func take(_ ids: [String], now: Date) throws -> [Upload] {
        sweep(now: now)
        guard Set(ids).count == ids.count else { throw APIError.badRequest("An upload is listed twice.") }
        let found = ids.compactMap { kept[$0] }
        guard found.count == ids.count else { throw APIError.notFound("An upload is not here any more (it was sent, removed, or older than an hour): upload it again.") }
        for id in ids { kept[id] = nil }
        return found
    }

    /// Puts back uploads a refused send took (the user may remove one and send again).
    func restore(_ uploads: [Upload]) {
        for upload in uploads { kept[upload.id] = upload }
    }

    /// Deletes an upload's files (when it is taken back, or its hour is up; after a send
    /// `SessionChatAccess.send(copies:…)` does).
    nonisolated func discard(_ upload: Upload) {
        try? FileManager.default.removeItem(at: upload.folder)
    }

    /// Deletes an upload nobody sent; false when there is none by that id.
    func delete(_ id: String) -> Bool {
        guard let upload = kept.removeValue(forKey: id) else { return false }
        discard(upload)
        return true
    }

    /// Deletes uploads older than `lifetime`.
    func sweep(now: Date) {
        for upload in kept.values where now.timeIntervalSince(upload.received) > Self.lifetime {
            kept[upload.id] = nil
            discard(upload)
        }
    }
}
