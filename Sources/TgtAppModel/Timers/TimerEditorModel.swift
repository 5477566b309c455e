import Foundation
import Observation
import TgtApplication
import TgtDomain

/// Creates or changes a timer: name, hours / minutes / seconds pickers, icon grid, color
/// swatches, with the timer document's message until both a name and a duration are given;
/// and what its completion posts through Telegram's scheduler (a Telegram template with values
/// for its custom variables, and a reminder in Saved Messages).
@Observable @MainActor
public final class TimerEditorModel: Identifiable {
    public let original: CountdownTimer?
    public var name: String
    public var hours: Int
    public var minutes: Int
    public var seconds: Int
    public var icon: TimerIcon
    public var color: TimerColor
    /// The Telegram template its completion posts, if any.
    public var completionTemplateID: UUID? {
        didSet { if completionTemplateID != oldValue { completionValues = [:] } }
    }
    /// Values for that template's custom variables, by name.
    public var completionValues: [String: String] = [:]
    /// Also remind the user in their Saved Messages.
    public var remindMe: Bool
    public private(set) var saveError: AppText?

    public let icons = TimerIcon.allCases
    public let colors = TimerColor.allCases
    /// The pickers' ranges.
    public let hourRange = 0...99
    public let minuteRange = 0...59

    @ObservationIgnored let workspace: Workspace
    @ObservationIgnored var saved: (CountdownTimer) -> Void = { _ in }

    init(timer: CountdownTimer?, workspace: Workspace) {
        original = timer
        name = timer?.name ?? ""
        let total = timer?.duration.seconds ?? 0
        hours = total / 3600
        minutes = (total % 3600) / 60
        seconds = total % 60
        icon = timer?.icon ?? .default
        color = timer?.color ?? .default
        remindMe = timer?.action?.remindMe ?? false
        self.workspace = workspace
        completionTemplateID = timer?.action?.templateID
        completionValues = timer?.action?.values ?? [:]
    }

    /// The templates a completion can post (Telegram ones), in grid order.
    public var completionTemplates: [Template] {
        ((try? workspace.templates().all()) ?? []).filter { $0.kind == .telegram }
    }

    /// The chosen template's custom variables, for their fields (defaults and choices).
    public var completionVariables: [TemplateVariable] {
        guard let template = completionTemplate else { return [] }
        return ((try? template.variables()) ?? []).filter { BuiltinVariable(rawValue: $0.name) == nil && TimerVariable(rawValue: $0.name) == nil }
    }

    private var completionTemplate: Template? { completionTemplateID.flatMap { try? workspace.templates().template(id: $0) } }

    /// The completion action as the fields describe it (nil when it does nothing).
    public var action: CompletionAction? {
        let variables = Set(completionVariables.map(\.name))
        let action = CompletionAction(templateID: completionTemplateID, values: completionValues.filter { variables.contains($0.key) && !$0.value.isEmpty },
                                      remindMe: remindMe)
        return action.isEmpty ? nil : action
    }

    public var duration: TimerDuration? {
        guard hourRange.contains(hours), minuteRange.contains(minutes), minuteRange.contains(seconds) else { return nil }
        return TimerDuration(seconds: hours * 3600 + minutes * 60 + seconds)
    }

    /// The timer as the fields describe it, or nil without a duration.
    public var draft: CountdownTimer? {
        guard let duration else { return nil }
        var timer = original ?? CountdownTimer(name: name, duration: duration, createdAt: workspace.clock.now)
        timer.name = name
        timer.duration = duration
        timer.icon = icon
        timer.color = color
        timer.action = action
        return timer
    }

    /// The document's message while the name or the duration is missing; then the other rules.
    public var problem: AppText? {
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || duration == nil { return AppText("timers.invalid") }
        guard let draft else { return AppText("timers.invalid") }
        if let problem = TimerValidator.problems(draft).first { return .verbatim(problem.message) }
        if let action = draft.action, let problem = CompletionActionRules.problems(action, template: completionTemplate).first { return .verbatim(problem) }
        return nil
    }

    public var canSave: Bool { problem == nil }

    @discardableResult
    public func save() -> CountdownTimer? {
        saveError = nil
        guard canSave, let draft else { return nil }
        do {
            let stored: CountdownTimer
            let timers = workspace.timers()
            stored = original == nil ? try timers.create(draft) : try timers.edit(draft.id, like: draft)
            saved(stored)
            return stored
        } catch {
            saveError = AppText("editor.saveFailed", error.message)
            return nil
        }
    }
}
