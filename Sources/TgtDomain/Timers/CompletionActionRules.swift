/// What makes a timer's completion action postable: a Telegram template, a value for each of
/// its custom variables that has no default (a choice from its list), and no value for a name
/// it does not use. Checked when the action is saved, by every face.
public enum CompletionActionRules {
    /// Every problem, each a sentence (empty when the action is fine).
    public static func problems(_ action: CompletionAction, template: Template?) -> [String] {
        guard let templateID = action.templateID else {
            return action.values.isEmpty ? [] : ["Values were given but no completion template was chosen."]
        }
        guard let template, template.id == templateID else { return ["The completion template does not exist."] }
        guard template.kind == .telegram else {
            return ["“\(template.name)” is \(template.kind == .email ? "an" : "a") \(template.kind.label) template: a timer can only post a Telegram template."]
        }
        guard let variables = try? template.variables() else { return ["“\(template.name)” has a broken variable; fix the template first."] }
        // The timer fills in its own variables.
        let custom = variables.filter { BuiltinVariable(rawValue: $0.name) == nil && TimerVariable(rawValue: $0.name) == nil }
        var problems: [String] = []
        let unused = action.values.keys.filter { name in !custom.contains { $0.name == name } }.sorted()
        if !unused.isEmpty {
            problems.append("“\(template.name)” does not use " + unused.map { "{{\($0)}}" }.joined(separator: ", ") + ".")
        }
        for variable in custom {
            if let value = action.values[variable.name] {
                // The one rule for values (`VariableValue`), when the timer is saved, not only when it fires.
                if let problem = VariableValue.problem(value) {
                    problems.append(problem.message(name: variable.name))
                } else if let error = variable.check(value) {
                    problems.append(error.message)
                }
            } else if variable.isRequired {
                problems.append("“\(template.name)” needs a value for {{\(variable.name)}}" + (variable.choices.isEmpty ? "." : " (one of " + variable.choices.joined(separator: ", ") + ")."))
            }
        }
        return problems
    }
}
