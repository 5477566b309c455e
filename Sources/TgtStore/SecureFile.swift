import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic, private file writes: the data goes to a 0600 temporary file in the same folder, is
/// flushed to disk, then renamed over the destination. A crash leaves the old file or the new
/// one, never half of one, and the file is never readable by other users.
public enum SecureFile {
    public static func write(_ data: Data, to url: URL, mode: mode_t = 0o600) throws(StoreError) {
        let folder = url.deletingLastPathComponent().path
        let temp = "\(folder)/.\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else { throw .dataDirectory("cannot write \(url.path): \(String(cString: strerror(errno)))") }
        var ok = fchmod(fd, mode) == 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while ok, offset < raw.count, let base = raw.baseAddress {
                let n = Glibc_write(fd, base + offset, raw.count - offset)
                if n <= 0 { ok = false } else { offset += n }
            }
        }
        ok = ok && fsync(fd) == 0
        close(fd)
        guard ok, rename(temp, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp)
            throw .dataDirectory("cannot write \(url.path): \(reason)")
        }
    }

    /// The file's contents, or nil when it does not exist.
    public static func read(_ url: URL) -> Data? {
        try? Data(contentsOf: url)
    }

    /// The file's permission bits (e.g. 0o600), or nil.
    public static func permissions(of url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]) as? Int
    }
}

#if canImport(Glibc)
private func Glibc_write(_ fd: Int32, _ buf: UnsafeRawPointer, _ n: Int) -> Int { Glibc.write(fd, buf, n) }
#else
private func Glibc_write(_ fd: Int32, _ buf: UnsafeRawPointer, _ n: Int) -> Int { Darwin.write(fd, buf, n) }
#endif
