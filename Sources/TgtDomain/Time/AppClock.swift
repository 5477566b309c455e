import Foundation

/// The one source of "now" and of waiting, for everything that reads the time or sleeps: the
/// schedule keeper, the simulator's server clock, the session host, timers and the event
/// coalescer. Production passes `SystemClock`; tests pass a clock they advance by hand, so no
/// test waits on the wall clock for something to happen.
public protocol AppClock: Sendable {
    /// The current time on this clock.
    var now: Date { get }
    /// Suspends until this clock reaches `deadline` (at once when it already has). Throws
    /// `CancellationError` when the task is cancelled first.
    func sleep(until deadline: Date) async throws
}

extension AppClock {
    /// Suspends for `seconds` on this clock.
    public func sleep(for seconds: TimeInterval) async throws {
        try await sleep(until: now.addingTimeInterval(seconds))
    }

    /// Runs `work` once this clock reaches `deadline`, unless the returned task is cancelled
    /// first: for code that arms a wake-up rather than awaiting it.
    @discardableResult
    public func schedule(at deadline: Date, _ work: @escaping @Sendable () -> Void) -> Task<Void, Never> {
        Task {
            do { try await sleep(until: deadline) } catch { return }
            work()
        }
    }
}

/// The real clock: `Date()` and `Task.sleep`.
public struct SystemClock: AppClock {
    public init() {}

    public var now: Date { Date() }

    public func sleep(until deadline: Date) async throws {
        let seconds = deadline.timeIntervalSinceNow
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(nanoseconds: UInt64(min(seconds, 365 * 86_400) * 1_000_000_000))
    }
}
