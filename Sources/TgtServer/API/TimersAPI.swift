import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// `/api/timers…`: timers listed (overdue ones settled first), created, changed, reordered,
/// deleted and controlled, their to-dos and notes; open pages hear of every change from the store.
extension DashboardAPI {
    /// The one way a timer's countdown changes (start, pause, resume, reset, extend): one store
    /// transaction, then a pass of the session's `ScheduleKeeper` (its completion message is
    /// scheduled, moved or deleted on Telegram's servers before the reply, so the reply shows
    /// where it stands). Logged out, the timer still works.
    func controlTimer(_ id: UUID, _ control: TimerControl) async throws -> CountdownTimer {
        try await timerService.control(id, control)
    }

    /// Timers' controls, with a pass of the session's `ScheduleKeeper` after each.
    var timerService: TimerService {
        workspace.timers(schedule: schedulePass)
    }

    /// One pass of the running session's `ScheduleKeeper` (nothing while TDLib is not running):
    /// what the application services run after a change.
    var schedulePass: @Sendable () async -> Void {
        let telegram = telegram
        return { await telegram.syncSchedule() }
    }

    func listTimers(_ input: Operations.ListTimers.Input) async throws -> Operations.ListTimers.Output {
        let now = telegram.clock.now
        try workspace.timers().settle(at: now)
        let timers = try workspace.timers().all()
        let names = try templateNames()
        let summary = input.query.summary ?? false
        return .ok(.init(body: .json(.init(success: true, data: .init(
            timers: timers.map { APIModels.timer($0, at: now, templateNames: names, summary: summary) }, total: timers.count)))))
    }

    func getTimer(_ input: Operations.GetTimer.Input) async throws -> Operations.GetTimer.Output {
        try workspace.timers().settle()
        return .ok(.init(body: .json(.init(success: true, data: try reply(try timer(input.path.id))))))
    }

