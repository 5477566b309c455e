import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt snippets`: whether a message of yours that is the prefix plus a template's name
/// (`;leaving`) becomes that template's text, and the prefix (`SnippetService`, the dashboard's
/// Settings rules).
struct Snippets: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snippets", abstract: "Show or change snippets: send ;name from any Telegram app and it becomes that template's text.",
        discussion: """
            With snippets on, a message you send from any device that is the prefix plus a \
            template's name (;leaving, ;leaving-work eta=18:30, eta="10 min" with spaces) is \
            edited into the template's text in the same chat, within a second. Telegram shows \
            it as edited. Only your own messages, only where Telegram lets you edit, each once; \
            a name that is no template is left alone; a template that needs values you did not \
            give stays as typed, and the dashboard's Recent says why. It works while \
            `tgt serve` runs (or `tgt service install`).

            Examples:
              tgt snippets
              tgt snippets on
              tgt snippets on --prefix '!!'
              tgt snippets off
            """,
        subcommands: [SnippetsStatus.self, SnippetsOn.self, SnippetsOff.self],
        defaultSubcommand: SnippetsStatus.self)

    /// The settings and status, as `--json` gives them (the API's field names).
    struct JSON: Encodable {
        var on: Bool
        var prefix: String
        var checkedAt: Date?
        enum CodingKeys: String, CodingKey { case on, prefix, checkedAt = "checked_at" }
    }

    /// Prints the settings: a sentence each, or the JSON.
    static func show(_ global: GlobalOptions, workspace: Workspace) throws {
        let service = workspace.snippets
        let settings = try service.settings()
        let checked = settings.isOn ? try service.checkedAt() : nil
        if global.json {
            global.console.emit(JSON(on: settings.isOn, prefix: settings.prefix, checkedAt: checked))
            return
        }
        guard settings.isOn else {
            global.console.line("Snippets are off (prefix \(settings.prefix)). `tgt snippets on` turns them on.")
            return
        }
        let first = (try? workspace.templates().all())?.first { $0.kind == .telegram }
        let example = first.map { SnippetCommand.suggestedSpelling(of: $0.name) } ?? "leaving"
        global.console.line("Snippets are on: send \(settings.prefix)\(example) from any Telegram app and it becomes that template's text.")
        global.console.line(checked.map { "tgt serve last looked \(Self.ago($0, now: workspace.clock.now))." }
            ?? "They work while `tgt serve` runs; none has looked yet (`tgt serve`, or `tgt service install`).")
        let recent = try service.recent()
        guard !recent.isEmpty else { return }
        global.console.line("Lately:")
        for entry in recent {
            let when = Self.ago(entry.queuedAt, now: workspace.clock.now)
            global.console.line(entry.status == .sent
                ? "  ✓ \(entry.targetTitle): became “\(entry.templateName)” (\(when))"
                : "  ✗ \(entry.targetTitle): left as typed (\(when)). \(entry.error ?? "")")
        }
    }

    static func ago(_ date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        return seconds < 90 ? "just now" : seconds < 5400 ? "\(seconds / 60) minutes ago" : "at \(date.formatted(date: .abbreviated, time: .shortened))"
    }
}

/// `tgt snippets status`.
struct SnippetsStatus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show whether snippets are on, the prefix, and when `tgt serve` last looked for them.",
        discussion: """
            Examples:
              tgt snippets
              tgt snippets status --json
            """)
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { try Snippets.show(global, workspace: try global.workspace()) }
    }
}

/// `tgt snippets on`.
struct SnippetsOn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "on", abstract: "Turn snippets on (and set the prefix: 1 to 4 characters, no letters, digits or spaces).",
        discussion: """
            Examples:
              tgt snippets on
              tgt snippets on --prefix '!!'
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("What starts a snippet (default: as set, first ;).", valueName: "prefix")) var prefix: String?

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            var settings = try workspace.snippets.settings()
            settings.isOn = true
            if let prefix { settings.prefix = prefix }
            try workspace.snippets.save(settings)
            try Snippets.show(global, workspace: workspace)
        }
    }
}

/// `tgt snippets off`.
struct SnippetsOff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "off", abstract: "Turn snippets off: messages stay as you type them.",
        discussion: """
            Example:
              tgt snippets off
            """)
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            var settings = try workspace.snippets.settings()
            settings.isOn = false
            try workspace.snippets.save(settings)
            try Snippets.show(global, workspace: workspace)
        }
    }
}
