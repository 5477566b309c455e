import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtStore
import TgtTestSupport

/// The monitor's stand-in: remembers the circles it was asked to watch, answers the
/// permission it is given.
final class ScriptedPlaceMonitor: PlaceMonitoring, @unchecked Sendable {
    private let lock = NSLock()
    private var permission: PlaceWatchAuthorization
    private var afterRequest: PlaceWatchAuthorization
    private var circles: [PlaceCondition] = []
    private var calls = 0

    init(_ permission: PlaceWatchAuthorization = .always, afterRequest: PlaceWatchAuthorization = .always) {
        self.permission = permission
        self.afterRequest = afterRequest
    }

    var watched: [PlaceCondition] { lock.withLock { circles } }
    var watchCalls: Int { lock.withLock { calls } }

    func authorization() async -> PlaceWatchAuthorization { lock.withLock { permission } }

    func requestAlways() async -> PlaceWatchAuthorization {
        lock.withLock {
            permission = afterRequest
            return permission
        }
    }

    func watch(_ conditions: [PlaceCondition]) async throws(PlaceWatchFailure) {
        lock.withLock {
            circles = conditions
            calls += 1
        }
    }
}

@Suite("Arriving and leaving in the app", .timeLimit(.minutes(2)))
@MainActor
struct PlacesModelTests {
    static let home = Coordinate(latitude: 45.4642, longitude: 9.19)!
    static let arriveHome = PlaceRule(crossing: .arrive, center: home, radius: 150, placeName: "Home", windowMinutes: 60)

    func fixture(monitor: ScriptedPlaceMonitor) throws -> AppFixture {
        var fixture = try AppFixture(location: ScriptedLocation(.at(Self.home), permission: .allowed))
        fixture.useMonitor(monitor)
        return fixture
    }

    @Test("the plan: one circle per Telegram template with a rule, in grid order, at most 20; the rest named")
    func plan() throws {
        let templates = (1...23).map { i in
            Template(name: "T\(i)", body: "x", targets: [AppFixture.family],
                     place: i == 5 ? nil : PlaceRule(crossing: .arrive, center: Self.home, placeName: "P\(i)"), sortOrder: i)
        }
        let plan = PlacePlan(templates: templates)
        #expect(plan.conditions.count == 20)
        #expect(plan.conditions.first?.id == "tgt.place.\(templates[0].id.uuidString)")
        #expect(plan.conditions.first?.radius == 150)
        #expect(!plan.conditions.contains { $0.templateID == templates[4].id })
        #expect(plan.unwatched == ["T22", "T23"])
        #expect(PlaceCondition.templateID(in: plan.conditions[0].id) == templates[0].id)
        #expect(PlaceCondition.templateID(in: "someone.else") == nil)
        #expect(PlacePlan(templates: []).isEmpty)
    }

    @Test("a crossing sends once: being there at first is not arriving, drifting inside the window sends nothing, an hour later sends again")
    func crossings() async throws {
        let monitor = ScriptedPlaceMonitor()
        let fixture = try fixture(monitor: monitor)
        defer { fixture.remove() }
        let template = try fixture.store.insert(Template(name: "Arrived", body: "Home 🏠", targets: [AppFixture.family], place: Self.arriveHome))
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        #expect(monitor.watched.map(\.templateID) == [template.id])
        #expect(monitor.watched.first?.center == Self.home)
        #expect(app.places.status.description == "Watching 1 places: templates go out by themselves as you arrive or leave.")
        let id = PlaceCondition.identifier(for: template.id)
        func report(_ side: PlaceSide?) async -> PlaceNotice? {
            await app.places.handle(PlaceReport(identifier: id, side: side, date: fixture.clock.now))
        }
        #expect(await report(.inside) == nil, "the first report is where the phone is")
        #expect(await report(.outside) == nil, "leaving does not send an arriving rule")
        #expect(await report(nil) == nil, "an unknown state changes nothing")
        let notice = try #require(await report(.inside))
        #expect(notice.title.description == "Sent “Arrived”")
        #expect(notice.body.description == "You arrived at Home: it went to Family.")
        #expect(fixture.simulator.deliveredMessages.map(\.content) == ["Home 🏠"])
        #expect(try fixture.store.recentSends().first?.status == .sent)
        fixture.clock.advance(by: 20 * 60)
        #expect(await report(.outside) == nil)
        #expect(await report(.inside) == nil, "drifting across the edge within the hour sends nothing")
        fixture.clock.advance(by: 41 * 60)
        #expect(await report(.outside) == nil)
        #expect(await report(.inside)?.title.description == "Sent “Arrived”")
        #expect(fixture.simulator.deliveredMessages.count == 2)
        #expect(await app.places.handle(PlaceReport(identifier: "tgt.place.not-a-uuid", side: .inside, date: fixture.clock.now)) == nil)
        await app.shutdown()
    }

