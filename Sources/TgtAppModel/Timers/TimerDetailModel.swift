import Foundation
import TgtApplication
import Observation
import TgtDomain

/// One timer's screen: the time in the timer's color, progress 0…1 for the ring, PAUSED / DONE,
/// the controls with their titles, +1 min, to-dos and notes. Every control is one store
/// transaction; the haptic a shell should play is published as a value.
@Observable @MainActor
public final class TimerDetailModel {
    /// What the shell plays (UIImpactFeedbackGenerator / WKHaptic): decided here, tested here.
    public enum Haptic: Sendable, Equatable {
        case start, pause, resume, reset, extend, complete, toggleTodo

        init(_ control: TimerControl) {
            self = switch control {
            case .start: .start
            case .pause: .pause
            case .resume: .resume
            case .reset: .reset
            case .extend: .extend
            }
        }
    }

    public private(set) var timer: CountdownTimer
    public private(set) var error: AppText?
    /// The last haptic to play (the shell plays it when it changes).
    public private(set) var haptic: Haptic?

    @ObservationIgnored let workspace: Workspace
    @ObservationIgnored let timers: TimerService
    @ObservationIgnored var changed: () -> Void = {}

    init(timer: CountdownTimer, workspace: Workspace, clock: any AppClock) {
        timers = workspace.timers()
        self.timer = timer
        self.workspace = workspace
    }

    // MARK: What it shows

    public func timeText(at now: Date) -> String { timer.clockText(at: now) }
    public func progress(at now: Date) -> Double { timer.progress(at: now) }
    public var label: AppText? { Self.label(timer) }

    static func label(_ timer: CountdownTimer) -> AppText? {
        switch timer.state {
        case .paused: AppText("timers.paused")
        case .completed: AppText("timers.done")
        case .idle, .running: nil
        }
    }

    /// The main button: start, pause or resume (its `title` is what it says).
    public var primary: TimerControl { TimerControl.primary(for: timer.state) }

    /// Where the completion message stands for each target of the latest run (the app's
    /// session schedules it on Telegram's servers; this reads what the send log says).
    public var completionStatus: [CompletionStatus] {
        ((try? workspace.scheduledSends().forTimer(timer.id)) ?? []).map(CompletionStatus.init)
    }

    public var resetTitle: AppText { AppText("timers.reset") }
    public var extendTitle: AppText { AppText("timers.extend") }
    public var canExtend: Bool { timer.isRunning || primary == .resume }
    public var canReset: Bool { timer.state != .idle }

    // MARK: Controls

    /// The main button (at the app's clock's now).
    public func tapPrimary() { control(primary) }

    public func reset() { control(.reset) }
    public func extend() { control(.extend) }

    /// Called by the shell's display timer: completes the timer when its end passes.
    public func tick(at now: Date) {
        guard let endsAt = timer.endsAt, endsAt <= now else { return }
        do {
            try workspace.timers().settle(at: now)
            guard let stored = try workspace.timers().timer(id: timer.id) else { return }
            timer = stored
            // Another process may have paused or extended it meanwhile: only a real end rings.
            if case .completed = stored.state { haptic = .complete }
            changed()
        } catch {
            self.error = .failure(error)
        }
    }

    // MARK: To-dos and notes

    public func addTodo(_ text: String) { edit(.toggleTodo) { $0.todos.append(TimerTodo(text: text.trimmingCharacters(in: .whitespacesAndNewlines))) } }
    public func toggleTodo(_ id: UUID) { edit(.toggleTodo) { t in if let i = t.todos.firstIndex(where: { $0.id == id }) { t.todos[i].done.toggle() } } }
    public func editTodo(_ id: UUID, text: String) {
        edit(nil) { t in if let i = t.todos.firstIndex(where: { $0.id == id }) { t.todos[i].text = text.trimmingCharacters(in: .whitespacesAndNewlines) } }
    }
    public func deleteTodo(_ id: UUID) { edit(nil) { $0.todos.removeAll { $0.id == id } } }
    public func moveTodos(fromOffsets source: IndexSet, toOffset destination: Int) {
        // The screen's rows become ids here; the store's list may have changed meanwhile.
        let shown = timer.todos
        let moving = source.filter { shown.indices.contains($0) }.sorted().map { shown[$0].id }
        let anchor = destination < shown.count ? shown[destination].id : nil
        edit(nil) { t in
            let moved = t.todos.filter { moving.contains($0.id) }
            var rest = t.todos.filter { !moving.contains($0.id) }
            let at = anchor.flatMap { id in rest.firstIndex { $0.id == id } } ?? rest.count
            rest.insert(contentsOf: moved, at: at)
            t.todos = rest
        }
    }
    public func setNotes(_ notes: String) { edit(nil) { $0.notes = notes } }

    // MARK: -

    /// Every control of this screen: `TimerService`'s, in one store transaction (the app's
    /// session schedules the completion message when it sees the change in the store).
    private func control(_ control: TimerControl) {
        do {
            timer = try timers.apply(control, to: timer.id)
            haptic = Haptic(control)
            error = nil
            changed()
        } catch {
            self.error = .failure(error)
        }
    }


    private func edit(_ haptic: Haptic?, _ body: @escaping @Sendable (inout CountdownTimer) -> Void) {
        do {
            timer = try timers.change(timer.id) { body(&$0) }
            if let haptic { self.haptic = haptic }
            error = nil
            changed()
        } catch {
            self.error = .failure(error)
        }
    }
}

/// One target's completion message on the timer's detail screen.
public struct CompletionStatus: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var target: String
    public var state: AppText

    init(_ send: ScheduledSend) {
        id = send.id
        target = send.entry.targetTitle
        let when = send.scheduledFor.formatted(date: .omitted, time: .shortened)
        state = switch send.status {
        case .scheduled: AppText("timers.completion.scheduled", when)
        case .queued, .sending, .held: AppText("timers.completion.waiting")
        case .undone: AppText("timers.completion.cancelled")
        case .sent: AppText("timers.completion.sent")
        case .cancelling, .cancelled:
            send.wasDeletedElsewhere ? AppText("timers.completion.cancelledElsewhere") : AppText("timers.completion.cancelled")
        case .failed: AppText("timers.completion.failed", send.entry.error ?? "")
        case .handedOver: AppText("timers.completion.sent")
        }
    }
}
