import Foundation
import Testing
import TgtTestSupport
import TgtDomain

@Suite("Variable forms: offsets, formats, weekdays, defaults, choices")
struct VariableFormsTests {
    static let rome = TimeZone(identifier: "Europe/Rome") ?? .current
    static let newYork = TimeZone(identifier: "America/New_York") ?? .current
    static let losAngeles = TimeZone(identifier: "America/Los_Angeles") ?? .current

    static func date(_ iso: String) -> Date {
        (try? Date(iso, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }

    func render(_ body: String, at now: String, locale: String = "en_GB", zone: TimeZone = rome, custom: [String: String] = [:]) throws -> String {
        let template = Template(name: "T", body: body, targets: [Target(chatID: 1, chatTitle: "Family")])
        let context = RenderContext(now: Self.date(now), locale: Locale(identifier: locale), timeZone: zone, me: "Ada", custom: custom)
        return try #require(try Renderer().render(template, context: context).first).text
    }

    @Test("every form parses into its placeholder")
    func forms() throws {
        let text = try TemplateText(parsing: "{{date+1d}} {{time+15m}} {{datetime-2h}} {{date:EEEE d MMMM}} {{time:HH:mm}} {{date:next monday}} {{date+1w:next fri:EEE d}} {{eta=18:30}} {{mood|fine|tired|late}}")
        let placeholders = text.parts.compactMap { part -> Placeholder? in
            if case .variable(let p) = part { return p }
            return nil
        }
        #expect(placeholders.map(\.name) == ["date", "time", "datetime", "date", "time", "date", "date", "eta", "mood"])
        #expect(placeholders[0].form == .clock(ClockExpression(base: .date, offsets: [.init(amount: 1, unit: .day)])))
        #expect(placeholders[2].form == .clock(ClockExpression(base: .datetime, offsets: [.init(amount: -2, unit: .hour)])))
        #expect(placeholders[4].form == .clock(ClockExpression(base: .time, pattern: "HH:mm")))
        #expect(placeholders[5].form == .clock(ClockExpression(base: .date, nextWeekday: 2)))
        #expect(placeholders[6].form == .clock(ClockExpression(base: .date, offsets: [.init(amount: 1, unit: .week)], nextWeekday: 6, pattern: "EEE d")))
        #expect(placeholders[7].form == .defaulted("18:30"))
        #expect(placeholders[8].form == .choice(["fine", "tired", "late"]))
        #expect(text.variables == [
            TemplateVariable(name: "eta", defaultValue: "18:30"),
            TemplateVariable(name: "mood", kind: .choice, choices: ["fine", "tired", "late"]),
        ])
    }

    @Test("bad forms point at the character at fault", arguments: [
        ("{{date+1x}}", TemplateSyntaxError.unknownOffsetUnit("x", position: 9)),
        ("{{time:}}", TemplateSyntaxError.emptyFormat(position: 8)),
        ("Hi {{mood|fine|tired", TemplateSyntaxError.unclosedPlaceholder(position: 4)),
        ("{{mood|a||b}}", TemplateSyntaxError.emptyChoice("mood", position: 10)),
        ("{{mood|a|b|a}}", TemplateSyntaxError.repeatedChoice("mood", "a", position: 12)),
        ("{{mood|only}}", TemplateSyntaxError.singleChoice("mood", position: 12)),
        ("{{date+}}", TemplateSyntaxError.missingOffsetAmount(sign: "+", position: 8)),
        ("{{date+1}}", TemplateSyntaxError.missingOffsetUnit(position: 9)),
        ("{{date+9999999d}}", TemplateSyntaxError.offsetTooLarge(position: 8)),
        ("{{date:EEEE t}}", TemplateSyntaxError.unknownFormatField("t", position: 13)),
        ("{{date:EEEE 'at}}", TemplateSyntaxError.unclosedFormatQuote(position: 13)),
        ("{{date:next funday}}", TemplateSyntaxError.unknownWeekday("funday", position: 13)),
        ("{{date:next mon:}}", TemplateSyntaxError.emptyFormat(position: 17)),
        ("{{date+1d x}}", TemplateSyntaxError.unexpectedCharacter("x", base: "date", position: 11)),
        ("{{eta+1d}}", TemplateSyntaxError.clockFormOnOther("eta", position: 6)),
        ("{{me=Bob}}", TemplateSyntaxError.builtinWithDefault("me", position: 5)),
        ("{{chat|a|b}}", TemplateSyntaxError.builtinWithChoices("chat", position: 7)),
        ("{{eta=1}} {{eta=2}}", TemplateSyntaxError.conflictingForms("eta", position: 11)),
    ])
    func badForms(body: String, expected: TemplateSyntaxError) {
        #expect(throws: expected) { try TemplateText(parsing: body) }
        #expect(expected.message.contains("character \(expected.position)"))
    }

    @Test("a bad form is refused at save time with its message")
    func savingRefusesBadForms() {
        let issues = TemplateValidator().problemsForSaving(Template(name: "T", body: "Back {{date+1x}}"), otherNames: [])
        #expect(issues.map(\.message) == [TemplateSyntaxError.unknownOffsetUnit("x", position: 14).message])
    }

