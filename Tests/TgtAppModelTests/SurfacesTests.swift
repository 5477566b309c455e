import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtStore
import TgtTelegram
import TgtTestSupport

@Suite("Widgets, CarPlay and Siri models")
@MainActor
struct SurfacesTests {
    private func names(_ count: Int) -> [String] { (1...max(count, 1)).prefix(count).map { "Template \($0)" } }

    @Test("CarPlay grid with 0, 1, 7 and 12 templates: at most 8 buttons, Refresh last, a placeholder when empty",
          arguments: [0, 1, 7, 12])
    func carPlayGrid(count: Int) throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let templates = try fixture.addTemplates(names(count))
        let grid = try CarPlayGridModel.load(from: fixture.workspace)
        #expect(grid.buttons.count <= CarPlayGridModel.maximumButtons)
        #expect(grid.buttons.last?.action == .refresh)
        #expect(grid.buttons.last?.title.description == "Refresh")
        switch count {
        case 0:
            #expect(grid.buttons.map(\.title.description) == ["Add templates on iPhone", "Refresh"])
            #expect(grid.buttons[0].action == .none)
        default:
            let shown = min(count, 7)
            #expect(grid.buttons.count == shown + 1)
            #expect(grid.buttons.dropLast().map(\.action) == templates.prefix(shown).map { .send($0.id) })
        }
        // A driver never sees message text, only names.
        for button in grid.buttons { #expect(!button.title.description.contains("Message for")) }
    }

