import Foundation
import GRDB
import Testing
import TgtTestSupport
import TgtDomain
import TgtStore

@Suite("Export, import, migrations and files")
struct ArchiveAndMigrationTests {
    func sample(_ db: AppDatabase) throws -> [Template] {
        try db.insert(Template(name: "Привет 👋", icon: .heart, body: "**Ciao** {{chat}}\n日本語 ‮ RTL \u{200D}? no: \u{1F600}", targets: [Target(chatID: -5, chatTitle: "Σ group")], silent: true))
        try db.insert(Template(name: "Arrived 📍", icon: .location, body: "Here: {{location}}",
                               targets: [Target(chatID: -6, topicID: 2, chatTitle: "Team", topicTitle: "Ops \"quoted\"")], locationMode: .native))
        return try db.templates()
    }

    @Test("export then import into an empty store round-trips exactly, Unicode included")
    func roundTrip() throws {
        let a = try StoreFixture(), b = try StoreFixture()
        defer { a.remove(); b.remove() }
        let original = try sample(a.db)
        let data = try a.db.exportTemplates().encoded()
        #expect(try b.db.importTemplates(data) == ImportSummary(added: 2, updated: 0))
        #expect(try b.db.templates() == original)
        // Importing the same file again replaces rather than duplicates.
        #expect(try b.db.importTemplates(data) == ImportSummary(added: 0, updated: 2))
        #expect(try b.db.templates() == original)
        #expect(try b.db.exportTemplates().templates == a.db.exportTemplates().templates)
    }

    @Test("a body with a control character is refused when saved, but an older archive holding one still imports")
    func controlCharacters() throws {
        let a = try StoreFixture(), b = try StoreFixture()
        defer { a.remove(); b.remove() }
        #expect(throws: StoreError.self) { try a.db.insert(Template(name: "Bell", body: "ding\u{07}")) }
        #expect(try a.db.templates().isEmpty)
        try a.db.insert(Template(name: "Bell", body: "ding"))
        var archive = try a.db.exportTemplates()
        archive.templates[0].body = "ding\u{07}\u{1B}"
        #expect(try b.db.importTemplates(try archive.encoded()) == ImportSummary(added: 1, updated: 0))
        #expect(try b.db.templates().first?.body == "ding\u{07}\u{1B}")
    }

    @Test("a bad file imports nothing and says why", arguments: [
        ("not json", "not valid JSON"),
        (#"{"format":"other","version":1,"exported_at":"x","templates":[]}"#, "format"),
        (#"{"format":"tgtemplates.templates","version":99,"exported_at":"x","templates":[]}"#, "newer"),
        (#"{"format":"tgtemplates.templates","version":1,"exported_at":"x"}"#, "missing “templates”"),
    ])
    func badFiles(text: String, reason: String) throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let before = try sample(f.db)
        #expect {
            try f.db.importTemplates(Data(text.utf8))
        } throws: { error in
            (error as? StoreError)?.message.contains(reason) == true
        }
        #expect(try f.db.templates() == before)
    }

    @Test("one bad template among many imports none of them")
    func atomicImport() throws {
        let a = try StoreFixture(), b = try StoreFixture()
        defer { a.remove(); b.remove() }
        for i in 0..<50 { try a.db.insert(Template(name: "T\(i)", body: "body \(i)")) }
        var archive = try a.db.exportTemplates()
        archive.templates[37].icon = "not.an.icon"
        try b.db.insert(Template(name: "Keep me", body: "x"))
        #expect(throws: StoreError.importFailed("template 38 (“T37”) has an unknown icon “not.an.icon”.")) {
            try b.db.importTemplates(try archive.encoded())
        }
        archive = try a.db.exportTemplates()
        archive.templates[49].name = "keep ME"
        #expect(throws: StoreError.self) { try b.db.importTemplates(try archive.encoded()) }
        #expect(try b.db.templates().map(\.name) == ["Keep me"])
    }

