import ArgumentParser
import Foundation
import TgtDomain
import TgtStore
import TgtTelegram

/// `tgt send NAME --at/--in`: schedules a template on Telegram's servers for every target.
/// Through a running dashboard the rows are written here and its `ScheduleKeeper` schedules
/// them; otherwise this process opens the session and does it.
struct SendLater {
    let global: GlobalOptions

    struct ResultJSON: Encodable {
        var template: String
        var scheduledFor: String
        var results: [Item]
        struct Item: Encodable {
            var id: Int64
            var title: String
            var status: String
            var error: String?
        }
        enum CodingKeys: String, CodingKey {
            case template, results
            case scheduledFor = "scheduled_for"
        }
    }

    func run(_ request: SendRequest, at date: Date, store: AppDatabase) async throws {
        try ScheduleKeeper.check(date, now: Date())
        let rows: [ScheduledSend]
        if global.dashboard != nil {
            // Checked and formatted here (TDLib's Markdown parser works offline); the dashboard's
            // keeper sees the new rows and schedules them.
            let preparer = MessagePreparer(transport: try global.library(), validator: store.validator())
            let messages = try preparer.prepare(request)
            let added = try store.addScheduledSends(NewScheduledSend.rows(for: messages, template: request.template, silent: request.isSilent, at: date, timerID: nil))
            let ids = added.map(\.id)
            await ScheduleSync.sync(global, store: store)
            rows = ids.compactMap { try? store.scheduledSend(id: $0) }
            if let full = rows.first(where: \.refusedAsTooMany) {
                throw ScheduleError.tooMany(chat: full.entry.targetTitle)
            }
        } else {
            rows = try await SessionScope.with(global) { _, session in
                try await ScheduleKeeper(session: session, store: store).scheduleLater(request, at: date)
            }
        }
        let failed = rows.filter { $0.status == .failed }
        let waiting = rows.filter { $0.status == .queued || $0.status == .sending }
        if global.json {
            global.console.emit(ResultJSON(template: request.template.name, scheduledFor: ISO8601DateFormatter().string(from: date), results: rows.map {
                .init(id: $0.id, title: $0.entry.targetTitle, status: $0.status.rawValue, error: $0.entry.error)
            }))
        } else {
            for row in rows { global.console.note("  " + ScheduleSync.line(row)) }
            let scheduled = rows.filter { $0.status == .scheduled }.count
            global.console.line("Scheduled “\(request.template.name)” for \(TimerText.time(date)) to \(scheduled) of \(rows.count) target\(rows.count == 1 ? "" : "s") on Telegram's servers"
                + (waiting.isEmpty ? "." : "; \(waiting.count) still waiting for the dashboard to schedule them (`tgt scheduled` shows them)."))
        }
        if !failed.isEmpty { throw ExitCode(ExitStatus.partialSend.rawValue) }
    }
}
