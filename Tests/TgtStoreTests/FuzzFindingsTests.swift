import Foundation
import Testing
import TgtTestSupport
import TgtDomain
import TgtStore

/// What the archive fuzz target (Fuzz/Sources/FuzzArchive, `scripts/fuzz.sh SECONDS archive`)
/// found, and the trickiest of its seed archives (Fuzz/Corpus/archive), as ordinary tests.
@Suite("Fuzz findings: archive import")
struct ArchiveFuzzFindingsTests {
    static let idA = "6F1E1E2A-0000-4000-8000-000000000001"
    static let idB = "6F1E1E2A-0000-4000-8000-000000000002"

    /// One archived template as JSON, in the export's wire format.
    static func template(
        id: String = idA, name: String, body: String = "x", icon: String = "paperplane.fill", order: Int = 0,
        created: String = "2026-11-21T07:30:00.123Z", updated: String? = nil, targets: String = "[]"
    ) -> String {
        #"{"id":"\#(id)","name":"\#(name)","icon":"\#(icon)","body":"\#(body)","targets":\#(targets),"location_mode":"none","silent":false,"sort_order":\#(order),"created_at":"\#(created)","updated_at":"\#(updated ?? created)"}"#
    }

    static func archive(_ templates: String...) -> Data {
        Data(#"{"format":"tgtemplates.templates","version":1,"exported_at":"2026-11-21T08:00:00.000Z","templates":[\#(templates.joined(separator: ","))]}"#.utf8)
    }

    /// A store holding one template, as the fuzz target's store does.
    func storeWithResident() throws -> (AppDatabase, Template) {
        let db = try AppDatabase.inMemory(clock: TestClock())
        let resident = try db.insert(Template(name: "Arrived", body: "Here {{location}}", targets: [Target(chatID: -5, chatTitle: "Family")], locationMode: .mapLink))
        return (db, resident)
    }

    // MARK: Findings

    /// fuzz-archive, seed old-dates (then crash-b63c11b2…): a timestamp one millisecond away
    /// from a whole one came back 1 ms earlier. `AppDatabase.millis` rounds `Date`'s Double
    /// down, and for many dates before the 1980s (a quarter to a half of the milliseconds of
    /// 1950–1970) that Double lies a hair below the exact millisecond (1970-01-01T00:00:00.002Z
    /// reads back as 0.00199999… s), so decode → encode and import → export lose a millisecond.
    @Test("timestamps survive decode → encode → decode to the millisecond", arguments: [
        "1970-01-01T00:00:00.002Z", "1969-12-31T23:59:59.999Z", "1960-01-04T00:00:00.001Z", "2026-11-21T07:30:00.017Z",
    ])
    func archiveTimestampsRoundTrip(timestamp: String) throws {
        let data = Self.archive(Self.template(name: "Old", created: timestamp, updated: timestamp))
        let (_, templates) = try TemplateArchive.decode(data)
        let again = try TemplateArchive(templates: templates, exportedAt: fixtureDate).encoded()
        let (archive, templatesAgain) = try TemplateArchive.decode(again)
        #expect(archive.templates.first?.createdAt == timestamp)
        #expect(archive.templates.first?.updatedAt == timestamp)
        #expect(templatesAgain == templates)
    }

    @Test("an imported timestamp exports unchanged", arguments: ["1970-01-01T00:00:00.002Z", "1969-12-31T23:59:59.999Z"])
    func importExportTimestamps(timestamp: String) throws {
        let db = try AppDatabase.inMemory(clock: TestClock())
        try db.importTemplates(Self.archive(Self.template(name: "Old", created: timestamp, updated: timestamp)))
        let exported = try db.exportTemplates()
        #expect(exported.templates.first?.createdAt == timestamp)
        #expect(exported.templates.first?.updatedAt == timestamp)
    }

    // Exit tests are Swift 6.2: Xcode 16.4 (Swift 6.1) builds this suite without these two.
    #if compiler(>=6.2)
    /// fuzz-archive, crash-75d94c23… (the seed huge-order, mutated; even length, so imported
    /// into an empty store): an archive may set `sort_order` to Int.max, and an import into an
    /// empty store keeps it; the next `insert` then computes `MAX(sort_order) + 1` and traps
    /// (AppDatabase+Templates.swift, `maxOrder + 1`), as does the next import of a new template
    /// (`base = MAX(sort_order) + 1` in `importTemplates`). Run in a child process: the bug
    /// crashes it.
    @Test("after an archive with sort order Int.max, inserting another template does not crash")
    func insertAfterMaximalSortOrder() async {
        await #expect(processExitsWith: .success) {
            let db = try AppDatabase.inMemory(clock: TestClock())
            try db.importTemplates(ArchiveFuzzFindingsTests.archive(ArchiveFuzzFindingsTests.template(name: "Last", order: .max)))
            do {
                _ = try db.insert(Template(name: "Next", body: "y"))
            } catch {
                // Refusing it is fine too; crashing is not.
            }
        }
    }

