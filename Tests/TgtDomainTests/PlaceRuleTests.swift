import Foundation
import Testing
import TgtTestSupport
import TgtDomain

@Suite("Arriving and leaving: the place rule")
struct PlaceRuleTests {
    static let home = Coordinate(latitude: 45.4642, longitude: 9.19)!
    static let family = Target(chatID: -1, chatTitle: "Family")

    func template(_ rule: PlaceRule?, kind: TemplateKind = .telegram, body: String = "Home 🏠") -> Template {
        var t = Template(name: "Arrived", body: body, targets: [Self.family], place: rule)
        if kind != .telegram {
            t = t.converted(to: kind)
            t.place = rule
        }
        return t
    }

    func problems(_ t: Template) -> [String] {
        TemplateValidator().problemsForSaving(t, otherNames: []).filter { $0.field == .place }.map(\.message)
    }

    @Test("a good rule saves; each bad field is refused with its own message")
    func validation() {
        let good = PlaceRule(crossing: .arrive, center: Self.home, placeName: "Home")
        #expect(problems(template(good)).isEmpty)
        #expect(problems(template(nil)).isEmpty)
        var rule = good
        rule.radius = 50
        #expect(problems(template(rule)) == ["The radius is 50 m; it must be 100–5000 m (a phone notices smaller circles late or not at all)."])
        rule.radius = 5_001
        #expect(problems(template(rule)).count == 1)
        rule = good
        rule.windowMinutes = 4
        #expect(problems(template(rule)).first?.hasPrefix("Send at most once in 5 minutes to 7 days") == true)
        rule.windowMinutes = 10_081
        #expect(problems(template(rule)).count == 1)
        rule = good
        for (name, expected) in [("", "Name the place"), (" Home", "cannot start or end with spaces"), (String(repeating: "a", count: 41), "41 characters"),
                                 ("Ho\u{7}me", "control characters")] {
            rule.placeName = name
            #expect(problems(template(rule)).first?.contains(expected) == true, "\(name.debugDescription)")
        }
        #expect(problems(template(good, kind: .email)).first?.hasPrefix("Only Telegram templates can send on arriving or leaving") == true)
        #expect(problems(template(good, body: "ETA {{eta}}, {{mood=fine}}")) == [
            "A template sent on arriving cannot ask for values: give {{eta}} a default, such as {{eta=…}}.",
        ])
        #expect(problems(template(good, body: "ETA {{eta=10}} min, {{date}}")).isEmpty, "defaults and built-ins need no one")
    }

    @Test("converting to a draft kind drops the rule; JSON without a place decodes as none")
    func conversionAndDecoding() throws {
        let t = template(PlaceRule(crossing: .leave, center: Self.home, placeName: "Home"))
        #expect(t.converted(to: .text).place == nil)
        #expect(t.converted(to: .telegram).place == t.place)
        let data = try JSONEncoder().encode(t)
        #expect(try JSONDecoder().decode(Template.self, from: data) == t)
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["place"] = nil
        #expect(try JSONDecoder().decode(Template.self, from: JSONSerialization.data(withJSONObject: object)).place == nil)
    }

    @Test("the verdict for each report: first, same side, other way, send, window, stale, moved circle")
    func verdicts() {
        let rule = PlaceRule(crossing: .arrive, center: Self.home, placeName: "Home", windowMinutes: 60)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func verdict(_ known: PlaceCrossing.Known?, _ side: PlaceSide, happened: TimeInterval = 0) -> PlaceVerdict {
            PlaceCrossing.verdict(rule: rule, known: known, side: side, happenedAt: now.addingTimeInterval(-happened), now: now)
        }
        let outside = PlaceCrossing.Known(region: rule.regionKey, side: .outside, lastSent: nil)
        let inside = PlaceCrossing.Known(region: rule.regionKey, side: .inside, lastSent: nil)
        #expect(verdict(nil, .inside) == .firstReport, "being there when the rule is made is not arriving")
        #expect(verdict(outside, .outside) == .noChange)
        #expect(verdict(inside, .outside) == .otherCrossing)
        #expect(verdict(outside, .inside) == .send)
        #expect(verdict(outside, .inside, happened: 14 * 60) == .send)
        #expect(verdict(outside, .inside, happened: 16 * 60) == .tooLate(happenedAt: now.addingTimeInterval(-16 * 60)))
        let sentRecently = PlaceCrossing.Known(region: rule.regionKey, side: .outside, lastSent: now.addingTimeInterval(-59 * 60))
        #expect(verdict(sentRecently, .inside) == .withinWindow(lastSent: now.addingTimeInterval(-59 * 60)))
        let sentLongAgo = PlaceCrossing.Known(region: rule.regionKey, side: .outside, lastSent: now.addingTimeInterval(-60 * 60))
        #expect(verdict(sentLongAgo, .inside) == .send)
        let clockPutBack = PlaceCrossing.Known(region: rule.regionKey, side: .outside, lastSent: now.addingTimeInterval(2 * 3_600))
        #expect(verdict(clockPutBack, .inside) == .send, "a last send far in the future does not block for ever")
        let moved = PlaceCrossing.Known(region: "45.000000,9.000000,150", side: .outside, lastSent: nil)
        #expect(verdict(moved, .inside) == .firstReport, "a moved circle starts from what the phone reports")
        let leaving = PlaceRule(crossing: .leave, center: Self.home, placeName: "Home")
        #expect(PlaceCrossing.verdict(rule: leaving, known: inside, side: .outside, happenedAt: now, now: now) == .send)
    }

    @Test("the summary and window words")
    func words() {
        let rule = PlaceRule(crossing: .leave, center: Self.home, radius: 200, placeName: "Office", windowMinutes: 1_440)
        #expect(rule.summary == "Leaving Office (200 m), at most once a day")
        #expect([15, 60, 120, 1_440, 2_880, 10_080].map(PlaceRule.windowText) == ["every 15 minutes", "an hour", "every 2 hours", "a day", "every 2 days", "a week"])
        #expect(rule.regionKey == "45.464200,9.190000,200")
    }
}