    @Test("a crossing noticed 20 minutes late is not sent, and the notification says when it happened")
    func tooLate() async throws {
        let monitor = ScriptedPlaceMonitor()
        let fixture = try fixture(monitor: monitor)
        defer { fixture.remove() }
        let rule = PlaceRule(crossing: .leave, center: Self.home, placeName: "Office")
        let template = try fixture.store.insert(Template(name: "Leaving", body: "On my way", targets: [AppFixture.family], place: rule))
        let app = try AppModel(services: fixture.services)
        await app.start()
        let id = PlaceCondition.identifier(for: template.id)
        let start = fixture.clock.now
        #expect(await app.places.handle(PlaceReport(identifier: id, side: .inside, date: start)) == nil)
        fixture.clock.advance(by: 20 * 60)
        let notice = try #require(await app.places.handle(PlaceReport(identifier: id, side: .outside, date: start.addingTimeInterval(60))))
        #expect(notice.title.description == "“Leaving” was not sent")
        #expect(notice.body.description.hasPrefix("You left Office at "))
        #expect(notice.body.description.hasSuffix(": it was not sent, as it would be late."))
        #expect(fixture.simulator.deliveredMessages.isEmpty)
        await app.shutdown()
    }

    @Test("not logged in: the crossing's send waits in the queue and the notification says to log in")
    func notLoggedIn() async throws {
        let fixture = try fixture(monitor: ScriptedPlaceMonitor())
        defer { fixture.remove() }
        let template = try fixture.store.insert(Template(name: "Arrived", body: "Home", targets: [AppFixture.family], place: Self.arriveHome))
        let app = try AppModel(services: fixture.services)
        await app.start()
        let id = PlaceCondition.identifier(for: template.id)
        _ = await app.places.handle(PlaceReport(identifier: id, side: .outside, date: fixture.clock.now))
        let notice = try #require(await app.places.handle(PlaceReport(identifier: id, side: .inside, date: fixture.clock.now)))
        #expect(notice.title.description == "“Arrived” is waiting")
        #expect(notice.body.description.hasPrefix("You are not logged in to Telegram."))
        #expect(try fixture.store.sendJobs().map(\.source) == [.place])
        await app.shutdown()
    }

    @Test("Settings says what stops places working, and the circles follow edits from any face")
    func statusAndFollowing() async throws {
        let monitor = ScriptedPlaceMonitor(.whileUsing, afterRequest: .always)
        let fixture = try fixture(monitor: monitor)
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        await app.start()
        #expect(app.places.status.description == "No template sends on arriving or leaving. Turn it on in a template's editor.")
        #expect(!app.places.canAskForAlways)
        // Another process (a `tgt` command, the dashboard) adds a rule: the app watches it.
        let other = try fixture.extensionStore()
        let template = try other.insert(Template(name: "Arrived", body: "Home", targets: [AppFixture.family], place: Self.arriveHome))
        try await eventually("the new circle is watched") {
            fixture.clock.advance(by: 0.25)
            return monitor.watched.map(\.templateID) == [template.id]
        }
        #expect(app.places.status.description.hasPrefix("1 templates send on arriving or leaving, but TgTemplates may use your location only while it is open."))
        #expect(app.places.canAskForAlways)
        await app.places.requestAlways()
        #expect(app.places.authorization == .always)
        #expect(app.places.status.description.hasPrefix("Watching 1 places"))
        var removed = template
        removed.place = nil
        _ = try other.update(removed)
        // Another process's write is seen when the store's change feed next looks, on the
        // app's clock (the test's): move it on until it has.
        try await eventually("the circle is no longer watched") {
            fixture.clock.advance(by: 0.25)
            return monitor.watched.isEmpty
        }
        await app.shutdown()
    }

