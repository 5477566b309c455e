import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CLI's output layer: the only place that writes to the terminal. Results go to standard
/// output, messages and progress to standard error, so `--json` output stays parseable.
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
        FileHandle.standardOutput.write(Data(bytes))
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

    private func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
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
