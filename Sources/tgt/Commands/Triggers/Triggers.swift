import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt triggers`: trigger links, secret links that let anything (Shortcuts, Home Assistant,
/// cron, an NFC tag) send one template from your account, through `TriggerService`.
struct Triggers: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "triggers", abstract: "Make, list, rename and revoke trigger links: secret links that send one template when anything opens them with POST.",
        discussion: """
            A trigger is addressed by its name, its id, or the first characters of its id. Its link \
            is shown once, when it is made, and only a hash of its secret is kept. The link works \
            while `tgt serve` runs; recipes for Shortcuts, Home Assistant, cron and NFC tags are in \
            docs/triggers.md.
            """,
        subcommands: [TriggersList.self, TriggersAdd.self, TriggersRename.self, TriggersRevoke.self],
        defaultSubcommand: TriggersList.self)
}

/// `tgt triggers list`.
struct TriggersList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List trigger links with when each was last used and how often.",
        discussion: """
            Examples:
              tgt triggers
              tgt triggers list --json
            """)
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            let now = global.clock.now
            let all = try workspace.triggers.listWithTemplates()
            if global.json {
                global.console.emit(all.map { TriggerText.JSON($0.trigger, templateName: $0.templateName, now: now) })
                return
            }
            guard !all.isEmpty else {
                global.console.line("No trigger links. Make one with `tgt triggers add NAME --template TEMPLATE`.")
                return
            }
            for (trigger, template) in all { global.console.line(TriggerText.lines(trigger, templateName: template, now: now)) }
        }
    }
}

/// `tgt triggers rename`.
struct TriggersRename: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Rename a trigger link (its link stays the same).",
        discussion: """
            Example:
              tgt triggers rename "Front door" "Front door tag"
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The trigger's name, id, or the id's first characters.") var trigger: String
    @Argument(help: "Its new name (1 to 64 characters).") var name: String

    func run() async throws {
        try await global.run {
            let service = try global.workspace().triggers
            let found = try service.find(trigger)
            try service.rename(found.id, to: name)
            global.console.line("Renamed “\(found.name)” to “\(name.trimmingCharacters(in: .whitespacesAndNewlines))”.")
        }
    }
}

/// `tgt triggers revoke`.
struct TriggersRevoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Revoke a trigger link for good: its link then answers as if it never existed.",
        discussion: """
            Example:
              tgt triggers revoke "Front door"
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The trigger's name, id, or the id's first characters.") var trigger: String

    func run() async throws {
        try await global.run {
            let service = try global.workspace().triggers
            let found = try service.find(trigger)
            try service.revoke(found.id)
            global.console.line("Revoked “\(found.name)”: its link sends nothing any more.")
        }
    }
}
