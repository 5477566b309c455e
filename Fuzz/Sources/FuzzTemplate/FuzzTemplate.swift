import Foundation
import FuzzSupport
import TgtDomain

/// A stand-in for TDLib's Markdown check: checks that the validator hands it a text of the
/// body's byte length with no placeholders left, and reports an unclosed entity at the first
/// `*` or `_` byte (the message TDLib gives), so `MarkupProblem.explain` runs on real offsets.
struct FakeMarkup: MarkupChecking {
    let bodyByteCount: Int

    func parseMarkup(_ markdown: String) -> MarkupParse {
        check(markdown.utf8.count == bodyByteCount,
              "neutralized text has \(markdown.utf8.count) bytes, the body \(bodyByteCount)")
        if let offset = markdown.utf8.firstIndex(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") }) {
            let n = markdown.utf8.distance(from: markdown.utf8.startIndex, to: offset)
            return .broken("Can't parse entities: Can't find end of the entity starting at byte offset \(n)")
        }
        return .text(markdown)
    }
}

let markupScalars: Set<Unicode.Scalar> = ["_", "*", "[", "`"]
let fixedContext = RenderContext(
    now: Date(timeIntervalSince1970: 1_790_000_000), locale: Locale(identifier: "en_US_POSIX"),
    timeZone: TimeZone(identifier: "UTC") ?? .current,
    location: Coordinate(latitude: 45.4642, longitude: 9.19), me: "Me_*me")

/// Markdown escaping: every markup scalar of the value is preceded by a backslash, and
/// removing those backslashes gives the value back.
func checkEscape(_ value: String) {
    let out = Array(Renderer.escapeMarkdown(value).unicodeScalars)
    var restored: [Unicode.Scalar] = []
    var i = 0
    while i < out.count {
        if out[i] == "\\", i + 1 < out.count, markupScalars.contains(out[i + 1]) {
            restored.append(out[i + 1])
            i += 2
            continue
        }
        check(!markupScalars.contains(out[i]),
              "escapeMarkdown left \(out[i].escaped(asASCII: true)) unescaped in \(escaped(value))")
        restored.append(out[i])
        i += 1
    }
    check(restored == Array(value.unicodeScalars), "escapeMarkdown changed \(escaped(value))")
}

func checkTelegramText(_ body: String) {
    let empty = TelegramText.isEffectivelyEmpty(body)
    if body.isEmpty { check(empty, "an empty string is not effectively empty") }
    if let (position, scalar) = TelegramText.firstControlCharacter(in: body) {
        check(position >= 1 && position <= body.count, "control character position \(position) of \(body.count)")
        check(scalar.properties.generalCategory == .control && scalar != "\n" && scalar != "\r" && scalar != "\t",
              "\(scalar.escaped(asASCII: true)) reported as a forbidden control character")
        let character = body[body.index(body.startIndex, offsetBy: position - 1)]
        check(character.unicodeScalars.contains(scalar), "position \(position) does not hold the control character")
        _ = TelegramText.describe(scalar)
    } else {
        check(!body.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\r" && $0 != "\t" },
              "a control character was missed in \(escaped(body))")
    }
    let digest = TextDigest.of(body)
    check(digest.utf8.count == 16 && digest.allSatisfy(\.isHexDigit), "digest \(digest)")
}

func checkExplain(_ body: String) {
    let count = body.utf8.count
    var offsets = [0, count / 2, count, count + 1, Int.max]
    if let star = body.utf8.firstIndex(of: UInt8(ascii: "*")) {
        offsets.append(body.utf8.distance(from: body.utf8.startIndex, to: star))
    }
    for n in offsets {
        let message = "Can't find end of the entity starting at byte offset \(n)"
        let explained = MarkupProblem.explain(message, in: body)
        if n <= count { check(explained.hasPrefix("character "), "explain(\(n)) gave \(explained)") }
    }
    // The body itself as TDLib's message: any digits after "byte offset " are read.
    _ = MarkupProblem.explain(body, in: body)
}

