import Foundation
import TgtDomain
import TgtStore
import TgtTimerSync

/// A control from outside the timer's screen — a Live Activity button, the watch — applied to
/// the store in one transaction, as the screen's own buttons are.
public enum TimerControlAction {
    /// The timer after `control` at `now`; a control that does not apply in its state throws
    /// `StoreError.timerState` and changes nothing.
    @discardableResult
    public static func perform(_ control: TimerControl, timerID: UUID, store: AppDatabase, now: Date = Date()) throws(StoreError) -> CountdownTimer {
        try store.change(timerID) { (timer: CountdownTimer) throws(TimerError) in try control.applied(to: timer, at: now) }
    }
}
