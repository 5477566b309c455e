import Foundation
import OpenAPIRuntime
import TgtApplication
import TgtDomain
import TgtTelegram
import TgtWire

extension DashboardClient {
    /// Downloads a message's file through the running dashboard and saves it into `folder`
    /// (`MediaSaver`) under the name the dashboard gave it; the path it got.
    public func saveMessageFile(chatID: Int64, messageID: Int64, into folder: URL) async throws -> URL {
        let (name, body) = try await call { client in
            let ok = try await client.getMessageFile(path: .init(chatId: chatID, messageId: messageID), query: .init(download: ._true)).ok
            return (Self.fileName(disposition: ok.headers.contentDisposition), Self.body(ok.body))
        }
        return try await MediaSaver.save(name: name, into: folder) { temporary in
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission)
            }
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            for try await chunk in body { try handle.write(contentsOf: chunk) }
        }
    }

    /// Sends local files through the running dashboard: each uploaded (`POST /api/uploads`),
    /// then sent together (`POST …/files`). Through the dashboard a file is at most
    /// `LoopbackTransport.maximumBodyBytes` (the session of this process takes up to 2,000 MB);
    /// an upload that was not sent is deleted.
    public func sendFiles(chatID: Int64, paths: [String], caption: String, replyTo: Int64?, topicID: Int32?, silent: Bool,
                          asFiles: Bool) async throws -> [ChatMessageItem]
    {
        var ids: [String] = []
        do {
            for path in paths {
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                guard size <= LoopbackTransport.maximumBodyBytes else {
                    throw ChatError.badFile("through the running dashboard a file is at most \(LoopbackTransport.maximumBodyBytes >> 20) MB; stop `tgt serve` to send bigger ones from here.")
                }
                guard let data = FileManager.default.contents(atPath: path) else { throw ChatError.badFile("“\(URL(fileURLWithPath: path).lastPathComponent)” cannot be read.") }
                let name = URL(fileURLWithPath: path).lastPathComponent
                let id = try await call { client in
                    try await client.createUpload(query: .init(name: name), body: .binary(HTTPBody(data))).created.body.json.data.uploadId
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
             .audioMpeg(let b), .audioMp4(let b), .audioWav(let b), .binary(let b): b
        }
    }
}
