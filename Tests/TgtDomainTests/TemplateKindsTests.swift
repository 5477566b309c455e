import Foundation
import Testing
import TgtTestSupport
import TgtDomain

@Suite("Template kinds: counters, drafts, plain text, recipients")
struct TemplateKindsTests {
    // MARK: Counters

    @Test("SMS parts: GSM-7 takes 160 in one part and 153 per part after", arguments: [
        (0, 0), (1, 1), (160, 1), (161, 2), (306, 2), (307, 3), (1530, 10), (1531, 11),
    ])
    func gsmParts(length: Int, parts: Int) {
        let measured = MessageLength.measure(String(repeating: "a", count: length), kind: .text)
        #expect(measured.segments == parts)
        #expect(measured.encoding == .gsm7)
        #expect(measured.isOver == (parts > 10))
    }

    @Test("SMS extension characters count twice and never split across parts")
    func gsmExtension() {
        #expect(MessageLength.measure(String(repeating: "€", count: 80), kind: .text).segments == 1)
        #expect(MessageLength.measure(String(repeating: "€", count: 81), kind: .text).segments == 2)
        // 152 plain characters then "{": the pair does not fit in the first 153, so it opens part 2.
        let text = String(repeating: "a", count: 152) + "{" + String(repeating: "a", count: 10)
        #expect(MessageLength.measure(text, kind: .text).segments == 2)
        #expect(MessageLength.measure("Hello world", kind: .text).summary == "1 SMS · 11 characters (GSM-7)")
    }

    @Test("SMS with any other character is UCS-2: 70 in one part, 67 per part", arguments: [
        ("你", 70, 1), ("你", 71, 2), ("你", 134, 2), ("你", 135, 3), ("😀", 35, 1), ("😀", 36, 2), ("😀", 67, 3),
    ])
    func ucs2Parts(character: String, count: Int, parts: Int) {
        let measured = MessageLength.measure(String(repeating: character, count: count), kind: .text)
        #expect(measured.encoding == .ucs2)
        #expect(measured.segments == parts)
    }

    @Test("one non-GSM character switches the whole message to UCS-2")
    func switchesToUCS2() {
        let measured = MessageLength.measure(String(repeating: "a", count: 100) + "ç", kind: .text)
        #expect(measured.encoding == .ucs2)
        #expect(measured.segments == 2)
        #expect(MessageLength.measure("Arrivé à Zürich", kind: .text).encoding == .gsm7)  // é, à and ü are in the GSM alphabet
        #expect(MessageLength.measure("Ça va, garçon?", kind: .text).encoding == .ucs2)  // Ç is, ç is not
    }

    @Test("X weighs links as 23, CJK and emoji as 2", arguments: [
        ("Hello", 5),
        ("Visit https://example.com/a/very/long/path/that/goes/on?and=on now", 6 + 23 + 4),
        ("see example.com.", 4 + 23 + 1),
        ("mail me at ada@example.com", 26),
        ("こんにちは", 10),
        ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("❤️", 2), ("café", 4), ("1️⃣", 2), ("#️⃣ 5", 4),
    ])
    func xWeights(text: String, expected: Int) {
        #expect(MessageLength.measure(text, kind: .x).count == expected)
    }

    @Test("X's limit is 280 weighted characters")
    func xLimit() {
        #expect(!MessageLength.measure(String(repeating: "a", count: 280), kind: .x).isOver)
        #expect(MessageLength.measure(String(repeating: "a", count: 281), kind: .x).isOver)
        #expect(MessageLength.measure(String(repeating: "あ", count: 141), kind: .x).isOver)
        #expect(!MessageLength.measure(String(repeating: "あ", count: 140), kind: .x).isOver)
    }

    // MARK: Drafts

