import Foundation
import TgtDomain
import TgtWire
import TgtApplication

extension APIModels {
    /// A timer as the API writes it at `now`: its state with the end date or what is left,
    /// progress and clock text, to-do counts, and (unless `summary`) its to-dos and notes.
    /// `completionSends`: the latest run's scheduled sends (left empty in summary lists).
    static func timer(_ timer: CountdownTimer, at now: Date, templateNames: [UUID: String], summary: Bool = false,
                      completionSends: [ScheduledSend] = []) -> Schemas.Timer {
        let state: Schemas.Timer.StatePayload
        var completedAt: Date?
        switch timer.state {
        case .idle: state = .idle
        case .running: state = .running
        case .paused: state = .paused
        case .completed(let at):
            state = .completed
            completedAt = at
        }
        let action = timer.action ?? CompletionAction()
        return Schemas.Timer(
            action: .init(remindMe: action.remindMe, templateId: action.templateID.map(id),
                          templateName: action.templateID.flatMap { templateNames[$0] }, values: .init(additionalProperties: action.values)),
            completionSends: completionSends.map(scheduledSend),
            clock: timer.clockText(at: now), color: timer.color.rawValue, colorName: timer.color.name, completedAt: completedAt,
            createdAt: timer.createdAt, duration: timer.duration.description, durationSeconds: timer.duration.seconds, endsAt: timer.endsAt,
            hasNotes: !timer.notes.isEmpty, icon: timer.icon.rawValue, iconGlyph: timer.icon.terminalGlyph, iconLabel: timer.icon.label,
            id: id(timer.id), name: timer.name, notes: summary ? nil : timer.notes, position: timer.sortOrder + 1,
            progress: timer.progress(at: now), remainingMs: Int((timer.remaining(at: now) * 1000).rounded()), state: state,
            stateLabel: timer.stateLabel, todoCount: timer.todos.count,
            todos: summary ? nil : timer.todos.map { .init(done: $0.done, id: id($0.id), text: $0.text) },
            todosDone: timer.todos.filter(\.done).count, updatedAt: timer.updatedAt)
    }
}

extension APIModels {
    /// One target of a scheduled send.
    static func scheduledSend(_ send: ScheduledSend) -> Schemas.ScheduledSend {
        let status = Schemas.ScheduledSend.StatusPayload(rawValue: send.status.rawValue) ?? .failed
        return Schemas.ScheduledSend(
            id: send.id, templateId: send.entry.templateID.map(id), templateName: send.entry.templateName, timerId: send.timerID.map(id),
            seriesId: send.seriesID.map(id), occurrence: send.occurrence.map { Int32(clamping: $0) }, target: send.entry.target.description, title: send.entry.targetTitle, status: status, scheduledFor: send.scheduledFor,
            error: send.entry.error, updatedAt: send.entry.updatedAt)
    }
}
