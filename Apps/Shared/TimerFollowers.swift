import Foundation
import TgtDomain
import WidgetKit

/// What follows every timer change on the phone, wherever it was made (the timers screen, a
/// Live Activity button while the app runs only in the background, the watch): the Live
/// Activities, the local notifications at the ends and the timers widget.
@MainActor
enum TimerFollowers {
    static func follow(_ timers: [CountdownTimer]) async {
        let now = AppGroup.clock.now
        await LiveActivities.sync(with: timers, now: now)
        await TimerNotifications.replan(timers, now: now)
        WidgetCenter.shared.reloadTimelines(ofKind: WidgetKinds.timers)
    }
}
