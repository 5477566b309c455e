import Foundation

/// One byte range of a `Range` request header (RFC 9110 §14.1.2), resolved against a file's
/// size: `bytes=0-499`, `bytes=500-` and `bytes=-500` (the last 500). Several ranges, other
/// units and malformed headers are ignored (the whole file is served, as the RFC allows);
/// a range that starts past the end cannot be satisfied.
enum ByteRange: Equatable {
    /// No usable range: serve everything with 200.
    case whole
    /// Serve `start...end` (inclusive) with 206.
    case part(start: Int64, end: Int64)
    /// 416 with `Content-Range: bytes */size`.
    case unsatisfiable

    static func parse(_ header: String?, size: Int64) -> ByteRange {
        guard let header, header.hasPrefix("bytes="), size >= 0 else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        func number(_ text: String) -> Int64? {
            guard !text.isEmpty, text.count <= 18, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
            return Int64(text)
        }
        if first.isEmpty {
            guard let suffix = number(last) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .part(start: max(0, size - suffix), end: size - 1)
        }
        guard let start = number(first) else { return .whole }
        let end: Int64
        if last.isEmpty {
            end = size - 1
        } else {
            guard let given = number(last), given >= start else { return .whole }
            end = min(given, size - 1)
        }
        guard start < size else { return .unsatisfiable }
        return .part(start: start, end: end)
    }
}
