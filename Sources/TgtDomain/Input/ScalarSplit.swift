/// Splitting user text on ASCII separators by Unicode scalars, never by `Character`.
///
/// Swift joins a separator and a combining mark that follows it ("=" + U+0301) into one
/// `Character`, so a `Character` search misses the separator in `k=́value`. Every place that
/// looks for a separator in user text (`NAME=VALUE`, `LAT,LON`, `CHAT/TOPIC`, form fields)
/// goes through these instead.
extension StringProtocol {
    /// Splits at every `separator` scalar, keeping empty pieces.
    public func splitScalars(on separator: Unicode.Scalar, maxSplits: Int = .max) -> [String] {
        unicodeScalars.split(separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
    }

    /// The text before and after the first `separator` scalar, or nil without one.
    public func splitOnce(at separator: Unicode.Scalar) -> (before: String, after: String)? {
        let scalars = unicodeScalars
        guard let index = scalars.firstIndex(of: separator) else { return nil }
        return (String(String.UnicodeScalarView(scalars[..<index])),
                String(String.UnicodeScalarView(scalars[scalars.index(after: index)...])))
    }
}
