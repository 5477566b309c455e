import Foundation
import Testing
import TgtTestSupport
import TgtDomain

/// What the fuzz targets (Fuzz/, `scripts/fuzz.sh`) found, and the trickiest of their seed
/// inputs (Fuzz/Corpus), kept as ordinary tests.
@Suite("Fuzz findings: template text and CLI values")
struct FuzzFindingsTests {
    // MARK: Findings

    /// fuzz-template, crash-502eb682…: `**\u{301}C*,…`, and crash-fc1c4461…:
    /// `\u{605}*\u{FFFD} …`. A markup character that shares its `Character` with another
    /// scalar — a combining mark after it, or a prepended mark (U+0600–U+0605, U+06DD, U+070F…)
    /// before it — compares unequal to "_", so escapeMarkdown left it unescaped, and TDLib
    /// (which reads bytes) would open an entity there.
    @Test("escapeMarkdown escapes a markup character that shares its Character with a mark", arguments: [
        ("_\u{301}", "\\_\u{301}"),
        ("my_\u{301}group", "my\\_\u{301}group"),
        ("**\u{301}C*", "\\*\\*\u{301}C\\*"),
        ("[\u{301}a", "\\[\u{301}a"),
        ("`\u{308}\u{301}", "\\`\u{308}\u{301}"),
        ("\u{605}*bold*", "\u{605}\\*bold\\*"),
        ("x\u{600}_y", "x\u{600}\\_y"),
    ])
    func escapeInsideCharacter(value: String, expected: String) {
        let escaped = Renderer.escapeMarkdown(value)
        #expect(Array(escaped.unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test("a chat title with a markup character and a combining mark reaches the text escaped")
    func renderedChatTitleEscaped() throws {
        let template = Template(name: "t", body: "To {{chat}}", targets: [Target(chatID: -1, chatTitle: "my_\u{301}group")])
        let text = try Renderer().render(template, context: RenderContext(custom: [:])).first?.text
        #expect(text.map { Array($0.unicodeScalars) } == Array("To my\\_\u{301}group".unicodeScalars))
    }

    // MARK: Seeds: template text

    @Test("escapeMarkdown escapes every markup character once and nothing else")
    func escapePlain() {
        #expect(Renderer.escapeMarkdown("a_b*c[d]e`f\\g 日本") == "a\\_b\\*c\\[d]e\\`f\\g 日本")
    }

    @Test("neutralizing keeps the byte count when combining marks follow a closing }}")
    func neutralizedCombiningAfterClose() throws {
        let body = "{{a}}\u{301} and {{ b }}\u{301}\u{302} \u{202E}{{c}}"
        let neutral = MarkupProblem.neutralized(body, placeholders: try TemplateText(parsing: body))
        #expect(neutral.utf8.count == body.utf8.count)
        #expect(Array(neutral.unicodeScalars) == Array("xxxxx\u{301} and xxxxxxx\u{301}\u{302} \u{202E}xxxxx".unicodeScalars))
        #expect(try TemplateText(parsing: neutral).variableNames.isEmpty)
    }

    @Test("braces in and around placeholders", arguments: [
        ("{{{{a}}}}", TemplateSyntaxError.invalidName("{{a", position: 1)),
        ("{{\u{301}a}}", TemplateSyntaxError.invalidName("\u{301}a", position: 1)),
        ("ü {{ a\u{301} }}", TemplateSyntaxError.invalidName(" a\u{301} ", position: 3)),
        ("日本 {{name", TemplateSyntaxError.unclosedPlaceholder(position: 4)),
    ])
    func braces(body: String, expected: TemplateSyntaxError) {
        #expect(throws: expected) { try TemplateText(parsing: body) }
    }

    @Test("a 64-letter name is a variable, a 65-letter one is not")
    func nameLength() throws {
        let long = String(repeating: "a", count: 64)
        #expect(try TemplateText(parsing: "{{\(long)}}").variableNames == [long])
        #expect(throws: TemplateSyntaxError.invalidName(long + "b", position: 1)) {
            try TemplateText(parsing: "{{\(long)b}}")
        }
    }

