import Foundation
import TgtDomain

/// Copies of files made only to be sent (a file picked in the app, a file `tgt chat send
/// --attach` names), each in a folder of its own under `root` (the data folder's `outgoing`):
/// TDLib keeps the path it is given as the file's, so once the copy goes with its send
/// (`ChatService.discard(_:whenSettled:)`) a sent message's file is TDLib's own, downloaded
/// again into its folders when asked, and never a path elsewhere on the machine that the
/// dashboard would have to refuse. Copies left over (a process that ended before its send
/// settled) are swept after a day.
public struct OutgoingStaging: Sendable {
    /// Copies older than this are left over.
    public static let lifetime: TimeInterval = 86_400
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// One staged file: its folder (what goes after the send) and the file as checked.
    public struct Staged: Sendable {
        public var folder: URL
        public var file: CheckedFile
    }

    /// Stages `url` in a new folder `id`: moved with `move` (a picker's own temporary copy),
    /// else hard-linked where it is on the same volume (no second copy of a big video), else
    /// copied; then checked (`ChatService.check`). On a refusal nothing stays behind (and a
    /// file to move is deleted).
    public func stage(_ url: URL, id: String = UUID().uuidString.lowercased(), move: Bool = false,
                      asFiles: Bool = false) -> Result<Staged, ChatError>
    {
        let folder = root.appendingPathComponent(id, isDirectory: true)
        let name = SafeFileName.make(url.lastPathComponent, fallback: "file")
        let target = folder.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if move {
                do { try FileManager.default.moveItem(at: url, to: target) } catch {
                    try FileManager.default.copyItem(at: url, to: target)
                    try? FileManager.default.removeItem(at: url)
                }
            } else if (try? FileManager.default.linkItem(at: url, to: target)) == nil {
                try FileManager.default.copyItem(at: url, to: target)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
            }
            return .success(Staged(folder: folder, file: try ChatService.check(fileAt: target.path, asFiles: asFiles)))
        } catch let refusal as ChatError {
            try? FileManager.default.removeItem(at: folder)
            return .failure(refusal)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            if move { try? FileManager.default.removeItem(at: url) }
            // What is wrong with the file itself is said as the check words it.
            if case .failure(let refusal) = Result(catching: { () throws(ChatError) in try ChatService.check(fileAt: url.path) }) { return .failure(refusal) }
            return .failure(.badFile("“\(name)” could not be read."))
        }
    }

    /// Deletes staged folders older than `lifetime`, except `keeping`.
    public func sweep(keeping: Set<URL> = [], now: Date = Date()) {
        let keep = Set(keeping.map(\.standardizedFileURL.path))
        guard let folders = try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.contentModificationDateKey]) else { return }
        for folder in folders where !keep.contains(folder.standardizedFileURL.path) {
            let modified = (try? folder.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? now
            if now.timeIntervalSince(modified) > Self.lifetime { try? FileManager.default.removeItem(at: folder) }
        }
    }
}
