import Foundation
import TgtApplication
import TgtDomain

/// What the timers widget draws: the running timers with their end dates (the widget counts
/// down with `Text(timerInterval:)`, so one timeline entry lasts until the next end), read from
/// the shared store without TDLib.
public struct TimersWidgetSnapshot: Sendable, Equatable {
    /// One running timer.
    public struct Item: Sendable, Equatable, Identifiable {
        public var id: UUID
        public var name: String
        public var symbol: String
        public var colorHex: String
        public var countdown: ClosedRange<Date>
    }

    public var items: [Item]
    /// When the widget must be redrawn: the first end among them (it then reads DONE elsewhere).
    public var nextChange: Date?
    /// Shown when nothing runs.
    public var emptyText: AppText?

    /// The running timers, soonest end first, at most `limit`.
    public static func make(timers: [CountdownTimer], now: Date, limit: Int) -> TimersWidgetSnapshot {
        let items = timers.compactMap { timer -> Item? in
            guard let content = TimerActivityContent.make(for: timer, at: now), let countdown = content.countdown else { return nil }
            return Item(id: timer.id, name: timer.name, symbol: content.symbol, colorHex: content.colorHex, countdown: countdown)
        }
        .sorted { ($0.countdown.upperBound, $0.id.uuidString) < ($1.countdown.upperBound, $1.id.uuidString) }
        let shown = Array(items.prefix(max(0, limit)))
        return TimersWidgetSnapshot(items: shown, nextChange: items.first?.countdown.upperBound,
                                    emptyText: shown.isEmpty ? AppText("timers.widget.none") : nil)
    }

    /// Reads the store's timers (the widget only reads; the app settles those that ended).
    public static func make(from workspace: Workspace, now: Date, limit: Int) throws(StoreError) -> TimersWidgetSnapshot {
        make(timers: try workspace.timers().all(), now: now, limit: limit)
    }
}
