import Foundation

/// When a delivery that did not get a 2xx answer is tried again: after 30 s, 2 min, 10 min,
/// 30 min, 1 h, 3 h and 6 h (about 11 hours in all), then it is given up as failed; later when
/// the receiver asks for it with `Retry-After` (429, 503), never sooner. A receiver that
/// answers 410 Gone is not tried again. The receiver is told the attempt number in
/// `TgTemplates-Attempt`; the event id stays the same, so a receiver that saw it already can
/// ignore the repeat.
public enum WebhookRetry {
    public static let delays: [TimeInterval] = [30, 120, 600, 1_800, 3_600, 10_800, 21_600]
    /// Attempts in all, the first included.
    public static var maxAttempts: Int { delays.count + 1 }
    /// The longest wait a receiver's `Retry-After` is followed for: a day from the attempt.
    public static let longestRetryAfter: TimeInterval = 86_400

    /// When to try again after the `attempts`-th attempt failed at `now`, waiting at least as
    /// long as the receiver's `Retry-After` header asks (capped at `longestRetryAfter`); nil
    /// when that was the last attempt.
    public static func next(after attempts: Int, at now: Date, retryAfter header: String? = nil) -> Date? {
        guard attempts >= 1, attempts <= delays.count else { return nil }
        let planned = now.addingTimeInterval(delays[attempts - 1])
        guard let header, let asked = retryAfter(header, now: now) else { return planned }
        return max(planned, min(asked, now.addingTimeInterval(longestRetryAfter)))
    }

    /// The moment a `Retry-After` header names: delay-seconds ("120") or an HTTP date ("Wed,
    /// 21 Oct 2026 07:28:00 GMT"); nil for anything else (a receiver's header is not trusted).
    public static func retryAfter(_ header: String, now: Date) -> Date? {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 64 else { return nil }
        if text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            // Digits past any sensible wait still mean "later than the cap".
            return now.addingTimeInterval(Double(text) ?? longestRetryAfter)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }

    /// Whether an answer with HTTP `status` ends the delivery for good (410 Gone: the receiver
    /// says the address is gone).
    public static func isFinal(status: Int) -> Bool { status == 410 }
}
