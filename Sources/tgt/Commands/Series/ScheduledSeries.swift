import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt scheduled series|skip|pause|resume|change`: repeating series, through `SeriesService`.
struct ScheduledSeries: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "series", abstract: "Repeating series with their next occurrences.",
        discussion: """
            Start one with `tgt send NAME --every "mon,fri 10:00"`.

            Examples:
              tgt scheduled series
              tgt scheduled series --all --json
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Include ended and cancelled series.") var all = false

    func run() async throws {
        try await global.run {
            let workspace = try Timers.workspace(global)
            let series = try workspace.series().list(includeFinished: all)
            if global.json {
                global.console.emit(series.map(SeriesText.JSON.init))
                return
            }
            guard !series.isEmpty else {
                global.console.line("No repeating series. Start one with `tgt send NAME --every \"mon,fri 10:00\"`.")
                return
            }
            for summary in series { global.console.line(SeriesText.line(summary, now: global.clock.now)) }
        }
    }
}

struct ScheduledSkip: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip", abstract: "Skip one occurrence of a series (the next one unless --occurrence says which).",
        discussion: """
            Example:
              tgt scheduled skip 1a2b3c4d
              tgt scheduled skip 1a2b3c4d --occurrence 7
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The series' id (or its first characters).") var series: String
    @Option(help: "The occurrence's number, as `tgt scheduled series --json` gives it.") var occurrence: Int?

    func run() async throws {
        try await global.run {
            let workspace = try Timers.workspace(global)
            let id = try SeriesText.resolve(series, workspace: workspace)
            try await SeriesCommand(global: global).act(workspace) { try await $0.skip(id, occurrence: occurrence) }
        }
    }
}

struct ScheduledPause: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause a series: nothing posts until it is resumed.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The series' id (or its first characters).") var series: String

    func run() async throws {
        try await SeriesCommand(global: global).act(on: series) { try await $0.pause($1) }
    }
}

struct ScheduledResume: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Resume a paused series from its next occurrence.")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The series' id (or its first characters).") var series: String

    func run() async throws {
        try await SeriesCommand(global: global).act(on: series) { try await $0.resume($1) }
    }
}

struct ScheduledChange: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change", abstract: "Change a series' rule, its values or the follow-up each post carries.",
        discussion: """
            A new rule takes effect from now (--times counts from the change); new values are \\
            edited into what already waits on Telegram. A follow-up (or --no-follow-up) applies \\
            to the posts still to come; those already out keep theirs (`tgt follow-ups cancel`).

            Examples:
              tgt scheduled change 1a2b3c4d --every "tue,thu 09:30" --until 2026-12-24
              tgt scheduled change 1a2b3c4d --var room=B12
              tgt scheduled change 1a2b3c4d --follow-up no-reply --within 1h --then-remind
              tgt scheduled change 1a2b3c4d --no-follow-up
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The series' id (or its first characters).") var series: String
    @Option(help: ArgumentHelp("The new rule, as for `tgt send --every`.", valueName: "rule")) var every: String?
    @Option(help: ArgumentHelp("With --every: the last day (2026-12-24).", valueName: "day")) var until: String?
    @Option(help: ArgumentHelp("With --every: stop after this many sends.", valueName: "n")) var times: String?
    @Option(name: .customLong("tz"), help: ArgumentHelp("With --every: the time zone.", valueName: "zone")) var timeZone: String?
    @Option(name: .customLong("var"), parsing: .unconditionalSingleValue, help: ArgumentHelp("New values (all of them: the series keeps only these).", valueName: "name=value")) var variables: [String] = []
    @OptionGroup(title: "Follow-up on each post") var followUp: FollowUpOptions
    @Flag(name: .customLong("no-follow-up"), help: "Posts to come carry no follow-up.") var noFollowUp = false

    func run() async throws {
        try await global.run {
            guard every != nil || !variables.isEmpty || followUp.isGiven || noFollowUp else {
                throw InputError("Say what to change: --every for the rule, --var for the values, --follow-up or --no-follow-up.")
            }
            if noFollowUp, followUp.isGiven { throw InputError("--no-follow-up and --follow-up say opposite things.", next: "Give one of them.") }
            if every == nil, until != nil || times != nil || timeZone != nil { throw InputError("--until, --times and --tz go with --every.") }
            let rule = try every.map { try SeriesText.rule(every: $0, until: until, times: times, timeZone: timeZone, now: global.clock.now) }
            let values = variables.isEmpty ? nil : try VariableAssignment.parseAll(variables)
            let workspace = try Timers.workspace(global)
            let id = try SeriesText.resolve(series, workspace: workspace)
            let followUpRule = try followUp.rule(workspace)
            try await SeriesCommand(global: global).act(workspace) { service in
                // The follow-up was checked above (`rule(workspace)`), so the other changes go
                // first: one they refuse leaves the follow-up as it was too.
                var summary = try service.summary(id)
                if rule != nil || values != nil { summary = try await service.change(id, rule: rule, variables: values) }
                if followUpRule != nil || noFollowUp { summary = try service.setFollowUp(id, followUpRule) }
                return summary
            }
        }
    }
}

/// Runs one series action and words the series after it.
struct SeriesCommand {
    let global: GlobalOptions

    /// Runs `action` on the series `text` names (an id or its first characters) and words it.
    func act(on text: String, _ action: @escaping (SeriesService, UUID) async throws -> SeriesSummary) async throws {
        try await global.run {
            let workspace = try Timers.workspace(global)
            let id = try SeriesText.resolve(text, workspace: workspace)
            try await act(workspace) { try await action($0, id) }
        }
    }

    func act(_ workspace: Workspace, _ action: (SeriesService) async throws -> SeriesSummary) async throws {
        let summary: SeriesSummary
        do { summary = try await action(global.series(workspace)) } catch let error as SeriesError {
            switch error {
            case .notFound: throw InputError(error.message, next: "See the series and their ids with `tgt scheduled series`.")
            case .noSuchOccurrence: throw InputError(error.message, next: "See the numbers with `tgt scheduled series --json`.")
            default: throw InputError(error.message, next: error.nextStep)
            }
        }
        if global.json {
            global.console.emit(SeriesText.JSON(summary))
        } else {
            global.console.line(SeriesText.line(summary, now: global.clock.now))
        }
    }
}
