import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// Templates and settings through the application layer over a real SQLite store: the rules
/// every face shares, and bad input changing nothing.
@Suite("Template and settings services", .timeLimit(.minutes(1)))
struct TemplateAndSettingsServiceTests {
    static let family = Target(chatID: -1, chatTitle: "Family")

    @Test("templates: saved with the store's rules, copied, moved; a new order must list every template once, else nothing moves")
    func templates() throws {
        let folder = try TestDirectory("app-templates")
        defer { folder.remove() }
        let store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: TestClock())
        let templates = TemplateService(store: store, markup: nil)
        #expect(!templates.checksMarkup)
        let a = try templates.create(Template(name: "Arrived", body: "Arrived 📍", targets: [Self.family]))
        let b = try templates.create(Template(name: "Leaving", body: "Leaving work", targets: [Self.family]))
        #expect(throws: StoreError.self) { try templates.create(Template(name: "arrived", body: "Again", targets: [Self.family])) }
        #expect(throws: StoreError.self) { try templates.create(Template(name: "Empty", body: "", targets: [Self.family])) }
        let copy = try templates.duplicate(a.id)
        #expect(try store.templates().map(\.id) == [a.id, copy.id, b.id])
        #expect(try templates.move(b.id, to: 0) == 1)
        let before = try store.templates().map(\.id)
        #expect(throws: TemplateOrderError.notEveryTemplate(count: 3)) { try templates.reorder([a.id, b.id]) }
        #expect(throws: TemplateOrderError.notEveryTemplate(count: 3)) { try templates.reorder([a.id, a.id, b.id]) }
        #expect(try store.templates().map(\.id) == before, "a refused order moves nothing")
        try templates.reorder([copy.id, a.id, b.id])
        #expect(try store.templates().map(\.id) == [copy.id, a.id, b.id])
        var renamed = a
        renamed.name = "Home"
        #expect(try templates.update(renamed).name == "Home")
        try templates.delete(copy.id)
        #expect(try store.templates().map(\.name) == ["Home", "Leaving"])
    }

    @Test("targets outside the cached chat list: the live session's answer, else the caller's title, else refused")
    func targets() async throws {
        let folder = try TestDirectory("app-targets")
        defer { folder.remove() }
        let store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: TestClock())
        let templates = TemplateService(store: store, markup: nil)
        let archived = TargetKey(chatID: -77, topicID: nil)
        await #expect(throws: TargetError.notListed(-77)) { try await templates.resolveTargets([.init(key: archived)]) }
        #expect(try await templates.resolveTargets([.init(key: archived, chatTitle: "Old group")]).map(\.chatTitle) == ["Old group"],
                "logged out: a script's title is taken on trust")
        let live: TemplateService.LiveLookup = { chatID in
            switch chatID {
            case -77: .found(title: "Archived friends", refusal: nil)
            case -78: .found(title: "News", refusal: .channelAdminsOnly)
            default: .missing
            }
        }
        #expect(try await templates.resolveTargets([.init(key: archived, chatTitle: "ignored")], live: live).map(\.chatTitle) == ["Archived friends"])
        await #expect(throws: TargetError.cannotPost(PostRefusal.channelAdminsOnly.targetRefusal(chatTitle: "News"))) {
            try await templates.resolveTargets([.init(key: TargetKey(chatID: -78, topicID: nil))], live: live)
        }
        await #expect(throws: TargetError.notATelegramChat(-79)) { try await templates.resolveTargets([.init(key: TargetKey(chatID: -79, topicID: nil))], live: live) }
        await #expect(throws: TargetError.topicTitleNeeded(chatID: -77, topicID: 3)) {
            try await templates.resolveTargets([.init(key: TargetKey(chatID: -77, topicID: 3))], live: live)
        }
        let many = (1...51).map { TemplateService.TargetRequest(key: TargetKey(chatID: Int64(-$0), topicID: nil), chatTitle: "C\($0)") }
        await #expect(throws: TargetError.tooMany) { try await templates.resolveTargets(many) }
    }

    @Test("settings: a typed default location (spaces allowed, blank forgets it); a bad one is refused and changes nothing")
    func settings() throws {
        let folder = try TestDirectory("app-settings")
        defer { folder.remove() }
        let store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: TestClock())
        let settings = SettingsService(store: store)
        let milan = try #require(Coordinate(latitude: 45.4642, longitude: 9.19))
        #expect(try settings.setDefaultLocation(typed: " 45.4642, 9.19 ") == milan)
        #expect(try settings.defaultLocation() == milan)
        for bad in ["north", "91,0", "45.4642;9.19", String(repeating: "1", count: 500)] {
            #expect(throws: SettingsError.self) { try settings.setDefaultLocation(typed: bad) }
            #expect(try settings.defaultLocation() == milan, "“\(bad.prefix(20))” changed nothing")
        }
        #expect(SettingsError.notALocation("north").message == "“north” is not a location.")
        #expect(try settings.setDefaultLocation(typed: "  ") == nil)
        #expect(try settings.defaultLocation() == nil)
    }
}
