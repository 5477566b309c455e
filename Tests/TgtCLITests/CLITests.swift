import Foundation
import Testing
import TgtStore
import TgtTestSupport

/// The real `tgt` binary: output, exit codes, and that bad input changes nothing.
@Suite("tgt binary")
struct CLITests {
    let dir: TestDirectory
    init() throws { dir = try TestDirectory("cli") }

    /// The templates of an export (without its `exported_at` stamp).
    func exportedTemplates(_ dataDir: String? = nil) async throws -> String {
        let out = try await TgtBinary.run(["templates", "export"], dataDir: dataDir ?? dir.path).stdout
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        let templates = try JSONSerialization.data(withJSONObject: object?["templates"] ?? [], options: [.sortedKeys])
        return String(decoding: templates, as: UTF8.self)
    }

    func tgt(_ args: String..., input: String = "", env: [String: String] = [:]) async throws -> TgtBinary.Result {
        try await TgtBinary.run(args, dataDir: dir.path, input: input, environment: env)
    }

    /// A store with two demo chats cached and one template, made through the binary itself.
    func seeded() async throws {
        let store = try AppDatabase.open(in: DataDirectory(url: dir.url), clock: TestClock())
        try store.replaceChatDirectory([
            CachedChat(id: -1001000000001, kind: .supergroup, title: "Family", memberCount: 5),
            CachedChat(id: -1001000000002, kind: .supergroup, title: "Work", memberCount: 48, isForum: true, topics: [CachedTopic(id: 11, title: "Standups")]),
        ])
        let added = try await tgt("templates", "add", "--name", "Leaving work", "--icon", "car.fill", "--body", "*Leaving* now, home by {{eta}}",
                            "--target", "-1001000000001", "--target", "-1001000000002/11")
        #expect(added.status == 0, "\(added.stderr)")
    }

    @Test("--help and --version work everywhere and document exit codes")
    func help() async throws {
        defer { dir.remove() }
        let root = try await tgt("--help")
        #expect(root.status == 0 && root.stdout.contains("Exit codes:") && root.stdout.contains("Examples:"))
        for sub in [["send", "--help"], ["templates", "add", "--help"], ["chats", "--help"], ["login", "--help"], ["setup", "--help"]] {
            let r = try await TgtBinary.run(sub, dataDir: dir.path)
            #expect(r.status == 0 && r.stdout.contains("Example"), "\(sub)")
        }
        // One line that names the program, apart from the Rust Telegram client also called tgt.
        await #expect(try tgt("--version").stdout == "tgt (TgTemplates) 0.1.0 - one-tap Telegram message templates\n")
    }

    @Test("template lifecycle through the binary: add, list, show, edit, duplicate, move, rm")
    func lifecycle() async throws {
        defer { dir.remove() }
        try await seeded()
        let list = try await tgt("templates", "list", "--json")
        #expect(list.status == 0)
        let items = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        #expect(items?.count == 1 && items?.first?["name"] as? String == "Leaving work")
        #expect((items?.first?["variables"] as? [String]) == ["eta"])
        await #expect(try tgt("templates", "show", "leaving WORK").stdout.contains("Work › Standups [-1001000000002/11]"))
        await #expect(try tgt("templates", "edit", "Leaving work", "--remove-target", "-1001000000002/11", "--silent").status == 0)
        await #expect(try tgt("templates", "duplicate", "Leaving work").stdout.contains("Leaving work copy"))
        await #expect(try tgt("templates", "move", "Leaving work copy", "--to", "1").status == 0)
        let names = try await tgt("templates", "list").stdout
        #expect(names.contains("1  🚗  Leaving work copy"))
        await #expect(try tgt("templates", "rm", "Leaving work copy", "--yes").status == 0)
        await #expect(try tgt("templates", "rm", "Leaving work").status == 2)  // no terminal to confirm: refuses
        await #expect(try tgt("templates", "icons").stdout.contains("bed.double.fill"))
    }

