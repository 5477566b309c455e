import Foundation
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram

/// Repeating series: how long a `ScheduleKeeper` pass takes with 1,000 series in the store
/// against a pass with 1,000 single scheduled sends, in the same run on the same simulator
/// scenario (40 group chats, no added latency). Each series is "every 2 weeks on a day at a
/// time", so its window holds one occurrence and both stores hold 1,000 messages on Telegram's
/// schedule (25 per chat). Measured: the pass that first puts them there, and the steady pass
/// (nothing changed: what every store change or Telegram update costs a running dashboard).
enum SeriesBench {
    static let count = 1_000
    static let runs = 9

    static func run() async -> (String, [String]) {
        do {
            let singles = try await measure(series: false)
            let series = try await measure(series: true)
            let ratio = series.steady / singles.steady
            return ("Repeating series: a keeper pass with 1,000 series vs 1,000 single sends", [
                "40 group chats on the simulator (no added latency), 1,000 single sends or 1,000 series over them (25 per chat); each",
                "series repeats every 2 weeks from tomorrow, so its 14-day window holds at most one occurrence (none when its weekday",
                "comes back only after 14 days). Median of \(runs) passes.",
                "",
                "| pass | 1,000 single sends | 1,000 series | series ÷ singles |",
                "|---|---|---|---|",
                "| first (schedules all 1,000) | \(ms(singles.first)) | \(ms(series.first)) | \(String(format: "%.2f×", series.first / singles.first)) |",
                "| steady (nothing changed) | \(ms(singles.steady)) | \(ms(series.steady)) | \(String(format: "%.2f×", ratio)) (target ≤ 2×) |",
                "",
                "Messages on the simulator's schedule after the passes: \(singles.waiting) and \(series.waiting).",
            ])
        } catch {
            return ("Repeating series", ["failed: \(error)"])
        }
    }

    struct Figures {
        var first: Double
        var steady: Double
        var waiting: Int
    }

    static func measure(series: Bool) async throws -> Figures {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bench-series-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = SimulatorScenario.generated(chatCount: 60, latency: 0)
        let groups = scenario.chats.filter {
            switch $0.kind {
            case .basicGroup, .supergroup: true
            default: false
            }
        }.prefix(40).map { Target(chatID: $0.id, chatTitle: $0.title) }
        let simulator = TelegramSimulator(scenario: scenario, executor: try TDJSONLibrary.load(explicitPath: nil), clock: SystemClock())
        let (environment, store, open) = try await loggedIn(simulator, at: dir)
        _ = try await ChatDirectory(session: open.session).load()
        let keeper = ScheduleKeeper(session: open.session, store: store, clock: store.clock)
        let now = store.clock.now
        var generator = SplitMix(seed: 5)
        let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        var templates: [Template] = []
        for (i, target) in groups.enumerated() {
            templates.append(try store.insert(Template(name: "Bench \(i)", body: "Bench \(i) on {{date}}", targets: [target], createdAt: now)))
        }
        let first: Double
        if series {
            for i in 0..<count {
                let template = templates[i % templates.count]
                let every = "2 weeks \(days[Int(generator.next() % 7)]) \(String(format: "%02d:%02d", Int(generator.next() % 24), Int(generator.next() % 12) * 5))"
                let rule = try RepeatRule(parsing: every, timeZone: .gmt, start: now.addingTimeInterval(86_400))
                try store.addSeries(RepeatSeries(templateID: template.id, templateName: template.name, rule: rule, createdAt: now))
            }
            first = await secondsAsync { await keeper.sync() }
        } else {
            // Queued in one go, then scheduled by one pass, as the series are.
            for i in 0..<count {
                let template = templates[i % templates.count]
                let at = now.addingTimeInterval(Double(2 * 86_400 + Int(generator.next() % (10 * 86_400))))
                _ = try await keeper.queueLater(SendRequest(template: template, context: RenderContext(now: now)), at: at)
            }
            first = await secondsAsync { await keeper.sync() }
        }
        var steady: [Double] = []
        for _ in 0..<runs { steady.append(await secondsAsync { await keeper.sync() }) }
        let waiting = simulator.scheduledMessages(inDatabaseDirectory: environment.tdlibDatabaseFolder).count
        await open.close()
        return Figures(first: first, steady: median(steady), waiting: waiting)
    }
}
