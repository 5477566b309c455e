import Foundation
import Testing
import TgtTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("tgt chat: the real binary against the demo account", .timeLimit(.minutes(5)))
struct ChatCLITests {
    /// A logged-in demo data folder.
    static func loggedIn(_ name: String) async throws -> TestDirectory {
        let dir = try TestDirectory(name)
        let login = try await TgtBinary.run(["--demo", "login"], dataDir: dir.path, input: "+15555550123\n12345\ndemo\n")
        #expect(login.status == 0, "\(login.stderr)")
        return dir
    }

    static func tgt(_ dir: TestDirectory, _ args: [String]) async throws -> TgtBinary.Result {
        try await TgtBinary.run(["--demo"] + args, dataDir: dir.path)
    }

    static func json(_ result: TgtBinary.Result) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    @Test("list: Telegram's order, unread counts, read-only chats with the reason, the archive, --unread and --search")
    func list() async throws {
        let dir = try await Self.loggedIn("chat-list")
        defer { dir.remove() }
        let all = try await Self.tgt(dir, ["--json", "chat", "list"])
        #expect(all.status == 0, "\(all.stderr)")
        let chats = Self.json(all) as? [[String: Any]] ?? []
        #expect(chats.map { $0["title"] as? String } == ["Family", "Work", "Climbing crew", "Tech News", "Alice", "Neighbours"])
        #expect(chats.first?["unread_count"] as? Int == 2)
        let tech = chats.first { $0["title"] as? String == "Tech News" }
        #expect((tech?["cannot_write_reason"] as? String)?.contains("admins") == true)
        let archive = await Self.json(try Self.tgt(dir, ["--json", "chat", "list", "--archive"])) as? [[String: Any]] ?? []
        #expect(archive.map { $0["title"] as? String } == ["Old flatmates"])
        let unread = try await Self.tgt(dir, ["chat", "list", "--unread"])
        #expect(unread.stdout.contains("Family") && unread.stdout.contains("Work") && !unread.stdout.contains("Climbing crew"))
        let search = try await Self.tgt(dir, ["chat", "list", "--search", "ALI"])
        #expect(search.stdout.contains("Alice") && !search.stdout.contains("Family"))
        let none = try await Self.tgt(dir, ["chat", "list", "--search", "zzz-nothing"])
        #expect(none.status == 0 && none.stdout.contains("No chat matches"))
    }