    @Test("mailto: links round-trip through a URL parser")
    func mailtoRoundTrip() throws {
        let draft = Draft(kind: .email, to: ["ada@example.com", "bob+x@example.org"], cc: ["c@example.net"],
                          subject: "Hi & bye? 100%", body: "Line 1\nLine 2 = ok & more #tag é 👍")
        #expect(draft.url.hasPrefix("mailto:ada@example.com,bob%2Bx@example.org?"))
        #expect(draft.url.contains("%0D%0A"))
        let components = try #require(URLComponents(string: draft.url))
        #expect(components.scheme == "mailto")
        #expect(components.path == "ada@example.com,bob+x@example.org")
        let items = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(items["cc"] == "c@example.net")
        #expect(items["subject"] == "Hi & bye? 100%")
        #expect(items["body"] == "Line 1\r\nLine 2 = ok & more #tag é 👍")
    }

    @Test("sms: links carry the numbers as + and digits, then the body")
    func smsRoundTrip() throws {
        let draft = Draft(kind: .text, to: ["+39 333 123-4567", "(555) 010 0199"], body: "Home at 6 & hungry\n🍝")
        #expect(draft.url.hasPrefix("sms:+393331234567,5550100199?body="))
        let components = try #require(URLComponents(string: draft.url))
        #expect(components.queryItems?.first { $0.name == "body" }?.value == "Home at 6 & hungry\n🍝")
    }

    @Test("X's intent URL carries the text")
    func xIntent() throws {
        let draft = Draft(kind: .x, body: "Shipping today! #swift https://example.com?a=1&b=2")
        let components = try #require(URLComponents(string: draft.url))
        #expect(components.host == "x.com")
        #expect(components.path == "/intent/post")
        #expect(components.queryItems?.first { $0.name == "text" }?.value == "Shipping today! #swift https://example.com?a=1&b=2")
    }

