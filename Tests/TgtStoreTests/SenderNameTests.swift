import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTestSupport

/// Who `{{me}}` is when no session says: the one rule every renderer without a live session
/// reads (scheduled timers and series, drafts, previews).
@Suite("{{me}} without a session")
struct SenderNameTests {
    @Test("no name seen yet: nil for sends, the stand-in for previews; a name seen is kept across reopening, and a new one replaces it")
    func senderName() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = fixture.db
        #expect(try store.senderName() == nil)
        #expect(store.previewSenderName() == RenderContext.previewSenderName)

        try store.noteSenderName("Demo User")
        #expect(try store.senderName() == "Demo User")
        #expect(store.previewSenderName() == "Demo User")
        #expect(try fixture.reopen().senderName() == "Demo User")

        try store.noteSenderName("Demo U.")
        #expect(try store.senderName() == "Demo U.")
        #expect(try store.setting(.accountName) == "Demo U.", "the same setting the dashboard's status shows")
    }

    @Test("a draft's {{me}} is the name a session last saw")
    func draftUsesIt() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let store = fixture.db
        try store.noteSenderName("Ada")
        let template = try store.insert(Template(name: "Note", kind: .text, body: "From {{me}}", to: ["+39 333 123 4567"]))
        let draft = try DraftHandOff(store: store).prepare(template, values: [:], context: RenderContext())
        #expect(draft.body == "From Ada")
    }
}
