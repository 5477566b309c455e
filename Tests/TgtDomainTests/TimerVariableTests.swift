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
