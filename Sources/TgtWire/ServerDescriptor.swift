import Foundation
import TgtStore

/// `server.json` in the data folder while `tgt serve` runs: where the server listens and the
/// token other `tgt` commands use to talk to it (0600, so only this user can read it).
/// Removed when the server stops.
public struct ServerDescriptor: Codable, Sendable, Equatable {
    public var pid: Int32
    /// The loopback base address, e.g. `http://127.0.0.1:8080`.
    public var url: String
    /// A bearer token valid for this server run only.
    public var token: String

    public init(pid: Int32, url: String, token: String) {
        self.pid = pid
        self.url = url
        self.token = token
    }

    public static func file(in directory: DataDirectory) -> URL {
        directory.url.appendingPathComponent("server.json")
    }

    /// The descriptor of the server running on this folder, if there is one.
    public static func read(in directory: DataDirectory) -> ServerDescriptor? {
        guard let data = SecureFile.read(file(in: directory)) else { return nil }
        return try? JSONDecoder().decode(ServerDescriptor.self, from: data)
    }

    public func write(in directory: DataDirectory) throws(StoreError) {
        let data: Data
        do { data = try JSONEncoder().encode(self) } catch { throw .dataDirectory("cannot encode server.json") }
        try SecureFile.write(data, to: Self.file(in: directory))
    }

    public static func remove(in directory: DataDirectory) {
        try? FileManager.default.removeItem(at: file(in: directory))
    }
}
