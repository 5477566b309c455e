import Foundation
import OpenAPIRuntime
import TgtApplication
import TgtDomain
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

    /// The UTF-8 name of a `Content-Disposition` (`filename*=UTF-8''…`, else `filename="…"`), made safe.
    static func fileName(disposition: String) -> String {
        for part in disposition.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if part.lowercased().hasPrefix("filename*=utf-8''"), let name = String(part.dropFirst("filename*=UTF-8''".count)).removingPercentEncoding {
                return SafeFileName.make(name)
            }
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
