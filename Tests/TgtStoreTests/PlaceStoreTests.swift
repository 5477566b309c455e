import Foundation
import Testing
import TgtTestSupport
import TgtDomain
import TgtStore

@Suite("Arriving and leaving in the store")
struct PlaceStoreTests {
    static let home = Coordinate(latitude: 45.4642, longitude: 9.19)!
    let rule = PlaceRule(crossing: .arrive, center: PlaceStoreTests.home, radius: 200, placeName: "Home", windowMinutes: 60)

    @Test("a rule is saved, read back, changed and removed with the template; a copy has none")
    func roundTrip() throws {
        let store = try StoreFixture()
        defer { store.remove() }
        let saved = try store.db.insert(Template(name: "Arrived", body: "Home", targets: [Target(chatID: -1, chatTitle: "Family")], place: rule))
        #expect(try store.reopen().template(id: saved.id)?.place == rule)
        var edited = saved
        edited.place?.crossing = .leave
        edited.place?.windowMinutes = 1_440
        _ = try store.db.update(edited)
        #expect(try store.db.template(id: saved.id)?.place == edited.place)
        #expect(try store.db.duplicateTemplate(id: saved.id).place == nil)
        edited.place = nil
        _ = try store.db.update(edited)
        #expect(try store.db.template(id: saved.id)?.place == nil)
    }

    @Test("a bad rule saves nothing")
    func refused() throws {
        let store = try StoreFixture()
        defer { store.remove() }
        var bad = rule
        bad.radius = 10
        #expect(throws: StoreError.self) { try store.db.insert(Template(name: "Arrived", body: "Home", place: bad)) }
        #expect(try store.db.templates().isEmpty)
    }

    @Test("archives carry the rule (version 4); version 3 files import without; a rule from outside the map is refused")
    func archive() throws {
        let a = try StoreFixture(), b = try StoreFixture()
        defer { a.remove(); b.remove() }
        try a.db.insert(Template(name: "Arrived", body: "Home", targets: [Target(chatID: -1, chatTitle: "Family")], place: rule))
        let archive = try a.db.exportTemplates()
        #expect(archive.version == 4)
        let data = try archive.encoded()
        #expect(String(decoding: data, as: UTF8.self).contains("\"place_name\" : \"Home\""))
        _ = try b.db.importTemplates(data)
        #expect(try b.db.templates().map(\.place) == [rule])
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var templates = try #require(object["templates"] as? [[String: Any]])
        var place = try #require(templates[0]["place"] as? [String: Any])
        place["latitude"] = 123.0
        templates[0]["place"] = place
        object["templates"] = templates
        let c = try StoreFixture()
        defer { c.remove() }
        #expect(throws: StoreError.self) { try c.db.importTemplates(JSONSerialization.data(withJSONObject: object)) }
        #expect(try c.db.templates().isEmpty)
        templates[0]["place"] = nil
        object["templates"] = templates
        object["version"] = 3
        _ = try c.db.importTemplates(JSONSerialization.data(withJSONObject: object))
        #expect(try c.db.templates().map(\.place) == [nil])
    }

    @Test("crossings are claimed once: first report, arrive, drift, window, moved circle, deleted template")
    func claims() throws {
        let store = try StoreFixture()
        defer { store.remove() }
        let t = try store.db.insert(Template(name: "Arrived", body: "Home", targets: [Target(chatID: -1, chatTitle: "Family")], place: rule))
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        func claim(_ side: PlaceSide) throws -> PlaceVerdict? {
            try store.db.claimPlaceCrossing(templateID: t.id, side: side, happenedAt: now, now: now)?.verdict
        }
        #expect(try claim(.outside) == .firstReport)
        now += 600
        #expect(try claim(.inside) == .send)
        #expect(try store.db.placeLastSent(templateID: t.id) == now)
        let sentAt = now
        now += 300
        #expect(try claim(.outside) == .otherCrossing)
        now += 300
        #expect(try claim(.inside) == .withinWindow(lastSent: sentAt), "drifting across the edge sends once")
        #expect(try store.reopen().placeLastSent(templateID: t.id) == sentAt, "the window survives a relaunch")
        now += 3_600
        #expect(try claim(.outside) == .otherCrossing)
        #expect(try claim(.inside) == .send)
        // The circle moves: the phone's next report is where it is, not a crossing.
        var moved = try #require(try store.db.template(id: t.id))
        moved.place?.center = try #require(Coordinate(latitude: 41.9, longitude: 12.5))
        _ = try store.db.update(moved)
        #expect(try store.db.placeLastSent(templateID: t.id) == nil)
        now += 60
        #expect(try claim(.outside) == .firstReport)
        try store.db.deleteTemplate(id: t.id)
        #expect(try claim(.inside) == nil, "a deleted template's report changes nothing")
    }
}
