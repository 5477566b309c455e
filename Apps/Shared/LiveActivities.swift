import ActivityKit
import Foundation
import TgtAppModel
import TgtDomain

/// Makes the Live Activities match the timers by running `LiveActivityPlan`'s steps through
/// ActivityKit. The app calls it after every timer change; so does `TimerControlIntent`, which
/// runs in the app's process.
@MainActor
enum LiveActivities {
    /// Nonisolated, like ActivityKit's own calls: an `Activity` is not Sendable, so it must stay
    /// where it was read instead of crossing from the main actor into `update` and `end`.
    nonisolated static func sync(with timers: [CountdownTimer], now: Date) async {
        guard ActivityAuthorizationInfo().areActivitiesEnabled else { return }
        let activities = Activity<TimerActivityAttributes>.activities.filter { $0.activityState == .active || $0.activityState == .stale }
        let byTimer = Dictionary(activities.map { ($0.attributes.timerID, $0) }, uniquingKeysWith: { first, _ in first })
        let shown = byTimer.mapValues { $0.content.state }
        for step in LiveActivityPlan.steps(shown: shown, timers: timers, now: now) {
            switch step {
            case .start(let id, let content):
                // Refused when too many are running or the person turned them off: the timer
                // itself is unaffected, so there is nothing to report.
                _ = try? Activity<TimerActivityAttributes>.request(attributes: TimerActivityAttributes(timerID: id),
                                          content: ActivityContent(state: content, staleDate: content.staleDate), pushType: nil)
            case .update(let id, let content):
                await byTimer[id]?.update(ActivityContent(state: content, staleDate: content.staleDate))
            case .end(let id, let content, let dismissAt):
                let final = content.map { ActivityContent(state: $0, staleDate: nil) }
                await byTimer[id]?.end(final, dismissalPolicy: dismissAt.map { .after($0) } ?? .immediate)
            }
        }
    }
}
