import Foundation
import TgtApplication
import TgtDomain
import TgtTimerSync

/// A control from outside the timer's screen — a Live Activity button, the watch — applied to
/// the store in one transaction, as the screen's own buttons are.
public enum TimerControlAction {
    /// The timer after `control` at the workspace clock's now (`TimerService`'s rule); a
    /// control that does not apply in its state throws `StoreError.timerState` and changes nothing.
    @discardableResult
    public static func perform(_ control: TimerControl, timerID: UUID, workspace: Workspace) throws(StoreError) -> CountdownTimer {
        try workspace.timers().apply(control, to: timerID)
    }
}
