import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt send NAME --every …`: starts a repeating series (`SeriesService.start`) and words it.
struct SendRepeat {
    let global: GlobalOptions

    func run(_ order: SendOrder, rule: RepeatRule, followUp: FollowUpRule?, service: SeriesService) async throws {
        let summary = try await service.start(order, rule: rule, followUp: followUp)
        if global.json {
            global.console.emit(SeriesText.JSON(summary))
            return
        }
        global.console.line("Repeating “\(summary.series.templateName)” \(summary.words) (series \(SeriesText.shortID(summary.series.id))).")
        let next = summary.upcoming.prefix(3).map {
            SeriesText.when($0.date, zone: summary.series.rule.timeZone, now: global.clock.now) + ($0.state == .scheduled ? " ✓" : "")
        }
        if !next.isEmpty { global.console.line("Next: " + next.joined(separator: ", ") + ".") }
        if let followUp = summary.followUp {
            global.console.line("\(followUp).")
            global.console.note("Follow-ups are watched while `tgt serve` runs (or `tgt service install`); `tgt follow-ups` lists them.")
        }
        if !summary.upcoming.contains(where: { $0.state == .scheduled }) {
            global.console.note("Not on Telegram's schedule yet: it is put there by the next tgt command that reaches Telegram, or by a running dashboard.")
        }
        global.console.note("Skip, pause or cancel it with `tgt scheduled skip|pause|cancel \(SeriesText.shortID(summary.series.id))`.")
    }
}
