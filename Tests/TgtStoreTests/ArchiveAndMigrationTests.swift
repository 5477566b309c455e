import Foundation
import Testing
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

    @Test("migrating a database made by the first schema keeps every template")
    func migrationFromV1() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("old.sqlite")
        let old = try AppDatabase.openForMigrationTest(at: file, upTo: "v1-templates")
        #expect(try old.appliedMigrations() == ["v1-templates"])
        let saved = try sample(old)
        let migrated = try AppDatabase.open(at: file)
        #expect(try migrated.appliedMigrations() == ["v1-templates", "v2-sends-and-chats", "v3-send-queue-and-revision", "v4-send-log-fingerprint"])
        #expect(try migrated.templates() == saved)
        // The tables v2 and v3 added work on the migrated file.
        #expect(try migrated.beginSend(of: saved[0]).count == 1)
        #expect(try migrated.enqueueSend(templateID: saved[0].id, source: .widget).templateName == saved[0].name)
        let revision = try migrated.templatesRevision()
        _ = try migrated.duplicateTemplate(id: saved[0].id)
        #expect(try migrated.templatesRevision() > revision)
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
