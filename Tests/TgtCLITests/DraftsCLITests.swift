import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTestSupport

/// Email, text message and X templates on the command line: created with their recipients,
/// refused when a recipient or a variable form is wrong, and "sent" as a printed (or opened)
/// draft link that the send log records as handed over.
@Suite("tgt binary: template kinds and drafts", .serialized)
struct DraftsCLITests {
    static func run(_ arguments: [String], _ dir: TestDirectory, environment: [String: String] = [:]) async throws -> TgtBinary.Result {
        try await TgtBinary.run(arguments, dataDir: dir.path, environment: environment)
    }

    static func store(_ dir: TestDirectory) throws -> AppDatabase {
        try AppDatabase.open(at: dir.url.appendingPathComponent("tgtemplates.sqlite"), clock: TestClock())
    }

    /// A folder with an `xdg-open` that records its argument (or fails like one with no handler).
    static func fakeOpener(_ dir: TestDirectory, failing: Bool) throws -> [String: String] {
        let bin = dir.file("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = failing
            ? "#!/bin/sh\necho \"xdg-open: no method available for opening '$1'\" >&2\nexit 3\n"
            : "#!/bin/sh\nprintf '%s' \"$1\" > \"\(dir.file("opened.txt").path)\"\n"
        let opener = bin.appendingPathComponent("xdg-open")
        try Data(script.utf8).write(to: opener)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        return ["PATH": bin.path + ":/usr/bin:/bin"]
    }

    @Test("templates of each kind are created with their recipients; bad recipients and bad variable forms save nothing")
    func create() async throws {
        let dir = try TestDirectory("cli-kinds-create")
        defer { dir.remove() }
        let email = try await Self.run(["templates", "add", "--name", "Late", "--kind", "email", "--to", "boss@example.com", "--cc", "team@example.org",
                                  "--subject", "Late: {{eta=10 min}}", "--body", "*Sorry*, there by {{time+30m:HH:mm}}. {{mood|fine|tired}}"], dir)
        #expect(email.status == 0, "\(email.stderr)")
        await #expect(try Self.run(["templates", "add", "--name", "SMS", "--kind", "text", "--to", "+39 333 123 4567", "--body", "On my way"], dir).status == 0)
        await #expect(try Self.run(["templates", "add", "--name", "Post", "--kind", "x", "--body", "Shipped https://example.com"], dir).status == 0)
        let badRecipient = try await Self.run(["templates", "add", "--name", "B", "--kind", "email", "--to", "nope", "--body", "x"], dir)
        #expect(badRecipient.status == 2 && badRecipient.stderr.contains("“nope” is not an email address"), "\(badRecipient.stderr)")
        let badForm = try await Self.run(["templates", "add", "--name", "B", "--body", "Back {{date+1x}}"], dir)
        #expect(badForm.status == 2 && badForm.stderr.contains("“x” at character 14 is not a unit"), "\(badForm.stderr)")
        let badKind = try await Self.run(["templates", "add", "--name", "B", "--kind", "fax", "--body", "x"], dir)
        #expect(badKind.status == 64 && badKind.stderr.contains("Please provide one of 'telegram', 'email', 'text' or 'x'."), "\(badKind.stderr)")
        let tooLong = try await Self.run(["templates", "add", "--name", "B", "--kind", "x", "--body", String(repeating: "あ", count: 141)], dir)
        #expect(tooLong.status == 2 && tooLong.stderr.contains("282 of X's 280"), "\(tooLong.stderr)")
        #expect(try Self.store(dir).templateCount() == 3)

        let listed = try await Self.run(["templates", "list", "--kind", "email", "--json"], dir)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(json.count == 1)
        #expect(json.first?["kind"] as? String == "email")
        #expect(json.first?["to"] as? [String] == ["boss@example.com"])
        #expect(json.first?["subject"] as? String == "Late: {{eta=10 min}}")
        let variables = try #require(json.first?["send_variables"] as? [[String: Any]])
        #expect(variables.map { $0["name"] as? String } == ["eta", "mood"])
        #expect(variables.first?["default"] as? String == "10 min")
        #expect(variables.last?["choices"] as? [String] == ["fine", "tired"])
        let table = try await Self.run(["templates", "list", "--kind", "text"], dir)
        #expect(table.stdout.contains("SMS") && !table.stdout.contains("Late"))
        await #expect(try Self.run(["templates", "list", "--kind", "x"], dir).stdout.contains("Post"))

        // Converting to Telegram drops what Telegram does not use.
        await #expect(try Self.run(["templates", "edit", "SMS", "--kind", "telegram"], dir).status == 0)
        let converted = try Self.store(dir).resolveTemplate("SMS")
        #expect(converted.kind == .telegram && converted.to.isEmpty)
    }

    @Test("tgt send prints the draft link, checks choices, and logs the draft as handed over")
    func sendPrintsDraft() async throws {
        let dir = try TestDirectory("cli-kinds-send")
        defer { dir.remove() }
        await #expect(try Self.run(["templates", "add", "--name", "Late", "--kind", "email", "--to", "boss@example.com",
                              "--subject", "Late: {{eta=10 min}}", "--body", "*Sorry* & {{mood|fine|tired}}\nBye"], dir).status == 0)
        let missing = try await Self.run(["send", "Late"], dir)
        #expect(missing.status == 2 && missing.stderr.contains("{{mood}}"), "\(missing.stderr)")
        let wrong = try await Self.run(["send", "Late", "--var", "mood=sleepy"], dir)
        #expect(wrong.status == 2 && wrong.stderr.contains("“sleepy” is not a choice for {{mood}}"), "\(wrong.stderr)")
        let dry = try await Self.run(["send", "Late", "--var", "mood=tired", "--dry-run"], dir)
        #expect(dry.status == 0 && dry.stderr.contains("Dry run"))
        #expect(try Self.store(dir).recentSends().isEmpty)

        let sent = try await Self.run(["send", "Late", "--var", "mood=tired", "--var", "eta=5 min"], dir)
        #expect(sent.status == 0, "\(sent.stderr)")
        let link = sent.stdout.trimmingCharacters(in: .newlines)
        #expect(!link.contains("\n"))
        let components = try #require(URLComponents(string: link))
        #expect(components.scheme == "mailto" && components.path == "boss@example.com")
        let items = Dictionary(uniqueKeysWithValues: (components.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(items["subject"] == "Late: 5 min")
        #expect(items["body"] == "Sorry & tired\r\nBye")
        let log = try Self.store(dir).recentSends()
        #expect(log.map(\.status) == [.handedOver])
        #expect(log.first?.targetTitle == "Email to boss@example.com")

        let json = try await Self.run(["send", "Late", "--var", "mood=fine", "--json"], dir)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "email" && object["status"] as? String == "handed_over")
        #expect((object["url"] as? String)?.hasPrefix("mailto:boss@example.com?subject=Late%3A%2010%20min&body=") == true)
        #expect(object["body"] as? String == "Sorry & fine\nBye")
        #expect(try Self.store(dir).recentSends().count == 2)
    }

    @Test("--open hands the link to the desktop opener; a failing opener leaves the link printed and nothing logged")
    func openDraft() async throws {
        let dir = try TestDirectory("cli-kinds-open")
        defer { dir.remove() }
        await #expect(try Self.run(["templates", "add", "--name", "SMS", "--kind", "text", "--to", "+39 333 123 4567", "--body", "On my way 🚗"], dir).status == 0)
        await #expect(try Self.run(["templates", "add", "--name", "TG", "--body", "Hi"], dir).status == 0)
        let failing = try await Self.run(["send", "SMS", "--open"], dir, environment: try Self.fakeOpener(dir, failing: true))
        #expect(failing.status == 2 && failing.stderr.contains("no method available"), "\(failing.stderr)")
        #expect(failing.stdout.hasPrefix("sms:+393331234567?body=On%20my%20way%20"))
        #expect(try Self.store(dir).recentSends().isEmpty)

        let opened = try await Self.run(["send", "SMS", "--open"], dir, environment: try Self.fakeOpener(dir, failing: false))
        #expect(opened.status == 0, "\(opened.stderr)")
        let received = try String(contentsOf: dir.file("opened.txt"), encoding: .utf8)
        #expect(received == opened.stdout.trimmingCharacters(in: .newlines))
        #expect(URLComponents(string: received)?.queryItems?.first?.value == "On my way 🚗")
        #expect(try Self.store(dir).recentSends().map(\.status) == [.handedOver])

        let telegram = try await Self.run(["send", "TG", "--open"], dir)
        #expect(telegram.status == 2 && telegram.stderr.contains("--open is for email, text and X templates"))
    }
}
