import Foundation
import Testing
import TgtTestSupport

/// `tgt chat react` (and the client's newer features) with the real binary against the demo account.
@Suite("tgt chat: reactions, forwards, pins, drafts, profiles, folders and contacts with the real binary", .serialized, .timeLimit(.minutes(5)))
struct ChatFeaturesCLITests {
    @Test("react: the choices, add, show in read, take back; a reaction the chat lacks is refused with the choices")
    func react() async throws {
        let dir = try await ChatCLITests.loggedIn("chat-react")
        defer { dir.remove() }
        let page = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "read", "Alice", "--limit", "1"])) as? [String: Any]
        let id = try #require((page?["messages"] as? [[String: Any]])?.first?["id"] as? Int)
        let choices = try await ChatCLITests.tgt(dir, ["chat", "react", "Alice", "\(id)"])
        #expect(choices.status == 0 && choices.stdout.contains("You may react with: 👍 ❤️"), "\(choices.stdout)\(choices.stderr)")
        let added = try await ChatCLITests.tgt(dir, ["chat", "react", "Alice", "\(id)", "🔥"])
        #expect(added.status == 0 && added.stdout.contains("✓ Reacted 🔥") && added.stdout.contains("🔥 1 (yours)"), "\(added.stdout)\(added.stderr)")
        let read = try await ChatCLITests.tgt(dir, ["chat", "read", "Alice", "--limit", "1"])
        #expect(read.stdout.contains("🔥 1 (yours)"), "\(read.stdout)")
        let refused = try await ChatCLITests.tgt(dir, ["chat", "react", "Alice", "\(id)", "🦄"])
        #expect(refused.status != 0 && refused.stderr.contains("not a reaction this chat allows") && refused.stderr.contains("tgt chat react"), "\(refused.stderr)")
        let json = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "react", "Alice", "\(id)", "🔥", "--remove"])) as? [[String: Any]]
        #expect(json?.contains { $0["is_chosen"] as? Bool == true } == false)
        let missing = try await ChatCLITests.tgt(dir, ["chat", "react", "Alice", "\(id)", "--remove"])
        #expect(missing.status != 0 && missing.stderr.contains("Give the emoji"))
    }

    @Test("download: a voice message and a hostile document saved under safe names (a second copy gets “(1)”), into --to or the current folder; messages without a file and bad folders are refused; cache shows and clears what downloaded media takes")
    func download() async throws {
        let dir = try await ChatCLITests.loggedIn("chat-download")
        defer { dir.remove() }
        let target = dir.url.appendingPathComponent("saved", isDirectory: true)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        func media(_ chat: String) async throws -> [[String: Any]] {
            let page = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "read", chat, "--limit", "50"])) as? [String: Any]
            return (page?["messages"] as? [[String: Any]] ?? []).filter { $0["media"] != nil }
        }
        let family = try await media("Family")
        let voice = try #require(family.first { ($0["media"] as? [String: Any])?["kind"] as? String == "voiceNote" }?["id"] as? Int)
        let saved = try await ChatCLITests.tgt(dir, ["chat", "download", "Family", "\(voice)", "--to", target.path])
        #expect(saved.status == 0 && saved.stdout.contains("✓ Saved \(target.path)/voice-message.ogg"), "\(saved.stdout)\(saved.stderr)")
        let neighbours = try await media("Neighbours")
        let html = try #require(neighbours.first { ((($0["media"] as? [String: Any])?["file"] as? [String: Any])?["name"] as? String)?.hasSuffix(".html") == true }?["id"] as? Int)
        for _ in 0 ..< 2 { await #expect(try ChatCLITests.tgt(dir, ["--json", "chat", "download", "Neighbours", "\(html)", "--to", target.path]).status == 0) }
        let names = try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
        #expect(names == ["img src=x onerror=alert(1) (1).html", "img src=x onerror=alert(1).html", "voice-message.ogg"], "\(names)")
        let location = try #require(family.first { ($0["media"] as? [String: Any])?["kind"] as? String == "location" }?["id"] as? Int)
        let none = try await ChatCLITests.tgt(dir, ["chat", "download", "Family", "\(location)", "--to", target.path])
        #expect(none.status != 0 && none.stderr.contains("has no file to open or save") && none.stderr.contains("tgt chat read"), "\(none.stderr)")
        let missing = try await ChatCLITests.tgt(dir, ["chat", "download", "Family", "\(voice)", "--to", target.path + "/nope"])
        #expect(missing.status != 0 && missing.stderr.contains("is not a folder"), "\(missing.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).count == 3, "nothing half-written was left")
        let usage = try await ChatCLITests.tgt(dir, ["chat", "download", "Family", "0"])
        #expect(usage.status == 64)

        // What downloaded media takes, then deleting it (the saved copies stay: they are the user's).
        let cache = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "cache"])) as? [String: Any]
        #expect((cache?["bytes"] as? Int ?? 0) > 90_000 && (cache?["files"] as? Int ?? 0) >= 2 && cache?["limit_bytes"] as? Int == 1 << 30, "\(String(describing: cache))")
        let shown = try await ChatCLITests.tgt(dir, ["chat", "cache"])
        #expect(shown.status == 0 && shown.stdout.hasPrefix("Downloaded media: ") && shown.stdout.contains("tgt chat cache --clear"), "\(shown.stdout)")
        let cleared = try await ChatCLITests.tgt(dir, ["chat", "cache", "--clear"])
        #expect(cleared.status == 0 && cleared.stdout.contains("✓ Downloaded media deleted (0 bytes in 0 files now)"), "\(cleared.stdout)\(cleared.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).count == 3, "the saved files stay")
    }

    @Test("send --attach: a photo with a caption (the text or --caption), an album of two, a document keeping its name; bad files and mixes are refused before anything is sent")
    func attach() async throws {
        let dir = try await ChatCLITests.loggedIn("chat-attach")
        defer { dir.remove() }
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 300))
        try png.write(to: dir.file("beach.png"))
        try png.write(to: dir.file("dunes.png"))
        try Data("%PDF-1.4 minutes".utf8).write(to: dir.file("Q4 minutes.pdf"))
        try Data().write(to: dir.file("empty.txt"))
        let one = try await ChatCLITests.tgt(dir, ["chat", "send", "Alice", "--attach", dir.file("beach.png").path, "*Beach* day"])
        #expect(one.status == 0 && one.stdout.contains("✓ Sent 1 file to Alice"), "\(one.stdout)\(one.stderr)")
        let album = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "send", "Alice", "--attach", dir.file("beach.png").path,
                                                                      "--attach", dir.file("dunes.png").path])) as? [[String: Any]] ?? []
        #expect(album.count == 2 && album.allSatisfy { ($0["media"] as? [String: Any])?["kind"] as? String == "photo" }, "\(album)")
        let document = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "send", "Work", "--topic", "11", "--attach", dir.file("Q4 minutes.pdf").path]))
            as? [[String: Any]] ?? []
        #expect((((document.first?["media"] as? [String: Any])?["file"] as? [String: Any])?["name"] as? String) == "Q4 minutes.pdf", "\(document)")
        let read = try await ChatCLITests.tgt(dir, ["chat", "read", "Alice", "--limit", "3"])
        #expect(read.stdout.contains("📷") && read.stdout.contains("Beach day"), "\(read.stdout)")
        let empty = try await ChatCLITests.tgt(dir, ["chat", "send", "Alice", "--attach", dir.file("empty.txt").path])
        #expect(empty.status != 0 && empty.stderr.contains("“empty.txt” is empty"), "\(empty.stderr)")
        let mixed = try await ChatCLITests.tgt(dir, ["chat", "send", "Alice", "--attach", dir.file("beach.png").path, "--attach", dir.file("Q4 minutes.pdf").path])
        #expect(mixed.status != 0 && mixed.stderr.contains("cannot share an album") && mixed.stderr.contains("--as-files"), "\(mixed.stderr)")
        let asFiles = try await ChatCLITests.tgt(dir, ["chat", "send", "Alice", "--as-files", "--attach", dir.file("beach.png").path, "--attach", dir.file("Q4 minutes.pdf").path])
        #expect(asFiles.status == 0 && asFiles.stdout.contains("✓ Sent 2 files"), "\(asFiles.stdout)\(asFiles.stderr)")
        let usage = try await ChatCLITests.tgt(dir, ["chat", "send", "Alice", "--as-files"])
        #expect(usage.status == 64)
        let text = try await ChatCLITests.tgt(dir, ["chat", "send", "Alice", "--file", dir.file("beach.png").path])
        #expect(text.status != 0 && text.stderr.contains("--attach"), "a binary --file points at --attach: \(text.stderr)")
        // --caption says it outright; it goes with --attach and only once.
        let captioned = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "send", "Alice", "--attach", dir.file("dunes.png").path,
                                                                          "--caption", "_Dunes_ at dusk"])) as? [[String: Any]] ?? []
        #expect(captioned.first?["text"] as? String == "Dunes at dusk", "\(captioned)")
        let alone = try await ChatCLITests.tgt(dir, ["chat", "send", "Alice", "--caption", "no file"])
        #expect(alone.status == 64 && alone.stderr.contains("--caption goes with --attach"), "\(alone.stderr)")
        let twice = try await ChatCLITests.tgt(dir, ["chat", "send", "Alice", "--attach", dir.file("dunes.png").path, "--caption", "a", "b"])
        #expect(twice.status == 64 && twice.stderr.contains("Give the caption once"), "\(twice.stderr)")
    }

    @Test("pin, pinned, unpin; forward to another chat and as a copy; a read-only target is refused and sends nothing")
    func pinsAndForwards() async throws {
        let dir = try await ChatCLITests.loggedIn("chat-pins")
        defer { dir.remove() }
        let seeded = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "pinned", "Family"])) as? [[String: Any]] ?? []
        #expect(seeded.count == 2)
        let page = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "read", "Family", "--limit", "5"])) as? [String: Any]
        let id = try #require((page?["messages"] as? [[String: Any]])?.last { $0["service_line"] == nil }?["id"] as? Int)
        let pinned = try await ChatCLITests.tgt(dir, ["chat", "pin", "Family", "\(id)", "--silent"])
        #expect(pinned.status == 0 && pinned.stdout.contains("📌 Pinned message #\(id) in Family"), "\(pinned.stdout)\(pinned.stderr)")
        let list = try await ChatCLITests.tgt(dir, ["chat", "pinned", "Family"])
        #expect(list.stdout.contains("Pinned in Family") && list.stdout.contains("#\(id)") && list.stdout.contains("📌 pinned"), "\(list.stdout)")
        let forMe = try await ChatCLITests.tgt(dir, ["chat", "pin", "Family", "\(id)", "--for-me"])
        #expect(forMe.status != 0 && forMe.stderr.contains("pinned for everyone"), "\(forMe.stderr)")
        await #expect(try ChatCLITests.tgt(dir, ["chat", "unpin", "Family", "\(id)"]).status == 0)
        await #expect((ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "pinned", "Family"])) as? [[String: Any]] ?? []).count == 2)

        let forwarded = try await ChatCLITests.tgt(dir, ["chat", "forward", "Family", "\(id)", "--to", "Alice"])
        #expect(forwarded.status == 0 && forwarded.stdout.contains("Forwarded 1 message to Alice"), "\(forwarded.stdout)\(forwarded.stderr)")
        let copy = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "forward", "Family", "\(id)", "--to", "Alice", "--hide-sender"])) as? [[String: Any]]
        #expect(copy?.count == 1 && copy?.first?["forwarded_from"] == nil)
        let read = try await ChatCLITests.tgt(dir, ["chat", "read", "Alice", "--limit", "3"])
        #expect(read.stdout.contains("[forwarded from"), "\(read.stdout)")
        let refused = try await ChatCLITests.tgt(dir, ["chat", "forward", "Family", "\(id)", "--to", "Tech News"])
        #expect(refused.status != 0 && refused.stderr.contains("cannot write"), "\(refused.stderr)")
        let none = try await ChatCLITests.tgt(dir, ["chat", "forward", "Family", "--to", "Alice"])
        #expect(none.status != 0 && none.stderr.contains("<message-id> ..."), "\(none.stderr)")
    }

    @Test("draft: saved, shown in the list, kept by tgt chat send (not a composer), cleared with --clear")
    func drafts() async throws {
        let dir = try await ChatCLITests.loggedIn("chat-drafts")
        defer { dir.remove() }
        let saved = try await ChatCLITests.tgt(dir, ["chat", "draft", "Alice", "see you soon"])
        #expect(saved.status == 0 && saved.stdout.contains("Draft saved in Alice: see you soon"), "\(saved.stdout)\(saved.stderr)")
        let list = try await ChatCLITests.tgt(dir, ["chat", "list"])
        #expect(list.stdout.contains("Draft: see you soon"), "\(list.stdout)")
        await #expect(try ChatCLITests.tgt(dir, ["chat", "send", "Alice", "something else"]).status == 0)
        let after = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "list"])) as? [[String: Any]] ?? []
        #expect(after.first { $0["title"] as? String == "Alice" }?["draft"] as? String == "see you soon")
        await #expect(try ChatCLITests.tgt(dir, ["chat", "draft", "Alice", "again"]).status == 0)
        let cleared = try await ChatCLITests.tgt(dir, ["chat", "draft", "Alice", "--clear"])
        #expect(cleared.status == 0 && cleared.stdout.contains("Draft cleared in Alice"), "\(cleared.stdout)")
        await #expect(try ChatCLITests.tgt(dir, ["chat", "draft", "Alice"]).status != 0)
    }

    @Test("info: a person's profile, a group's with its members paged, and a channel's members refused")
    func info() async throws {
        let dir = try await ChatCLITests.loggedIn("chat-info")
        defer { dir.remove() }
        let alice = try await ChatCLITests.tgt(dir, ["chat", "info", "Alice"])
        #expect(alice.status == 0 && alice.stdout.contains("Alice  @alice_m") && alice.stdout.contains("Phone: +15555550111")
                && alice.stdout.contains("Shared:"), "\(alice.stdout)\(alice.stderr)")
        let crag = try await ChatCLITests.tgt(dir, ["chat", "info", "Climbing crew", "--members", "--limit", "2"])
        #expect(crag.status == 0 && crag.stdout.contains("Members (") && crag.stdout.contains("owner"), "\(crag.stdout)\(crag.stderr)")
        #expect(crag.stderr.contains("--members --offset 2"), "\(crag.stderr)")
        let json = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "info", "555000201"])) as? [String: Any]
        #expect((json?["profile"] as? [String: Any])?["title"] as? String == "Mum")
        let channel = try await ChatCLITests.tgt(dir, ["chat", "info", "Tech News", "--members"])
        #expect(channel.status != 0 && channel.stderr.contains("member list is not open"), "\(channel.stderr)")
    }

    @Test("folders and contacts: the folder table, a folder's list, an unknown folder refused with the command that lists them; contacts, start, add-contact (kept for the next process)")
    func foldersAndContacts() async throws {
        let dir = try await ChatCLITests.loggedIn("chat-folders")
        defer { dir.remove() }
        let folders = try await ChatCLITests.tgt(dir, ["chat", "folders"])
        #expect(folders.status == 0 && folders.stdout.contains("All chats") && folders.stdout.contains("Friends") && folders.stdout.contains("Updates"),
                "\(folders.stdout)\(folders.stderr)")
        let friends = try await ChatCLITests.tgt(dir, ["chat", "list", "--folder", "friends"])
        #expect(friends.status == 0 && friends.stdout.contains("Alice") && friends.stdout.contains("Old flatmates") && !friends.stdout.contains("Family"),
                "\(friends.stdout)\(friends.stderr)")
        let unknown = try await ChatCLITests.tgt(dir, ["chat", "list", "--folder", "Work"])
        #expect(unknown.status != 0 && unknown.stderr.contains("You have no chat folder “Work”") && unknown.stderr.contains("tgt chat folders"), "\(unknown.stderr)")
        let both = try await ChatCLITests.tgt(dir, ["chat", "list", "--folder", "Friends", "--archive"])
        #expect(both.status == 64 && both.stderr.contains("not both"), "\(both.status) \(both.stderr)")
        let contacts = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "contacts"])) as? [[String: Any]] ?? []
        #expect(contacts.count == 5 && contacts.first?["name"] as? String == "Alice Moreau", "\(contacts)")
        let search = try await ChatCLITests.tgt(dir, ["chat", "contacts", "--search", "sof"])
        #expect(search.stdout.contains("Sofia Rossi") && search.stdout.contains("@sofia_r") && !search.stdout.contains("Alice"), "\(search.stdout)")
        let started = try await ChatCLITests.tgt(dir, ["chat", "start", "Priya"])
        #expect(started.status == 0 && started.stdout.contains("Chat with Priya Nair: 555000205"), "\(started.stdout)\(started.stderr)")
        let stranger = try await ChatCLITests.tgt(dir, ["chat", "start", "Dmitri"])
        #expect(stranger.status != 0 && stranger.stderr.contains("No contact matches “Dmitri”"), "\(stranger.stderr)")
        let added = try await ChatCLITests.tgt(dir, ["chat", "add-contact", "555000204"])
        #expect(added.status == 0 && added.stdout.contains("✓ Dmitri Volkov is in your contacts."), "\(added.stdout)\(added.stderr)")
        // Kept "server side": the next process on the folder has him too, his chat under his name.
        let after = await ChatCLITests.json(try ChatCLITests.tgt(dir, ["--json", "chat", "contacts"])) as? [[String: Any]] ?? []
        #expect(after.count == 6 && after.contains { $0["name"] as? String == "Dmitri Volkov" }, "\(after)")
        let renamed = try await ChatCLITests.tgt(dir, ["chat", "add-contact", "555000204", "--first-name", "Dima"])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let dima = try await ChatCLITests.tgt(dir, ["chat", "contacts", "--search", "dima"])
        #expect(dima.stdout.contains("Dima") && !dima.stdout.contains("Volkov"), "\(dima.stdout)")
        let group = try await ChatCLITests.tgt(dir, ["chat", "add-contact", "Climbing crew", "--first-name", "Crew"])
        #expect(group.status != 0 && group.stderr.contains("is not a person"), "\(group.stderr)")
    }
}
