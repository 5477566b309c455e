import Foundation

/// Hands the latest value and every later change to any number of async subscribers.
public final class Broadcast<Value: Sendable>: Sendable {
    private let state: Locked<(current: Value?, subscribers: [Int: AsyncStream<Value>.Continuation], next: Int)>

    public init(_ initial: Value? = nil) {
        state = Locked((initial, [:], 0))
    }

    public var current: Value? { state.withLock { $0.current } }

    /// A stream that starts with the current value (if any, and if `replayingCurrent`), then
    /// each new one. Ends on `finish`.
    public func subscribe(replayingCurrent: Bool = true) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .unbounded)
        let id = state.withLock { s -> Int in
            s.next += 1
            s.subscribers[s.next] = continuation
            if replayingCurrent, let current = s.current { continuation.yield(current) }
            return s.next
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// The first value (the current one included) that `predicate` accepts, or nil after
    /// `timeout` seconds or when the broadcast finishes.
    public func first(timeout: Double, where predicate: @escaping @Sendable (Value) -> Bool) async -> Value? {
        await Self.first(of: subscribe(), timeout: timeout, where: predicate)
    }

    /// The first value of `stream` (one subscribed earlier) that `predicate` accepts, or nil
    /// after `timeout` seconds or when the stream ends.
    public static func first(of stream: AsyncStream<Value>, timeout: Double, where predicate: @escaping @Sendable (Value) -> Bool) async -> Value? {
        await withTaskGroup(of: Value?.self) { group in
            group.addTask {
                for await value in stream where predicate(value) { return value }
                return nil
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    public func send(_ value: Value) {
        let subscribers = state.withLock { s -> [AsyncStream<Value>.Continuation] in
            s.current = value
            return Array(s.subscribers.values)
        }
        for s in subscribers { s.yield(value) }
    }

    public func finish() {
        let subscribers = state.withLock { s -> [AsyncStream<Value>.Continuation] in
            let all = Array(s.subscribers.values)
            s.subscribers.removeAll()
            return all
        }
        for s in subscribers { s.finish() }
    }
}
