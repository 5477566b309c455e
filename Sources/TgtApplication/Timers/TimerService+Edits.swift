import Foundation
import TgtDomain
import TgtStore

extension TimerService {
    /// Saves a new timer at the end of the list, made now on the clock (after the store's
    /// checks: a name, a duration in range, a name no other timer has).
    @discardableResult
    public func create(_ timer: CountdownTimer) throws(StoreError) -> CountdownTimer {
        var made = timer
        made.createdAt = clock.now
        made.updatedAt = made.createdAt
        return try store.insert(made)
    }

    /// Gives timer `id` the settings of `edited` (name, duration, icon, color, completion
    /// action) and keeps its countdown, to-dos and notes as stored now: one transaction.
    @discardableResult
    public func edit(_ id: UUID, like edited: CountdownTimer) throws(StoreError) -> CountdownTimer {
        let now = clock.now
        return try store.change(id) { current in current.withSettings(of: edited, at: now) }
    }

    /// Changes what `body` changes of timer `id` (its to-dos, notes or settings; never its
    /// countdown, which only a `TimerControl` moves), stamped now: one transaction, nothing
    /// changed when `body` throws.
    @discardableResult
    public func change(_ id: UUID, _ body: @Sendable (inout CountdownTimer) throws -> Void) throws(StoreError) -> CountdownTimer {
        let now = clock.now
        return try store.change(id) { timer in
            var changed = timer
            try body(&changed)
            changed.state = timer.state
            changed.updatedAt = now
            return changed
        }
    }
}
