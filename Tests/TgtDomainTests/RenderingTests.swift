import Foundation
import Testing
import TgtTestSupport
import TgtDomain

@Suite("Variables and rendering")
struct RenderingTests {
    let family = Target(chatID: -100, chatTitle: "Family")
    let work = Target(chatID: -200, topicID: 7, chatTitle: "Work", topicTitle: "Standups")
    let rome = TimeZone(identifier: "Europe/Rome") ?? .current
    // 2026-11-21 07:30:00 UTC = 08:30 in Rome.
    let now = Date(timeIntervalSince1970: 1_795_246_200)

    func context(_ custom: [String: String] = [:], location: Coordinate? = nil) -> RenderContext {
        RenderContext(now: now, locale: Locale(identifier: "en_GB"), timeZone: rome, location: location, me: "Ada", custom: custom)
    }

    @Test("placeholders parse with optional spaces; names are listed once in order")
    func parsing() throws {
        let text = try TemplateText(parsing: "Hi {{ chat }}, {{me}} here. {{eta}} / {{chat}}")
        #expect(text.variableNames == ["chat", "me", "eta"])
        #expect(text.parts.first == .literal("Hi "))
    }

    @Test("syntax errors name the position", arguments: [
        ("Hello {{name", TemplateSyntaxError.unclosedPlaceholder(position: 7)),
        ("{{two words}}", TemplateSyntaxError.invalidName("two words", position: 1)),
        ("x {{}}", TemplateSyntaxError.invalidName("", position: 3)),
        ("{{9lives}}", TemplateSyntaxError.invalidName("9lives", position: 1)),
    ])
    func syntaxErrors(body: String, expected: TemplateSyntaxError) {
        #expect(throws: expected) { try TemplateText(parsing: body) }
    }

    @Test("{{chat}} differs per target and built-ins use locale and time zone")
    func perTarget() throws {
        let template = Template(name: "Arrived", body: "{{me}} arrived at {{time}} on {{date}} → {{chat}}", targets: [family, work])
        let messages = try Renderer().render(template, context: context())
        #expect(messages.map(\.text) == [
            "Ada arrived at 08:30 on 21 Nov 2026 → Family",
            "Ada arrived at 08:30 on 21 Nov 2026 → Work › Standups",
        ])
        #expect(messages.map(\.target) == [family, work])
    }

    @Test("a send with missing variables fails and names every one")
    func missingVariables() {
        let template = Template(name: "Eta", body: "Back in {{minutes}} min from {{place}}, see {{location}}", targets: [family])
        #expect(throws: RenderError.missingVariables(["minutes", "place", "location"])) {
            try Renderer().render(template, context: context(["other": "x"]))
        }
        #expect(RenderError.missingVariables(["minutes", "place"]).message == "Missing values for {{minutes}}, {{place}}.")
    }

    @Test("custom values, location link and coordinates")
    func customAndLocation() throws {
        let here = try #require(Coordinate(latitude: 45.4642, longitude: 9.19))
        let template = Template(name: "Here", body: "In {{minutes}}' at {{latitude}},{{longitude}} {{location}}", targets: [family])
        let text = try Renderer().render(template, context: context(["minutes": "5"], location: here))[0].text
        #expect(text == "In 5' at 45.464200,9.190000 https://maps.google.com/?q=45.464200,9.190000")
    }

    @Test("location modes: map link appended, native location carried, required when missing")
    func locationModes() throws {
        let here = try #require(Coordinate(parsing: "-33.8688, 151.2093"))
        var template = Template(name: "Pin", body: "Here", targets: [family], locationMode: .mapLink)
        #expect(try Renderer().render(template, context: context(location: here))[0].text == "Here\nhttps://maps.google.com/?q=-33.868800,151.209300")
        template.locationMode = .native
        let native = try Renderer().render(template, context: context(location: here))[0]
        #expect(native.text == "Here" && native.nativeLocation == here)
        #expect(throws: RenderError.missingVariables(["location"])) { try Renderer().render(template, context: context()) }
    }

    @Test("no targets is an error, not an empty send")
    func noTargets() {
        #expect(throws: RenderError.noTargets) { try Renderer().render(Template(name: "x", body: "y"), context: context()) }
    }

    @Test("coordinates are validated", arguments: ["91,0", "0,181", "abc", "1,2,3", "", "nan,0", "45.1;9.2"])
    func badCoordinates(text: String) {
        #expect(Coordinate(parsing: text) == nil)
    }

    @Test("target keys parse CHAT or CHAT/TOPIC", arguments: [("-100123", true), ("-100123/5", true), ("0", false), ("x", false), ("-1/0", false), ("-1/", false), ("-1/2/3", false)])
    func targetKeys(text: String, valid: Bool) {
        #expect((TargetKey(parsing: text) != nil) == valid)
    }
}

@Suite("Validation")
struct ValidationTests {
    let validator = TemplateValidator()

    @Test("every saving rule has its own message")
    func savingRules() {
        let long = String(repeating: "n", count: 65)
        func problems(_ t: Template, others: [String] = []) -> [String] {
            validator.problemsForSaving(t, otherNames: others).map(\.message)
        }
        #expect(problems(Template(name: "", body: "x")) == ["Give the template a name."])
        #expect(problems(Template(name: long, body: "x")) == ["The name is 65 characters long; the most is 64."])
        #expect(problems(Template(name: " a", body: "x")) == ["The name cannot start or end with spaces."])
        #expect(problems(Template(name: "Home", body: "x"), others: ["home"]) == ["Another template is already called “Home”."])
        #expect(problems(Template(name: "a\u{0}b", body: "x")) == ["The name cannot contain control characters (line breaks, tabs, …)."])
        #expect(problems(Template(name: "a\tb", body: "x")) == ["The name cannot contain control characters (line breaks, tabs, …)."])
        #expect(problems(Template(name: "a", body: "  \n")) == ["The message text is empty."])
        #expect(problems(Template(name: "a", body: "{{oops")) == ["The text has a `{{` at character 1 with no closing `}}`."])
        #expect(problems(Template(name: "a", body: String(repeating: "é", count: 4097))) == ["The text is 4097 characters long; Telegram allows 4096."])
        let t = Target(chatID: -1, chatTitle: "G")
        #expect(problems(Template(name: "a", body: "x", targets: [t, t])) == ["“G” is listed twice."])
        #expect(problems(Template(name: String(repeating: "日", count: 64), body: "ok 👍")) == [])
    }

    @Test("sending needs a target; rendered length is checked per target and honours TDLib's limit")
    func sendingRules() {
        #expect(validator.problemsForSending(Template(name: "a", body: "x")).map(\.field) == [.targets])
        let small = TemplateValidator(maxTextLength: 10)
        let t = Target(chatID: -1, chatTitle: "G")
        #expect(small.problems(renderedTextLength: 11, target: t).count == 1)
        #expect(small.problems(renderedTextLength: 10, target: t).isEmpty)
    }

    @Test("the icon set has the 36 documented SF Symbols and each has a label and glyph")
    func icons() {
        #expect(TemplateIcon.allCases.count == 36)
        #expect(Set(TemplateIcon.allCases.map(\.label)).count == 36)
        #expect(TemplateIcon(rawValue: "paperplane.fill") == .paperplane)
        #expect(TemplateIcon(rawValue: "trash") == nil)
        #expect(TemplateIcon.allCases.allSatisfy { !$0.terminalGlyph.isEmpty })
    }
}
