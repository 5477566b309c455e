import Foundation
import Testing
import TgtDomain
import TgtTestSupport

/// A message read as a snippet (`;leaving eta=10`): what counts as one and what stays an
/// ordinary message, quoted values, naughty strings, matching a template's name however its
/// spaces are typed, and the prefix's rules.
@Suite("Snippet commands")
struct SnippetCommandTests {
    static let leaving = Template(name: "Leaving work", body: "Leaving now, home by {{eta}}.", createdAt: fixtureDate)
    static let arrived = Template(name: "Arrivé", body: "Arrived 📍", createdAt: fixtureDate)

    @Test("the prefix, a name of one or more words, then name=value words, quoted when they hold spaces")
    func parsing() {
        #expect(SnippetCommand(parsing: ";leaving", prefix: ";") == SnippetCommand(name: "leaving"))
        #expect(SnippetCommand(parsing: ";leaving work eta=10", prefix: ";") == SnippetCommand(name: "leaving work", values: ["eta": "10"]))
        #expect(SnippetCommand(parsing: #";leaving eta="10 min" who="Ann \"A\" B""#, prefix: ";")
                == SnippetCommand(name: "leaving", values: ["eta": "10 min", "who": #"Ann "A" B"#]))
        #expect(SnippetCommand(parsing: "!!standup  room=B2 ", prefix: "!!") == SnippetCommand(name: "standup", values: ["room": "B2"]))
        #expect(SnippetCommand(parsing: ";leaving eta=", prefix: ";") == SnippetCommand(name: "leaving", values: ["eta": ""]))
    }

    @Test("ordinary messages stay ordinary: no prefix, nothing after it, a space after it, a line break, words after a value, a bad name, an open quote")
    func ordinary() {
        for text in [
            "leaving", ";", "; leaving", ";leaving\nsecond line", ";leaving eta=10 please", ";leaving 1x=2", ";leaving eta=\"10 min",
            ";=x", ";leaving \"work\"", "x;leaving", ";leaving\u{0}", ";leaving\r", ";leaving\u{2028}", String(repeating: "a", count: 2000),
            ";" + String(repeating: "a", count: SnippetCommand.maxLength), ";leaving\teta=1\u{7}",
        ] {
            #expect(SnippetCommand(parsing: text, prefix: ";") == nil, "\(text.debugDescription)")
        }
    }

    @Test("naughty strings never crash the reader and never name a template by accident")
    func naughty() {
        let naughty = [
            "", " ", "\u{202E};leaving", ";\u{202E}leaving", ";leaving\u{200B}", ";👨‍👩‍👧", ";🏳️‍🌈 a=🏳️‍🌈", ";' OR 1=1 --", ";<script>alert(1)</script>",
            ";{{eta}}", ";leaving eta={{me}}", ";null", ";undefined", ";NaN", ";%s%s%n", ";../../etc/passwd", ";\u{FEFF}leaving", ";ｌｅａｖｉｎｇ",
            ";e\u{301}", ";" + String(repeating: "\u{301}", count: 500), ";leaving " + String(repeating: "a=1 ", count: 250), ";\"", ";a=\"\\\"",
            ";leaving eta=\"\\", ";Ω≈ç√∫", ";田中さんにあげて下さい", ";مرحبا", ";ثم نفس سقطت وبالتحديد", ";١٢٣",
        ]
        for text in naughty {
            // None of them names a template ("leaving" alone is part of a name), whatever it parses as.
            #expect(SnippetCommand(parsing: text, prefix: ";").map { $0.match(in: [Self.leaving, Self.arrived]) } ?? SnippetMatch.none == .none,
                    "\(text.debugDescription)")
        }
    }

    @Test("a name matches without case or accents, its spaces typed as spaces, -, _ or nothing; several of one name are ambiguous")
    func matching() {
        let templates = [Self.leaving, Self.arrived]
        for typed in ["leaving work", "Leaving Work", "leaving-work", "leaving_work", "leavingwork", "LEAVING-WORK"] {
            #expect(SnippetCommand(name: typed).match(in: templates) == .template(Self.leaving), "\(typed)")
        }
        #expect(SnippetCommand(name: "arrive").match(in: templates) == .template(Self.arrived))
        #expect(SnippetCommand(name: "ARRIVÉ").match(in: templates) == .template(Self.arrived))
        #expect(SnippetCommand(name: "ｌｅａｖｉｎｇ-ｗｏｒｋ").match(in: templates) == .template(Self.leaving), "full-width letters fold")
        #expect(SnippetCommand(name: "leaving").match(in: templates) == .none, "part of a name names nothing")
        #expect(SnippetCommand(name: "leaving--work").match(in: templates) == .none)
        let pickup = Template(name: "Pickup", body: "p", createdAt: fixtureDate), pickUp = Template(name: "Pick up", body: "q", createdAt: fixtureDate)
        #expect(SnippetCommand(name: "pickup").match(in: [pickUp, pickup]) == .template(pickup), "typed as spelt wins")
        #expect(SnippetCommand(name: "pick up").match(in: [pickUp, pickup]) == .template(pickUp))
        #expect(SnippetCommand(name: "pick-up").match(in: [pickUp, pickup]) == .template(pickUp))
        #expect(SnippetCommand(parsing: ";👨‍👩‍👧 a=🏳️‍🌈", prefix: ";") == SnippetCommand(name: "👨‍👩‍👧", values: ["a": "🏳️‍🌈"]), "joiners are not control characters")
        let twin = Template(name: "leaving  WORK", body: "x", createdAt: fixtureDate)
        #expect(SnippetCommand(name: "leaving-work").match(in: templates + [twin]) == .ambiguous(["Leaving work", "leaving  WORK"]))
        #expect(SnippetCommand.suggestedSpelling(of: "Leaving  work") == "leaving-work")
    }

    @Test("the prefix: 1 to 4 characters, no letters, digits, spaces or control characters, not starting with /")
    func prefixRules() throws {
        for good in [";", "!!", "::", "#", "…", "→", ".;"] {
            #expect(SnippetSettings.problem(prefix: good) == nil, "\(good)")
        }
        for bad in ["", "/", "/x", "a", ";a", "1;", "; ", "\t", ";;;;;", "x", "é", "٣", "\u{7}"] {
            #expect(SnippetSettings.problem(prefix: bad) != nil, "\(bad.debugDescription)")
            #expect(throws: SnippetError.self) { try SnippetSettings(isOn: true, prefix: bad).validated() }
        }
        #expect(try SnippetSettings(isOn: true, prefix: "!!").validated() == SnippetSettings(isOn: true, prefix: "!!"))
        #expect(SnippetSettings() == SnippetSettings(isOn: false, prefix: ";"), "off until turned on, ; by default")
    }
}
