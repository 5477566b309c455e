import Testing
import TgtDomain

/// Telegram's text rules, separators found by scalars, and `--var` assignments.
@Suite("Text rules and separators")
struct TextRulesTests {
    @Test("empty as TDLib sees it", arguments: [
        ("", true), ("  \n\t\r", true), ("\u{FEFF}", true), ("\u{200B}\u{200C}\u{200D}\u{200E}\u{200F}", true),
        ("\u{00A0}\u{2000}\u{200A}\u{202F}\u{205F}\u{3000}", true), ("\u{2800}", true), ("\u{FFFC}", true),
        ("\u{202E}", true), ("\u{E0041}\u{E007F}", true), ("\u{0333}\u{033F}", true), ("\u{0000}\u{0007}", true),
        ("a", false), ("\u{200D}👍", false), ("\u{3164}", false), ("_", false), (".", false), ("\u{0301}", false),
    ])
    func empty(text: String, isEmpty: Bool) {
        #expect(TelegramText.isEffectivelyEmpty(text) == isEmpty, "\(text.unicodeScalars.map { $0.value })")
    }

    @Test("control characters other than line breaks and tabs are found with their position")
    func controlCharacters() throws {
        #expect(TelegramText.firstControlCharacter(in: "line\nnext\ttab\r\n") == nil)
        let nul = try #require(TelegramText.firstControlCharacter(in: "ab\u{0000}c"))
        #expect(nul.position == 3 && nul.scalar == "\u{0000}")
        let esc = try #require(TelegramText.firstControlCharacter(in: "👨‍👩‍👧 \u{1B}[0m"))
        #expect(esc.position == 3, "positions count characters, not scalars")
        #expect(TelegramText.describe(esc.scalar) == "U+001B (ESC)")
        #expect(TelegramText.firstControlCharacter(in: "\u{7F}")?.scalar == "\u{7F}")
        #expect(TelegramText.firstControlCharacter(in: "\u{200E}\u{2028}") == nil, "format characters and separators are not control characters")
    }

    /// A markup checker that refuses any `*` without a partner, as TDLib's Markdown does.
    struct StarChecker: MarkupChecking {
        func parseMarkup(_ markdown: String) -> MarkupParse {
            let bytes = Array(markdown.utf8)
            let stars = bytes.indices.filter { bytes[$0] == UInt8(ascii: "*") }
            if stars.count % 2 == 1, let last = stars.last {
                return .broken("Can't parse entities: Can't find end of the entity starting at byte offset \(last)")
            }
            return .text(String(decoding: bytes.filter { $0 != UInt8(ascii: "*") }, as: UTF8.self))
        }
    }

    @Test("the validator asks the markup checker with placeholders neutralized, and points into the text as typed")
    func markupAtSave() {
        let validator = TemplateValidator(markup: StarChecker())
        let issues = validator.problems(inBody: "Ciao {{nome_completo}} 👋 *qui")
        #expect(issues == [ValidationIssue(field: .body, message: "The formatting is broken at character 26 (“*qui”): an unclosed * _ ` or [ (add the closing mark, or put \\ before it to write it literally).")])
        // A `*` inside a placeholder name is not markup: placeholders become plain letters.
        #expect(validator.problems(inBody: "{{a}}*b*").isEmpty)
        #expect(validator.problems(inBody: "****") == [ValidationIssue(field: .body, message: "The message text is empty once its formatting is applied.")])
        // Without a checker (TDLib not loaded) only the other rules apply.
        #expect(TemplateValidator().problems(inBody: "*open").isEmpty)
    }

    @Test("neutralized keeps every byte offset, combining marks after }} included")
    func neutralizedOffsets() throws {
        for body in ["{{x}}", "a {{ long_name }} b", "{{x}}\u{0301}é {{y}}", "日本 {{名前}}"] {
            guard let text = try? TemplateText(parsing: body) else { continue }
            let neutral = MarkupProblem.neutralized(body, placeholders: text)
            #expect(neutral.utf8.count == body.utf8.count, "\(body)")
            #expect(!neutral.contains("{{"), "\(body) → \(neutral)")
        }
    }