    @Test("offsets in the user's time zone; days keep the wall clock across DST, hours do not", arguments: [
        // EU summer time starts 29 March 2026 at 02:00 in Rome.
        ("{{datetime+1d:yyyy-MM-dd HH:mm}}", "2026-03-28T11:00:00Z", rome, "2026-03-29 12:00"),
        ("{{datetime+24h:yyyy-MM-dd HH:mm}}", "2026-03-28T11:00:00Z", rome, "2026-03-29 13:00"),
        // US daylight time ends 1 November 2026 in New York.
        ("{{time+1d:HH:mm}}", "2026-10-31T13:30:00Z", newYork, "09:30"),
        ("{{time+24h:HH:mm}}", "2026-10-31T13:30:00Z", newYork, "08:30"),
        ("{{time+15m}}", "2026-11-21T07:30:00Z", rome, "08:45"),
        ("{{datetime-2h:d MMM HH:mm}}", "2026-11-21T07:30:00Z", rome, "21 Nov 06:30"),
        ("{{date+1M:d MMM y}}", "2026-01-31T10:00:00Z", rome, "28 Feb 2026"),
        ("{{date+1y-1d:d MMM y}}", "2028-02-29T10:00:00Z", rome, "27 Feb 2029"),
        ("{{date+2w:d MMM}}", "2026-11-21T10:00:00Z", rome, "5 Dec"),
        // The same instant is already the 23rd in Rome, still the 22nd in Los Angeles.
        ("{{date:yyyy-MM-dd}}", "2026-11-22T23:30:00Z", rome, "2026-11-23"),
        ("{{date:yyyy-MM-dd}}", "2026-11-22T23:30:00Z", losAngeles, "2026-11-22"),
    ])
    func offsets(body: String, now: String, zone: TimeZone, expected: String) throws {
        #expect(try render(body, at: now, zone: zone) == expected)
    }

    @Test("formats follow the locale", arguments: [
        ("en_GB", "Sunday 22 November"), ("de_DE", "Sonntag 22 November"), ("fr_FR", "dimanche 22 novembre"), ("it_IT", "domenica 22 novembre"),
    ])
    func localizedFormats(locale: String, expected: String) throws {
        #expect(try render("{{date:EEEE d MMMM}}", at: "2026-11-22T10:00:00Z", locale: locale) == expected)
    }

    @Test("literal text in quotes stays as written")
    func quotedLiterals() throws {
        #expect(try render("{{datetime:EEE 'at' HH:mm}}", at: "2026-11-22T10:00:00Z") == "Sun at 11:00")
    }

    @Test("next weekday is strictly after today and keeps the time", arguments: [
        ("2026-11-22T10:00:00Z", "{{date:next monday:EEE d MMM}}", "Mon 23 Nov"),  // a Sunday
        ("2026-11-23T10:00:00Z", "{{date:next monday:EEE d MMM}}", "Mon 30 Nov"),  // a Monday: a week later
        ("2026-11-23T10:00:00Z", "{{datetime:next FRI:EEE HH:mm}}", "Fri 11:00"),
        ("2026-11-23T10:00:00Z", "{{date+1w:next sun:d MMM}}", "6 Dec"),
    ])
    func nextWeekday(now: String, body: String, expected: String) throws {
        #expect(try render(body, at: now) == expected)
    }

    @Test("a default is used unless a value is given, and a send never asks for it")
    func defaults() throws {
        let body = "Home by {{eta=18:30}} (eta {{eta}})"
        #expect(try render(body, at: "2026-11-22T10:00:00Z") == "Home by 18:30 (eta 18:30)")
        #expect(try render(body, at: "2026-11-22T10:00:00Z", custom: ["eta": "19:00"]) == "Home by 19:00 (eta 19:00)")
        let template = Template(name: "T", body: "{{eta}} then {{eta=18:30}} and {{who}}")
        #expect(try Renderer().missingVariables(in: template, context: RenderContext()) == ["who"])
        #expect(try render("Note: {{note=}}!", at: "2026-11-22T10:00:00Z") == "Note: !")
    }

    @Test("a choice must be one of the list and has no default")
    func choices() throws {
        let body = "Feeling {{mood|fine|tired|late}}"
        #expect(try render(body, at: "2026-11-22T10:00:00Z", custom: ["mood": "tired"]) == "Feeling tired")
        #expect(throws: RenderError.notAChoice(name: "mood", value: "sleepy", choices: ["fine", "tired", "late"])) {
            try render(body, at: "2026-11-22T10:00:00Z", custom: ["mood": "sleepy"])
        }
        #expect(throws: RenderError.missingVariables(["mood"])) { try render(body, at: "2026-11-22T10:00:00Z") }
    }

    @Test("values of default and choice variables are escaped like any other")
    func escaping() throws {
        #expect(try render("{{x=a_b}} {{y|*|_}}", at: "2026-11-22T10:00:00Z", custom: ["y": "_"]) == "a\\_b \\_")
    }
}
