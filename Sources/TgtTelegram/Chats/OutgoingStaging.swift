import Foundation
import TgtDomain
import TgtTDLib

/// Copies of files made only to be sent (a file picked in the app, a file `tgt chat send
/// --attach` names), each in a folder of its own under `root` (the data folder's `outgoing`):
/// TDLib keeps the path it is given as the file's, so once the copy goes with its send
/// (`ChatService.discard(_:whenSettled:)`) a sent message's file is TDLib's own, downloaded
/// again into its folders when asked, and never a path elsewhere on the machine that the
/// dashboard would have to refuse. A copy whose send another process finishes (TDLib takes
/// pending sends up again when a session opens) goes when that process hears the verdict
/// (`forgetSettled`); copies left over anyway are swept after a week.
public struct OutgoingStaging: Sendable {
    /// Copies older than this are left over (a week: a send waiting for the network takes
    /// its copy up again only when a session opens).
    public static let lifetime: TimeInterval = 7 * 86_400
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
        // The file itself first: a folder, a device or a file too large is refused before
        // anything is linked or copied.
        do {
            _ = try ChatService.check(fileAt: url.path, asFiles: asFiles)
        } catch {
            if move { try? FileManager.default.removeItem(at: url) }
            return .failure(error)
        }
        let folder = root.appendingPathComponent(id, isDirectory: true)
        // The name as it is (a document keeps it, as TDLib would have taken it from the path),
        // unless the file system could not hold it.
        let given = url.lastPathComponent
        let name = given.isEmpty || given == "." || given == ".." || given.utf8.count > 255 || given.contains("/")
            ? SafeFileName.make(given, fallback: "file") : given
        let target = folder.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if move {
                // rename(2), not FileManager.moveItem (which traps on Linux for some names).
                if rename(url.path, target.path) != 0 {
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
            return .failure(.badFile(.notCopied(name: SafeFileName.make(given, fallback: "file"))))
        }
    }

    /// After a send's verdict, heard by any process: the copy its file was sent from (a folder
    /// of `root`) goes. Other files are left alone.
    public func forgetSettled(_ message: Message) {
        guard case .media(let media)? = message.content, let path = media.file?.file.localPath, !path.isEmpty else { return }
        let file = URL(fileURLWithPath: path).standardizedFileURL
        let folder = file.deletingLastPathComponent()
        guard folder.deletingLastPathComponent().path == root.standardizedFileURL.path else { return }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Deletes staged folders older than `lifetime`, except `keeping`.
    public func sweep(keeping: Set<URL> = [], now: Date) {
        let keep = Set(keeping.map(\.standardizedFileURL.path))
        guard let folders = try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: [.contentModificationDateKey]) else { return }
        for folder in folders where !keep.contains(folder.standardizedFileURL.path) {
            let modified = (try? folder.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? now
            if now.timeIntervalSince(modified) > Self.lifetime { try? FileManager.default.removeItem(at: folder) }
        }
    }
}