    @Test("bad input gets one clear line, a non-zero exit, and changes nothing", arguments: [
        (["send", "No such template"], 2, "There is no template called “No such template”."),
        (["send", "Leaving work", "--var", "eta"], 2, "“eta” is not NAME=VALUE."),
        (["send", "Leaving work", "--var", "date=x"], 2, "{{date}} is filled in automatically"),
        (["send", "Leaving work", "--location", "91,200"], 2, "is not a location"),
        (["templates", "add", "--name", "X", "--body", "y", "--target", "abc"], 2, "“abc” is not a target"),
        (["templates", "add", "--name", "X", "--body", "y", "--target", "-42"], 2, "Chat -42 is not in your chat list."),
        (["templates", "add", "--name", "leaving WORK", "--body", "y"], 2, "Another template is already called"),
        (["templates", "add", "--name", "X", "--body", "{{oops"], 2, "no closing `}}`"),
        (["templates", "add", "--name", "X", "--body", "y", "--icon", "trash"], 64, "The value 'trash' is invalid for '--icon <icon>'."),
        (["templates", "import", "/nonexistent/file.json"], 2, "Cannot read /nonexistent/file.json."),
        (["templates", "move", "Leaving work", "--to", "0"], 64, "--to must be 1 or more."),
        (["send", "Leaving work", "--var", "eta=1"], 3, "Telegram API credentials are not set up yet."),
        // The one rule for values (`VariableValue`), before anything else, on every command that fills one.
        (["send", "Leaving work", "--var", "eta=5\u{1}"], 2, "The value for {{eta}} has a control character, U+0001"),
        (["send", "Leaving work", "--var", "eta=" + String(repeating: "x", count: 4097)], 2, "The value for {{eta}} is 4097 characters long"),
        (["timers", "add", "--name", "Pasta", "--duration", "12m", "--then", "Leaving work", "--var", "eta=\u{7}"], 2,
         "The value for {{eta}} has a control character, U+0007"),  // (a NUL cannot reach a program's arguments)
    ])
    func badInput(args: [String], status: Int32, message: String) async throws {
        defer { dir.remove() }
        try await seeded()
        let before = try await exportedTemplates()
        let r = try await TgtBinary.run(args, dataDir: dir.path)
        #expect(r.status == status, "\(args): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        #expect(!r.stderr.contains("Fatal error") && !r.stderr.contains("Stack dump"))
        await #expect(try exportedTemplates() == before)
    }

    @Test("list --json (written directly for speed) says exactly what show --json (JSONEncoder) says")
    func listJSONMatchesEncoder() async throws {
        defer { dir.remove() }
        try await seeded()
        let tricky = "Quote \" backslash \\ tab\t newline\n zwj\u{200D} emoji 👨‍👩‍👧 日本 {{x}} </script>"
        await #expect(try tgt("templates", "add", "--name", "Tricky \"one\"", "--body", tricky, "--silent").status == 0)
        let list = try await JSONSerialization.jsonObject(with: Data(tgt("templates", "list", "--json").stdout.utf8)) as? [NSDictionary]
        #expect(list?.count == 2)
        for item in list ?? [] {
            let name = item["name"] as? String ?? ""
            let shown = try await JSONSerialization.jsonObject(with: Data(tgt("templates", "show", name, "--json").stdout.utf8)) as? NSDictionary
            #expect(shown == item, "\(name)")
        }
        #expect(list?.last?["body"] as? String == tricky)
    }

    @Test("settings: default location is validated, stored, used by dry runs, and cleared")
    func settings() async throws {
        defer { dir.remove() }
        await #expect(try tgt("settings", "--default-location", "100,1").status == 2)
        await #expect(try tgt("settings", "--default-location", "-33.8688,151.2093").stdout.contains("-33.868800,151.209300"))
        await #expect(try tgt("settings").stdout.contains("https://maps.google.com/?q=-33.868800,151.209300"))
        await #expect(try tgt("settings", "--clear-default-location").stdout.contains("Default location: none"))
    }

    @Test("--json errors are JSON on stdout with a stable code")
    func jsonErrors() async throws {
        defer { dir.remove() }
        let r = try await tgt("--json", "templates", "show", "nope")
        #expect(r.status == 2)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: [String: String]]
        #expect(object?["error"]?["code"] == "template_not_found")
    }

    @Test("setup stores credentials in a 0600 file and never prints the whole hash")
    func setup() async throws {
        defer { dir.remove() }
        let hash = "0123456789abcdef0123456789abcdef"
        let bad = try await tgt("setup", "--api-id", "12x", "--api-hash", hash)
        #expect(bad.status == 2 && bad.stderr.contains("is not an API id"))
        let ok = try await tgt("setup", "--api-id", "1234567", "--api-hash", hash)
        #expect(ok.status == 0)
        #expect(!ok.stdout.contains(hash) && ok.stdout.contains("0123…ef"))
        #expect(SecureFile.permissions(of: dir.file("credentials.json")) == 0o600)
        let status = try await tgt("status", "--json")
        #expect(!status.stdout.contains(hash) && status.stdout.contains("api_id 1234567"))
        // The libtdjson the tests run with, and the version it reports offline.
        let report = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        #expect(report?["tdlib_version"] as? String == "1.8.69", "\(status.stdout)")
        #expect((report?["tdlib"] as? String)?.contains("libtdjson") == true, "\(status.stdout)")
    }

    @Test("export and import through files round-trip; a broken file imports nothing")
    func exportImport() async throws {
        defer { dir.remove() }
        try await seeded()
        let file = dir.file("backup.json").path
        await #expect(try tgt("templates", "export", file).status == 0)
        let other = try TestDirectory("cli-import")
        defer { other.remove() }
        let imported = try await TgtBinary.run(["templates", "import", file], dataDir: other.path)
        #expect(imported.status == 0 && imported.stdout.contains("1 added"))
        await #expect(try exportedTemplates(other.path) == exportedTemplates())
        try Data("{\"format\":\"nope\"}".utf8).write(to: dir.file("bad.json"))
        let bad = try await TgtBinary.run(["templates", "import", dir.file("bad.json").path], dataDir: other.path)
        #expect(bad.status == 2 && bad.stderr.contains("Nothing was imported"))
    }
}
