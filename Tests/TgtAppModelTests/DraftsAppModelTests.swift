import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtStore
import TgtTestSupport

/// How the app hands a draft over, decided from what the device can do.
@Suite("App model: compose routes")
struct ComposeRouteTests {
    static let draftEmail = Draft(kind: .email, to: ["a@example.com"], cc: ["b@example.com"], subject: "Hi", body: "Text")
    static let draftSMS = Draft(kind: .text, to: ["+39 333 123 4567"], body: "On my way")
    static let draftPost = Draft(kind: .x, body: "Shipped")

    @Test("compose routes: the sheet when the device can, the link otherwise, or why not", arguments: [
        (draftEmail, ComposeCapabilities(canSendMail: true, canSendText: false, canOpenMailLinks: true),
         ComposeRoute.mailSheet(to: ["a@example.com"], cc: ["b@example.com"], subject: "Hi", body: "Text")),
        (draftEmail, ComposeCapabilities(canSendMail: false, canSendText: true, canOpenMailLinks: true),
         ComposeRoute.openLink(URL(string: draftEmail.url) ?? URL(fileURLWithPath: "/"))),
        (draftEmail, ComposeCapabilities(canSendMail: false, canSendText: true, canOpenMailLinks: false), ComposeRoute.unavailable(AppText.verbatim(""))),
        (draftSMS, ComposeCapabilities(canSendMail: true, canSendText: true, canOpenMailLinks: true),
         ComposeRoute.messageSheet(recipients: ["+393331234567"], body: "On my way")),
        (draftSMS, ComposeCapabilities(canSendMail: true, canSendText: false, canOpenMailLinks: true), ComposeRoute.unavailable(AppText.verbatim(""))),
        (draftPost, ComposeCapabilities(canSendMail: false, canSendText: false, canOpenMailLinks: false),
         ComposeRoute.openLink(URL(string: draftPost.url) ?? URL(fileURLWithPath: "/"))),
    ])
    func routes(draft: Draft, capabilities: ComposeCapabilities, expected: ComposeRoute) {
        let route = ComposeRoute.route(for: draft, capabilities: capabilities)
        if case .unavailable = expected {
            guard case .unavailable(let why) = route else { Issue.record("expected unavailable, got \(route)"); return }
            #expect(!why.description.isEmpty)
        } else {
            #expect(route == expected)
        }
    }

}

/// The app's side of email, text message and X templates: the editor's kind switch and
/// counter, kind chips, the tap that asks for defaults and choices, and the decision between
/// a compose sheet, a link and an honest "not on this device".
@Suite("App model: template kinds and compose sheets")
@MainActor
struct DraftsAppModelTests {
    @Test("the editor switches kinds, keeps only the fields a kind uses, and counts in its units")
    func editor() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        let editor = app.editor(for: nil)
        editor.name = "Late"
        editor.setKind(.email)
        editor.to = ["boss@example.com"]
        editor.cc = ["team@example.org"]
        editor.subject = "Late: {{eta=10 min}}"
        editor.body = "Sorry, {{mood|fine|tired}}"
        #expect(editor.issues.isEmpty, "\(editor.issues)")
        #expect(editor.counter.summary == "\(editor.body.count) / 10000")
        #expect(editor.allowedLocationModes == [.none, .mapLink])
        #expect(!editor.variables.contains { $0.token == "{{chat}}" }, "{{chat}} is Telegram's")
        #expect(editor.variables.contains { $0.token == "{{date:next monday}}" })
        editor.cursor = 0
        if let form = editor.variables.first(where: { $0.token == "{{date+1d}}" }) { editor.insert(form) }
        #expect(editor.body.hasPrefix("{{date+1d}}Sorry"))
        editor.to = ["nope"]
        #expect(editor.message(for: .to)?.description == "“nope” is not an email address (name@example.com).")
        editor.to = ["boss@example.com"]
        let saved = try #require(editor.save())
        #expect(saved.kind == .email && saved.cc == ["team@example.org"])

        let text = app.editor(for: saved)
        text.setKind(.text)
        #expect(text.cc.isEmpty && text.subject.isEmpty)
        text.to = ["+39 333 123 4567"]
        text.body = String(repeating: "a", count: 161)
        #expect(text.counter.segments == 2)
        #expect(text.save()?.kind == .text)
    }

    @Test("a tap on a draft template asks for what has no default, checks choices, routes the draft and logs the hand-over")
    func tap() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let template = try fixture.store.insert(Template(name: "Late", kind: .email, body: "Sorry, {{mood|fine|tired}} ({{eta=10 min}})",
                                                         to: ["boss@example.com"], subject: "Late"))
        try fixture.addTemplates(["Hi"])
        let app = try AppModel(services: fixture.services)
        let list = app.templates
        list.reload()
        #expect(list.kindChips.map(\.kind) == [.telegram, .email])
        list.selectedKind = .email
        #expect(list.visible.map(\.name) == ["Late"])
        list.selectedKind = .x
        #expect(list.emptyText?.title.description == "No X post templates yet.")
        list.selectedKind = nil

        #expect(list.variablesNeeded(for: template).map(\.kind) == [.choice, .text])
        #expect(await list.send(template) == .needsValues(["mood", "eta"]))
        #expect(await list.send(template, values: ["mood": "sleepy"]) == .needsValues(["mood", "eta"]))

        list.composeCapabilities = ComposeCapabilities(canSendMail: false, canSendText: false, canOpenMailLinks: false)
        guard case .failed(let why) = await list.send(template, values: ["mood": "tired"]) else { Issue.record("expected failure"); return }
        #expect(why.description.contains("No mail account"))

        list.composeCapabilities = ComposeCapabilities(canSendMail: true, canSendText: false, canOpenMailLinks: true)
        guard case .compose(let request) = await list.send(template, values: ["mood": "tired"]) else { Issue.record("expected compose"); return }
        #expect(request.route == .mailSheet(to: ["boss@example.com"], cc: [], subject: "Late", body: "Sorry, tired (10 min)"))
        list.finishCompose(request, result: .cancelled)
        #expect(try fixture.store.recentSends().isEmpty, "a cancelled sheet leaves no trace")
        list.finishCompose(request, result: .handedOver)
        #expect(try fixture.store.recentSends().map(\.status) == [.handedOver])
        guard case .sent(let notice) = list.state(of: template.id) else { Issue.record("expected the handed-over notice"); return }
        #expect(notice?.description == "Handed to Email: send it from there.")
    }
}
