import Foundation
import TgtDomain
import WidgetKit

/// What follows every timer change on the phone, wherever it was made (the timers screen, a
/// Live Activity button while the app runs only in the background, the watch): the Live
/// Activities, the local notifications at the ends and the timers widget.
@MainActor
enum TimerFollowers {
    static func follow(_ timers: [CountdownTimer]) async {
        await LiveActivities.sync(with: timers)
        await TimerNotifications.replan(timers)
        WidgetCenter.shared.reloadTimelines(ofKind: WidgetKinds.timers)
    }
}
