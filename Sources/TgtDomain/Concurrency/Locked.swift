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