    @Test("CarPlay alerts name the template and counts, never the message")
    func carPlayAlerts() throws {
        let job = SendJob(id: UUID(), sequence: 1, templateID: UUID(), templateName: "Home", source: .carPlay, variables: [:],
                          state: .sent, batchID: nil, error: nil, createdAt: Date(), updatedAt: Date())
        let target = Target(chatID: -1, chatTitle: "Family")
        func report(_ statuses: [TargetResult.Status]) -> SendReport {
            SendReport(batchID: UUID(), templateName: "Home", results: statuses.map {
                TargetResult(target: target, status: $0, messageID: nil, error: $0 == .failed ? "You are not allowed to post in this chat." : nil, attempts: 1)
            })
        }
        let sent = AppModel.TapOutcome.finished(JobOutcome(job: job, result: .sent(report([.sent, .sent]))))
        let partly = AppModel.TapOutcome.finished(JobOutcome(job: job, result: .sent(report([.sent, .failed]))))
        let failed = AppModel.TapOutcome.finished(JobOutcome(job: job, result: .failed(.verbatim("secret body text"))))
        #expect(CarPlayGridModel.alert(for: sent, templateName: "Home").description == "Sent “Home”")
        #expect(CarPlayGridModel.alert(for: partly, templateName: "Home").description == "“Home” reached 1 of 2 chats")
        #expect(CarPlayGridModel.alert(for: failed, templateName: "Home").description == "“Home” was not sent")
        #expect(CarPlayGridModel.alert(for: .queued(job, .notLoggedIn), templateName: "Home").description.hasPrefix("Log in to Telegram on your iPhone."))
        #expect(TemplateEntityIndex.reply(for: partly, templateName: "Home").description == "“Home” reached 1 of 2 chats.")
        #expect(TemplateEntityIndex.reply(for: .finished(JobOutcome(job: job, result: .sent(report([.failed])))), templateName: "Home").description
            == "“Home” was not sent: You are not allowed to post in this chat.")
        #expect(TemplateEntityIndex.reply(for: .queued(job, .notLoggedIn), templateName: "Home").description.hasPrefix("You are not logged in to Telegram."))
        #expect(TemplateEntityIndex.reply(for: .notFound, templateName: "Hme").description == "There is no template called “Hme”.")
    }

    @Test("Siri finds templates whatever the letter case and accents, and suggests them in grid order",
          arguments: ["leaving work", "LEAVING WORK", "Leaving Work", "  leaving work ", "leaving"])
    func siriLookup(spoken: String) throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        try fixture.addTemplates(["Leaving work", "Café ☕️", "Arrived"])
        let index = try TemplateEntityIndex.load(from: fixture.workspace)
        #expect(index.entity(named: spoken)?.name == "Leaving work")
        #expect(index.entity(named: "cafe ☕️")?.name == "Café ☕️")
        #expect(index.entity(named: "Nothing like it") == nil)
        #expect(index.entity(named: "") == nil)
        #expect(index.entity(named: "r") == nil, "ambiguous part of a name matches nothing")
        #expect(index.entities(matching: "AR").map(\.name) == ["Arrived"])
        #expect(index.suggested(limit: 2).map(\.name) == ["Leaving work", "Café ☕️"])
        let ids = index.entities.map(\.id)
        #expect(index.entities(for: [ids[2], UUID(), ids[0]]).map(\.name) == ["Arrived", "Leaving work"])
    }

    @Test("Siri end to end: a spoken name in another case is found, queued and sent")
    func siriSend() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        try fixture.addTemplates(["Leaving work"])
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        let index = try TemplateEntityIndex.load(from: fixture.workspace)
        let entity = try #require(index.entity(named: "LEAVING WORK"))
        // Siri's own deadline is tested with an outage; here a loaded machine must not turn the
        // send into "queued", so the tap may take longer than Siri would wait.
        let outcome = await app.tap(templateID: entity.id, source: .siri, timeout: 60)
        #expect(TemplateEntityIndex.reply(for: outcome, templateName: entity.name).description == "Sent “Leaving work”.")
        #expect(fixture.simulator.deliveredMessages.map(\.content) == ["Message for Leaving work"])
        await app.shutdown()
    }

    @Test("widget snapshots for small (1), medium (4) and large (8), from the shared store without TDLib")
    func widgetFamilies() throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let widgetStore = try fixture.extensionStore()
        #expect(try WidgetSnapshot.make(from: widgetStore.asWorkspace(), family: .small).emptyText?.description == "Add templates in the TgTemplates app.")
        let templates = try fixture.addTemplates(names(10), targets: [AppFixture.family, AppFixture.standups])
        for (family, capacity) in [(WidgetSnapshot.Family.small, 1), (.medium, 4), (.large, 8)] {
            let snapshot = try WidgetSnapshot.make(from: widgetStore.asWorkspace(), family: family)
            #expect(snapshot.items.count == capacity)
            #expect(snapshot.items.map(\.id) == templates.prefix(capacity).map(\.id))
            #expect(snapshot.items[0].targets == "Family, Work › Standups")
            #expect(snapshot.items[0].link == DeepLink.send(templates[0].id).url)
            #expect(snapshot.emptyText == nil)
        }
    }

    @Test("widgets are redrawn whenever a template changes, also when the count stays the same")
    func widgetRefresh() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        var templates = try fixture.addTemplates(["A", "B"])
        let app = try AppModel(services: fixture.services)
        await app.start()
        let start = fixture.widgets.reloads
        #expect(start == 1, "drawn once at launch")
        #expect(!app.widgets.refreshIfChanged(), "no change, no redraw")
        // Rename (same count) through the editor.
        let editor = app.editor(for: templates[0])
        editor.name = "A renamed"
        #expect(editor.save() != nil)
        #expect(fixture.widgets.reloads == start + 1)
        #expect(try WidgetSnapshot.make(from: fixture.extensionStore().asWorkspace(), family: .medium).items.map(\.name) == ["A renamed", "B"])
        // Icon only.
        templates = try fixture.store.templates()
        let iconEditor = app.editor(for: templates[0])
        iconEditor.icon = .house
        iconEditor.save()
        #expect(fixture.widgets.reloads == start + 2)
        // Reorder and duplicate and delete.
        app.templates.move(fromOffsets: IndexSet(integer: 1), toOffset: 0)
        #expect(fixture.widgets.reloads == start + 3)
        #expect(try WidgetSnapshot.make(from: fixture.workspace, family: .small).items.map(\.name) == ["B"])
        await app.shutdown()
    }

    @Test("Siri's template parameter is refreshed at launch and after each template change, not after a send")
    func shortcutParameters() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let templates = try fixture.addTemplates(["A", "B"])
        let app = try AppModel(services: fixture.services)
        await app.start()
        #expect(fixture.widgets.shortcutRefreshes == 1, "at launch: another process may have changed the templates")
        let editor = app.editor(for: templates[0])
        editor.name = "A renamed"
        #expect(editor.save() != nil)
        #expect(fixture.widgets.shortcutRefreshes == 2, "a rename changes what Siri must hear")
        let widgetReloads = fixture.widgets.reloads
        try await app.enqueue(templateID: templates[1].id, source: .widget)
        #expect(fixture.widgets.reloads > widgetReloads, "a queued tap redraws the widget button")
        #expect(fixture.widgets.shortcutRefreshes == 2, "but does not touch Siri's parameters")
        await app.shutdown()
    }
}
