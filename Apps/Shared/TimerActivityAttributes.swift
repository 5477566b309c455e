import ActivityKit
import Foundation
import TgtAppModel

/// A timer's Live Activity: which timer (fixed for the activity's life) and what it shows
/// (`TimerActivityContent`, built and tested in TgtAppModel).
struct TimerActivityAttributes: ActivityAttributes {
    typealias ContentState = TimerActivityContent

    var timerID: UUID
}
