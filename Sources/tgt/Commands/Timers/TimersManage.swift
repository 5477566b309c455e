import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

struct TimersList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List timers with their time and state.",
                                                    discussion: "Examples:\n  tgt timers list\n  tgt timers list --json")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run {
            let workspace = try Timers.workspace(global)
            let timers = try workspace.timers().all()
            let now = global.clock.now
            if global.json {
                global.console.raw(TimerJSON.listJSON(timers, now: now))
                return
            }
            guard !timers.isEmpty else {
                global.console.line("No timers yet. Add one with `tgt timers add --name Pasta --duration 12m`.")
                return
            }
            var table = Table(headers: ["#", "", "NAME", "TIME", "STATE", "TO-DOS", "NOTES", "ID"])
            for (i, t) in timers.enumerated() {
                let state = t.stateLabel ?? (t.isRunning ? "running" : "")
                table.rows.append(["\(i + 1)", t.icon.terminalGlyph, t.name, t.clockText(at: now), state,
                                   t.todos.isEmpty ? "" : t.todosDoneText, t.notes.isEmpty ? "No notes" : "Notes added", String(t.id.uuidString.prefix(8))])
            }
            global.console.line(table.render())
        }
    }
}

struct TimersShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one timer in full: time, to-dos (numbered), notes.",
                                                    discussion: "Example:\n  tgt timers show Pasta")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String

    func run() async throws {
        try await global.run {
            let workspace = try Timers.workspace(global)
            let t = try workspace.timers().resolve(timer)
            let now = global.clock.now
            if global.json {
                let position = try workspace.timers().position(of: t.id)
                global.console.emit(TimerJSON(t, position: position, now: now))
                return
            }
            let c = global.console
            c.line(TimerText.summary(t, now: now))
            c.line("id:        \(t.id.uuidString)")
            c.line("duration:  \(t.duration)")
            c.line("icon:      \(t.icon.rawValue)  color: \(t.color.name) \(t.color.rawValue)")
            if let action = t.action {
                var parts: [String] = []
                if let id = action.templateID, let template = try workspace.templates().template(id: id) {
                    let values = action.values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                    parts.append("post “\(template.name)”" + (values.isEmpty ? "" : " (" + values.joined(separator: ", ") + ")"))
                }
                if action.remindMe { parts.append("remind me in Saved Messages") }
                c.line("then:      " + parts.joined(separator: "; "))
                for row in try workspace.scheduledSends().forTimer(t.id) { c.line("  " + ScheduleSync.line(ScheduledItem(row))) }
            }
            if t.todos.isEmpty {
                c.line("to-dos:    none")
            } else {
                c.line("to-dos:    \(t.todosDoneText)")
                for (i, todo) in t.todos.enumerated() { c.line("  \(i + 1). \(todo.done ? "☑" : "☐") \(todo.text)") }
            }
            c.line(t.notes.isEmpty ? "notes:     none" : "notes:")
            if !t.notes.isEmpty { c.line(t.notes.split(separator: "\n", omittingEmptySubsequences: false).map { "  │ \($0)" }.joined(separator: "\n")) }
        }
    }
}

struct TimersAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a timer.",
        discussion: """
            Examples:
              tgt timers add --name Pasta --duration 12m --icon fork.knife --color orange
              tgt timers add --name "Deep work" --duration 1:30:00 --icon briefcase.fill
              tgt timers add --name Pasta --duration 12m --then "Pasta ready" --var who=Ada --remind

            With --then, starting the timer schedules the template on Telegram's servers for the \
            moment it ends (it is posted even if this computer is off by then); pausing or \
            resetting deletes it, resuming schedules it again, extending moves it. Templates may \
            use {{timer}}, {{duration}}, {{todos}} and {{todos_done}}.
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var action: TimerActionOptions
    @Option(help: "Name (1–64 characters).") var name: String
    @Option(help: "90 (seconds), 1:30, 1:02:03, 1h30m, 25m or 45s; 1 s to 99:59:59.") var duration: String
    @Option(help: "Icon: an SF Symbol name, the timer icons first, then the template icons.") var icon: TimerIcon?
    @Option(help: "Color: a swatch name, or its hex code (#FF9500 is orange).") var color: TimerColor?

    func run() async throws {
        try await global.run {
            let parsedDuration = try Timers.duration(duration)
            let workspace = try Timers.workspace(global)
            var timer = CountdownTimer(name: name, duration: parsedDuration, icon: icon ?? .default, color: color ?? .default,
                                       createdAt: workspace.clock.now)
            timer.action = try action.apply(to: nil, workspace: workspace)
            let saved = try workspace.timers().create(timer)
            try TimerText.report(saved, global, workspace: workspace, verb: "Added")
        }
    }
}

struct TimersEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a timer's name, duration, icon, color or completion message.",
        discussion: """
            A new duration applies from the next start (a running or paused timer keeps its time). \
            A new completion message applies from the next start or resume.

            Examples:
              tgt timers edit Pasta --duration 10m --color red
              tgt timers edit Pasta --then "Pasta ready" --var who=Bea
              tgt timers edit Pasta --no-then --no-remind
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var action: TimerActionOptions
    @Argument(help: "Timer name or id.") var timer: String
    @Option(help: "New name.") var name: String?
    @Option(help: "New duration.") var duration: String?
    @Option(help: "New icon (an SF Symbol name).") var icon: TimerIcon?
    @Option(help: "New color: a swatch name, or its hex code.") var color: TimerColor?

    func run() async throws {
        try await global.run {
            let newDuration = try duration.map(Timers.duration)
            let workspace = try Timers.workspace(global)
            let existing = try workspace.timers().resolve(timer)
            let id = existing.id
            let newAction = try action.apply(to: existing.action, workspace: workspace)
            let saved = try workspace.timers().change(id) { [name, icon, color] t in
                t.action = newAction
                if let name { t.name = name }
                if let newDuration { t.duration = newDuration }
                if let icon { t.icon = icon }
                if let color { t.color = color }
            }
            try TimerText.report(saved, global, workspace: workspace, verb: "Saved")
            await ScheduleSync.afterTimerChange(saved, global, workspace: workspace)
        }
    }
}

struct TimersRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a timer with its to-dos and notes.",
                                                    discussion: "Example:\n  tgt timers rm Pasta --yes")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Timer name or id.") var timer: String
    @Flag(help: "Do not ask for confirmation.") var yes = false

    func run() async throws {
        try await global.run {
            let workspace = try Timers.workspace(global)
            let t = try workspace.timers().resolve(timer)
            if !yes {
                guard Console.isInteractive else { throw InputError("Refusing to delete “\(t.name)” without confirmation.", next: "Add --yes.") }
                guard global.console.ask("Delete “\(t.name)” with its to-dos and notes? [y/N]")?.lowercased().hasPrefix("y") == true else {
                    global.console.line("Kept “\(t.name)”.")
                    return
                }
            }
            try workspace.timers().delete(t.id)
            if global.json { global.console.emit(["deleted": t.id.uuidString]) } else { global.console.line("Deleted “\(t.name)”.") }
            await ScheduleSync.afterTimerChange(t, global, workspace: workspace)
        }
    }
}
