import Foundation
import Testing
import TgtStore
import TgtTestSupport

/// What a careful user notices on the command line: the same text rules at save, dry run and
/// send; separators found by Unicode scalars; repeated, unused and oversized `--var` values;
/// export destinations named in their errors.
@Suite("tgt binary: input rules", .serialized)
struct CLIInputRulesTests {
    /// Logged-in demo folder with the chat list loaded.
    static func demoFolder(_ label: String) async throws -> TestDirectory {
        let dir = try TestDirectory(label)
        #expect(try await TgtBinary.run(["--demo", "login"], dataDir: dir.path, input: "+15555550123\n12345\ndemo\n").status == 0)
        #expect(try await TgtBinary.run(["--demo", "chats"], dataDir: dir.path).status == 0)
        return dir
    }

    static func templateCount(_ dir: TestDirectory) throws -> Int {
        try AppDatabase.open(at: dir.url.appendingPathComponent("demo/tgtemplates.sqlite"), clock: TestClock()).templateCount()
    }

    @Test("saving refuses what a send would: broken Markdown (pointing at the character), empty as Telegram sees it, control characters")
    func saveTimeRules() async throws {
        let dir = try await Self.demoFolder("cli-rules-save")
        defer { dir.remove() }
        func add(_ body: String) async throws -> TgtBinary.Result {
            try await TgtBinary.run(["--demo", "templates", "add", "--name", "T", "--body", body, "--target", "-1001000000001"], dataDir: dir.path)
        }
        let broken = try await add("_+")
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("The formatting is broken at character 1 (“_+”)"), "\(broken.stderr)")
        let afterVariable = try await add("Hi {{name}}, see *here")
        #expect(afterVariable.status == 2)
        #expect(afterVariable.stderr.contains("character 18 (“*here”)"), "byte offsets stay those of the text as typed: \(afterVariable.stderr)")
        for empty in ["\u{FEFF}", "\u{200B}\u{200C}\u{200D}", " \u{00A0}\u{2800} ", "**"] {
            let result = try await add(empty)
            #expect(result.status == 2 && result.stderr.contains("empty"), "\(empty.unicodeScalars.map { $0.value }): \(result.stderr)")
        }
        let nul = try await add("Hi\u{1B}[31m")
        #expect(nul.status == 2 && nul.stderr.contains("U+001B (ESC)") && nul.stderr.contains("character 3"), "\(nul.stderr)")
        #expect(try Self.templateCount(dir) == 0)
        // Line breaks, tabs and markup that parses are fine.
        await #expect(try add("*Leaving*\tnow\r\nhome by {{eta}}").status == 0)
        let edit = try await TgtBinary.run(["--demo", "templates", "edit", "T", "--body", "`unclosed"], dataDir: dir.path)
        #expect(edit.status == 2 && edit.stderr.contains("character 1"), "\(edit.stderr)")
        #expect(try Self.templateCount(dir) == 1)
    }

    @Test("dry run and send apply the same rules to the filled-in text")
    func dryRunMatchesSend() async throws {
        let dir = try await Self.demoFolder("cli-rules-send")
        defer { dir.remove() }
        #expect(try await TgtBinary.run(["--demo", "templates", "add", "--name", "Only", "--body", "{{x}}", "--target", "-1001000000001"], dataDir: dir.path).status == 0)
        for invisible in ["\u{FEFF}", "\u{200B} \u{200E}"] {
            let dry = try await TgtBinary.run(["--demo", "send", "Only", "--var", "x=\(invisible)", "--dry-run"], dataDir: dir.path)
            let real = try await TgtBinary.run(["--demo", "send", "Only", "--var", "x=\(invisible)"], dataDir: dir.path)
            #expect(dry.status == 2 && real.status == 2, "\(dry.stderr) / \(real.stderr)")
            #expect(dry.stderr.contains("empty once formatted"), "\(dry.stderr)")
            #expect(dry.stderr == real.stderr.replacingOccurrences(of: "Demo mode: using the built-in Telegram simulator, not your account.\n", with: ""),
                    "the same message: \(dry.stderr) / \(real.stderr)")
        }
        #expect(InterruptedSendsCLITests.delivered(dir).isEmpty)
    }

    @Test("--var: split by scalars (combining marks, joiners, direction marks after =), a name given twice or unused is refused, a huge value says the limit")
    func variableValues() async throws {
        let dir = try await Self.demoFolder("cli-rules-var")
        defer { dir.remove() }
        #expect(try await TgtBinary.run(["--demo", "templates", "add", "--name", "Mood", "--body", "Feeling {{mood}}", "--target", "-1001000000001"], dataDir: dir.path).status == 0)
        for value in ["\u{0301}e", "\u{200D}👍", "\u{200F}שלום", "\u{202E}abc", "=x", ""] {
            let dry = try await TgtBinary.run(["--demo", "send", "Mood", "--var", "mood=\(value)", "--dry-run"], dataDir: dir.path)
            #expect(dry.status == 0, "\(value.unicodeScalars.map { $0.value }): \(dry.stderr)")
            #expect(dry.stdout.contains("Feeling \(value)") || value.isEmpty, "\(dry.stdout)")
        }
        let twice = try await TgtBinary.run(["--demo", "send", "Mood", "--var", "mood=a", "--var", "mood=b"], dataDir: dir.path)
        #expect(twice.status == 2 && twice.stderr.contains("--var mood is given twice"), "\(twice.stderr)")
        let unused = try await TgtBinary.run(["--demo", "send", "Mood", "--var", "mood=ok", "--var", "mod=typo"], dataDir: dir.path)
        #expect(unused.status == 2 && unused.stderr.contains("does not use {{mod}}") && unused.stderr.contains("{{mood}}"), "\(unused.stderr)")
        let huge = try await TgtBinary.run(["--demo", "send", "Mood", "--var", "mood=" + String(repeating: "x", count: 102_400)], dataDir: dir.path)
        #expect(huge.status == 2, "\(huge.stderr)")
        #expect(huge.stderr.contains("The value for {{mood}} is 102400 characters long; a whole message may have at most 4096."), "\(huge.stderr)")
        #expect(!huge.stderr.contains("formatting"), "\(huge.stderr)")
        #expect(InterruptedSendsCLITests.delivered(dir).isEmpty)
    }

    @Test("--name=VALUE and --body=VALUE work when VALUE starts with a combining mark")
    func optionEqualsCombiningMark() async throws {
        let dir = try await Self.demoFolder("cli-rules-eq")
        defer { dir.remove() }
        let added = try await TgtBinary.run(["--demo", "--json", "templates", "add", "--name=\u{0301}Café", "--body=\u{0301}body {{x}}", "--target=-1001000000001"], dataDir: dir.path)
        #expect(added.status == 0, "\(added.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any]
        #expect(object?["name"] as? String == "\u{0301}Café")
        #expect(object?["body"] as? String == "\u{0301}body {{x}}")
        let dry = try await TgtBinary.run(["--demo", "send", "\u{0301}Café", "--var=x=\u{0301}v", "--dry-run"], dataDir: dir.path)
        #expect(dry.status == 0 && dry.stdout.contains("\u{0301}body \u{0301}v"), "\(dry.stderr)")
    }

    @Test("export into a missing folder or onto a folder names the destination, and writes nothing")
    func exportDestination() async throws {
        let dir = try TestDirectory("cli-rules-export")
        defer { dir.remove() }
        let missing = dir.url.appendingPathComponent("nope/backup.json").path
        let noFolder = try await TgtBinary.run(["templates", "export", missing], dataDir: dir.path)
        #expect(noFolder.status == 2)
        #expect(noFolder.stderr.contains("The folder for the export, \(dir.url.appendingPathComponent("nope").path), does not exist."), "\(noFolder.stderr)")
        #expect(!noFolder.stderr.contains("data folder"))
        let onFolder = try await TgtBinary.run(["templates", "export", dir.path], dataDir: dir.path)
        #expect(onFolder.status == 2)
        #expect(onFolder.stderr.contains("The export destination \(dir.path) is a folder."), "\(onFolder.stderr)")
        let good = try await TgtBinary.run(["templates", "export", dir.file("backup.json").path], dataDir: dir.path)
        #expect(good.status == 0, "\(good.stderr)")
    }
}
