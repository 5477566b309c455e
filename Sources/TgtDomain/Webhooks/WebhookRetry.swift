import Foundation

/// When a delivery that did not get a 2xx answer is tried again: after 30 s, 2 min, 10 min,
/// 30 min, 1 h, 3 h and 6 h (about 11 hours in all), then it is given up as failed. The
/// receiver is told the attempt number in `TgTemplates-Attempt`; the event id stays the same,
/// so a receiver that saw it already can ignore the repeat.
public enum WebhookRetry {
    public static let delays: [TimeInterval] = [30, 120, 600, 1_800, 3_600, 10_800, 21_600]
    /// Attempts in all, the first included.
    public static var maxAttempts: Int { delays.count + 1 }

    /// When to try again after the `attempts`-th attempt failed at `now`; nil when that was
    /// the last one.
    public static func next(after attempts: Int, at now: Date) -> Date? {
        guard attempts >= 1, attempts <= delays.count else { return nil }
        return now.addingTimeInterval(delays[attempts - 1])
    }
}
