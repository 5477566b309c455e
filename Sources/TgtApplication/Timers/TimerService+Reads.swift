import Foundation
import TgtDomain
import TgtStore

// What the faces read of the timers, and deleting one: through the service, so a face never
// holds the store.
extension TimerService {
    /// Every timer, in the list's order.
    public func all() throws(StoreError) -> [CountdownTimer] { try store.timers() }

    /// The timer `id`, or nil.
    public func timer(id: UUID) throws(StoreError) -> CountdownTimer? { try store.timer(id: id) }

    /// The timer a person named: its name, its position (1-based) or a prefix of its id.
    public func resolve(_ key: String) throws(StoreError) -> CountdownTimer { try store.resolveTimer(key) }

    /// The timer's position in the list (1-based; 1 when it is gone).
    public func position(of id: UUID) throws(StoreError) -> Int {
        (try all().firstIndex { $0.id == id } ?? 0) + 1
    }

    /// Ends the runs that are over by the clock's now (each to its completion), in one write;
    /// returns the timers that ended.
    @discardableResult
    public func settle() throws(StoreError) -> [CountdownTimer] { try store.settleTimers(at: clock.now) }

    /// The same at `now`: a screen's display tick, which knows the moment it draws.
    @discardableResult
    public func settle(at now: Date) throws(StoreError) -> [CountdownTimer] { try store.settleTimers(at: now) }

    /// Deletes the timer `id` (its waiting completion message is deleted on Telegram by the
    /// next schedule pass).
    public func delete(_ id: UUID) throws(StoreError) { try store.deleteTimer(id: id) }
}

extension TimerService {
    /// Moves the timer `id` to `position` (0-based) in the list.
    public func move(_ id: UUID, to position: Int) throws(StoreError) { try store.moveTimer(id: id, to: position) }
}
