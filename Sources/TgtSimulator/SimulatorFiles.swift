import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the simulator writes what it keeps on disk (its stand-ins for TDLib's binlog and
/// Telegram's servers): lines appended in one `write` each, so a `kill -9` never tears one,
/// and whole files replaced by an atomic rename. The folder is made only when a file cannot be
/// opened for want of it, so a write costs the same few system calls however often it runs.
enum SimulatorFiles {
    /// Appends `line` (which ends with a newline) to `path`, created 0600 if absent, under an
    /// exclusive `flock` on the file, for files other processes append to as well; then, still
    /// locked, `whileLocked` gets the descriptor and the file's size before the line (which
    /// tells whether anyone else wrote since this process last did).
    @discardableResult
    static func appendLocked(_ line: String, to path: String, whileLocked: (_ fd: Int32, _ sizeBefore: off_t) -> Void) -> Bool {
        let fd = openMakingFolder(path, flags: O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        flock(fd, LOCK_EX)
        defer { flock(fd, LOCK_UN) }
        let sizeBefore = lseek(fd, 0, SEEK_END)
        guard writeAll(Array(line.utf8), to: fd) else { return false }
        whileLocked(fd, sizeBefore)
        return true
    }

    /// Writes `text` to a temporary file and renames it over `path`: a kill leaves either file whole.
    static func writeAtomically(_ text: String, to path: String) {
        let temporary = path + ".tmp"
        let fd = openMakingFolder(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
        guard fd >= 0 else { return }
        let written = writeAll(Array(text.utf8), to: fd)
        close(fd)
        if written { _ = rename(temporary, path) }
    }

    /// The lines of the file at `path` (none when it is absent). A last line without its newline
    /// was torn by a kill mid-write: it is left out, and with `repairingTornTail` (for a file
    /// only this process writes) cut from the file, so the next append starts a line of its own.
    static func lines(_ path: String, repairingTornTail: Bool = false) -> [Data.SubSequence] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return lines(of: data, repairing: repairingTornTail ? path : nil)
    }

    /// The whole lines of `data` (a torn last one left out, and cut from the file at `repairing`).
    static func lines(of data: Data, repairing path: String? = nil) -> [Data.SubSequence] {
        let newline = UInt8(ascii: "\n")
        var whole = data[...]
        if let last = data.last, last != newline {
            let end = data.lastIndex(of: newline).map { $0 + 1 } ?? data.startIndex
            whole = data[..<end]
            if let path { truncate(path, off_t(end - data.startIndex)) }
        }
        return whole.split(separator: newline)
    }

    /// A file only this process appends to (the outbox's journal, the delivered log), kept
    /// open: a line costs one `write`, not an `open` and a `close` as well. A failed write
    /// closes it, and the next line opens it again.
    final class AppendLog: @unchecked Sendable {
        // @unchecked: `fd` is guarded by `lock`.
        let path: String
        private let lock = NSLock()
        private var fd: Int32 = -1

        init(path: String) { self.path = path }

        deinit { if fd >= 0 { close(fd) } }

        func append(_ line: String) {
            lock.withLock {
                if fd < 0 { fd = openMakingFolder(path, flags: O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC) }
                guard fd >= 0 else { return }
                if !writeAll(Array(line.utf8), to: fd) {
                    close(fd)
                    fd = -1
                }
            }
        }
    }

    /// Opens `path` with `flags` (mode 0600), making its folder first only if it is missing.
    private static func openMakingFolder(_ path: String, flags: Int32) -> Int32 {
        let fd = open(path, flags, 0o600)
        guard fd < 0, errno == ENOENT else { return fd }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return open(path, flags, 0o600)
    }

    /// One `write` per call where possible: an appended line is never torn by a kill.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
