import Foundation
import TgtDomain

/// Which Live Activities the app starts, updates and ends so that they match the timers: one per
/// running or paused timer, soonest end first; a finished timer's activity says DONE and leaves
/// the Lock Screen a few minutes later; a reset or deleted timer's activity goes at once.
public enum LiveActivityPlan {
    /// How long a DONE activity stays on the Lock Screen.
    public static let doneLinger: TimeInterval = 5 * 60

    /// One step for the shell's ActivityKit calls.
    public enum Step: Sendable, Equatable {
        case start(UUID, TimerActivityContent)
        case update(UUID, TimerActivityContent)
        /// End it showing `content` (nil: as it is), dismissed at `dismissAt` (nil: at once).
        case end(UUID, TimerActivityContent?, dismissAt: Date?)
    }

    /// The steps from the activities shown (timer id → content) to what `timers` call for.
    public static func steps(shown: [UUID: TimerActivityContent], timers: [CountdownTimer], now: Date) -> [Step] {
        var steps: [Step] = []
        let byID = Dictionary(timers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ordered = timers.sorted { ($0.endsAt ?? .distantFuture, $0.id.uuidString) < ($1.endsAt ?? .distantFuture, $1.id.uuidString) }
        for timer in ordered {
            guard let content = TimerActivityContent.make(for: timer, at: now) else { continue }
            let current = shown[timer.id]
            if content.phase == .done {
                if current != nil { steps.append(.end(timer.id, content, dismissAt: now.addingTimeInterval(doneLinger))) }
            } else if current == nil {
                steps.append(.start(timer.id, content))
            } else if current != content {
                steps.append(.update(timer.id, content))
            }
        }
        for id in shown.keys.sorted(by: { $0.uuidString < $1.uuidString }) {
            let timer = byID[id]
            if timer == nil || timer?.state == .idle { steps.append(.end(id, nil, dismissAt: nil)) }
        }
        return steps
    }
}