    func createTimer(_ input: Operations.CreateTimer.Input) async throws -> Operations.CreateTimer.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let fields = TimerInput.Fields(name: body.name, duration: body.duration, icon: body.icon, color: body.color, action: body.action)
        // Replaced by the body's duration (a body without one is refused).
        guard let initial = TimerDuration(seconds: TimerDuration.minimum) else { throw APIError.badRequest(TimerInput.missingBasics) }
        var timer = CountdownTimer(name: "", duration: initial, createdAt: telegram.clock.now)
        try TimerInput.apply(fields, to: &timer, isNew: true, workspace: workspace)
        let saved = try timerService.create(timer)
        return .created(.init(body: .json(.init(success: true, data: try reply(saved)))))
    }

    func updateTimer(_ input: Operations.UpdateTimer.Input) async throws -> Operations.UpdateTimer.Output {
        let existing = try timer(input.path.id)
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        var edited = existing
        try TimerInput.apply(.init(name: body.name, duration: body.duration, icon: body.icon, color: body.color, action: body.action),
                             to: &edited, isNew: false, workspace: workspace)
        // Only the form's fields: the countdown, to-dos and notes stay as stored now.
        let saved = try timerService.edit(existing.id, like: edited)
        return .ok(.init(body: .json(.init(success: true, data: try reply(saved)))))
    }

    func deleteTimer(_ input: Operations.DeleteTimer.Input) async throws -> Operations.DeleteTimer.Output {
        let existing = try timer(input.path.id)
        try workspace.timers().delete(existing.id)
        return .ok(.init(body: .json(.init(success: true, data: .init(deleted: APIModels.id(existing.id))))))
    }

    func moveTimer(_ input: Operations.MoveTimer.Input) async throws -> Operations.MoveTimer.Output {
        let existing = try timer(input.path.id)
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        try workspace.timers().move(existing.id, to: body.position)
        return .ok(.init(body: .json(.init(success: true, data: .init(ids: try workspace.timers().all().map { APIModels.id($0.id) })))))
    }

    // MARK: Controls

    func startTimer(_ input: Operations.StartTimer.Input) async throws -> Operations.StartTimer.Output {
        let timer = try await controlTimer(try timerID(input.path.id), .start)
        return .ok(.init(body: .json(.init(success: true, data: try reply(timer)))))
    }

    func pauseTimer(_ input: Operations.PauseTimer.Input) async throws -> Operations.PauseTimer.Output {
        let timer = try await controlTimer(try timerID(input.path.id), .pause)
        return .ok(.init(body: .json(.init(success: true, data: try reply(timer)))))
    }

    func resumeTimer(_ input: Operations.ResumeTimer.Input) async throws -> Operations.ResumeTimer.Output {
        let timer = try await controlTimer(try timerID(input.path.id), .resume)
        return .ok(.init(body: .json(.init(success: true, data: try reply(timer)))))
    }

    func resetTimer(_ input: Operations.ResetTimer.Input) async throws -> Operations.ResetTimer.Output {
        let timer = try await controlTimer(try timerID(input.path.id), .reset)
        return .ok(.init(body: .json(.init(success: true, data: try reply(timer)))))
    }

    func extendTimer(_ input: Operations.ExtendTimer.Input) async throws -> Operations.ExtendTimer.Output {
        let id = try timerID(input.path.id)
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let seconds = body.seconds ?? 60
        guard (1...TimerDuration.maximum).contains(seconds) else {
            throw APIError.badRequest("“seconds” must be from 1 to \(TimerDuration.maximum) (99:59:59).")
        }
        let timer = try await controlTimer(id, .extend(seconds: seconds))
        return .ok(.init(body: .json(.init(success: true, data: try reply(timer)))))
    }

    // MARK: To-dos and notes

    func addTimerTodo(_ input: Operations.AddTimerTodo.Input) async throws -> Operations.AddTimerTodo.Output {
        let id = try timerID(input.path.id)
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let text = try Self.todoText(body.text)
        let saved = try changeTimer(id) { timer in
            var t = timer
            t.todos.append(TimerTodo(text: text))
            return t
        }
        return .created(.init(body: .json(.init(success: true, data: try reply(saved)))))
    }

    func updateTimerTodo(_ input: Operations.UpdateTimerTodo.Input) async throws -> Operations.UpdateTimerTodo.Output {
        let (id, todoID) = try todo(input.path.id, input.path.todoId)
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let text = try body.text.map(Self.todoText)
        let saved = try changeTimer(id) { timer in
            var t = timer
            guard let index = t.todos.firstIndex(where: { $0.id == todoID }) else { throw StoreError.todoNotFound(0, count: t.todos.count) }
            if let text { t.todos[index].text = text }
            if let done = body.done { t.todos[index].done = done }
            return t
        }
        return .ok(.init(body: .json(.init(success: true, data: try reply(saved)))))
    }

    func deleteTimerTodo(_ input: Operations.DeleteTimerTodo.Input) async throws -> Operations.DeleteTimerTodo.Output {
        let (id, todoID) = try todo(input.path.id, input.path.todoId)
        let saved = try changeTimer(id) { timer in
            var t = timer
            t.todos.removeAll { $0.id == todoID }
            return t
        }
        return .ok(.init(body: .json(.init(success: true, data: try reply(saved)))))
    }

    func moveTimerTodo(_ input: Operations.MoveTimerTodo.Input) async throws -> Operations.MoveTimerTodo.Output {
        let (id, todoID) = try todo(input.path.id, input.path.todoId)
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let saved = try changeTimer(id) { timer in
            var t = timer
            guard let from = t.todos.firstIndex(where: { $0.id == todoID }) else { throw StoreError.todoNotFound(0, count: t.todos.count) }
            let moved = t.todos.remove(at: from)
            t.todos.insert(moved, at: max(0, min(body.position, t.todos.count)))
            return t
        }
        return .ok(.init(body: .json(.init(success: true, data: try reply(saved)))))
    }

    func setTimerNotes(_ input: Operations.SetTimerNotes.Input) async throws -> Operations.SetTimerNotes.Output {
        let id = try timerID(input.path.id)
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let notes = body.notes
        guard notes.count <= CountdownTimer.maxNotesLength else {
            let message = "The notes are \(notes.count) characters long; the most is \(CountdownTimer.maxNotesLength)."
            throw APIError(.unprocessableContent, code: "invalid_timer", message: message, timerIssues: [TimerIssue(field: .notes, message: message)])
        }
        let saved = try changeTimer(id) { timer in
            var t = timer
            t.notes = notes
            return t
        }
        return .ok(.init(body: .json(.init(success: true, data: try reply(saved)))))
    }

    // MARK: Helpers

    /// Changes a timer's to-dos or notes in one transaction (never its countdown: that is
    /// `controlTimer`), then tells open pages.
    private func changeTimer(_ id: UUID, _ body: @Sendable (CountdownTimer) throws -> CountdownTimer) throws -> CountdownTimer {
        try timerService.change(id) { timer in timer = try body(timer) }
    }

    /// The id in the path of a timer that exists, or a 404.
    private func timerID(_ text: String) throws -> UUID { try timer(text).id }

    /// The timer with the id in the path, or a 404.
    func timer(_ text: String) throws -> CountdownTimer {
        guard let id = UUID(uuidString: text), let timer = try workspace.timers().timer(id: id) else {
            throw APIError.notFound("There is no timer with id “\(text)”.")
        }
        return timer
    }

    /// The timer and to-do ids in the path, both existing, or a 404.
    private func todo(_ timerText: String, _ todoText: String) throws -> (UUID, UUID) {
        let timer = try timer(timerText)
        guard let todoID = UUID(uuidString: todoText), timer.todos.contains(where: { $0.id == todoID }) else {
            throw APIError.notFound("“\(timer.name)” has no to-do with id “\(todoText)”.")
        }
        return (timer.id, todoID)
    }

    /// A to-do's text, trimmed, or a 422 with the field's message.
    private static func todoText(_ text: String) throws -> String {
        if let problem = TimerValidator.todoProblem(text) {
            throw APIError(.unprocessableContent, code: "invalid_timer", message: problem, timerIssues: [TimerIssue(field: .todos, message: problem)])
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The timer as a reply, with its completion template's name.
    private func reply(_ timer: CountdownTimer) throws -> Schemas.Timer {
        var names: [UUID: String] = [:]
        if let templateID = timer.action?.templateID, let template = try workspace.templates().template(id: templateID) { names[templateID] = template.name }
        return APIModels.timer(timer, at: telegram.clock.now, templateNames: names, completionSends: try workspace.scheduledSends().forTimer(timer.id))
    }

    /// Every template's name by id, for the completion actions in a list.
    private func templateNames() throws -> [UUID: String] {
        Dictionary(try workspace.templates().all().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }
}
