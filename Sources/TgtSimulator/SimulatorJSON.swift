import Foundation

/// Serializes the simulator's `[String: Any]` objects to JSON text directly. Foundation's
/// JSONSerialization writer is slow on Linux, and the simulator stands in for TDLib's C++ JSON
/// writer in benchmarks, so its own cost must stay small next to the client's.
enum SimulatorJSON {
    /// JSON text written once and embedded as it is wherever the same object goes again: a
    /// message in its update, as the chat's last message and in the history's journal.
    struct Fragment {
        let text: String
        init(_ object: [String: Any]) { text = SimulatorJSON.serialize(object) }
    }

    static func serialize(_ object: [String: Any]) -> String {
        var out = ""
        out.reserveCapacity(256)
        write(object, to: &out)
        return out
    }

    static func write(_ value: Any, to out: inout String) {
        switch value {
        case let text as String:
            string(text, to: &out)
        case let object as [String: Any]:
            out += "{"
            var first = true
            for (key, item) in object {
                if !first { out += "," }
                first = false
                string(key, to: &out)
                out += ":"
                write(item, to: &out)
            }
            out += "}"
        case let array as [Any]:
            out += "["
            for (i, item) in array.enumerated() {
                if i > 0 { out += "," }
                write(item, to: &out)
            }
            out += "]"
        case let fragment as Fragment:
            out += fragment.text
        case is NSNull:
            out += "null"
        default:
            scalar(value, to: &out)
        }
    }

    private static func scalar(_ value: Any, to out: inout String) {
        switch ObjectIdentifier(type(of: value)) {
        case ObjectIdentifier(Bool.self): out += (value as? Bool ?? false) ? "true" : "false"
        case ObjectIdentifier(Int.self): out += String(value as? Int ?? 0)
        case ObjectIdentifier(Int32.self): out += String(value as? Int32 ?? 0)
        case ObjectIdentifier(Int64.self): out += String(value as? Int64 ?? 0)
        case ObjectIdentifier(Double.self): number(value as? Double ?? 0, to: &out)
        default:
            // NSNumber values parsed from requests (e.g. entity offsets copied into a message).
            guard let n = value as? NSNumber else {
                out += "null"
                return
            }
            switch String(cString: n.objCType) {
            case "c", "B": out += n.boolValue ? "true" : "false"
            case "d", "f": number(n.doubleValue, to: &out)
            default: out += String(n.int64Value)
            }
        }
    }

    private static func number(_ d: Double, to out: inout String) {
        guard d.isFinite else {
            out += "0"
            return
        }
        out += d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
    }

    private static func string(_ text: String, to out: inout String) {
        out += "\""
        // Most strings (every key, most values) need no escape: appended whole.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }) else {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