    @Test("after an archive with sort order Int.max, importing another template does not crash")
    func importAfterMaximalSortOrder() async {
        await #expect(processExitsWith: .success) {
            let db = try AppDatabase.inMemory(clock: TestClock())
            try db.importTemplates(ArchiveFuzzFindingsTests.archive(ArchiveFuzzFindingsTests.template(name: "Last", order: .max)))
            _ = try? db.importTemplates(ArchiveFuzzFindingsTests.archive(
                ArchiveFuzzFindingsTests.template(id: ArchiveFuzzFindingsTests.idB, name: "Next")))
        }
    }
    #endif

    // MARK: Seeds

    @Test("a name that clashes with a staying template imports nothing")
    func clashWithResident() throws {
        let (db, _) = try storeWithResident()
        let before = try db.templates()
        #expect(throws: StoreError.self) { try db.importTemplates(Self.archive(Self.template(name: "ARRIVED", body: "clash"))) }
        #expect(try db.templates() == before)
    }

    @Test("a replaced template may give its name to a new one in the same import")
    func replaceAndTakeName() throws {
        let (db, resident) = try storeWithResident()
        let data = Self.archive(
            Self.template(id: resident.id.uuidString, name: "Arrived again"),
            Self.template(name: "Arrived", body: "takes the old name"))
        #expect(try db.importTemplates(data) == ImportSummary(added: 1, updated: 1))
        #expect(Set(try db.templates().map(\.name)) == ["Arrived again", "Arrived"])
    }

    @Test("bad archives import nothing and change nothing", arguments: [
        archive(template(name: "One"), template(name: "Two")),  // the same id twice
        archive(template(name: "One", icon: "nope")),
        archive(template(name: "a\u{0000}b")),  // a control character in a name
        archive(template(name: "T", body: "{{unclosed")),
        archive(template(name: "T", targets: #"[{"chat_id":-1,"chat_title":"a"},{"chat_id":-1,"chat_title":"b"}]"#)),
        archive(template(name: "T", created: "2026-13-01T00:00:00Z")),
        Data(#"{"format":"tgtemplates.templates","version":1,"templates":["#.utf8),
        Data(#"{"format":"tgtemplates.templates","version":99,"exported_at":"x","templates":[]}"#.utf8),
    ])
    func badArchives(data: Data) throws {
        let (db, _) = try storeWithResident()
        let before = try db.templates()
        #expect(throws: StoreError.self) { try db.importTemplates(data) }
        #expect(try db.templates() == before)
    }

    @Test("a body with control characters and any Unicode imports as it is")
    func unicodeBodies() throws {
        let body = "ding\\u0007\\u001b **Ciao** 日本語 \u{202E} RTL \u{200D} \u{1F600}"
        let db = try AppDatabase.inMemory(clock: TestClock())
        #expect(try db.importTemplates(Self.archive(Self.template(name: "Привет 👋", body: body))) == ImportSummary(added: 1, updated: 0))
        #expect(try db.templates().first?.body == "ding\u{07}\u{1B} **Ciao** 日本語 \u{202E} RTL \u{200D} \u{1F600}")
    }

    @Test("extreme sort orders into an empty store keep the archive's order")
    func extremeSortOrders() throws {
        let db = try AppDatabase.inMemory(clock: TestClock())
        let data = Self.archive(
            Self.template(id: Self.idA, name: "Last", order: .max),
            Self.template(id: Self.idB, name: "First", order: .min))
        #expect(try db.importTemplates(data) == ImportSummary(added: 2, updated: 0))
        #expect(try db.templates().map(\.name) == ["First", "Last"])
    }
}
