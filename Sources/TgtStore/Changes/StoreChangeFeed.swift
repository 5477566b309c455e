import Foundation
import GRDB
import Logging
import TgtDomain

/// The one observer of the store: tells every subscriber which areas changed, whichever
/// process wrote them. Writes by this process are seen at once (GRDB tells it about each commit
/// that moves a change counter); writes by other processes (a `tgt` command, a widget, the app)
/// within `interval`, by reading the counters on the clock. Faces follow it instead of
/// announcing their own writes, so no handler has to remember to.
public final class StoreChangeFeed: Sendable {
    private struct State {
        var subscribers: [UUID: AsyncStream<Set<StoreChange>>.Continuation] = [:]
        var loop: Task<Void, Never>?
        var observation: AnyDatabaseCancellable?
        var waiter: CheckedContinuation<Void, Never>?
        var nudged = false
        var stopped = false
    }

    private let store: AppDatabase
    private let clock: any AppClock
    private let interval: TimeInterval
    private let state = Locked(State())
    private let logger = Logger(label: "tgt.store.changes")

    /// A feed over `store` that looks for other processes' writes every `interval` seconds of
    /// `clock`.
    public init(store: AppDatabase, clock: any AppClock, interval: TimeInterval = 0.25) {
        self.store = store
        self.clock = clock
        self.interval = interval
    }

    deinit {
        stop()
    }

    /// The areas that changed, one set per change noticed, from now on. The stream ends when the
    /// feed stops.
    public func changes() -> AsyncStream<Set<StoreChange>> {
        let (stream, continuation) = AsyncStream<Set<StoreChange>>.makeStream(bufferingPolicy: .bufferingNewest(64))
        let id = UUID()
        let stopped = state.withLock { state -> Bool in
            if state.stopped { return true }
            state.subscribers[id] = continuation
            return false
        }
        if stopped {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        startIfNeeded()
        return stream
    }

    /// Stops looking and ends every subscriber's stream.
    public func stop() {
        let (loop, observation, waiter, subscribers) = state.withLock { state in
            state.stopped = true
            defer {
                state.loop = nil
                state.observation = nil
                state.waiter = nil
                state.subscribers = [:]
            }
            return (state.loop, state.observation, state.waiter, state.subscribers)
        }
        loop?.cancel()
        observation?.cancel()
        waiter?.resume()
        for continuation in subscribers.values { continuation.finish() }
    }

    // MARK: - The loop

    private func startIfNeeded() {
        // The counters as the first subscriber found them: what is written after `changes()`
        // returns is a change.
        let baseline = try? store.changeRevisions()
        let start = state.withLock { state -> Bool in
            guard state.loop == nil, !state.stopped else { return false }
            // The loop holds the feed only while a round runs: a feed nobody keeps goes (its
            // deinit stops the loop), with the store it reads.
            state.loop = Task { [weak self] in
                var last = baseline
                while !Task.isCancelled, let feed = self {
                    last = await feed.round(after: last)
                }
            }
            return true
        }
        guard start else { return }
        // Commits of this process that move a counter wake the loop at once.
        let observation = DatabaseRegionObservation(tracking: Table("revision"))
            .start(in: store.writer, onError: { [logger] error in
                logger.warning("store observation stopped; other processes' changes still arrive", metadata: ["error": "\(error)"])
            }, onChange: { [weak self] _ in self?.wake() })
        let keep = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.observation = observation
            return true
        }
        if !keep { observation.cancel() }
    }

    /// One round of the loop: waits for a change or the clock, then tells every subscriber
    /// what changed since `last`. The counters to compare with next time.
    private func round(after last: StoreRevisions?) async -> StoreRevisions? {
        await waitForChange()
        guard !Task.isCancelled, let now = try? store.changeRevisions() else { return last }
        if let last, now != last {
            let changed = now.changes(since: last)
            let subscribers = state.withLock { Array($0.subscribers.values) }
            for continuation in subscribers { continuation.yield(changed) }
        }
        return now
    }

    /// Returns after `interval` on the clock, or at once when this process committed a change.
    private func waitForChange() async {
        let clock = self.clock, interval = self.interval
        let tick = Task { [weak self] in
            guard (try? await clock.sleep(for: interval)) != nil else { return }
            self?.wake()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.nudged || state.stopped {
                    state.nudged = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
        tick.cancel()
    }

    private func wake() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.nudged = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }
}
