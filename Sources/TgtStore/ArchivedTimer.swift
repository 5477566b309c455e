import Foundation
import TgtDomain

extension TemplateArchive {
    /// One timer in the archive (version 3), with wire names of its own (snake_case, stable
    /// across app versions, independent of the Swift types).
    public struct ArchivedTimer: Codable, Sendable, Equatable {
        public var id: UUID
        public var name: String
        public var durationSeconds: Int
        public var icon: String
        public var color: String
        /// idle, running, paused or completed.
        public var state: String
        public var endsAt: String?
        public var remainingSeconds: Double?
        public var completedAt: String?
        public var todos: [Todo]
        public var notes: String
        public var action: Action?
        public var sortOrder: Int
        public var createdAt: String
        public var updatedAt: String

        /// One to-do.
        public struct Todo: Codable, Sendable, Equatable {
            public var id: UUID
            public var text: String
            public var done: Bool
        }

        /// The completion action.
        public struct Action: Codable, Sendable, Equatable {
            public var templateID: UUID?
            public var values: [String: String]
            public var remindMe: Bool

            enum CodingKeys: String, CodingKey {
                case values
                case templateID = "template_id"
                case remindMe = "remind_me"
            }
        }

        enum CodingKeys: String, CodingKey {
            case id, name, icon, color, state, todos, notes, action
            case durationSeconds = "duration_seconds"
            case endsAt = "ends_at"
            case remainingSeconds = "remaining_seconds"
            case completedAt = "completed_at"
            case sortOrder = "sort_order"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }

        init(_ t: CountdownTimer) {
            id = t.id
            name = t.name
            durationSeconds = t.duration.seconds
            icon = t.icon.rawValue
            color = t.color.rawValue
            switch t.state {
            case .idle: state = "idle"
            case .running(let at):
                state = "running"
                endsAt = TemplateArchive.timestamp(at)
            case .paused(let left):
                state = "paused"
                remainingSeconds = left
            case .completed(let at):
                state = "completed"
                completedAt = TemplateArchive.timestamp(at)
            }
            todos = t.todos.map { Todo(id: $0.id, text: $0.text, done: $0.done) }
            notes = t.notes
            action = t.action.map { Action(templateID: $0.templateID, values: $0.values, remindMe: $0.remindMe) }
            sortOrder = t.sortOrder
            createdAt = TemplateArchive.timestamp(t.createdAt)
            updatedAt = TemplateArchive.timestamp(t.updatedAt)
        }

        /// The timer it describes, or why it cannot be one.
        func timer(importedAt now: Date) throws(StoreError) -> CountdownTimer {
            let label = "timer “\(name)”"
            guard let duration = TimerDuration(seconds: durationSeconds) else { throw .importFailed("\(label) has a duration out of range.") }
            guard let icon = TimerIcon(rawValue: icon) else { throw .importFailed("\(label) has an unknown icon “\(icon)”.") }
            guard let color = TimerColor(rawValue: color) else { throw .importFailed("\(label) has an unknown color “\(color)”.") }
            guard let created = TemplateArchive.date(createdAt), let updated = TemplateArchive.date(updatedAt) else {
                throw .importFailed("\(label) has a malformed date.")
            }
            let state: CountdownTimer.State
            switch self.state {
            case "idle": state = .idle
            case "running":
                guard let at = endsAt.flatMap(TemplateArchive.date) else { throw .importFailed("\(label) is running without an end date.") }
                guard at.timeIntervalSince(now) <= Double(TimerDuration.maximum) else {
                    throw .importFailed("\(label) is running until \(endsAt ?? ""), more than 99:59:59 from now.")
                }
                state = .running(endsAt: at)
            case "paused":
                guard let left = remainingSeconds, left >= 0, left <= Double(TimerDuration.maximum) else {
                    throw .importFailed("\(label) is paused without the time it had left.")
                }
                state = .paused(remaining: left)
            case "completed":
                guard let at = completedAt.flatMap(TemplateArchive.date) else { throw .importFailed("\(label) is completed without a date.") }
                state = .completed(at: at)
            default:
                throw .importFailed("\(label) has an unknown state “\(self.state)”.")
            }
            return CountdownTimer(
                id: id, name: name, duration: duration, icon: icon, color: color, state: state,
                todos: todos.map { TimerTodo(id: $0.id, text: $0.text, done: $0.done) }, notes: notes,
                action: action.map { CompletionAction(templateID: $0.templateID, values: $0.values, remindMe: $0.remindMe) },
                sortOrder: sortOrder, createdAt: created, updatedAt: updated)
        }
    }
}
