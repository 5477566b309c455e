import Foundation
import TgtDomain

/// Saves a message's file into a folder the user chose, under the sender's name made safe
/// (`SafeFileName`): written whole to a hidden temporary file in that folder first, then given
/// its name without replacing anything there ("photo.jpg" taken: "photo (1).jpg"). A failed
/// copy leaves no temporary file behind.
public enum MediaSaver {
    /// Why a file could not be saved.
    public struct SaveError: UserFacingError, Equatable {
        public let message: String
        public var nextStep: String? { "Pick a folder you can write to." }
        public var code: String { "save_failed" }
    }

    /// Saves the file at `source` into `folder`; the path it got.
    public static func save(copying source: URL, name: String, into folder: URL) async throws(SaveError) -> URL {
        try await save(name: name, into: folder) { temporary in try FileManager.default.copyItem(at: source, to: temporary) }
    }

    /// Saves what `write` puts at the temporary path it is given into `folder` under `name`.
    public static func save(name: String, into folder: URL, write: (URL) async throws -> Void) async throws(SaveError) -> URL {
        let temporary = try prepare(folder)
        do { try await write(temporary) } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw SaveError(message: "The file could not be written in \(folder.path): \(error.localizedDescription)")
        }
        return try place(temporary, name: name, in: folder)
    }

    /// A temporary path in `folder`, which must be a folder.
    private static func prepare(_ folder: URL) throws(SaveError) -> URL {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw SaveError(message: "\(folder.path) is not a folder.")
        }
        return folder.appendingPathComponent(".tgt-download-\(UUID().uuidString)")
    }

    /// Gives `temporary` the first free name like `name` in `folder` (a hard link never replaces
    /// a file, so two saves at once cannot overwrite each other), then removes the temporary name.
    private static func place(_ temporary: URL, name: String, in folder: URL) throws(SaveError) -> URL {
        defer { try? FileManager.default.removeItem(at: temporary) }
        let safe = SafeFileName.make(name)
        let ext = SafeFileName.fileExtension(safe)
        let stem = ext.isEmpty ? safe : String(safe.dropLast(ext.count + 1))
        for attempt in 0 ..< 1_000 {
            let candidate = attempt == 0 ? safe : (ext.isEmpty ? "\(stem) (\(attempt))" : "\(stem) (\(attempt)).\(ext)")
            let target = folder.appendingPathComponent(candidate)
            do {
                try FileManager.default.linkItem(at: temporary, to: target)
                return target
            } catch {
                if FileManager.default.fileExists(atPath: target.path) { continue }
                // A drive without hard links (FAT, exFAT, many network shares): a rename, which
                // the check just before makes safe unless another save takes the name meanwhile.
                do {
                    try FileManager.default.moveItem(at: temporary, to: target)
                    return target
                } catch {
                    if FileManager.default.fileExists(atPath: target.path) { continue }
                    throw SaveError(message: "The file could not be saved as \(target.path): \(error.localizedDescription)")
                }
            }
        }
        throw SaveError(message: "\(folder.path) already has 1,000 files named like \(safe).")
    }
}
