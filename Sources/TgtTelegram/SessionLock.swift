import Foundation
import TgtDomain
import TgtStore
import TgtTDLib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on a data folder's TDLib database, held for as long as a process uses it.
/// TDLib must never be opened twice on one folder; the lock file names the holder's pid.
public final class SessionLock: Sendable {
    private let fd: Locked<Int32?>
    public let url: URL

    /// Takes the lock or says which process holds it.
    public init(directory: DataDirectory) throws(TelegramError) {
        do { try directory.create() } catch { throw .startFailed(error.message) }
        url = directory.lockFile
        let fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .startFailed("cannot open \(url.path)") }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            var buffer = [UInt8](repeating: 0, count: 32)
            let n = pread(fd, &buffer, 31, 0)
            let pid = n > 0 ? Int32(String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) : nil
            close(fd)
            throw .sessionInUse(pid: pid, folder: directory.url.path)
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, pid.count, 0) }
        self.fd = Locked(fd)
    }

    /// Releases the lock (idempotent).
    public func release() {
        guard let fd = fd.withLock({ held -> Int32? in
            defer { held = nil }
            return held
        }) else { return }
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// The pid written in a folder's lock file, if a process holds it now.
    public static func holder(of directory: DataDirectory) -> Int32? {
        let fd = open(directory.lockFile.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return nil
        }
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = pread(fd, &buffer, 31, 0)
        return n > 0 ? Int32(String(decoding: buffer[0..<n], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) : nil
    }

    deinit { release() }
}
