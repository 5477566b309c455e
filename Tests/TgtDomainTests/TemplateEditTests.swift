import Foundation
import Testing
import TgtDomain
import TgtTestSupport

/// `TemplateEdit`: the one order a template's fields change in, whichever face asked.
@Suite("Template edits")
struct TemplateEditTests {
    static let home = Coordinate(latitude: 45.4642, longitude: 9.19).map { PlaceRule(crossing: .arrive, center: $0, placeName: "Home") }

    static func telegram() -> Template {
        Template(name: "Leaving", body: "Leaving now", targets: [Target(chatID: -1001, chatTitle: "Family")], locationMode: .native,
                 silent: true, place: home)
    }

    @Test("an empty edit changes nothing")
    func emptyKeepsAll() throws {
        #expect(Self.home != nil)
        let template = Self.telegram()
        #expect(TemplateEdit().applied(to: template) == template)
    }

    @Test("a new kind applies first: a Telegram template made an email keeps the recipients and subject given with it and loses its targets, place and silence")
    func kindFirst() throws {
        var edit = TemplateEdit()
        edit.to = ["boss@example.com"]
        edit.subject = "Late"
        edit.kind = .email
        let changed = edit.applied(to: Self.telegram())
        #expect(changed.kind == .email && changed.to == ["boss@example.com"] && changed.subject == "Late")
        #expect(changed.targets.isEmpty && changed.place == nil && !changed.silent && changed.locationMode == .mapLink)
        #expect(changed.body == "Leaving now" && changed.name == "Leaving")
        #expect(edit.targetsKept(by: Self.telegram()).isEmpty && TemplateEdit().targetsKept(by: Self.telegram()).map(\.chatID) == [-1001])
    }

    @Test("recipients are cleared before the given ones apply; fields given replace, fields left nil stay")
    func fields() {
        let email = Template(name: "Late", kind: .email, body: "Late", to: ["a@example.com"], cc: ["b@example.com"], subject: "S")
        var edit = TemplateEdit()
        edit.clearRecipients = true
        edit.cc = ["c@example.com"]
        edit.body = "Very late"
        let changed = edit.applied(to: email)
        #expect(changed.to.isEmpty && changed.cc == ["c@example.com"] && changed.body == "Very late" && changed.subject == "S")
    }

    @Test("the place rule: kept, removed or replaced; targets replaced as a whole")
    func placeAndTargets() throws {
        let template = Self.telegram()
        var remove = TemplateEdit()
        remove.place = .remove
        #expect(remove.applied(to: template).place == nil)
        let office = PlaceRule(crossing: .leave, center: try #require(Coordinate(latitude: 45.47, longitude: 9.22)), placeName: "Office")
        var set = TemplateEdit()
        set.place = .set(office)
        set.targets = [Target(chatID: -1002, chatTitle: "Work")]
        let changed = set.applied(to: template)
        #expect(changed.place == office && changed.targets.map(\.chatID) == [-1002])
        #expect(TemplateEdit().applied(to: template).place == Self.home)
    }
}
