import Foundation
import Synchronization
import TgtApplication

/// Photo thumbnails for the conversation view, served by TDLib file id only: the client never
/// names a path, and only ids the API itself offered (a message's `thumbnail_file_id`, a
/// chat's `photo_file_id`) are asked of TDLib (so no other file of the account is ever downloaded through this). The file
/// TDLib reports must really (symbolic links resolved) lie inside the session's own TDLib
/// folders, be a regular file of at most `maxBytes`, and be a JPEG; anything else is the same
/// 404, so nothing about other files leaks.
struct ThumbnailFiles {
    /// Revalidated each time (`etag(of:)`): TDLib's file ids hold within one run of TDLib only,
    /// so after a restart or a new login the same address can name another file.
    static let cacheControl = "private, no-cache"
    static let maxBytes = 512 * 1024
    static let notFound = APIError.notFound("There is no thumbnail with that id.")

    /// The thumbnail ids the API has handed out (process-wide; forgotten past `maxOffered`).
    static let offered = Mutex<Set<Int32>>([])
    static let maxOffered = 50_000

    /// The ETag of a thumbnail's bytes (a browser holding them gets a 304).
    static func etag(of bytes: [UInt8]) -> String {
        "\"" + WebAssets.contentHash(bytes) + "\""
    }

    /// Remembers that a page may ask for this thumbnail.
    static func offer(_ fileID: Int32) {
        offered.withLock { ids in
            if ids.count >= maxOffered { ids.removeAll(keepingCapacity: true) }
            ids.insert(fileID)
        }
    }

    /// Where a thumbnail may come from.
    let guardrail: TDLibFileGuard

    init(telegram: LiveSession) {
        self.init(folders: telegram.tdlibFolders)
    }

    /// Reading only from `folders` (TDLib's).
    init(folders: [URL]) {
        guardrail = TDLibFileGuard(folders: folders)
    }

    /// Downloads (if needed) and reads the thumbnail `fileID`, or throws the 404.
    func bytes(fileID: Int64, chats: SessionChatAccess) async throws -> [UInt8] {
        guard let id = Int32(exactly: fileID), id > 0, Self.offered.withLock({ $0.contains(id) }) else { throw Self.notFound }
        guard let path = try? await chats.thumbnailPath(fileID: id, maxBytes: Int64(Self.maxBytes)) else { throw Self.notFound }
        return try read(path)
    }

    /// The bytes of `path` when it passes every check above.
    func read(_ path: String) throws -> [UInt8] {
        guard let (real, size) = guardrail.check(path), size > 3, size <= Self.maxBytes,
              let data = FileManager.default.contents(atPath: real)
        else { throw Self.notFound }
        let bytes = [UInt8](data)
        guard bytes.starts(with: [0xFF, 0xD8, 0xFF]) else { throw Self.notFound }
        return bytes
    }
}
