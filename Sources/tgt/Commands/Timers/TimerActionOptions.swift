import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `--then TEMPLATE [--var k=v]… [--remind]`: what a timer posts through Telegram's scheduler
/// when it completes (shared by `timers add` and `timers edit`).
struct TimerActionOptions: ParsableArguments {
    @Option(name: .customLong("then"), help: ArgumentHelp("A Telegram template to post when the timer completes (scheduled on Telegram's servers when it starts).", valueName: "template"))
    var then: String?
    @Option(name: .customLong("var"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A value for the template's custom variable (repeatable).", valueName: "name=value"))
    var values: [String] = []
    @Flag(inversion: .prefixedNo, help: "Also remind me in my Saved Messages when it completes.")
    var remind: Bool?
    @Flag(name: .customLong("no-then"), help: "Stop posting a template at completion.")
    var noThen = false

    /// The action after these options, starting from `current`; nil when none is left.
    func apply(to current: CompletionAction?, workspace: Workspace) throws -> CompletionAction? {
        if noThen, then != nil { throw InputError("--then and --no-then contradict each other.", next: "Give one of them.") }
        var action = current ?? CompletionAction()
        let given = try VariableAssignment.parseAll(values)
        if noThen {
            action.templateID = nil
            action.values = [:]
        }
        var template: Template?
        if let then {
            let found = try workspace.templates().resolve(then)
            template = found
            if found.id != action.templateID { action.values = [:] }
            action.templateID = found.id
        } else if let id = action.templateID {
            template = try workspace.templates().template(id: id)
        }
        if !given.isEmpty {
            guard action.templateID != nil else {
                throw InputError("--var needs a completion template.", next: "Add --then TEMPLATE, e.g. --then \"Pasta ready\" --var who=Ada.")
            }
            action.values.merge(given) { _, new in new }
        }
        if let remind { action.remindMe = remind }
        let problems = CompletionActionRules.problems(action, template: template)
        if !problems.isEmpty {
            throw InputError(problems.joined(separator: " "), next: "Example: --then \"Pasta ready\" --var who=Ada (see `tgt templates show NAME` for its variables).")
        }
        return action.isEmpty ? nil : action
    }
}
