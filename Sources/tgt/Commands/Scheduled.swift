import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt scheduled`: what waits on Telegram's servers (timers' completion messages and sends
/// scheduled with `tgt send --at/--in`), and cancelling it.
struct Scheduled: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scheduled", abstract: "List or cancel messages scheduled on Telegram's servers, and repeating series.",
        subcommands: [ScheduledList.self, ScheduledCancel.self, ScheduledSeries.self, ScheduledSkip.self, ScheduledPause.self,
                      ScheduledResume.self, ScheduledChange.self],
        defaultSubcommand: ScheduledList.self)
}

struct ScheduledList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Everything waiting to be posted, soonest first.",
        discussion: """
            Shows the send log's view; --check first asks Telegram (a message posted, or deleted in \\
            another Telegram app, is then shown as such).

            Examples:
              tgt scheduled
              tgt scheduled --check --json

            Series are listed first (their own --json: `tgt scheduled series --json`).
            """)
    @OptionGroup var global: GlobalOptions
    @Flag(help: "Compare with Telegram's schedule first (needs the login).") var check = false

    struct Item: Encodable {
        var id: Int64
        var template: String
        var title: String
        var status: String
        var scheduledFor: String
        var timerID: String?
        var seriesID: String?
        var occurrence: Int?
        var error: String?
        enum CodingKeys: String, CodingKey {
            case id, template, title, status, error, occurrence
            case scheduledFor = "scheduled_for"
            case timerID = "timer_id"
            case seriesID = "series_id"
        }
    }

    func run() async throws {
        try await global.run {
            let workspace = try Timers.workspace(global)
            if check { await ScheduleSync.sync(global, workspace: workspace) }
            let rows = try workspace.scheduledSends().waiting()
            if global.json {
                let iso = ISO8601DateFormatter()
                global.console.emit(rows.map {
                    Item(id: $0.id, template: $0.entry.templateName, title: $0.entry.targetTitle, status: $0.status.rawValue,
                         scheduledFor: iso.string(from: $0.scheduledFor), timerID: $0.timerID?.uuidString,
                         seriesID: $0.seriesID?.uuidString.lowercased(), occurrence: $0.occurrence, error: $0.entry.error)
                })
                return
            }
            let series = try workspace.series().list()
            let followUps = try workspace.followUps.list(ended: 0)
            guard !rows.isEmpty || !series.isEmpty || !followUps.isEmpty else {
                global.console.line("Nothing is scheduled. Schedule with `tgt send NAME --in 15m` or `--every \"mon,fri 10:00\"`, or start a timer that has --then.")
                return
            }
            defer {
                if !followUps.isEmpty {
                    global.console.line("Follow-ups (`tgt follow-ups` for those that ended):")
                    for item in followUps { global.console.line("  " + FollowUps.liveLine(item)) }
                }
            }
            if !series.isEmpty {
                global.console.line("Repeating:")
                for summary in series { global.console.line("  " + SeriesText.line(summary, now: global.clock.now)) }
                if !rows.isEmpty { global.console.line("On Telegram's schedule:") }
            }
            for row in rows {
                global.console.line("\(String(row.id).padding(toLength: 6, withPad: " ", startingAt: 0)) \(TimerText.time(row.scheduledFor))  \(row.entry.templateName) → \(row.entry.targetTitle)  [\(row.status.rawValue)]"
                    + (row.seriesID.map { " · series \(SeriesText.shortID($0))" } ?? ""))
            }
        }
    }
}

struct ScheduledCancel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Delete scheduled messages from Telegram's schedule, or stop a repeating series.",
        discussion: """
            IDs are those `tgt scheduled` shows: numbers for messages, a series' id (or its first \\
            characters) to stop the whole series. A timer's message comes back when the timer is \\
            resumed or started again; pause or reset the timer to stop it for good.

            Examples:
              tgt scheduled cancel 42 43
              tgt scheduled cancel 1a2b3c4d
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The ids to cancel.") var ids: [String]

    /// The series `text` names: any text that is not a number; a number only when it names no
    /// scheduled message and starts a series' id (a short id is all digits one time in 43).
    private func series(named text: String, workspace: Workspace) throws -> UUID? {
        guard let number = Int64(text) else { return try SeriesText.resolve(text, workspace: workspace) }
        guard try workspace.scheduledSends().scheduledSend(id: number) == nil else { return nil }
        return try? SeriesText.resolve(text, workspace: workspace)
    }

    func run() async throws {
        try await global.run {
            let workspace = try Timers.workspace(global)
            if ids.count == 1, let id = try series(named: ids[0], workspace: workspace) {
                try await SeriesCommand(global: global).act(workspace) { try await $0.cancel(id) }
                return
            }
            let ids = try ids.map { text in
                guard let id = Int64(text) else {
                    throw InputError("“\(text)” is not a scheduled message's id.", next: "Cancel a series on its own: `tgt scheduled cancel SERIES`.")
                }
                return id
            }
            let service = workspace.scheduledSends { _ = await ScheduleSync.sync(global, workspace: workspace) }
            let rows: [ScheduledSend]
            do throws(ScheduledSendError) { rows = try await service.cancel(ids) } catch {
                switch error {
                case .notFound, .alreadyFinal: throw InputError(error.message, next: "See the ids with `tgt scheduled`.")
                case .store: throw error
                }
            }
            if global.json {
                global.console.emit(rows.map { ["id": String($0.id), "status": $0.status.rawValue] })
            } else {
                for row in rows { global.console.line(ScheduleSync.line(ScheduledItem(row))) }
            }
            // Rows Telegram did not hold yet are cancelled at once; the others wait for a pass.
            if rows.contains(where: { $0.status == .cancelling }) {
                global.console.note("Still on Telegram's schedule: it is deleted there by the next tgt command that reaches Telegram (or at once by a running dashboard).")
            }
        }
    }
}
