import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtStore
import TgtTestSupport

/// Repeating series in the app's view models, over a real store and the app's own session on
/// the simulator: Repeat reads the rule back as it is typed and refuses what every face
/// refuses; the Repeating screen shows the next dates as the app's session puts them on
/// Telegram's schedule, and skip, pause, resume and stop reach that schedule.
@Suite("App model: repeating series", .timeLimit(.minutes(10)))
@MainActor
struct SeriesModelsTests {
    @Test("Repeat: a prefilled rule read back in words with its next dates, a bad rule and a missing value refused; the Repeating screen: on Telegram, skip, pause, resume, stop")
    func repeatAndList() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        let folder = fixture.services.environment.tdlibDatabaseFolder
        let simulator = fixture.simulator
        let waiting: @Sendable () -> Int = { simulator.scheduledMessages(inDatabaseDirectory: folder).count }
        #expect(app.series.emptyText?.description == "Nothing repeats yet. Choose Repeat on a Telegram template.")

        let template = try fixture.store.insert(Template(name: "Gym", body: "Gym with {{who}}", targets: [AppFixture.climbing]))
        let editor = app.repeatEditor(for: template)
        #expect(editor.words != nil && editor.ruleProblem == nil, "prefilled with a weekday and a time: \(editor.every)")
        #expect(editor.variableNames == ["who"])
        editor.every = "sometimes"
        #expect(editor.ruleProblem?.description.contains("mon,fri 10:00") == true && !editor.canStart && editor.words == nil)
        editor.every = "mon,fri 10:00"
        editor.ending = .after(4)
        let words = editor.words?.description ?? ""
        #expect(words.hasPrefix("every Mon and Fri at 10:00") && words.hasSuffix("4 times"), "\(words)")
        #expect(editor.nextDates.count == 3 && editor.nextDates == editor.nextDates.sorted())
        #expect(await editor.start() == nil && editor.startProblem?.description.contains("{{who}}") == true, "a missing value is refused")
        #expect(try fixture.store.allSeries().isEmpty && waiting() == 0, "and nothing starts")

        editor.values = ["who": "Bo"]
        let started = try #require(await editor.start())
        let id = started.series.id
        try await eventually("the app's session puts the next dates on Telegram") {
            app.series.rows.first?.next.first?.state == .scheduled && waiting() == 4
        }
        let row = try #require(app.series.rows.first)
        #expect(row.templateName == "Gym" && row.words.description == words && row.next.count == 4 && row.canSkip && row.canPause && !row.canResume)
        #expect(row.next.first?.label.description == "On Telegram" && row.posted == nil && row.badge == nil)

        await app.series.skipNext(id)
        try await eventually("the skipped date leaves Telegram's schedule") {
            app.series.rows.first?.next.first?.state == .skipped && waiting() == 3
        }
        #expect(app.series.rows.first?.next.first?.label.description == "Skipped")

        await app.series.pause(id)
        try await eventually("pausing empties Telegram's schedule") { waiting() == 0 }
        let paused = try #require(app.series.rows.first)
        #expect(paused.badge?.description == "Paused" && paused.canResume && !paused.canPause && !paused.canSkip && paused.next.isEmpty)

        await app.series.resume(id)
        try await eventually("resuming puts it back") { waiting() == 3 && app.series.rows.first?.canPause == true }

        #expect(app.series.stopQuestion(id).description == "Stop repeating “Gym”? What waits on Telegram's schedule is deleted there.")
        await app.series.stop(id)
        try await eventually("stopping deletes what waits") { waiting() == 0 }
        #expect(app.series.rows.isEmpty && app.series.error == nil)
        await app.series.pause(id)
        #expect(app.series.error?.description == "This series has been cancelled; it cannot be changed.", "a stopped series refuses, saying why")
        await app.shutdown()
    }
}
