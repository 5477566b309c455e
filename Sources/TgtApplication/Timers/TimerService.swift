import Foundation
import TgtDomain
import TgtStore

/// Timers' controls for every face: the dashboard's API, `tgt timers …`, the app's timer
/// screen, Live Activity buttons and Siri all apply a `TimerControl` here — at the clock's
/// "now", in one store transaction, a control that does not apply in the timer's state
/// changing nothing — and then bring Telegram's schedule in line (the completion message
/// scheduled, moved or deleted). Open screens hear of the change from the store.
public struct TimerService: Sendable {
    let store: AppDatabase
    public let clock: any AppClock
    private let schedule: @Sendable () async -> Void

    /// `schedule` runs one pass of the schedule keeper after a change (a face without Telegram,
    /// or whose keeper follows the store by itself, passes nothing).
    public init(store: AppDatabase, clock: any AppClock, schedule: @escaping @Sendable () async -> Void = {}) {
        self.store = store
        self.clock = clock
        self.schedule = schedule
    }

    /// Applies `control` to the timer `id` and waits for the schedule pass; returns the timer
    /// as stored. Throws `StoreError.timerState` (the timer's own message) when the control
    /// does not apply, and `.timerNotFound` for an unknown id; either way nothing changed.
    @discardableResult
    public func control(_ id: UUID, _ control: TimerControl) async throws(StoreError) -> CountdownTimer {
        let changed = try apply(control, to: id)
        await schedule()
        return changed
    }

    /// Applies `control` to the timer `id` in the store only (for screens that must answer at
    /// once; a running schedule keeper sees the change in the store).
    @discardableResult
    public func apply(_ control: TimerControl, to id: UUID) throws(StoreError) -> CountdownTimer {
        let now = clock.now
        return try store.change(id) { (timer: CountdownTimer) throws(TimerError) in try control.applied(to: timer, at: now) }
    }
}
