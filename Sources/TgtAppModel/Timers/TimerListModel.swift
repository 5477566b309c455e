import Foundation
import Observation
import TgtApplication
import TgtDomain

/// The timers screen: cards as in the timer document (icon, name, the duration in the timer's
/// color, "3 to-dos", "Notes added" / "No notes"), the empty state, delete and reorder.
@Observable @MainActor
public final class TimerListModel {
    /// One card.
    public struct Card: Sendable, Equatable, Identifiable {
        public var id: UUID
        public var name: String
        public var icon: TimerIcon
        /// The swatch's hex code, for the duration text and the ring.
        public var color: TimerColor
        /// The duration ("25:00"), or the time left while running or paused.
        public var time: String
        public var label: AppText?
        public var todos: AppText?
        public var notes: AppText
    }

    public private(set) var timers: [CountdownTimer] = []
    public private(set) var loadError: AppText?

    @ObservationIgnored let workspace: Workspace
    @ObservationIgnored var changed: () -> Void = {}

    init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// Reads the timers again, completing those that ended meanwhile (at their true end).
    public func reload() {
        do {
            try workspace.timers().settle()
            timers = try workspace.timers().all()
            loadError = nil
        } catch {
            loadError = AppText("list.loadFailed", error.message)
        }
    }

    public func cards(at now: Date) -> [Card] {
        timers.map { timer in
            let todos: AppText? = switch timer.todos.count {
            case 0: nil
            case 1: AppText("timers.todos.one")
            default: AppText("timers.todos", String(timer.todos.count))
            }
            let time = timer.state == .idle ? timer.duration.description : timer.clockText(at: now)
            return Card(id: timer.id, name: timer.name, icon: timer.icon, color: timer.color, time: time,
                        label: TimerDetailModel.label(timer), todos: todos,
                        notes: AppText(timer.notes.isEmpty ? "timers.notes.none" : "timers.notes.added"))
        }
    }

    /// "No timers yet" when there are none.
    public var emptyText: AppText? { loadError == nil && timers.isEmpty ? AppText("timers.empty") : nil }

    public func delete(_ id: UUID) {
        perform(showing: timers.filter { $0.id != id }) { timers throws(StoreError) in try timers.delete(id) }
    }

    public func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        guard let first = source.first, timers.indices.contains(first) else { return }
        let id = timers[first].id
        let before = source.filter { $0 < destination }.count
        var shown = timers
        let moving = shown.remove(at: first)
        shown.insert(moving, at: max(0, min(destination - before, shown.count)))
        perform(showing: shown) { timers throws(StoreError) in try timers.move(id, to: destination - before) }
    }

    /// Writes `change`; the list then follows the store's change feed, as it does any other
    /// face's. `shown` is what it shows meanwhile, in the same step as the gesture.
    private func perform(showing shown: [CountdownTimer]? = nil, _ change: (TimerService) throws(StoreError) -> Void) {
        do {
            try change(workspace.timers())
            if let shown { timers = shown }
            changed()
        } catch {
            loadError = .failure(error)
        }
    }
}
