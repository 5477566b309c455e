import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt send NAME --at/--in`: schedules a template on Telegram's servers for every target
/// (`TemplateSending.scheduleLater`, on whichever session the command has) and words the rows.
struct SendLater {
    let global: GlobalOptions

    struct ResultJSON: Encodable {
        var template: String
        var scheduledFor: String
        var results: [Item]
        var followUps: [FollowUps.ItemJSON]?
        struct Item: Encodable {
            var id: Int64
            var title: String
            var status: String
            var error: String?
        }
        enum CodingKeys: String, CodingKey {
            case template, results
            case scheduledFor = "scheduled_for"
            case followUps = "follow_ups"
        }
    }

    /// Schedules `order` at `date`; with `followUp`, sets it on every row that did not fail.
    func run(_ order: SendOrder, template: Template, at date: Date, sending: any TemplateSending, followUp: FollowUpRule?, workspace: Workspace) async throws {
        let rows = try await sending.scheduleLater(order, at: date)
        var followUps: [FollowUpItem]?
        let live = rows.filter { $0.status != .failed }.map(\.id)
        if let followUp, !live.isEmpty {
            followUps = FollowUpOptions.setAfterSend(followUp, batch: nil, sendIDs: live, global: global, workspace: workspace)
        }
        let failed = rows.filter { $0.status == .failed }
        let waiting = rows.filter { $0.status == .queued || $0.status == .sending }
        if global.json {
            global.console.emit(ResultJSON(template: template.name, scheduledFor: ISO8601DateFormatter().string(from: date), results: rows.map {
                .init(id: $0.id, title: $0.title, status: $0.status.rawValue, error: $0.error)
            }, followUps: followUps?.map(FollowUps.ItemJSON.init)))
        } else {
            for row in rows { global.console.note("  " + ScheduleSync.line(row)) }
            let scheduled = rows.filter { $0.status == .scheduled }.count
            global.console.line("Scheduled “\(template.name)” for \(TimerText.time(date)) to \(scheduled) of \(rows.count) target\(rows.count == 1 ? "" : "s") on Telegram's servers"
                + (waiting.isEmpty ? "." : "; \(waiting.count) still waiting to be scheduled (`tgt scheduled` shows them)."))
        }
        if !failed.isEmpty { throw ExitCode(ExitStatus.partialSend.rawValue) }
    }
}
