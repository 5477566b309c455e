import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt away`: away replies and greetings (`AwayService`, the dashboard's Settings rules):
/// when you count as away, the template that answers, and who is never answered.
struct Away: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "away", abstract: "Show or change away replies: the template that answers private messages while you are away, and greetings.",
        discussion: """
            While you are away (switched on, until a moment, or in a weekly window), a private \
            message gets the reply template once, then nothing more for that person for the quiet \
            hours; a greeting answers someone's very first message, away or not. Answers go out \
            while `tgt serve` runs (it looks for messages to answer); these commands only change \
            the settings, with the same checks as the dashboard's Settings page.

            Examples:
              tgt away
              tgt away on --reply "Out of office"
              tgt away on --until 09:00
              tgt away schedule --days mon-fri --from 18:00 --to 09:00
              tgt away set --greeting Welcome --quiet-hours 24
              tgt away exclude Mum
              tgt away off
            """,
        subcommands: [AwayStatus.self, AwayOn.self, AwayOff.self, AwaySchedule.self, AwaySet.self, AwayExclude.self, AwayInclude.self],
        defaultSubcommand: AwayStatus.self)

    /// Saves `change` applied to the stored settings (nothing changes when it is refused) and
    /// shows the result as `tgt away status` does.
    static func change(_ global: GlobalOptions, _ change: (inout AwaySettings, Workspace) throws -> Void) throws {
        let workspace = try global.workspace()
        var settings = try workspace.away.settings()
        try change(&settings, workspace)
        try workspace.away.save(settings)
        try AwayText.show(global, workspace: workspace)
    }

    /// Applies `change` to the settings for each person `queries` name (`AwayService.person`),
    /// then saves them all at once.
    static func changePeople(_ global: GlobalOptions, _ queries: [String], _ change: (inout AwaySettings, AwayPerson) throws -> Void) throws {
        try Self.change(global) { settings, workspace in
            for query in queries { try change(&settings, try workspace.away.person(query)) }
        }
    }

    /// The template `key` names (name, id or id prefix), for a reply or a greeting.
    static func template(_ key: String, _ workspace: Workspace, _ global: GlobalOptions) throws -> UUID {
        try global.templates(workspace).resolve(key).id
    }
}

/// `tgt away status`.
struct AwayStatus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show whether you are away, what answers, and when `tgt serve` last looked for messages.",
        discussion: """
            Examples:
              tgt away
              tgt away status --json
            """)
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { try AwayText.show(global, workspace: try global.workspace()) }
    }
}

/// `tgt away on`.
struct AwayOn: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "on", abstract: "Be away now: until you switch it off, or until a moment.",
        discussion: """
            Examples:
              tgt away on --reply "Out of office"
              tgt away on --until 09:00
              tgt away on --until "2026-12-27 09:00"
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The template that answers (name or id); needed the first time.", valueName: "template")) var reply: String?
    @Option(help: ArgumentHelp("Away until this moment, then back by itself: 09:00 (the next one to come) or \"2026-12-27 09:00\", local time.", valueName: "when"))
    var until: String?

    func run() async throws {
        try await global.run {
            let now = global.clock.now
            let end: Date?
            do { end = try until.map { try SendTime.at($0, now: now) } } catch {
                throw InputError("“\(until ?? "")” is not a time.", next: "Write --until 09:00 (the next one to come) or --until \"2026-12-27 09:00\".")
            }
            try Away.change(global) { settings, workspace in
                if let reply { settings.replyTemplateID = try Away.template(reply, workspace, global) }
                settings.mode = end.map(AwaySettings.Mode.until) ?? .on
            }
        }
    }
}

/// `tgt away off`.
struct AwayOff: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "off", abstract: "Stop away replies (greetings, when set, still answer first messages).",
        discussion: """
            Example:
              tgt away off
            """)
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { try Away.change(global) { settings, _ in settings.mode = .off } }
    }
}

/// `tgt away schedule`.
struct AwaySchedule: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule", abstract: "Be away every week in a window, such as evenings and weekends.",
        discussion: """
            A window that ends before it starts runs past midnight: --from 18:00 --to 09:00 on \
            mon-fri is away from each weekday's evening to the next morning.

            Examples:
              tgt away schedule --days mon-fri --from 18:00 --to 09:00
              tgt away schedule --days sat,sun --from 00:00 --to 23:59 --time-zone Europe/Rome
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Days the window starts on: mon,tue,… or a range such as mon-fri.", valueName: "days")) var days: String
    @Option(help: ArgumentHelp("When the window starts (HH:MM).", valueName: "time")) var from: String
    @Option(help: ArgumentHelp("When it ends (HH:MM).", valueName: "time")) var to: String
    @Option(help: ArgumentHelp("The window's time zone (default: this computer's).", valueName: "zone")) var timeZone: String?
    @Option(help: ArgumentHelp("The template that answers (name or id); needed the first time.", valueName: "template")) var reply: String?

    func run() async throws {
        try await global.run {
            guard let start = TgtDomain.AwaySchedule.minutes(parsing: from), let end = TgtDomain.AwaySchedule.minutes(parsing: to) else {
                throw InputError("Times are HH:MM, as in --from 18:00 --to 09:00.")
            }
            let window = TgtDomain.AwaySchedule(days: try Self.weekdays(days), from: start, to: end,
                                                timeZoneID: timeZone ?? TimeZone.current.identifier)
            try Away.change(global) { settings, workspace in
                if let reply { settings.replyTemplateID = try Away.template(reply, workspace, global) }
                settings.mode = .schedule(window)
            }
        }
    }

    /// "mon,wed" or "mon-fri" (or both, "mon-wed,sat").
    static func weekdays(_ text: String) throws -> Set<Weekday> {
        var days = Set<Weekday>()
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            if ends.count == 2, let first = Weekday(named: ends[0]), let last = Weekday(named: ends[1]), first <= last {
                days.formUnion(Weekday.allCases.filter { $0 >= first && $0 <= last })
            } else if ends.count == 1, let day = Weekday(named: part) {
                days.insert(day)
            } else {
                throw InputError("“\(part)” is not a day or a range of days.", next: "Write days as mon,tue,… or a range such as mon-fri.")
            }
        }
        return days
    }
}
