import Foundation

/// UUIDs to and from their text without Foundation's `sscanf`/`sprintf` path on Linux, which
/// costs a few microseconds each: listing 1,000 timers with 10,000 to-dos parses and prints
/// every id. Same text as `uuidString` (upper case) and the same strictness as `UUID(uuidString:)`.
public enum UUIDText {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Parses `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX` (either case); nil for anything else.
    public static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { bytes -> UUID? in
            guard bytes.count == 36 else { return nil }
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            let ok = withUnsafeMutableBytes(of: &value) { out -> Bool in
                var i = 0, o = 0
                while i < 36 {
                    if i == 8 || i == 13 || i == 18 || i == 23 {
                        guard bytes[i] == UInt8(ascii: "-") else { return false }
                        i += 1
                        continue
                    }
                    guard let high = nibble(bytes[i]), let low = nibble(bytes[i + 1]) else { return false }
                    out[o] = high << 4 | low
                    o += 1
                    i += 2
                }
                return true
            }
            return ok ? UUID(uuid: value) : nil
        }
    }

    /// The upper-case text `uuidString` gives.
    public static func string(_ id: UUID) -> String {
        var value = id.uuid
        return withUnsafeBytes(of: &value) { bytes in
            String(unsafeUninitializedCapacity: 36) { out in
                var o = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        out[o] = UInt8(ascii: "-")
                        o += 1
                    }
                    out[o] = hexDigits[Int(bytes[index] >> 4)]
                    out[o + 1] = hexDigits[Int(bytes[index] & 0x0F)]
                    o += 2
                }
                return o
            }
        }
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
