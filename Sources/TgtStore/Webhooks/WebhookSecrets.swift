import Foundation
import TgtDomain

/// The webhooks' signing secrets, one 0600 file each in the data folder's `webhook-secrets`
/// (0700): never in the database, the logs or an export. Written before the webhook's row, so
/// a webhook never exists without its secret; removed after it.
public struct WebhookSecrets: Sendable {
    public let folder: URL

    public init(directory: DataDirectory) {
        folder = directory.url.appendingPathComponent("webhook-secrets", isDirectory: true)
    }

    /// The secret of webhook `id`, or nil when its file is missing or unreadable.
    public func secret(for id: UUID) -> String? {
        SecureFile.read(file(id)).map { String(decoding: $0, as: UTF8.self) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    public func save(_ secret: String, for id: UUID) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        } catch {
            throw .dataDirectory("cannot create \(folder.path): \(error.localizedDescription)")
        }
        try SecureFile.write(Data(secret.utf8), to: file(id))
    }

    public func remove(for id: UUID) {
        try? FileManager.default.removeItem(at: file(id))
    }

    /// The file of webhook `id`'s secret.
    public func file(_ id: UUID) -> URL { folder.appendingPathComponent("\(id.uuidString.lowercased()).key") }
}