func checkParsed(_ body: String, _ parsed: TemplateText) {
    var literalBytes = 0
    for part in parsed.parts {
        switch part {
        case .literal(let literal):
            check(!literal.isEmpty, "an empty literal part")
            literalBytes += literal.utf8.count
        case .variable(let placeholder):
            check(TemplateText.isValidName(placeholder.name), "variable \(escaped(placeholder.name)) is not a valid name")
            if case .choice(let choices) = placeholder.form {
                check(choices.count >= 2 && Set(choices).count == choices.count, "choices \(choices) are too few or repeated")
            }
            if case .clock(let expression) = placeholder.form {
                // Rendering any parsed expression must not trap (huge offsets, odd patterns).
                _ = expression.render(now: Date(timeIntervalSince1970: 1_795_246_200), locale: Locale(identifier: "en_US"),
                                      timeZone: TimeZone(identifier: "America/New_York") ?? .current)
            }
        }
    }
    check(literalBytes <= body.utf8.count, "literals longer than the body")

    let neutral = MarkupProblem.neutralized(body, placeholders: parsed)
    check(neutral.utf8.count == body.utf8.count,
          "neutralized has \(neutral.utf8.count) bytes, the body \(body.utf8.count): \(escaped(body))")
    if let again = try? TemplateText(parsing: neutral) {
        check(again.variableNames.isEmpty, "neutralized text still has placeholders: \(escaped(neutral))")
    } else {
        check(false, "neutralized text does not parse: \(escaped(neutral))")
    }

    // Render with a value for every custom variable (one of its choices where it has them), a
    // location and two targets.
    var context = fixedContext
    for variable in parsed.variables {
        context.custom[variable.name] = variable.choices.first ?? "v_\(variable.name)*[`\u{301}"
    }
    // A value outside a variable's choices is refused, never rendered.
    if let choice = parsed.variables.first(where: { $0.kind == .choice }) {
        var wrong = context
        wrong.custom[choice.name] = "v_\(choice.name)*[`\u{301}"
        let template = Template(name: "fuzz", body: body, targets: [Target(chatID: -100, chatTitle: "g")], createdAt: fixedContext.now)
        do {
            _ = try Renderer().render(template, context: wrong)
            check(choice.choices.contains("v_\(choice.name)*[`\u{301}"), "a value outside the choices rendered")
        } catch {
            check(error.code == "not_a_choice", "a wrong choice failed with \(error.code), not not_a_choice")
        }
    }
    let targets = [
        Target(chatID: -100, chatTitle: "my_group"),
        Target(chatID: -200, topicID: 3, chatTitle: "Work", topicTitle: "Stand*ups"),
    ]
    for mode in LocationMode.allCases {
        let template = Template(name: "fuzz", body: body, targets: targets, locationMode: mode, createdAt: fixedContext.now)
        do {
            let messages = try Renderer().render(template, context: context)
            check(messages.count == targets.count, "\(messages.count) messages for \(targets.count) targets")
            if mode == .none, parsed.variableNames.isEmpty {
                check(messages.allSatisfy { $0.text == body }, "a text without placeholders changed when rendered")
            }
            check(messages.allSatisfy { ($0.nativeLocation != nil) == (mode == .native) }, "native location for \(mode)")
        } catch {
            check(false, "render failed with every value given: \(error)")
        }
        check((try? Renderer().missingVariables(in: template, context: context)) == [], "missing variables with every value given")
        _ = try? Renderer().missingVariables(in: template, context: RenderContext(now: fixedContext.now))
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = text(data, size)
    checkEscape(body)
    checkTelegramText(body)
    checkExplain(body)

    let parsed = try? TemplateText(parsing: body)
    if let parsed { checkParsed(body, parsed) }

    let validator = TemplateValidator(markup: FakeMarkup(bodyByteCount: body.utf8.count))
    let bodyIssues = validator.problems(inBody: body)
    if parsed == nil, !TelegramText.isEffectivelyEmpty(body), TelegramText.firstControlCharacter(in: body) == nil {
        check(!bodyIssues.isEmpty, "a body that does not parse has no problems: \(escaped(body))")
    }
    let template = Template(
        name: body, body: body,
        targets: [Target(chatID: -1, chatTitle: body), Target(chatID: -1, topicID: 1, chatTitle: "t")], createdAt: fixedContext.now)
    let issues = TemplateValidator().problemsForSaving(template, otherNames: [body, "Other", ""])
    check(issues.allSatisfy { !$0.message.isEmpty }, "an issue without a message")
    return 0
}
