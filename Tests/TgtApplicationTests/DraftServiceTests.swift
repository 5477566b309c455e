import Foundation
import Testing
@testable import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// Drafts for other apps through the one door every face uses (`DraftService`), over a real
/// SQLite store: the checks a send makes, the default location, and the log line written only
/// when the draft is handed over.
@Suite("Draft service", .timeLimit(.minutes(1)))
struct DraftServiceTests {
    @Test("a draft: the values checked as a send's, the default location when the order names none, logged only when handed over; a refused one changes nothing")
    func draft() throws {
        let folder = try TestDirectory("app-drafts")
        defer { folder.remove() }
        let workspace = try Workspace.open(DataDirectory(url: folder.url), clock: TestClock())
        let store = workspace.database
        let mail = try store.insert(Template(name: "Mail", kind: .email, body: "Hi {{who}}, I am at {{location}}", to: ["a@example.com"]))
        _ = try workspace.settings.setDefaultLocation(typed: "45.4642, 9.19")
        let drafts = workspace.drafts

        let prepared = try drafts.prepare(SendOrder(templateID: mail.id, variables: ["who": "Ada"]))
        #expect(prepared.draft.body.contains("Hi Ada"))
        #expect(prepared.draft.body.contains("45.4642"), "no location in the order: the default one")
        #expect(prepared.draft.url.hasPrefix("mailto:a@example.com"))
        #expect(try store.recentSends().isEmpty, "preparing records nothing")

        let here = try drafts.prepare(SendOrder(templateID: mail.id, variables: ["who": "Ada"], location: Coordinate(latitude: 1.5, longitude: 2.5)))
        #expect(here.draft.body.contains("1.5"), "the order's location wins")

        #expect(throws: SendOrderError.self) { try drafts.prepare(SendOrder(templateID: mail.id, variables: ["nobody": "x"])) }
        #expect(throws: SendOrderError.self) { try drafts.prepare(SendOrder(templateID: mail.id, variables: ["who": "a\u{1B}[31m"])) }
        #expect(throws: StoreError.self) { try drafts.prepare(SendOrder(templateID: UUID())) }
        #expect(try store.recentSends().isEmpty, "a refused draft changes nothing")

        let (handed, entry) = try drafts.handOver(SendOrder(templateID: mail.id, variables: ["who": "Ada"]))
        #expect(handed.template.id == mail.id)
        #expect(entry.status == .handedOver)
        #expect(try store.recentSends().map(\.status) == [.handedOver], "one line: handed over, never sent")
    }
}
