import Foundation
import Testing
import TgtAppModel
import TgtApplication
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTestSupport

/// Snippets in the app, over a real store and the app's own session on the simulator: Settings
/// turns them on and refuses a bad prefix beside the field, keeping what was typed; while the
/// app runs, a snippet typed on another of the person's devices becomes the template's text;
/// one whose template needs values stays as typed and the person is told once — a banner on
/// the screen, a notification through the message alerts in the background — and not again
/// after a reload or a restart.
@Suite("App model: snippets", .timeLimit(.minutes(5)))
@MainActor
struct SnippetModelsTests {
    static let alice: Int64 = 555_000_111

    /// The person types `text` in Alice's chat on their phone.
    private func type(_ text: String, _ fixture: AppFixture) {
        fixture.simulator.ownMessageFromAnotherDevice(inDatabaseDirectory: fixture.services.environment.tdlibDatabaseFolder,
                                                      chatID: Self.alice, text: text)
    }

    private func snippetRows(_ fixture: AppFixture) throws -> [SendLogEntry] {
        try fixture.store.recentSends(limit: 50).filter { $0.origin == "snippet" }
    }

    /// The notifications told about snippets (not messages).
    private func snippetAlerts(_ fixture: AppFixture) -> [MessageAlert] {
        fixture.alerts.shown.filter { $0.about != nil }
    }

    @Test("Settings: off at first and explained; turned on; a bad prefix is refused in words beside the field, what was typed stays; a good one is saved")
    func settings() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        await app.start()
        await app.settings.reload()
        let snippets = app.settings.snippets
        #expect(!snippets.isOn && snippets.prefix == ";" && snippets.prefixProblem == nil)
        #expect(snippets.explanation.description.hasPrefix("In any Telegram app, send ;leaving (the prefix and a template's name; values after it, like ;leaving eta=18:30)"))
        #expect(snippets.explanation.description.contains("Telegram marks it “edited”"))
        #expect(snippets.whileOpenNote.description.hasPrefix("Snippets work only while this app is open: iOS suspends it otherwise."))
        #expect(snippets.emptyText?.description == "Nothing yet: what your snippets do shows here.")

        #expect(snippets.setOn(true))
        #expect(try snippets.isOn && fixture.store.snippetSettings() == SnippetSettings(isOn: true, prefix: ";"))

        let refusals = [
            "ab": "A prefix cannot hold letters or digits: ordinary words would start snippets.",
            "": "The prefix is empty; give one to four characters, such as ; or !!.",
            ";;;;;": "The prefix is longer than 4 characters.",
            "/;": "A prefix cannot start with /, which starts commands to bots.",
            "; ;": "A prefix cannot hold spaces or control characters.",
        ]
        for (typed, why) in refusals {
            snippets.prefix = typed
            #expect(!snippets.savePrefix(), "\(typed)")
            #expect(snippets.prefixProblem?.description == why, "\(typed)")
            #expect(snippets.prefix == typed, "what was typed stays")
        }
        snippets.prefix = "ab"
        #expect(!snippets.savePrefix())
        #expect(try fixture.store.snippetSettings() == SnippetSettings(isOn: true, prefix: ";"), "a refused prefix changes nothing")
        await app.settings.reload()
        #expect(snippets.prefix == "ab" && snippets.prefixProblem != nil && snippets.prefixChanged, "a reload keeps what was typed, and why")