    @Test("without a monitor (no iOS 17) Settings says the device cannot watch places")
    func unavailable() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        try fixture.store.insert(Template(name: "Arrived", body: "Home", targets: [AppFixture.family], place: Self.arriveHome))
        let app = try AppModel(services: fixture.services)
        await app.start()
        #expect(app.places.authorization == .unavailable)
        #expect(app.places.status.description.hasPrefix("This device cannot watch places"))
        await app.shutdown()
    }

    @Test("the editor: off by default, on without a place blocks Save with why, where-I-am fills it, a draft kind turns it off")
    func editor() async throws {
        let fixture = try fixture(monitor: ScriptedPlaceMonitor())
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        let editor = app.editor(for: nil)
        editor.name = "Arrived"
        editor.body = "Home"
        #expect(!editor.place.isOn)
        #expect(editor.draft.place == nil)
        editor.place.isOn = true
        editor.place.placeName = "Home"
        #expect(!editor.canSave)
        #expect(editor.message(for: .place)?.description == "Choose the place: use where you are now, or paste its coordinates from Maps.")
        await editor.place.useCurrentLocation()
        #expect(editor.place.center == Self.home)
        #expect(editor.place.centerText == "45.464200,9.190000")
        editor.place.radius = 60
        #expect(editor.message(for: .place)?.description.hasPrefix("The radius is 60 m") == true)
        editor.place.radius = 300
        editor.place.crossing = .leave
        editor.place.windowMinutes = 1_440
        #expect(editor.place.windowLabel(1_440).description == "once a day")
        #expect(editor.place.windowLabel(30).description == "once every 30 minutes")
        #expect(editor.place.radiusLabel(300).description == "300 m")
        editor.place.coordinates = "91, 9"
        #expect(editor.place.center == nil && !editor.canSave)
        #expect(editor.message(for: .place)?.description.hasPrefix("Write the place as latitude, longitude") == true)
        editor.place.coordinates = "45.4642, 9.19"
        #expect(editor.place.center == Self.home && editor.message(for: .place) == nil)
        #expect(editor.place.mapLink?.absoluteString == "https://maps.google.com/?q=45.464200,9.190000")
        editor.body = "Out, back {{when}}"
        #expect(editor.message(for: .place)?.description.hasPrefix("A template sent on leaving cannot ask for values") == true)
        editor.body = "Out, back {{when=soon}}"
        let saved = try #require(editor.save())
        #expect(saved.place == PlaceRule(crossing: .leave, center: Self.home, radius: 300, placeName: "Home", windowMinutes: 1_440))
        let reopened = app.editor(for: saved)
        #expect(reopened.place.isOn && reopened.place.windowMinutes == 1_440)
        reopened.setKind(.email)
        #expect(reopened.draft.place == nil && !reopened.place.isOn)
        fixture.location.set(.fails(.denied), permission: .denied)
        let another = app.editor(for: nil)
        await another.place.useCurrentLocation()
        #expect(another.place.center == nil)
        #expect(another.place.locationError != nil)
    }

    @Test("a templates file from the dashboard is imported when opened with the app, and its place is watched at once")
    func importFromDashboardFile() async throws {
        let monitor = ScriptedPlaceMonitor()
        let fixture = try fixture(monitor: monitor)
        defer { fixture.remove() }
        // The dashboard's store (another machine): a template with a place rule, exported as
        // Settings → Download templates does.
        let dashboard = try TestDirectory("dashboard")
        defer { dashboard.remove() }
        let dashboardStore = try AppDatabase.open(in: DataDirectory(url: dashboard.url), clock: TestClock())
        let made = try dashboardStore.insert(Template(name: "Arrived", body: "Home 🏠", targets: [AppFixture.family], place: Self.arriveHome))
        let file = dashboard.url.appendingPathComponent("tgtemplates.json")
        try dashboardStore.exportTemplates().encoded().write(to: file)

        let app = try AppModel(services: fixture.services)
        await app.start()
        let notice = app.settings.importTemplates(fileAt: file)
        #expect(notice.description == "Imported 1 new and 0 updated templates, 0 new and 0 updated timers.")
        #expect(app.settings.importNotice == notice)
        #expect(try fixture.store.template(id: made.id)?.place == Self.arriveHome)
        try await eventually("the imported template's place is watched") { monitor.watched.map(\.templateID) == [made.id] }
        app.settings.dismissImportNotice()
        #expect(app.settings.importNotice == nil)

        // A file that is not an export imports nothing and says why.
        let bad = dashboard.url.appendingPathComponent("notes.json")
        try Data("{\"hello\": 1}".utf8).write(to: bad)
        #expect(app.settings.importTemplates(fileAt: bad).description.hasPrefix("Nothing was imported: "))
        #expect(try fixture.store.templates().count == 1)
        #expect(app.settings.importTemplates(fileAt: dashboard.url.appendingPathComponent("missing.json")).description
            == "Nothing was imported: the file could not be read.")
        await app.shutdown()
    }
}
