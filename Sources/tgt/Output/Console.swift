import Foundation
import TgtDomain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
import TgtApplication
#endif

/// The CLI's output layer: the only place that writes to the terminal. Results go to standard
/// output, messages and progress to standard error, so `--json` output stays parseable.
///
/// Writes go through `OutputStream.write`, which reports a failure (a full disk, a closed
/// descriptor) instead of trapping: the command finishes its work (a send is never abandoned
/// half-way because its progress could not be shown), and `TGT.main` then exits with
/// `ExitStatus.outputFailed` unless the command already failed for another reason.
struct Console: Sendable {
    let json: Bool

    /// A line of normal output (suppressed in JSON mode: JSON goes through `emit`).
    func line(_ text: String = "") {
        guard !json else { return }
        write(text + "\n", to: .standardOutput)
    }

    /// A status or progress line on standard error.
    func note(_ text: String) {
        write(text + "\n", to: .standardError)
    }

    /// A status line on a terminal's standard error, rewritten in place (a countdown); `nil`
    /// clears it.
    func status(_ text: String?) {
        write("\r\u{1B}[K" + (text ?? ""), to: .standardError)
    }

    /// A JSON document on standard output (pretty, keys sorted).
    func emit<T: Encodable>(_ value: T) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value) else { return }
        write(String(decoding: data, as: UTF8.self) + "\n", to: .standardOutput)
    }

    /// Bytes on standard output (large JSON written by `JSONWriter`).
    func raw(_ bytes: [UInt8]) {
        OutputStream.standardOutput.write(bytes)
    }

    /// Raw text on standard output (exports).
    func raw(_ text: String) {
        write(text, to: .standardOutput)
    }

    /// Asks a question on standard error and reads one line (nil at end of input).
    func ask(_ question: String, secret: Bool = false) -> String? {
        write(question + " ", to: .standardError)
        let hide = secret && isatty(STDIN_FILENO) == 1
        var saved = termios()
        if hide {
            tcgetattr(STDIN_FILENO, &saved)
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        }
        let answer = readLine(strippingNewline: true)
        if hide {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            write("\n", to: .standardError)
        }
        return answer
    }

    /// Whether a person is at the keyboard.
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 }

    private func write(_ text: String, to stream: OutputStream) {
        stream.write(Array(text.utf8))
    }
}

/// `write(2)`, named apart from `OutputStream.write`.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// Standard output or standard error, written with `write(2)`. The first failure is kept (and
/// later writes to that stream skipped) so the command can report it once at the end.
enum OutputStream: Sendable {
    case standardOutput, standardError

    var descriptor: Int32 { self == .standardOutput ? STDOUT_FILENO : STDERR_FILENO }

    /// What the process knows about its standard output and error, behind one lock.
    private struct State {
        /// Why writing to a descriptor failed (errno), for the first failure of each.
        var failures: [Int32: Int32] = [:]
        /// Standard descriptors that were closed when the process started: writing to one fails.
        var closedAtStart: Set<Int32> = []
        /// Set once the user pressed Ctrl-C: the process is closing TDLib and will exit 130, so
        /// errors from requests that the close aborts, and prompts, are no longer shown.
        var silenced = false
    }

    private static let state = Locked(State())

    /// Stops all further output (see `State.silenced`).
    static func silenceAll() { state.withLock { $0.silenced = true } }

    /// The errno of the first failed write to this stream, if any.
    var failure: Int32? { Self.state.withLock { $0.failures[descriptor] } }

    /// Run first thing: a standard descriptor that was closed (`>&-`) is filled with /dev/null,
    /// so the next file the process opens (the SQLite database!) cannot become "standard
    /// output" and receive the output; writing to it then fails as it would have.
    static func guardStandardDescriptors() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if null >= 0, null != fd {
                _ = dup2(null, fd)
                _ = close(null)
            }
            if fd != STDIN_FILENO { state.withLock { _ = $0.closedAtStart.insert(fd) } }
        }
    }

    /// Writes all of `bytes`; on failure remembers errno and returns false. A closed pipe
    /// still raises SIGPIPE, which ends the process quietly as before (`tgt … | head`).
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        let fd = descriptor
        let usable = Self.state.withLock { state -> Bool in
            guard state.failures[fd] == nil, !state.silenced else { return false }
            if state.closedAtStart.contains(fd) {
                state.failures[fd] = EBADF
                return false
            }
            return true
        }
        guard usable else { return false }
        let error: Int32? = bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        guard let error else { return true }
        Self.state.withLock { $0.failures[fd] = error }
        return false
    }

    /// "No space left on device" for an errno.
    static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

/// Fixed-width columns for terminal tables (display width counts wide characters as two).
struct Table {
    var headers: [String]
    var rows: [[String]] = []

    func render() -> String {
        let all = [headers] + rows
        var widths = Array(repeating: 0, count: headers.count)
        for row in all { for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], Self.width(cell)) } }
        return all.map { row in
            row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - Self.width(cell))
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { total, s in
            if s.properties.generalCategory == .nonspacingMark || s.value == 0xFE0F || s.value == 0x200D { return total }
            return total + (s.properties.isEmojiPresentation || (0x1100...0x115F).contains(s.value) || (0x2E80...0xA4CF).contains(s.value)
                || (0xAC00...0xD7A3).contains(s.value) || (0xF900...0xFAFF).contains(s.value) || (0xFF00...0xFF60).contains(s.value) ? 2 : 1)
        }
    }
}