    @Test("explain points at the character, and leaves offsets it cannot use alone")
    func explainOffsets() {
        let body = "日本 *bold"
        // "日本 " is 7 bytes: offset 7 is the star, the 4th character.
        #expect(MarkupProblem.explain("Can't find end of the entity starting at byte offset 7", in: body)
            .hasPrefix("character 4 (“*bold”)"))
        // An offset inside a multi-byte character still names a character.
        #expect(MarkupProblem.explain("Can't find end of the entity starting at byte offset 1", in: body).hasPrefix("character "))
        let huge = "Can't parse entities: Can't find end of the entity starting at byte offset 99999999999999999999999"
        #expect(MarkupProblem.explain(huge, in: body) == "Can't find end of the entity starting at byte offset 99999999999999999999999")
        #expect(MarkupProblem.explain("Can't find end of the entity starting at byte offset 13", in: body)
            == "Can't find end of the entity starting at byte offset 13")
    }

    @Test("only invisible characters make an empty message")
    func invisibleOnly() {
        let body = "\u{200F}\u{200E}\u{FEFF}\u{2800}\u{3000} \u{E0041}"
        #expect(TelegramText.isEffectivelyEmpty(body))
        #expect(TemplateValidator().problems(inBody: body).map(\.message) == ["The message text is empty."])
        #expect(!TelegramText.isEffectivelyEmpty("\u{200F}x"))
    }

    @Test("control characters are found by character position, NUL included")
    func controlCharacters() {
        #expect(TelegramText.firstControlCharacter(in: "text\0nul").map { [$0.position, Int($0.scalar.value)] } == [5, 0])
        // "\r\n" is one character: the ESC is the 4th.
        #expect(TelegramText.firstControlCharacter(in: "a\r\nb\u{1B}[0m").map { [$0.position, Int($0.scalar.value)] } == [4, 0x1B])
        #expect(TelegramText.firstControlCharacter(in: "line\nbreak\ttab\r\n") == nil)
        #expect(TemplateValidator().problems(inBody: "ding\u{07}").first?.message.contains("U+0007") == true)
    }

    @Test("repaired invalid UTF-8 renders unchanged")
    func invalidUTF8() throws {
        let body = String(decoding: [0x6F, 0x6B, 0x20, 0xFF, 0xFE, 0x20, 0xC3], as: UTF8.self)
        let template = Template(name: "t", body: body, targets: [Target(chatID: -1, chatTitle: "c")])
        #expect(try Renderer().render(template, context: RenderContext()).first?.text == "ok \u{FFFD}\u{FFFD} \u{FFFD}")
    }

    // MARK: Seeds: CLI values

    @Test("coordinates: range, non-finite values, spaces and rounding", arguments: [
        ("45.4642,9.19", "45.464200,9.190000"),
        (" -90 , 180 ", "-90.000000,180.000000"),
        ("89.99999995,-179.9999999", "90.000000,-180.000000"),
        ("0x1p4,-0.0000001", "16.000000,0.000000"),
    ])
    func coordinates(text: String, description: String) {
        let parsed = Coordinate(parsing: text)
        #expect(parsed?.description == description)
        #expect(Coordinate(parsing: description) != nil)
    }

    @Test("coordinates that are refused", arguments: [
        "1e400,0", "nan,0", "0,inf", "90.0000001,0", "1,2,3", "٣٤,٥", "45.4642\u{301},9", "45,\u{301}9",
    ])
    func badCoordinates(text: String) {
        #expect(Coordinate(parsing: text) == nil)
    }

    @Test("target ids at the edges of their integer types")
    func targetKeys() {
        #expect(TargetKey(parsing: "+5/+1") == TargetKey(chatID: 5, topicID: 1))
        #expect(TargetKey(parsing: "+5/+1")?.description == "5/1")
        let extreme = TargetKey(parsing: "-9223372036854775808/2147483647")
        #expect(extreme == TargetKey(chatID: .min, topicID: .max))
        #expect(extreme.flatMap { TargetKey(parsing: $0.description) } == extreme)
        for bad in ["9223372036854775808", "-100/0", "-100/2147483648", "0", "-0", "-100/", "/5", "-1/2/3", "１２/３", "-100/\u{301}1"] {
            #expect(TargetKey(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test("NAME=VALUE splits at the first = scalar even when a combining mark follows it")
    func assignments() throws {
        let a = try VariableAssignment(parsing: " k =\u{301}value")
        #expect(a.name == "k")
        #expect(Array(a.value.unicodeScalars) == Array("\u{301}value".unicodeScalars))
        let b = try VariableAssignment(parsing: "k2=\u{301}")
        #expect(Array(b.value.unicodeScalars) == ["\u{301}"])
        #expect(try VariableAssignment(parsing: "eq=a=b").value == "a=b")
        #expect(throws: VariableAssignmentError.builtin("location")) { try VariableAssignment(parsing: "location=\0") }
        #expect(throws: VariableAssignmentError.badName("\u{202E}x")) { try VariableAssignment(parsing: "\u{202E}x=1") }
        #expect(throws: VariableAssignmentError.badName("")) { try VariableAssignment(parsing: "=3") }
        #expect(throws: VariableAssignmentError.notAssignment("k\u{301}")) { try VariableAssignment(parsing: "k\u{301}") }
    }

    @Test("parseAll reports the first problem in order")
    func parseAllOrder() throws {
        #expect(throws: VariableAssignmentError.notAssignment("b")) { try VariableAssignment.parseAll(["a=1", "b", "a=2"]) }
        #expect(throws: VariableAssignmentError.repeated("a")) { try VariableAssignment.parseAll(["a=1", " a =2", "b"]) }
        #expect(try VariableAssignment.parseAll(["a=1", "b=", "c==\u{301}"]) == ["a": "1", "b": "", "c": "=\u{301}"])
    }

    @Test("splitting by scalars keeps every scalar")
    func splits() {
        let text = ",\u{301}/\u{301}=\u{301}"
        let pieces = text.splitScalars(on: "/")
        #expect(pieces.map { Array($0.unicodeScalars) } == [[",", "\u{301}"], ["\u{301}", "=", "\u{301}"]])
        #expect(Array(pieces.joined(separator: "/").utf8) == Array(text.utf8))
        let once = "=\u{301}".splitOnce(at: "=")
        #expect(once?.before == "")
        #expect(once.map { Array($0.after.unicodeScalars) } == ["\u{301}"])
        #expect("no separator".splitOnce(at: "=") == nil)
        #expect("a,,b,".splitScalars(on: ",") == ["a", "", "b", ""])
    }
}