    @Test("read: oldest first with date separators, reply headers, media labels; --before pages back; a bad chat is refused")
    func read() async throws {
        let dir = try await Self.loggedIn("chat-read")
        defer { dir.remove() }
        let page = try await Self.tgt(dir, ["--json", "chat", "read", "Fam", "--limit", "15"])
        #expect(page.status == 0, "\(page.stderr)")
        let object = Self.json(page) as? [String: Any] ?? [:]
        let messages = object["messages"] as? [[String: Any]] ?? []
        #expect(messages.count == 15)
        let ids = messages.compactMap { $0["id"] as? Int64 ?? ($0["id"] as? Int).map(Int64.init) }
        #expect(ids == ids.sorted() && Set(ids).count == 15)
        #expect(object["has_older"] as? Bool == true)
        #expect(messages.contains { ($0["media"] as? [String: Any])?["kind"] as? String == "photo" })
        #expect(messages.contains { $0["reply_to"] != nil })
        guard let oldest = ids.first else { return }
        let older = await Self.json(try Self.tgt(dir, ["--json", "chat", "read", "Family", "--limit", "10", "--before", "\(oldest)"])) as? [String: Any]
        let olderIDs = (older?["messages"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(olderIDs.count == 10 && olderIDs.allSatisfy { Int64($0) < oldest })
        let text = try await Self.tgt(dir, ["chat", "read", "Family", "--limit", "12"])
        #expect(text.stdout.contains("── Yesterday ──") && text.stdout.contains("📷 Photo") && text.stdout.contains("┌ "))
        let missing = try await Self.tgt(dir, ["chat", "read", "Nobody"])
        #expect(missing.status == 2 && missing.stderr.contains("No chat matches “Nobody”"))
        let badLimit = try await Self.tgt(dir, ["chat", "read", "Family", "--limit", "0"])
        #expect(badLimit.status == 64)
    }

    @Test("hostile messages reach the terminal without control characters, direction overrides or javascript: links")
    func hostile() async throws {
        let dir = try await Self.loggedIn("chat-hostile")
        defer { dir.remove() }
        let read = try await Self.tgt(dir, ["chat", "read", "Neighbours", "--limit", "12"])
        #expect(read.status == 0)
        #expect(!read.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(!read.stdout.contains("javascript:"))
        #expect(read.stdout.contains("<script>alert('pwned')</script>"))  // shown as text, which a terminal cannot run
        #expect(read.stdout.contains("read-only"))
    }

    @Test("send, reply, edit and delete own messages; others' messages and read-only chats are refused and change nothing")
    func writeFlow() async throws {
        let dir = try await Self.loggedIn("chat-write")
        defer { dir.remove() }
        let sent = try await Self.tgt(dir, ["--json", "chat", "send", "Alice", "*Coffee* at 4?"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let item = Self.json(sent) as? [String: Any] ?? [:]
        let id = item["id"] as? Int ?? 0
        #expect(item["text"] as? String == "Coffee at 4?" && (item["html"] as? String)?.contains("<b>Coffee</b>") == true)
        let reply = try await Self.tgt(dir, ["chat", "send", "Alice", "Or 5?", "--reply-to", "\(id)"])
        #expect(reply.status == 0 && reply.stdout.contains("✓ Sent to Alice"))
        let edited = try await Self.tgt(dir, ["chat", "edit", "Alice", "\(id)", "Coffee at 4:30?"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let page = await Self.json(try Self.tgt(dir, ["--json", "chat", "read", "Alice", "--limit", "3"])) as? [String: Any]
        let last = page?["messages"] as? [[String: Any]] ?? []
        #expect(last.contains { $0["id"] as? Int == id && $0["text"] as? String == "Coffee at 4:30?" && $0["edit_date"] != nil })
        #expect(last.contains { ($0["reply_to"] as? [String: Any])?["message_id"] as? Int == id })
        // Someone else's message: no edit.
        let history = await Self.json(try Self.tgt(dir, ["--json", "chat", "read", "Alice", "--limit", "12"])) as? [String: Any]
        let theirs = (history?["messages"] as? [[String: Any]] ?? []).first { $0["is_outgoing"] as? Bool == false }?["id"] as? Int ?? 0
        let refusedEdit = try await Self.tgt(dir, ["chat", "edit", "Alice", "\(theirs)", "hacked"])
        #expect(refusedEdit.status == 2 && refusedEdit.stderr.contains("cannot be edited"))
        let readOnly = try await Self.tgt(dir, ["chat", "send", "Tech News", "hello"])
        #expect(readOnly.status == 2 && readOnly.stderr.contains("You cannot write in “Tech News”"))
        let empty = try await Self.tgt(dir, ["chat", "send", "Alice", "   "])
        #expect(empty.status == 2 && empty.stderr.contains("empty"))
        let deleted = try await Self.tgt(dir, ["chat", "delete", "Alice", "\(id)", "--for-all"])
        #expect(deleted.status == 0 && deleted.stdout.contains("for everyone"))
        let after = await Self.json(try Self.tgt(dir, ["--json", "chat", "read", "Alice", "--limit", "5"])) as? [String: Any]
        #expect(!(after?["messages"] as? [[String: Any]] ?? []).contains { $0["id"] as? Int == id })
        let search = try await Self.tgt(dir, ["chat", "search", "coffee"])
        #expect(search.status == 0 && search.stdout.contains("Alice ›"))
    }

    @Test("the simulator's history is a journal: changes from separate processes, a compaction and a torn last line all read back")
    func historyJournal() async throws {
        let dir = try await Self.loggedIn("chat-journal")
        defer { dir.remove() }
        let compacting = ["TGT_SIMULATOR_COMPACT_AFTER": "3"]
        // A group without a replier: each change is one line (Alice's read receipts would add
        // lines whenever they fall due, which depends on how fast the processes run).
        let chat = "Climbing crew"
        var ids: [Int] = []
        for text in ["one", "two", "three", "four"] {
            let sent = try await TgtBinary.run(["--demo", "--json", "chat", "send", chat, text], dataDir: dir.path, environment: compacting)
            #expect(sent.status == 0, "\(sent.stderr)")
            ids.append((Self.json(sent) as? [String: Any])?["id"] as? Int ?? 0)
        }
        #expect(try await TgtBinary.run(["--demo", "chat", "edit", chat, "\(ids[1])", "two, edited"], dataDir: dir.path, environment: compacting).status == 0)
        let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        let journalName = try #require(files.first { $0.hasSuffix("tgt-simulator-history.log") })
        let journal = dir.path + "/" + journalName
        #expect(files.contains { $0.hasSuffix("tgt-simulator-history.json") }, "the journal was compacted into the snapshot")
        let lines = (try String(contentsOfFile: journal, encoding: .utf8)).split(separator: "\n").count
        // The first compaction comes at the third line (the threshold here), the next once the
        // journal is 4 times the snapshot's messages: the journal holds only the two changes
        // after the first, fewer than the five made.
        #expect(lines == 2, "the journal holds only what came after the snapshot (\(lines) lines)")
        // A process killed mid-write leaves a torn line: it is skipped.
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data("{\"op\":\"add\",\"chat\":".utf8))
        handle.closeFile()
        let page = await Self.json(try Self.tgt(dir, ["--json", "chat", "read", chat, "--limit", "6"])) as? [String: Any]
        let texts = (page?["messages"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(Array(texts.suffix(4)) == ["one", "two, edited", "three", "four"], "\(texts)")
    }

    /// Whether Mum's reply is printed as it arrives is checked through `tgt serve` (below) and
    /// in-process (ChatFollowAllTests): here the follower holds the demo session, so nothing
    /// else can send while it runs, and a reply due before it has started would arrive before
    /// it follows.
    @Test("tgt chat follow (holding the session itself) says when it follows, on stderr with --json too, and Ctrl-C ends it with 130")
    func followAll() async throws {
        let dir = try await Self.loggedIn("chat-follow-all")
        defer { dir.remove() }
        let errors = CollectedOutput()
        let (process, collected) = try startFollowing(dir, ["chat", "follow"], errors: errors)
        defer { if process.isRunning { process.terminate() } }
        try await awaitCondition { errors.text.contains("Following all chats") || errors.isClosed }
        #expect(errors.text.contains("Following all chats (muted ones left out); Ctrl-C to stop."), "\(errors.text)")
        kill(process.processIdentifier, SIGINT)
        try await awaitCondition { !process.isRunning }
        #expect(process.terminationStatus == 130)
        #expect(collected.text.isEmpty, "\(collected.text)")
    }

    @Test("--follow prints Mum's reply as it arrives (even though the sender exited) and Ctrl-C closes cleanly with 130")
    func follow() async throws {
        let dir = try await Self.loggedIn("chat-follow")
        defer { dir.remove() }
        await #expect(try Self.tgt(dir, ["chat", "send", "Family", "Leaving work"]).status == 0)
        let (process, collected) = try startFollowing(dir, ["chat", "read", "Family", "--limit", "2", "--follow", "--mark-read"])
        defer { if process.isRunning { process.terminate() } }
        // Mum answers a few seconds after our message (on the demo's own clock, in the child).
        try await awaitCondition { collected.text.contains("\"sender\":{\"id\":555000201") || collected.isClosed }
        let seen = collected.text
        #expect(seen.contains("\"sender\":{\"id\":555000201"), "\(seen.suffix(500))")
        kill(process.processIdentifier, SIGINT)
        try await awaitCondition { !process.isRunning }
        #expect(process.terminationStatus == 130)
        // --mark-read read Mum's reply: Family has no unread message left from it.
        let list = await Self.json(try Self.tgt(dir, ["--json", "chat", "list"])) as? [[String: Any]] ?? []
        #expect(list.first { $0["title"] as? String == "Family" }?["unread_count"] as? Int == 0)
    }
}

/// `tgt --demo --json ARGS` running on `dir`, its output collected as it comes (stderr too
/// with `errors`).
func startFollowing(_ dir: TestDirectory, _ arguments: [String], errors: CollectedOutput? = nil) throws -> (ChildProcess, CollectedOutput) {
    let process = ChildProcess()
    process.executableURL = TgtBinary.url
    process.arguments = ["--demo", "--json"] + arguments
    var env = ProcessInfo.processInfo.environment
    env["TGT_DATA_DIR"] = dir.path
    process.environment = env
    let output = Pipe(), errorPipe = Pipe()
    process.standardOutput = output
    process.standardError = errors == nil ? FileHandle.nullDevice : errorPipe
    try process.run()
    if let errors { errors.read(errorPipe) }
    return (process, CollectedOutput.reading(output))
}

/// `tgt chat follow --json` from the binary: Mum's answer to a message to Family is printed with
/// the chat's title, and Ctrl-C ends it with 130.
func followAllPrintsMumsReply(_ dir: TestDirectory, after send: () async throws -> Void) async throws {
    let errors = CollectedOutput()
    let (process, collected) = try startFollowing(dir, ["chat", "follow"], errors: errors)
    defer { if process.isRunning { process.terminate() } }
    // Sent once it follows (it says so on stderr, --json or not): Mum answers a few seconds
    // after, and a follower that starts later would not see her answer arrive.
    try await awaitCondition { errors.text.contains("Following all chats") || errors.isClosed }
    #expect(errors.text.contains("Following all chats"), "\(errors.text)")
    try await send()
    // Mum answers a few seconds after our message (on the demo's own clock).
    try await awaitCondition { collected.text.contains("\"sender\":{\"id\":555000201") || collected.isClosed }
    let line = collected.text.split(separator: "\n").first { $0.contains("555000201") }.map(String.init) ?? collected.text
    #expect(line.contains("\"chat_title\":\"Family\"") && line.contains("\"is_muted\":false"), "\(line.suffix(500))")
    #expect(!collected.text.contains("\"is_outgoing\":true"), "our own message is not printed: \(collected.text.suffix(500))")
    kill(process.processIdentifier, SIGINT)
    try await awaitCondition { !process.isRunning }
    #expect(process.terminationStatus == 130)
}

/// Output read by another thread while a process runs.
final class CollectedOutput: @unchecked Sendable {
    // Guarded by `lock`.
    private var data = Data()
    private var closed = false
    private let lock = NSLock()
    func append(_ more: Data) { lock.withLock { data.append(more) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    /// Whether the pipe has closed: all the process wrote is in `text`.
    var isClosed: Bool { lock.withLock { closed } }
    func close() { lock.withLock { closed = true } }

    /// Collects what `pipe` gives, on a thread of its own, until the writer closes it.
    static func reading(_ pipe: Pipe) -> CollectedOutput {
        let output = CollectedOutput()
        output.read(pipe)
        return output
    }

    /// Starts collecting what `pipe` gives, on a thread of its own, until the writer closes it.
    func read(_ pipe: Pipe) {
        Thread { [self] in
            while true {
                let data = pipe.fileHandleForReading.availableData
                if data.isEmpty { break }
                append(data)
            }
            close()
        }.start()
    }
}

@Suite("tgt chat while tgt serve holds the session", .timeLimit(.minutes(5)))
struct ChatThroughServeCLITests {
    @Test("list, read, send, reply, edit, delete and search go through the running dashboard")
    func throughServe() async throws {
        let dir = try TestDirectory("chat-serve")
        defer { dir.remove() }
        let server = try await TgtBinary.startDemoServe(dataDir: dir.url)
        defer { if server.isRunning { server.terminate() } }
        func tgt(_ args: [String], input: String = "") async throws -> TgtBinary.Result {
            try await TgtBinary.run(["--demo"] + args, dataDir: dir.path, input: input)
        }
        await #expect(try tgt(["login"], input: "+15555550123\n12345\ndemo\n").status == 0)
        var list: [[String: Any]] = []
        try await awaitCondition {  // the dashboard loads the lists right after the login
            list = await (try? JSONSerialization.jsonObject(with: Data(try tgt(["--json", "chat", "list"]).stdout.utf8))) as? [[String: Any]] ?? []
            return list.count >= 6
        }
        #expect(list.map { $0["title"] as? String } == ["Family", "Work", "Climbing crew", "Tech News", "Alice", "Neighbours"])
        let read = try await tgt(["chat", "read", "Climbing", "--limit", "150"])
        let bubbles = read.stdout.split(separator: "\n").filter { $0.contains("Message #") && !$0.contains("┌") }
        #expect(read.status == 0 && bubbles.count == 150, "\(read.stderr)")
        let sent = try await tgt(["--json", "chat", "send", "Alice", "via *serve*"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let id = (try JSONSerialization.jsonObject(with: Data(sent.stdout.utf8)) as? [String: Any])?["id"] as? Int ?? 0
        await #expect(try tgt(["chat", "send", "Alice", "and a reply", "--reply-to", "\(id)"]).status == 0)
        await #expect(try tgt(["chat", "edit", "Alice", "\(id)", "via serve, edited"]).status == 0)
        let page = try await tgt(["chat", "read", "Alice", "--limit", "3"])
        #expect(page.stdout.contains("via serve, edited") && page.stdout.contains("┌ You: via serve, edited"))
        let refused = try await tgt(["chat", "send", "Tech News", "hi"])
        #expect(refused.status == 2 && refused.stderr.contains("You cannot write in “Tech News”"))
        await #expect(try tgt(["chat", "delete", "Alice", "\(id)", "--for-all"]).status == 0)
        await #expect(try tgt(["chat", "search", "grandma"]).stdout.contains("Family ›"))
        // A file comes through the dashboard's file endpoint, under the name it gives.
        let family = (try JSONSerialization.jsonObject(with: Data(try await tgt(["--json", "chat", "read", "Family", "--limit", "50"]).stdout.utf8)) as? [String: Any])?["messages"] as? [[String: Any]] ?? []
        let photo = try #require(family.first { ($0["media"] as? [String: Any])?["kind"] as? String == "photo" }?["id"] as? Int)
        let saved = try await tgt(["chat", "download", "Family", "\(photo)", "--to", dir.path])
        #expect(saved.status == 0 && FileManager.default.contents(atPath: dir.url.appendingPathComponent("photo.jpg").path)?.starts(with: [0xFF, 0xD8, 0xFF]) == true,
                "\(saved.stdout)\(saved.stderr)")
        // And files go up through it: uploaded, then sent as an album.
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 300))
        try png.write(to: dir.file("a.png"))
        try png.write(to: dir.file("b.png"))
        let album = try await tgt(["chat", "send", "Alice", "--attach", dir.file("a.png").path, "--attach", dir.file("b.png").path, "two"])
        #expect(album.status == 0 && album.stdout.contains("✓ Sent 2 files to Alice"), "\(album.stdout)\(album.stderr)")
        // Following every chat through the dashboard's event stream.
        try await followAllPrintsMumsReply(dir) { () async throws in
            let sent = try await tgt(["chat", "send", "Family", "Leaving work"])
            #expect(sent.status == 0, "\(sent.stderr)")
        }
        kill(server.processIdentifier, SIGTERM)
        server.waitUntilExit()
    }
}