    @Test("a draft renders variables, plain text and the subject")
    func renderDraft() throws {
        let template = Template(name: "Late", kind: .email, body: "*Running late*, there by {{eta=18:30}}. [Map](https://maps.example/x)",
                                to: ["boss@example.com"], subject: "Late: {{eta}} ({{mood|a bit|very}})")
        let context = RenderContext(custom: ["mood": "very"])
        let draft = try Renderer().renderDraft(template, context: context)
        #expect(draft.body == "Running late, there by 18:30. Map (https://maps.example/x)")
        #expect(draft.subject == "Late: 18:30 (very)")
        #expect(draft.to == ["boss@example.com"])
        #expect(try template.variables() == [
            TemplateVariable(name: "eta", defaultValue: "18:30"), TemplateVariable(name: "mood", kind: .choice, choices: ["a bit", "very"]),
        ])
    }

    // MARK: Plain text

    @Test("Markdown becomes readable plain text", arguments: [
        ("*Leaving* _now_", "Leaving now"),
        ("see [the map](https://m.example/1)", "see the map (https://m.example/1)"),
        ("[https://a.example](https://a.example)", "https://a.example"),
        ("`code` and ```swift\nlet x = 1```", "code and let x = 1"),
        ("a\\_b \\*c\\* \\[d", "a_b *c* [d"),
        ("5 * 3 = 15 and snake_case", "5 * 3 = 15 and snake_case"),
        ("unclosed [link](http://x", "unclosed [link](http://x"),
        ("https://ex.com/?utm_source=a&utm_medium=b and *2*3*", "https://ex.com/?utm_source=a&utm_medium=b and 2*3"),
        ("[Join](https://x.io/a\\_b) `a\\_b` x\\_y", "Join (https://x.io/a_b) a_b x_y"),
        ("a_b_c and _it_ and 2*3*4", "a_b_c and it and 2*3*4"),
    ])
    func plainText(markdown: String, expected: String) {
        #expect(PlainText.fromMarkdown(markdown) == expected)
    }

    // MARK: Rules

    @Test("recipients are validated per kind")
    func recipients() {
        #expect(Recipient.isValidEmail("ada@example.com"))
        #expect(Recipient.isValidEmail("o'neil+tag@mail.example.co.uk"))
        #expect(Recipient.isValidEmail("josé@exämple.de"))
        for bad in ["ada", "ada@", "@example.com", "ada@example", "a..b@example.com", "ada@exa mple.com", "ada@-x.com", "ada@example.123"] {
            #expect(!Recipient.isValidEmail(bad), "\(bad)")
        }
        #expect(Recipient.normalizedPhone("+39 333 123-4567") == "+393331234567")
        #expect(Recipient.normalizedPhone("(555) 010.0199") == "5550100199")
        for bad in ["12", "phone", "+39 333 x", "1+2", "1234567890123456"] {
            #expect(Recipient.normalizedPhone(bad) == nil, "\(bad)")
        }
    }

    @Test("each kind refuses the fields it does not use")
    func kindRules() {
        let validator = TemplateValidator()
        func fields(_ template: Template) -> [ValidationIssue.Field] { validator.problemsForSaving(template, otherNames: []).map(\.field) }
        let chat = Target(chatID: 1, chatTitle: "Family")
        #expect(fields(Template(name: "A", body: "Hi", targets: [chat], to: ["a@example.com"])) == [.to])
        #expect(fields(Template(name: "A", kind: .email, body: "Hi", targets: [chat], to: ["nope"], subject: "S")) == [.targets, .to])
        #expect(fields(Template(name: "A", kind: .text, body: "Hi", to: ["+39 333 1234567"], cc: ["x@example.com"])) == [.cc])
        #expect(fields(Template(name: "A", kind: .x, body: "Hi", subject: "S")) == [.subject])
        #expect(fields(Template(name: "A", kind: .email, body: "Hi {{chat}}")) == [.body])
        #expect(fields(Template(name: "A", kind: .email, body: "Hi", subject: "Line\nbreak")) == [.subject])
        #expect(fields(Template(name: "A", kind: .email, body: "Hi", subject: "Back {{date+1q}}")) == [.subject])
        #expect(fields(Template(name: "A", kind: .x, body: String(repeating: "a", count: 281))) == [.body])
        #expect(fields(Template(name: "A", kind: .text, body: "Hi", to: ["+39 333 1234567", "+393331234567"])) == [.to])
        #expect(fields(Template(name: "A", kind: .email, body: "*broken markdown", to: ["a@example.com"], cc: ["b@example.com"], subject: "S")) == [])
        #expect(fields(Template(name: "A", kind: .email, body: "{{m|c|d}}", subject: "{{m|a|b}}")) == [.subject])
        #expect(fields(Template(name: "A", kind: .email, body: "Hi", subject: "For {{chat}}")) == [.subject])
        // Drafts are measured as the plain text the app gets: a long link in Markdown counts 23 on X.
        #expect(fields(Template(name: "A", kind: .x, body: "[Read](https://example.com/" + String(repeating: "a", count: 300) + ")")) == [])
    }

    @Test("converting a template to another kind clears what that kind does not use")
    func conversion() {
        let template = Template(name: "A", kind: .email, body: "Hi", to: ["a@example.com"], cc: ["b@example.com"], subject: "S", locationMode: .native)
        let text = template.converted(to: .text)
        #expect(text.cc.isEmpty && text.subject.isEmpty && text.to == ["a@example.com"] && text.locationMode == .mapLink)
        let telegram = template.converted(to: .telegram)
        #expect(telegram.to.isEmpty && telegram.kind == .telegram)
    }

    @Test("templates written before kinds decode as Telegram templates")
    func oldJSON() throws {
        let json = #"{"id":"6F9619FF-8B86-D011-B42D-00CF4FC964FF","name":"Hi","icon":"car.fill","body":"Hello","targets":[],"locationMode":"none","silent":false,"sortOrder":0,"createdAt":0,"updatedAt":0}"#
        let template = try JSONDecoder().decode(Template.self, from: Data(json.utf8))
        #expect(template.kind == .telegram && template.to.isEmpty && template.subject.isEmpty)
    }
}
