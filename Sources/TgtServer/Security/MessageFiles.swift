import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TgtApplication
import TgtDomain

/// A message's file as the dashboard serves it: by chat and message id (never by a path from
/// the client), from TDLib's folders only (`TDLibFileGuard`), with a type sniffed from its bytes
/// (`MediaSniffer`: images, video and audio as themselves, anything else as
/// `application/octet-stream`), inline only for those types and otherwise a download under the
/// sender's name made safe, in a sandbox that runs no script, one byte range at a time.
struct MessageFiles {
    /// Asked again each time: after a sign-out (or another account's login) a shared browser
    /// must not show another session's files from its cache.
    static let cacheControl = "private, no-cache"
    /// What the browser may do with a file opened on its own: nothing active.
    static let contentSecurityPolicy = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'"
    static let notFound = APIError.notFound("The file is not there any more; reload the conversation.")

    /// An opened file ready to serve.
    struct Opened {
        let reader: FileChunks
        /// The sniffed type (nil: a download of `application/octet-stream`).
        let inlineType: MediaSniffer.InlineType?
        let size: Int64
        let disposition: String
    }

    let guardrail: TDLibFileGuard

    init(telegram: LiveSession) {
        guardrail = TDLibFileGuard(folders: telegram.tdlibFolders)
    }

    /// Opens the downloaded file (checked, sniffed); `forceDownload` makes it an attachment
    /// whatever it is. A file still downloading (`part`) is sniffed only when its head is there
    /// (else it is `application/octet-stream`), and its size is TDLib's, not what is on disk yet.
    func open(_ download: MediaDownload, forceDownload: Bool, part: MediaPart? = nil) throws -> Opened {
        guard let (real, onDisk) = guardrail.check(download.path) else { throw Self.notFound }
        let fd = openForReading(real)
        guard fd >= 0 else { throw Self.notFound }
        let reader = FileChunks(fd: fd)
        let size = part == nil ? onDisk : download.size
        let type = part?.headAvailable == false ? nil : MediaSniffer.sniff(reader.head(MediaSniffer.prefixLength))
        let inline = type != nil && !forceDownload
        return Opened(reader: reader, inlineType: type, size: size,
                      disposition: Self.disposition(inline: inline, name: download.fileName))
    }

    /// `inline` or `attachment` with the name twice: an ASCII fallback and RFC 8187's UTF-8 form.
    static func disposition(inline: Bool, name: String) -> String {
        let safe = SafeFileName.make(name)
        let ascii = String(safe.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0 != "%" && $0.value >= 0x20 ? Character($0) : "_" })
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0) ..< Unicode.Scalar(128)))
        allowed.insert(charactersIn: "-._~")
        let encoded = safe.addingPercentEncoding(withAllowedCharacters: allowed) ?? "file"
        return "\(inline ? "inline" : "attachment"); filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}

/// An open file read in chunks from an offset, for a streamed response body; closed when the
/// last reference goes (a response cut short closes it too).
final class FileChunks: Sendable {
    static let chunkSize = 64 * 1024
    private let fd: Int32

    init(fd: Int32) { self.fd = fd }

    deinit { close(fd) }

    /// The first `count` bytes (fewer for a shorter file).
    func head(_ count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, 0) }
        return Array(buffer.prefix(max(0, read)))
    }

    /// `count` bytes from `offset` (fewer only at the end of the file; none there is an error).
    func read(offset: Int64, count: Int) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: max(0, count))
        var done = 0
        while done < count {
            let read = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress.map { $0 + done }, count - done, off_t(offset) + off_t(done)) }
            guard read > 0 else { break }
            done += read
        }
        guard done > 0 || count == 0 else { throw MessageFiles.notFound }
        return Array(buffer.prefix(done))
    }

    /// The bytes `start...end`, as a sequence of chunks read when asked for.
    func stream(start: Int64, end: Int64) -> AsyncThrowingStream<ArraySlice<UInt8>, any Error> {
        let position = Mutex(start)
        return AsyncThrowingStream(unfolding: { [self] in
            let offset = position.withLock { $0 }
            guard offset <= end else { return nil }
            let count = Int(min(Int64(Self.chunkSize), end - offset + 1))
            var buffer = [UInt8](repeating: 0, count: count)
            let read = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(offset)) }
            guard read > 0 else { throw MessageFiles.notFound }
            position.withLock { $0 = offset + Int64(read) }
            return buffer[..<read]
        })
    }
}

/// `open(2)` read-only (a function of its own: `MessageFiles.open` would shadow it).
private func openForReading(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}
