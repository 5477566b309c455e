import Foundation

/// Limits wrong dashboard passwords: at most `limit` failures per client in `window`
/// seconds; after that, sign-in is refused until the oldest failure leaves the window.
public actor LoginThrottle {
    public let limit: Int
    public let window: TimeInterval
    private var failures: [String: [Date]] = [:]

    public init(limit: Int = 5, window: TimeInterval = 15 * 60) {
        self.limit = limit
        self.window = window
    }

    /// Seconds to wait before this client may try again, or nil when it may try now.
    public func retryAfter(for client: String, now: Date = Date()) -> Int? {
        let recent = prune(client, now: now)
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((window - now.timeIntervalSince(oldest)).rounded(.up)))
    }

    public func recordFailure(for client: String, now: Date = Date()) {
        var recent = prune(client, now: now)
        recent.append(now)
        failures[client] = recent
    }

    public func recordSuccess(for client: String) {
        failures[client] = nil
    }

    private func prune(_ client: String, now: Date) -> [Date] {
        let recent = (failures[client] ?? []).filter { now.timeIntervalSince($0) < window }
        failures[client] = recent.isEmpty ? nil : recent
        return recent
    }
}
