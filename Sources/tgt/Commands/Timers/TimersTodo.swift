import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt timers todo …`: a timer's to-do list, addressed by number (as `tgt timers show` lists them).
struct TimersTodo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo", abstract: "Add, check off, edit, reorder and remove a timer's to-dos.",
        discussion: """
            To-dos are numbered from 1 as `tgt timers show TIMER` lists them.

            Examples:
              tgt timers todo add Pasta "Salt the water"
              tgt timers todo done Pasta 1
              tgt timers todo move Pasta 2 --to 1
            """,
        subcommands: [Add.self, Done.self, Undo.self, Edit.self, Remove.self, Move.self])

    /// Changes the to-dos of one timer in one transaction (numbers are checked against the
    /// list as stored) and reports the timer.
    static func change(_ global: GlobalOptions, timer: String, verb: String,
                       _ body: @escaping @Sendable ([TimerTodo]) throws(StoreError) -> [TimerTodo]) throws {
        let workspace = try Timers.workspace(global)
        let id = try workspace.timers().resolve(timer).id
        let changed = try workspace.timers().change(id) { t in t.todos = try body(t.todos) }
        try TimerText.report(changed, global, workspace: workspace, verb: verb)
    }

    static func index(_ number: Int, in todos: [TimerTodo]) throws(StoreError) -> Int {
        guard number >= 1, number <= todos.count else { throw .todoNotFound(number, count: todos.count) }
        return number - 1
    }

    /// The text as it will be kept, or the reason it cannot be.
    static func checkedText(_ text: String) throws -> String {
        if let problem = TimerValidator.todoProblem(text) { throw InputError(problem) }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a to-do at the end.", discussion: "Example:\n  tgt timers todo add Pasta \"Salt the water\"")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Timer name or id.") var timer: String
        @Argument(help: "What there is to do (1–500 characters).") var text: String

        func run() async throws {
            try await global.run {
                let text = try TimersTodo.checkedText(self.text)
                try TimersTodo.change(global, timer: timer, verb: "Added a to-do to") { todos throws(StoreError) in
                    todos + [TimerTodo(text: text)]  // the store refuses more than 200
                }
            }
        }
    }

    /// Checks a to-do off, or back on.
    static func mark(_ global: GlobalOptions, timer: String, number: Int, done: Bool) async throws {
        try await global.run {
            try change(global, timer: timer, verb: done ? "Checked off a to-do of" : "Unchecked a to-do of") { todos throws(StoreError) in
                var todos = todos
                todos[try index(number, in: todos)].done = done
                return todos
            }
        }
    }

    struct Done: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "done", abstract: "Check a to-do off.", discussion: "Example:\n  tgt timers todo done Pasta 1")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Timer name or id.") var timer: String
        @Argument(help: "The to-do's number.") var number: Int
        func run() async throws { try await TimersTodo.mark(global, timer: timer, number: number, done: true) }
    }

    struct Undo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "undo", abstract: "Mark a to-do as not done.", discussion: "Example:\n  tgt timers todo undo Pasta 1")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Timer name or id.") var timer: String
        @Argument(help: "The to-do's number.") var number: Int
        func run() async throws { try await TimersTodo.mark(global, timer: timer, number: number, done: false) }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "edit", abstract: "Change a to-do's text.", discussion: "Example:\n  tgt timers todo edit Pasta 2 \"Grate the parmesan\"")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Timer name or id.") var timer: String
        @Argument(help: "The to-do's number.") var number: Int
        @Argument(help: "The new text.") var text: String

        func run() async throws {
            try await global.run {
                let text = try TimersTodo.checkedText(self.text)
                try TimersTodo.change(global, timer: timer, verb: "Edited a to-do of") { [number] todos throws(StoreError) in
                    var todos = todos
                    todos[try TimersTodo.index(number, in: todos)].text = text
                    return todos
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Remove a to-do.", discussion: "Example:\n  tgt timers todo rm Pasta 2")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Timer name or id.") var timer: String
        @Argument(help: "The to-do's number.") var number: Int

        func run() async throws {
            try await global.run {
                try TimersTodo.change(global, timer: timer, verb: "Removed a to-do of") { [number] todos throws(StoreError) in
                    var todos = todos
                    todos.remove(at: try TimersTodo.index(number, in: todos))
                    return todos
                }
            }
        }
    }

    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a to-do to another place in the list.", discussion: "Example:\n  tgt timers todo move Pasta 3 --to 1")
        @OptionGroup var global: GlobalOptions
        @Argument(help: "Timer name or id.") var timer: String
        @Argument(help: "The to-do's number.") var number: Int
        @Option(help: "Its new number.") var to: Int

        func run() async throws {
            try await global.run {
                try TimersTodo.change(global, timer: timer, verb: "Moved a to-do of") { [number, to] todos throws(StoreError) in
                    var todos = todos
                    let moved = todos.remove(at: try TimersTodo.index(number, in: todos))
                    guard to >= 1, to <= todos.count + 1 else { throw .todoNotFound(to, count: todos.count + 1) }
                    todos.insert(moved, at: to - 1)
                    return todos
                }
            }
        }
    }
}

