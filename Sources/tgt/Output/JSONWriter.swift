import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes JSON straight into a byte buffer, in the same shape `JSONEncoder` gives with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (callers write keys in sorted
/// order). Used where output is large and hot (`tgt templates list --json` with thousands of
/// templates), where `JSONEncoder` costs several times the database read.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    private var depth = 0
    private var needsComma: [Bool] = [false]

    init(reserving capacity: Int = 1 << 16) { bytes.reserveCapacity(capacity) }

    /// The document's bytes followed by a line break (taken out without copying them).
    mutating func finishLine() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        defer { bytes = [] }
        return bytes
    }

    mutating func beginObject() { beginValue(); bytes.append(UInt8(ascii: "{")); open() }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { beginValue(); bytes.append(UInt8(ascii: "[")); open() }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    mutating func key(_ name: String) {
        if needsComma[depth] { bytes.append(UInt8(ascii: ",")) }
        newline()
        string(name)
        bytes.append(contentsOf: Self.separator)
        needsComma[depth] = true
        pendingKey = true
    }

    mutating func value(_ text: String) { beginValue(); string(text) }
    mutating func value(_ number: Int64) {
        beginValue()
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        digits(number.magnitude, width: 1)
    }
    /// A number as JSONEncoder writes a `Double`: integral values without a fraction, others
    /// in Swift's shortest round-trip form.
    mutating func value(_ number: Double) {
        if number.rounded() == number, abs(number) < 1e15 {
            value(Int64(number))
        } else {
            beginValue()
            bytes.append(contentsOf: Array("\(number)".utf8))
        }
    }
    mutating func value(_ flag: Bool) { beginValue(); bytes.append(contentsOf: flag ? Self.trueBytes : Self.falseBytes) }
    mutating func null() { beginValue(); bytes.append(contentsOf: Self.nullBytes) }

    private static let hex = Array("0123456789abcdef".utf8)
    private static let separator = Array(" : ".utf8)
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)
    private static let nullBytes = Array("null".utf8)

    /// Appends `value` in decimal, zero-padded to `width` digits.
    private mutating func digits(_ value: UInt64, width: Int) {
        var buffer: [UInt8] = []
        var v = value
        repeat {
            buffer.append(UInt8(ascii: "0") + UInt8(v % 10))
            v /= 10
        } while v > 0
        while buffer.count < width { buffer.append(UInt8(ascii: "0")) }
        bytes.append(contentsOf: buffer.reversed())
    }

    /// A date as JSONEncoder's `.iso8601` strategy writes it (UTC, whole seconds).
    mutating func value(_ date: Date) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        digits(UInt64(parts.tm_year + 1900), width: 4); bytes.append(UInt8(ascii: "-"))
        digits(UInt64(parts.tm_mon + 1), width: 2); bytes.append(UInt8(ascii: "-"))
        digits(UInt64(parts.tm_mday), width: 2); bytes.append(UInt8(ascii: "T"))
        digits(UInt64(parts.tm_hour), width: 2); bytes.append(UInt8(ascii: ":"))
        digits(UInt64(parts.tm_min), width: 2); bytes.append(UInt8(ascii: ":"))
        digits(UInt64(parts.tm_sec), width: 2)
        bytes.append(contentsOf: [UInt8(ascii: "Z"), UInt8(ascii: "\"")])
    }

    // MARK: - Layout

    private var pendingKey = false

    private mutating func beginValue() {
        if pendingKey {
            pendingKey = false
            return
        }
        if depth > 0 {
            if needsComma[depth] { bytes.append(UInt8(ascii: ",")) }
            newline()
            needsComma[depth] = true
        }
    }

    private mutating func open() {
        depth += 1
        if needsComma.count <= depth { needsComma.append(false) } else { needsComma[depth] = false }
    }

    private mutating func close(_ bracket: UInt8) {
        let hadItems = needsComma[depth]
        depth -= 1
        if hadItems { newline() }
        bytes.append(bracket)
    }

    private mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { bytes.append(contentsOf: [32, 32]) }
    }

    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Copy runs that need no escaping in bulk; escape the rest byte by byte.
            var runStart = 0
            for (i, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
                escape(byte)
                runStart = i + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [92, 34])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [92, 92])
        case 0x0A: bytes.append(contentsOf: [92, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [92, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [92, UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [92, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [92, UInt8(ascii: "f")])
        default: bytes.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)]])
        }
    }
}
