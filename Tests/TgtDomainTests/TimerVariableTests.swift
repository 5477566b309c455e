import Foundation
import Testing
import TgtTestSupport
import TgtDomain

@Suite("Timer variables in templates")
struct TimerVariableTests {
    static let family = Target(chatID: -1001000000001, chatTitle: "Family")

    @Test("a timer's completion fills {{timer}} {{duration}} {{todos}} {{todos_done}}")
    func filledByTheTimer() throws {
        var timer = CountdownTimer(name: "Pasta", duration: try TimerDuration(parsing: "1:02:03"))
        timer.todos = [TimerTodo(text: "Salt", done: true), TimerTodo(text: "Drain")]
        let template = Template(name: "Done", body: "{{timer}} ({{duration}}): {{todos_done}}\n{{todos}}", targets: [Self.family])
        var context = RenderContext()
        context.timer = timer
        let text = try Renderer().render(template, context: context).first?.text
        #expect(text == "Pasta (1:02:03): 1 of 2\n☑ Salt\n☐ Drain")
        #expect(CompletionActionRules.problems(CompletionAction(templateID: template.id), template: template).isEmpty,
                "the timer gives them: no values needed")
    }

    @Test("a completion action's values pass the one rule for values when the timer is saved: control characters and length refused, a choice checked")
    func completionValues() throws {
        let template = Template(name: "Pasta", body: "Pasta for {{who}} in {{where|Kitchen|Garden}}", targets: [Self.family])
        func problems(_ values: [String: String]) -> [String] {
            CompletionActionRules.problems(CompletionAction(templateID: template.id, values: values), template: template)
        }
        #expect(problems(["who": "Ada", "where": "Garden"]).isEmpty)
        #expect(problems(["who": "A\u{1}da", "where": "Garden"]) == [VariableValueProblem.controlCharacter(position: 2, scalar: "\u{1}").message(name: "who")])
        #expect(problems(["who": String(repeating: "x", count: 4097), "where": "Garden"]).first?.contains("4097 characters") == true)
        #expect(problems(["who": "Ada", "where": "Roof"]).count == 1, "not a choice")
        #expect(problems(["who": "Ada\tand Bo\nand Cy", "where": "Kitchen"]).isEmpty, "tabs and line breaks are text")
    }

    @Test("outside a timer they stay custom variables, as in templates written before timers")
    func customOutsideTimers() throws {
        let template = Template(name: "Meeting", body: "Meeting in {{duration}}", targets: [Self.family])
        #expect(try template.variables().map(\.name) == ["duration"])
        #expect(throws: RenderError.missingVariables(["duration"])) { try Renderer().render(template, context: RenderContext()) }
        let text = try Renderer().render(template, context: RenderContext(custom: ["duration": "5 min"])).first?.text
        #expect(text == "Meeting in 5 min")
        #expect(try VariableAssignment(parsing: "duration=5 min").name == "duration")
    }
}
