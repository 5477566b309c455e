import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTelegram
import TgtTestSupport

/// The one renderer of what a send would post (the CLI's dry run, the dashboard's preview), over
/// a real SQLite store and the real libtdjson's offline Markdown parser.
@Suite("Send preview")
struct SendPreviewTests {
    static let family = Target(chatID: -1, chatTitle: "Family")
    static let work = Target(chatID: -2, topicID: 3, chatTitle: "Work", topicTitle: "Standups")

    @Test("a stored template's preview is what its send would post, per target, with {{me}} as previews show it, and sends nothing")
    func order() throws {
        let store = try AppDatabase.inMemory(clock: TestClock(now: fixtureDate))
        let template = try store.insert(Template(name: "Standup", body: "*{{me}}*: standup in {{chat}} at {{room}}",
                                                 targets: [Self.family, Self.work], silent: true))
        let preview = SendPreview(store: store, transport: try OfflineTDLib.library())
        let (request, messages) = try preview.messages(for: SendOrder(templateID: template.id, variables: ["room": "B2"]))
        #expect(request.isSilent)
        #expect(messages.map(\.formatted.text) == ["You: standup in Family at B2", "You: standup in Work › Standups at B2"])
        #expect(messages.first?.formatted.entities.map(\.typeName) == ["textEntityTypeBold"])
        try store.noteSenderName("Ada")
        #expect(try preview.messages(for: SendOrder(templateID: template.id, variables: ["room": "B2"])).messages.first?.formatted.text
                == "Ada: standup in Family at B2")
        // The send's own rules: a value for a variable the template does not use is refused.
        #expect(throws: SendOrderError.self) { try preview.messages(for: SendOrder(templateID: template.id, variables: ["desk": "4"])) }
        #expect(try store.recentSends(limit: 10).isEmpty, "a preview writes no send log row")
    }

    @Test("unsaved text: typed values, else the default, else the first choice, else ‹name›; a broken subject is outlined on the subject")
    func unsaved() throws {
        let store = try AppDatabase.inMemory(clock: TestClock(now: fixtureDate))
        let preview = SendPreview(store: store, transport: try OfflineTDLib.library())
        let message = try preview.message(body: "{{who}} {{mood|fine|tired}} {{eta=10 min}} {{room}}", values: ["who": "Ann"],
                                          mode: .none, chatTitle: "Family")
        #expect(message.formatted.text == "Ann fine 10 min ‹room›")
        let draft = try preview.draft(body: "Hello {{me}}", subject: "For {{who}}", kind: .email, values: [:], mode: .none)
        #expect(draft.subject == "For ‹who›" && draft.body == "Hello You")
        do {
            _ = try preview.draft(body: "Fine", subject: "Broken {{", kind: .email, values: [:], mode: .none)
            Issue.record("a broken subject was previewed")
        } catch {
            #expect(error.field == .subject && error.code == "template_syntax")
        }
    }
}
