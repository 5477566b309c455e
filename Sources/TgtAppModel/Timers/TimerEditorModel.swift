import Foundation
import Observation
import TgtDomain
import TgtStore

/// Creates or changes a timer: name, hours / minutes / seconds pickers, icon grid, color
/// swatches, with the timer document's message until both a name and a duration are given.
@Observable @MainActor
public final class TimerEditorModel {
    public let original: CountdownTimer?
    public var name: String
    public var hours: Int
    public var minutes: Int
    public var seconds: Int
    public var icon: TimerIcon
    public var color: TimerColor
    public private(set) var saveError: AppText?

    public let icons = TimerIcon.allCases
    public let colors = TimerColor.allCases
    /// The pickers' ranges.
    public let hourRange = 0...99
    public let minuteRange = 0...59

    @ObservationIgnored let store: AppDatabase
    @ObservationIgnored var saved: (CountdownTimer) -> Void = { _ in }

    init(timer: CountdownTimer?, store: AppDatabase) {
        original = timer
        name = timer?.name ?? ""
        let total = timer?.duration.seconds ?? 0
        hours = total / 3600
        minutes = (total % 3600) / 60
        seconds = total % 60
        icon = timer?.icon ?? .default
        color = timer?.color ?? .default
        self.store = store
    }

    public var duration: TimerDuration? {
        guard hourRange.contains(hours), minuteRange.contains(minutes), minuteRange.contains(seconds) else { return nil }
        return TimerDuration(seconds: hours * 3600 + minutes * 60 + seconds)
    }

    /// The timer as the fields describe it, or nil without a duration.
    public var draft: CountdownTimer? {
        guard let duration else { return nil }
        var timer = original ?? CountdownTimer(name: name, duration: duration)
        timer.name = name
        timer.duration = duration
        timer.icon = icon
        timer.color = color
        return timer
    }

    /// The document's message while the name or the duration is missing; then the other rules.
    public var problem: AppText? {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || duration == nil { return AppText("timers.invalid") }
        guard let draft else { return AppText("timers.invalid") }
        return TimerValidator.problems(draft).first.map { .verbatim($0.message) }
    }

    public var canSave: Bool { problem == nil }

    @discardableResult
    public func save() -> CountdownTimer? {
        saveError = nil
        guard canSave, let draft else { return nil }
        do {
            let stored: CountdownTimer
            if original == nil {
                stored = try store.insert(draft)
            } else {
                stored = try store.change(draft.id) { [draft] current in
                    var t = current
                    t.name = draft.name
                    t.duration = draft.duration
                    t.icon = draft.icon
                    t.color = draft.color
                    t.updatedAt = Date()
                    return t
                }
            }
            saved(stored)
            return stored
        } catch {
            saveError = AppText("editor.saveFailed", error.message)
            return nil
        }
    }
}
