import Foundation
import TgtDomain

/// A clock that moves only when a test says so: `advance(by:)` moves "now" and wakes every
/// sleeper whose deadline has come, in deadline order. Hand it to the simulator, the schedule
/// keeper, the session host and the models, and a test about "in 30 seconds" takes no time.
public final class TestClock: AppClock, @unchecked Sendable {
    private struct Sleeper {
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let lock = NSLock()
    private var current: Date
    private var sleepers: [UInt64: Sleeper] = [:]
    private var nextID: UInt64 = 0

    /// Starts at `now` (by default the wall clock's current second, so dates look ordinary).
    public init(now: Date = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))) {
        current = now
    }

    public var now: Date { lock.withLock { current } }

    /// How many tasks are asleep on this clock now.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    public func sleep(until deadline: Date) async throws {
        let id = lock.withLock { () -> UInt64 in
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = lock.withLock { () -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = lock.withLock { sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by `seconds` and wakes the sleepers that are due.
    public func advance(by seconds: TimeInterval) {
        precondition(seconds >= 0, "a clock does not go back")
        let due = lock.withLock { () -> [Sleeper] in
            current = current.addingTimeInterval(seconds)
            let now = current
            let ready = sleepers.filter { $0.value.deadline <= now }
            for id in ready.keys { sleepers.removeValue(forKey: id) }
            return ready.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Moves the clock to `date` (if it is ahead) and wakes the sleepers that are due.
    public func advance(to date: Date) {
        advance(by: max(0, date.timeIntervalSince(now)))
    }
}