    @Test("migrating a database made by the first schema keeps every template, as Telegram templates")
    func migrationFromV1() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("old.sqlite")
        let old = try AppDatabase.openForMigrationTest(at: file, upTo: "v1-templates", clock: TestClock())
        #expect(try old.appliedMigrations() == ["v1-templates"])
        // Rows as the first schema's code wrote them (today's code writes columns v1 lacks).
        let queue = try DatabaseQueue(path: file.path)
        let created = Date(timeIntervalSince1970: 1_795_000_000.123)
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO template (id, name, icon, body, location_mode, silent, sort_order, created_at_ms, updated_at_ms)
                VALUES ('6F9619FF-8B86-D011-B42D-00CF4FC964FF', 'Привет 👋', 'heart.fill', '**Ciao** {{chat}}', 'none', 1, 0, 1795000000123, 1795000000123),
                       ('7F9619FF-8B86-D011-B42D-00CF4FC964FF', 'Arrived 📍', 'location.fill', 'Here: {{location}}', 'native', 0, 1, 1795000000123, 1795000000123);
                INSERT INTO template_target VALUES ('6F9619FF-8B86-D011-B42D-00CF4FC964FF', 0, -5, NULL, 'Σ group', NULL),
                                                   ('7F9619FF-8B86-D011-B42D-00CF4FC964FF', 0, -6, 2, 'Team', 'Ops');
                """)
        }
        try queue.close()
        let migrated = try AppDatabase.open(at: file, clock: TestClock())
        #expect(try migrated.appliedMigrations() == [
            "v1-templates", "v2-sends-and-chats", "v3-send-queue-and-revision", "v4-send-log-fingerprint", "v5-template-kinds", "v6-timers",
            "v7-scheduled-sends", "v8-send-replies", "v9-chat-post-rights", "v10-chat-post-refusal-codes", "v11-change-revisions", "v12-repeat-series", "v13-undo-holds", "v14-trigger-links", "v15-away-replies",
            "v16-place-rules", "v17-snippets", "v18-webhooks", "v19-webhook-chats", "v20-follow-ups", "v21-series-follow-ups",
        ])
        // v7: scheduled sends are send log rows with a date; the old rows read as before.
        let scheduled = try migrated.addScheduledSends([NewScheduledSend(
            templateID: nil, templateName: "Later", target: Target(chatID: -5, chatTitle: "Σ group"), payload: "{}", textDigest: "d",
            scheduledFor: created.addingTimeInterval(60), timerID: nil)])
        #expect(scheduled.map(\.status) == [.queued] && scheduled.first?.scheduledFor == created.addingTimeInterval(60))
        #expect(try migrated.unfinishedSends(before: .distantFuture).isEmpty, "a scheduled row is not an interrupted send")
        // v8: replies attach only to messages a template sent, once each.
        #expect(try migrated.recordReply(chatID: -5, repliedMessageID: 1, messageID: 2, senderName: "Mum", preview: "hi", at: fixtureDate) == nil)
        let saved = try migrated.templates()
        let expected = [
            Template(id: try #require(UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")), name: "Привет 👋", icon: .heart,
                     body: "**Ciao** {{chat}}", targets: [Target(chatID: -5, chatTitle: "Σ group")], silent: true, sortOrder: 0, createdAt: created),
            Template(id: try #require(UUID(uuidString: "7F9619FF-8B86-D011-B42D-00CF4FC964FF")), name: "Arrived 📍", icon: .location,
                     body: "Here: {{location}}", targets: [Target(chatID: -6, topicID: 2, chatTitle: "Team", topicTitle: "Ops")],
                     locationMode: .native, sortOrder: 1, createdAt: created),
        ]
        #expect(saved == expected)
        #expect(saved.allSatisfy { $0.kind == .telegram && $0.to.isEmpty && $0.subject.isEmpty && $0.place == nil })
        // The tables later migrations added work on the migrated file.
        #expect(try migrated.beginSend(of: saved[0]).count == 1)
        #expect(try migrated.enqueueSend(templateID: saved[0].id, source: .widget).templateName == saved[0].name)
        let revision = try migrated.templatesRevision()
        _ = try migrated.duplicateTemplate(id: saved[0].id)
        #expect(try migrated.templatesRevision() > revision)
        let email = try migrated.insert(Template(name: "Mail", kind: .email, body: "Hi", to: ["a@example.com"], subject: "S"))
        #expect(try migrated.template(id: email.id) == email)
    }

    @Test("email, text and X templates round-trip through the store and the archive; version 1 archives still import")
    func kindsRoundTrip() throws {
        let a = try StoreFixture(), b = try StoreFixture()
        defer { a.remove(); b.remove() }
        try a.db.insert(Template(name: "Late", icon: .heart, kind: .email, body: "Late by {{eta=10 min}}", to: ["boss@example.com"],
                                 cc: ["team@example.com"], subject: "Late: {{eta}}"))
        try a.db.insert(Template(name: "SMS", kind: .text, body: "On my way", to: ["+39 333 123 4567"]))
        try a.db.insert(Template(name: "Post", kind: .x, body: "Shipping today"))
        let original = try a.db.templates()
        #expect(original.map(\.kind) == [.email, .text, .x])
        let data = try a.db.exportTemplates().encoded()
        #expect(try b.db.importTemplates(data) == ImportSummary(added: 3, updated: 0))
        #expect(try b.db.templates() == original)

        let v1 = #"{"format":"tgtemplates.templates","version":1,"exported_at":"2026-01-01T00:00:00Z","templates":[{"id":"6F9619FF-8B86-D011-B42D-00CF4FC964FF","name":"Old","icon":"heart.fill","body":"Hi","targets":[{"chat_id":-5,"chat_title":"G"}],"location_mode":"none","silent":false,"sort_order":0,"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z"}]}"#
        let c = try StoreFixture()
        defer { c.remove() }
        #expect(try c.db.importTemplates(Data(v1.utf8)) == ImportSummary(added: 1, updated: 0))
        #expect(try c.db.templates().first?.kind == .telegram)
        let badKind = v1.replacingOccurrences(of: #""body":"Hi""#, with: #""body":"Hi","kind":"fax""#)
        #expect(throws: StoreError.self) { try c.db.importTemplates(Data(badKind.utf8)) }
    }

    @Test("a draft handed to another app is logged as handed over, never as sent")
    func handedOverLog() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let template = try fixture.db.insert(Template(name: "Late", kind: .email, body: "Late", to: ["a@example.com", "b@example.com"]))
        let draft = try Renderer().renderDraft(template, context: RenderContext())
        let entry = try fixture.db.recordHandedOver(template, draft: draft)
        #expect(entry.status == .handedOver && entry.kind == .email)
        #expect(entry.targetTitle == "Email to a@example.com +1 more")
        #expect(try fixture.db.recentSends() == [entry])
    }

    @Test("secret files are written atomically with 0600 permissions")
    func secureFiles() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("secret.json")
        try SecureFile.write(Data("one".utf8), to: file)
        #expect(SecureFile.permissions(of: file) == 0o600)
        try SecureFile.write(Data("two".utf8), to: file)
        #expect(SecureFile.read(file) == Data("two".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
        #expect(throws: StoreError.self) { try SecureFile.write(Data(), to: URL(fileURLWithPath: "/nonexistent-dir/x")) }
    }

    @Test("the TDLib database key is 32 random bytes, made once, kept in a 0600 file")
    func tdlibKey() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let secrets = SecretStore(directory: DataDirectory(url: folder.url), environment: [:])
        let key = try secrets.tdlibDatabaseKey()
        #expect(key.count == 32 && key != Data(repeating: 0, count: 32))
        #expect(try secrets.tdlibDatabaseKey() == key)
        #expect(SecureFile.permissions(of: DataDirectory(url: folder.url).tdlibKeyFile) == 0o600)
        let other = SecretStore(directory: DataDirectory(url: folder.url.appendingPathComponent("b")), environment: [:])
        #expect(try other.tdlibDatabaseKey() != key)
    }

    @Test("credentials: validated, environment first, invalid environment values are an error")
    func credentials() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let dir = DataDirectory(url: folder.url)
        #expect(throws: CredentialsError.invalidHash) { try APICredentials(apiID: "1", apiHash: "xyz") }
        #expect(throws: CredentialsError.invalidID("-5")) { try APICredentials(apiID: "-5", apiHash: String(repeating: "a", count: 32)) }
        try SecretStore(directory: dir, environment: [:]).saveCredentials(try APICredentials(apiID: "7", apiHash: String(repeating: "b", count: 32)))
        #expect(try SecretStore(directory: dir, environment: [:]).credentials()?.apiID == 7)
        let env = ["TGT_API_ID": "9", "TGT_API_HASH": String(repeating: "c", count: 32)]
        #expect(try SecretStore(directory: dir, environment: env).credentials()?.apiID == 9)
        #expect(throws: CredentialsError.self) { try SecretStore(directory: dir, environment: ["TGT_API_ID": "x", "TGT_API_HASH": "y"]).credentials() }
    }

    @Test("data folder: flag, then TGT_DATA_DIR, then XDG, then ~/.local/share")
    func dataDirectory() {
        let env = ["HOME": "/home/u", "XDG_DATA_HOME": "/xdg", "TGT_DATA_DIR": "/env"]
        #expect(DataDirectory.resolve(flag: "/flag", environment: env).url.path == "/flag")
        #expect(DataDirectory.resolve(flag: "~/d", environment: env).url.path == "/home/u/d")
        #expect(DataDirectory.resolve(flag: nil, environment: env).url.path == "/env")
        #if os(Linux)
        #expect(DataDirectory.resolve(flag: nil, environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/xdg"]).url.path == "/xdg/tgtemplates")
        #expect(DataDirectory.resolve(flag: nil, environment: ["HOME": "/home/u"]).url.path == "/home/u/.local/share/tgtemplates")
        #endif
    }
}

struct TestFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tf-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func remove() { try? FileManager.default.removeItem(at: url) }
}
