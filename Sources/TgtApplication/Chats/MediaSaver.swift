import Foundation
import TgtDomain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Saves a message's file into a folder the user chose, under the sender's name made safe
/// (`SafeFileName`): written whole to a hidden temporary file in that folder first, then given
/// its name without replacing anything there ("photo.jpg" taken: "photo (1).jpg"). A failed
/// copy leaves no temporary file behind.
public enum MediaSaver {
    /// Why a file could not be saved.
    public struct SaveError: UserFacingError, Equatable {
        public let message: String
        /// The drive is full (or the person's quota used up): freeing room is the next step.
        public var isOutOfSpace = false
        public var nextStep: String? {
            isOutOfSpace ? "Free some space on that drive, or pick a folder on another one." : "Pick a folder you can write to."
        }
        public var code: String { isOutOfSpace ? "disk_full" : "save_failed" }

        init(message: String, isOutOfSpace: Bool = false) {
            self.message = message
            self.isOutOfSpace = isOutOfSpace
        }
    }

    /// Saves the file at `source` into `folder`; the path it got.
    public static func save(copying source: URL, name: String, into folder: URL) async throws(SaveError) -> URL {
        try await save(name: name, into: folder) { temporary in try FileManager.default.copyItem(at: source, to: temporary) }
    }

    /// Saves what `write` puts at the temporary path it is given into `folder` under `name`.
    public static func save(name: String, into folder: URL, write: (URL) async throws -> Void) async throws(SaveError) -> URL {
        try await save(name: name, into: folder, hardLinks: true, write: write)
    }

    /// As above; `hardLinks` false takes the path of a drive without them (a rename).
    static func save(name: String, into folder: URL, hardLinks: Bool, write: (URL) async throws -> Void) async throws(SaveError) -> URL {
        let temporary = try prepare(folder)
        do { try await write(temporary) } catch {
            try? FileManager.default.removeItem(at: temporary)
            let file = SafeFileName.make(name)
            if Self.isOutOfSpace(error) {
                throw SaveError(message: "\(file) could not be saved in \(folder.path): the drive is full.", isOutOfSpace: true)
            }
            throw SaveError(message: "\(file) could not be saved in \(folder.path): \(error.localizedDescription)")
        }
        return try place(temporary, name: name, in: folder, hardLinks: hardLinks)
    }

    /// Whether a write failed for want of room (a full drive, a used-up quota), however
    /// Foundation or the system said so.
    static func isOutOfSpace(_ error: any Error) -> Bool {
        if let posix = error as? POSIXError { return posix.code == .ENOSPC || posix.code == .EDQUOT }
        if let cocoa = error as? CocoaError, cocoa.code == .fileWriteOutOfSpace { return true }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return ns.code == Int(ENOSPC) || ns.code == Int(EDQUOT) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error { return isOutOfSpace(underlying) }
        return false
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
    /// anything, so two saves at once cannot overwrite each other), then removes the temporary
    /// name. Whatever holds a name (a file, a folder, a link, a dangling one) keeps it, and
    /// nothing a link points at is touched. Plain system calls throughout: Foundation's
    /// `moveItem` compares names by case folding, which Foundation does not implement on Linux
    /// (a name starting with "Ä" trapped).
    /// `hardLinks` false takes the path of a drive without them (tests and the fuzzer take both).
    public static func place(_ temporary: URL, name: String, in folder: URL, hardLinks: Bool = true) throws(SaveError) -> URL {
        defer { unlink(temporary.path) }
        let safe = SafeFileName.make(name)
        let ext = SafeFileName.fileExtension(safe)
        let stem = ext.isEmpty ? safe : String(safe.dropLast(ext.count + 1))
        for attempt in 0 ..< 1_000 {
            let candidate = attempt == 0 ? safe : (ext.isEmpty ? "\(stem) (\(attempt))" : "\(stem) (\(attempt)).\(ext)")
            let target = folder.appendingPathComponent(candidate)
            if hardLinks {
                if link(temporary.path, target.path) == 0 { return target }
                if errno == EEXIST { continue }
            }
            // A drive without hard links (FAT, exFAT, many network shares): a rename that
            // refuses to replace what is there.
            let failure = renameNoReplace(temporary.path, target.path)
            if failure == 0 { return target }
            if failure == EEXIST { continue }
            throw SaveError(message: "The file could not be saved as \(target.path): \(String(cString: strerror(failure))).")
        }
        throw SaveError(message: "\(folder.path) already has 1,000 files named like \(safe).")
    }

    /// Renames `from` to `to` unless `to` exists (as anything, a dangling link too): 0, or the
    /// error number (`EEXIST` when the name is taken).
    private static func renameNoReplace(_ from: String, _ to: String) -> Int32 {
        #if canImport(Darwin)
        return renamex_np(from, to, UInt32(RENAME_EXCL)) == 0 ? 0 : errno
        #else
        if let renameat2 = linuxRenameAt2 {
            if renameat2(AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */) == 0 { return 0 }
            let failure = errno
            // EINVAL: this file system cannot refuse to replace; ENOSYS: an old kernel.
            guard failure == EINVAL || failure == ENOSYS else { return failure }
        }
        // Looked at without following links, then renamed: safe unless another save takes the
        // name in between, which the hard links above rule out wherever the drive has them.
        var status = stat()
        if lstat(to, &status) == 0 { return EEXIST }
        return rename(from, to) == 0 ? 0 : errno
        #endif
    }

    #if !canImport(Darwin)
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// glibc's `renameat2` (2.28 and later), which Swift's Glibc module does not declare.
    private static let linuxRenameAt2: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    #endif
}