    @Test("separators are found by scalars: a combining mark, joiner or direction mark after them does not hide them")
    func scalarSplitting() throws {
        for mark in ["\u{0301}", "\u{200D}", "\u{200F}", "\u{202E}", "\u{FE0F}"] {
            let assignment = try VariableAssignment(parsing: "name=\(mark)value")
            #expect(assignment.name == "name" && assignment.value == "\(mark)value")
            #expect("a,\(mark)b".splitScalars(on: ",") == ["a", "\(mark)b"])
            #expect("-100/\(mark)5".splitOnce(at: "/")?.after == "\(mark)5")
            #expect(TargetKey(parsing: "-100/\(mark)5") == nil, "a mark is not a digit")
            #expect(Coordinate(parsing: "45.1,\(mark)9") == nil)
        }
        #expect(TargetKey(parsing: "-100/5") == TargetKey(chatID: -100, topicID: 5))
        #expect(Coordinate(parsing: " 45.4642 , 9.19 ")?.latitude == 45.4642)
        #expect(try VariableAssignment(parsing: "k==v").value == "=v")
        #expect(try VariableAssignment(parsing: " k =v").name == "k")
    }

    @Test("--var assignments: malformed, built-in, repeated", arguments: [
        (["novalue"], VariableAssignmentError.notAssignment("novalue")),
        (["9lives=x"], .badName("9lives")),
        (["k\u{200D}=x"], .badName("k\u{200D}")),
        (["date=x"], .builtin("date")),
        (["k=a", "k=b"], .repeated("k")),
    ])
    func assignmentErrors(texts: [String], error: VariableAssignmentError) {
        #expect(throws: error) { try VariableAssignment.parseAll(texts) }
    }

    @Test("a value that can never fit in a message is refused with the limit")
    func valueLength() {
        let validator = TemplateValidator(maxTextLength: 10)
        #expect(validator.problems(variableValues: ["a": "short", "b": String(repeating: "x", count: 11)])
            == [ValidationIssue(field: .body, message: "The value for {{b}} is 11 characters long; a whole message may have at most 10.", lengthLimit: 10)])
    }

    @Test("a variable's value: control characters other than line breaks and tabs are refused, as in a template's text; the length limit")
    func valueRule() {
        #expect(VariableValue.problem("Ada\nand\tBo\r\n") == nil)
        #expect(VariableValue.problem("A\u{0}da") == .controlCharacter(position: 2, scalar: "\u{0}"))
        #expect(VariableValue.problem("\u{1}") == .controlCharacter(position: 1, scalar: "\u{1}"))
        #expect(VariableValue.problem("ok\u{85}") == .controlCharacter(position: 3, scalar: "\u{85}"), "C1 too")
        #expect(VariableValue.problem("\u{7F}") == .controlCharacter(position: 1, scalar: "\u{7F}"))
        #expect(VariableValue.problem(String(repeating: "x", count: VariableValue.maxLength)) == nil)
        #expect(VariableValue.problem(String(repeating: "x", count: VariableValue.maxLength + 1)) == .tooLong(length: VariableValue.maxLength + 1))
        // The last gate of every send (the message preparer's) applies the same rule.
        #expect(TemplateValidator().problems(variableValues: ["who": "A\u{0}da"])
            == [ValidationIssue(field: .body, message: "The value for {{who}} has a control character, U+0000 (NUL), at character 2; remove it (only line breaks and tabs are allowed).")])
    }

    @Test("text digests are stable and tell texts apart")
    func digest() {
        #expect(TextDigest.of("") == "cbf29ce484222325")
        #expect(TextDigest.of("Leaving now") == TextDigest.of("Leaving now"))
        #expect(TextDigest.of("Leaving now") != TextDigest.of("Leaving now "))
        #expect(TextDigest.of("é").count == 16)
    }
}
