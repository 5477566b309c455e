import Foundation

/// Limits wrong dashboard passwords (and wrong trigger links): at most `limit` failures per
/// client in `window` seconds; after that, the client is refused until the oldest failure
/// leaves the window. It remembers at most `maxClients` clients, so guesses from very many
/// addresses cannot grow it without bound: past that, the clients whose last failure is
/// oldest are forgotten first.
public actor LoginThrottle {
    public let limit: Int
    public let window: TimeInterval
    public let maxClients: Int
    private var failures: [String: [Date]] = [:]

    public init(limit: Int = 5, window: TimeInterval = 15 * 60, maxClients: Int = 10_000) {
        self.limit = limit
        self.window = window
        self.maxClients = maxClients
    }

    /// How many clients it remembers now.
    public var clientCount: Int { failures.count }

    /// Seconds to wait before this client may try again, or nil when it may try now.
    public func retryAfter(for client: String, now: Date) -> Int? {
        let recent = prune(client, now: now)
        guard recent.count >= limit, let oldest = recent.first else { return nil }
        return max(1, Int((window - now.timeIntervalSince(oldest)).rounded(.up)))
    }

    public func recordFailure(for client: String, now: Date) {
        var recent = prune(client, now: now)
        recent.append(now)
        failures[client] = recent
        if failures.count > maxClients { forgetOldest(now: now) }
    }

    /// Drops every client with no failure in the window, then, if still too many, the clients
    /// whose last failure is oldest, down to nine tenths of the cap (so this runs rarely).
    private func forgetOldest(now: Date) {
        failures = failures.filter { _, dates in dates.last.map { now.timeIntervalSince($0) < window } ?? false }
        let keep = maxClients * 9 / 10
        guard failures.count > keep else { return }
        let byLast = failures.sorted { ($0.value.last ?? .distantPast) > ($1.value.last ?? .distantPast) }
        failures = Dictionary(uniqueKeysWithValues: byLast.prefix(keep).map { ($0.key, $0.value) })
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
