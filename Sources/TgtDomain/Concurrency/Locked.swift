import Foundation

/// A value guarded by a lock, for state shared between threads and tasks (TDLib's receive
/// thread and its callers, the store's change feed, the dashboard's secrets).
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    @discardableResult
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked<Bool> {
    /// True for the first caller only: lets exactly one of several racing tasks answer, or
    /// something happen once per process.
    public func firstTime() -> Bool {
        withLock { taken in
            defer { taken = true }
            return !taken
        }
    }
}