        snippets.prefix = "!!"
        #expect(snippets.savePrefix())
        #expect(snippets.prefixProblem == nil && !snippets.prefixChanged && snippets.explanation.description.contains("send !!leaving"))
        #expect(snippets.setOn(false))
        #expect(try fixture.store.snippetSettings() == SnippetSettings(isOn: false, prefix: "!!"))
        await app.shutdown()
    }

    @Test("while the app runs: a snippet typed on another device is expanded; one needing values is left as typed and told once, as a banner or (in the background) a notification; not again after a reload or a restart")
    func expandsAndTells() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        _ = try fixture.store.insert(Template(name: "Arrived", body: "Arrived 📍", targets: [AppFixture.family]))
        _ = try fixture.store.insert(Template(name: "Leaving", body: "Home by {{eta}}.", targets: [AppFixture.family]))
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        #expect(app.settings.snippets.setOn(true))
        app.snippetNotices.isInForeground = true

        // Expanded: the message was edited, Settings lists it, nobody is told.
        type(";arrived", fixture)
        try await eventually("the snippet is expanded") { try snippetRows(fixture).contains { $0.status == .sent } }
        #expect(fixture.simulator.receivedRequests.filter { $0 == "editMessageText" }.count == 1)
        try await eventually("Settings lists it") { app.settings.snippets.outcomes.first?.text.description == "“Arrived” in Alice: expanded" }
        #expect(app.snippetNotices.notice == nil && snippetAlerts(fixture).isEmpty)

        // Values missing: left as typed, and the banner says why, in words.
        type(";leaving", fixture)
        try await eventually("the banner") { app.snippetNotices.notice != nil }
        let told = "“;leaving” in Alice was left as typed: It needs a value for {{eta}}: type “;leaving eta=…”."
        #expect(app.snippetNotices.notice?.description == told)
        #expect(snippetAlerts(fixture).isEmpty, "on the screen: a banner, no notification")
        #expect(fixture.simulator.receivedRequests.filter { $0 == "editMessageText" }.count == 1, "nothing edited")
        try await eventually("Settings lists it as left as typed") {
            app.settings.snippets.outcomes.first?.text.description == "“Leaving” in Alice: left as typed. It needs a value for {{eta}}: type “;leaving eta=…”."
        }
        #expect(app.settings.snippets.outcomes.map(\.expanded) == [false, true])

        // Dismissed, then a reload and another change of the send log: not told again.
        app.snippetNotices.dismiss()
        await app.settings.reload()
        type(";arrived", fixture)
        try await eventually("the second expansion") { try snippetRows(fixture).filter { $0.status == .sent }.count == 2 }
        try await eventually("Settings follows") { app.settings.snippets.outcomes.count == 3 }
        #expect(app.snippetNotices.notice == nil, "the same outcome is not told twice")

        // In the background: a notification through the message alerts, opening Alice's chat.
        app.snippetNotices.isInForeground = false
        type(";leaving", fixture)
        try await eventually("the notification") { snippetAlerts(fixture).count == 1 }
        let alert = try #require(snippetAlerts(fixture).first)
        let row = try #require(try snippetRows(fixture).first)
        #expect(row.status == .failed && alert.id == "message-snippet-\(row.id)")
        #expect(alert.chatID == Self.alice && alert.title == "Alice" && alert.body.description == told)
        #expect(app.snippetNotices.notice == nil, "told once: no banner as well")
        await app.shutdown()

        // A restart: what was told before is not told again.
        let again = try AppModel(services: fixture.services)
        await again.start()
        try await eventually("logged in again") { again.route == .main }
        again.snippetNotices.isInForeground = true
        type(";arrived", fixture)
        try await eventually("expanded after the restart") { try snippetRows(fixture).filter { $0.status == .sent }.count == 3 }
        try await eventually("Settings follows") { again.settings.snippets.outcomes.first?.expanded == true }
        #expect(again.snippetNotices.notice == nil && snippetAlerts(fixture).isEmpty)
        #expect(try snippetRows(fixture).filter { $0.status == .failed }.count == 2)
        await again.shutdown()

        // One left as typed just before the app stopped, never told: the next start tells it
        // (what was told is kept in the store, not in memory).
        try fixture.store.logSnippet(templateID: nil, templateName: "Leaving", target: Target(chatID: Self.alice, chatTitle: "Alice"), messageID: 9_999,
                                     error: "It needs a value for {{eta}}.", at: fixture.services.clock.now)
        let third = try AppModel(services: fixture.services)
        third.snippetNotices.isInForeground = true
        await third.start()
        #expect(third.snippetNotices.notice?.description.contains("It needs a value for {{eta}}.") == true, "\(String(describing: third.snippetNotices.notice))")
        third.snippetNotices.dismiss()
        await third.shutdown()
        let fourth = try AppModel(services: fixture.services)
        fourth.snippetNotices.isInForeground = true
        await fourth.start()
        #expect(fourth.snippetNotices.notice == nil, "told once, restarts included")
        await fourth.shutdown()
    }
}
