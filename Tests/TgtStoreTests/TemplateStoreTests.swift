import Foundation
import GRDB
import Testing
import TgtTestSupport
import TgtDomain
import TgtStore

/// A store on a real SQLite file in a fresh folder.
struct StoreFixture {
    let folder: URL
    let db: AppDatabase

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString.prefix(8))")
        db = try AppDatabase.open(in: DataDirectory(url: folder), clock: TestClock())
    }

    func reopen() throws -> AppDatabase { try AppDatabase.open(in: DataDirectory(url: folder), clock: TestClock()) }
    func remove() { try? FileManager.default.removeItem(at: folder) }
}

@Suite("Template store")
struct TemplateStoreTests {
    let family = Target(chatID: -100, chatTitle: "Família 👨‍👩‍👧")
    let work = Target(chatID: -200, topicID: 3, chatTitle: "Work", topicTitle: "Standups")

    @Test("insert, read back exactly after reopening, update, delete")
    func crud() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let saved = try f.db.insert(Template(name: "Leaving work", icon: .car, body: "*Leaving* now, home at {{eta}}", targets: [family, work], locationMode: .mapLink, silent: true))
        let reopened = try f.reopen()
        #expect(try reopened.template(id: saved.id) == saved)
        var edited = saved
        edited.body = "On my way 🚗"
        edited.targets = [work]
        let updated = try reopened.update(edited)
        #expect(updated.createdAt == saved.createdAt && updated.updatedAt >= saved.updatedAt)
        #expect(try reopened.template(id: saved.id)?.targets == [work])
        try reopened.deleteTemplate(id: saved.id)
        #expect(try reopened.templates().isEmpty)
        #expect(throws: StoreError.templateNotFound(saved.id.uuidString)) { try reopened.deleteTemplate(id: saved.id) }
    }

    @Test("invalid templates are refused and change nothing")
    func invalidChangesNothing() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let first = try f.db.insert(Template(name: "Home", body: "x"))
        #expect(throws: StoreError.self) { try f.db.insert(Template(name: "HOME", body: "y")) }
        #expect(throws: StoreError.self) { try f.db.insert(Template(name: "Other", body: "{{broken")) }
        var bad = first
        bad.name = ""
        #expect(throws: StoreError.self) { try f.db.update(bad) }
        #expect(try f.db.templates() == [first])
    }

    @Test("resolve by id, name (any case) or id prefix; unknown names say so")
    func resolve() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let t = try f.db.insert(Template(name: "Standup in 5", body: "x"))
        #expect(try f.db.resolveTemplate("standup IN 5") == t)
        #expect(try f.db.resolveTemplate(t.id.uuidString) == t)
        #expect(try f.db.resolveTemplate(String(t.id.uuidString.prefix(6))) == t)
        #expect(throws: StoreError.templateNotFound("nope")) { try f.db.resolveTemplate("nope") }
    }

    @Test("duplicate picks a free name and sits right after the original; move and reorder")
    func duplicateAndOrder() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let a = try f.db.insert(Template(name: "A", body: "a"))
        let b = try f.db.insert(Template(name: "B", body: "b"))
        let copy1 = try f.db.duplicateTemplate(id: a.id)
        let copy2 = try f.db.duplicateTemplate(id: a.id)
        #expect(copy1.name == "A copy" && copy2.name == "A copy 2")
        #expect(try f.db.templates().map(\.name) == ["A", "A copy 2", "A copy", "B"])
        try f.db.moveTemplate(id: b.id, to: 0)
        #expect(try f.db.templates().map(\.name) == ["B", "A", "A copy 2", "A copy"])
        #expect(try f.db.position(of: b.id) == 1 && f.db.position(of: copy1.id) == 4)
        try f.db.reorderTemplates([copy1.id, a.id])
        #expect(try f.db.templates().map(\.name) == ["A copy", "A", "B", "A copy 2"])
        #expect(try f.db.templates().map(\.sortOrder) == [0, 1, 2, 3])
    }

    @Test("search matches name or text, ignoring case and accents")
    func search() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        try f.db.insert(Template(name: "Café", body: "Coffee break ☕️"))
        try f.db.insert(Template(name: "Gym", body: "At the CAFE after"))
        try f.db.insert(Template(name: "Sleep", body: "Good night"))
        #expect(try f.db.searchTemplates("cafe").map(\.name) == ["Café", "Gym"])
        #expect(try f.db.searchTemplates("NIGHT").map(\.name) == ["Sleep"])
        #expect(try f.db.searchTemplates("  ").count == 3)
    }

    @Test("send log rows move from queued to sent or failed")
    func sendLog() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let t = try f.db.insert(Template(name: "Ping", body: "ping", targets: [family, work]))
        let entries = try f.db.beginSend(of: t)
        #expect(entries.map(\.status) == [.queued, .queued])
        try f.db.recordSend(id: entries[0].id, status: .sent, messageID: 42)
        try f.db.recordSend(id: entries[1].id, status: .failed, error: "Chat not found")
        let batch = try f.db.sends(inBatch: entries[0].batchID)
        #expect(batch.map(\.status) == [.sent, .failed])
        #expect(batch[0].messageID == 42 && batch[1].error == "Chat not found")
        #expect(batch[1].targetTitle == "Work › Standups")
        let more = try f.db.beginSend(of: t)
        try f.db.markSending(id: more[0].id, textDigest: TextDigest.of("ping"))
        let unfinished = try f.db.unfinishedSends(before: Date().addingTimeInterval(1))
        #expect(unfinished.map(\.textDigest) == [TextDigest.of("ping"), nil])
        #expect(try f.db.unfinishedSends(before: Date.distantPast).isEmpty)
        #expect(try f.db.settleInterruptedSends() == 2)
        let settled = try f.db.sends(inBatch: more[0].batchID)
        // Handed to TDLib: may have been delivered. Never handed over: not sent.
        #expect(settled.map(\.error) == [SendLogEntry.maybeDeliveredReason, SendLogEntry.notSentReason])
        #expect(settled.allSatisfy { $0.status == .failed })
        // Proof that arrives later turns "may have been delivered" into sent; nothing else changes.
        try f.db.settleRecoveredSend(id: more[0].id, messageID: 99, error: nil)
        try f.db.settleRecoveredSend(id: more[1].id, messageID: 98, error: nil)
        let proven = try f.db.sends(inBatch: more[0].batchID)
        #expect(proven[0].status == .sent && proven[0].messageID == 99 && proven[0].error == nil)
        #expect(proven[1].status == .failed && proven[1].messageID == nil)
        #expect(try f.db.recentSends().first?.batchID == more[0].batchID)
    }

    @Test("chat directory cache keeps order, topics, and searches topics too")
    func chatCache() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        try f.db.replaceChatDirectory([
            CachedChat(id: -1, kind: .basicGroup, title: "Family", memberCount: 4),
            CachedChat(id: -2, kind: .supergroup, title: "Work", memberCount: 120, isForum: true,
                       topics: [CachedTopic(id: 1, title: "General"), CachedTopic(id: 9, title: "Standups")]),
        ])
        #expect(try f.db.cachedChats().map(\.title) == ["Family", "Work"])
        let found = try f.db.cachedChats(search: "standup")
        #expect(found.count == 1 && found[0].topics == [CachedTopic(id: 9, title: "Standups")])
        try f.db.replaceChatDirectory([CachedChat(id: -3, kind: .basicGroup, title: "New", memberCount: 2)])
        #expect(try f.reopen().cachedChats().map(\.id) == [-3])
    }

    @Test("every kind of chat is cached with whether you may post there and why not")
    func chatCacheKindsAndRights() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let chats = [
            CachedChat(id: 42, kind: .savedMessages, title: "Saved Messages", memberCount: 0),
            CachedChat(id: 7, kind: .privateChat, title: "Alice", memberCount: 0),
            CachedChat(id: -100_3, kind: .channel, title: "Tech News", memberCount: 12_000, cannotPost: .channelAdminsOnly),
            CachedChat(id: -100_4, kind: .channel, title: "My channel", memberCount: 30),
        ]
        try f.db.replaceChatDirectory(chats)
        let read = try f.reopen().cachedChats()
        #expect(read == chats)
        #expect(read.map(\.canPost) == [true, true, false, true])
        #expect(read.map(\.summary) == ["notes to yourself", "private chat", "can't post: only the channel's admins can post.", "channel · 30 subscribers"])
        #expect(read[2].targetRefusal == "You cannot post in “Tech News”: only the channel's admins can post.")
        #expect(try f.db.cachedChats(search: "news").map(\.title) == ["Tech News"])
    }

    @Test("a directory cached before chats carried post rights reads as postable, and a kind this version does not know is skipped")
    func chatCacheFromV8() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("v8.sqlite")
        _ = try AppDatabase.openForMigrationTest(at: file, upTo: "v8-send-replies", clock: TestClock())
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO chat (id, kind, title, member_count, is_forum, list_order) VALUES (-5, 'supergroup', 'Family', 5, 0, 0),
                    (-6, 'a_kind_from_the_future', 'Odd', 1, 0, 1);
                """)
        }
        try queue.close()
        let migrated = try AppDatabase.open(at: file, clock: TestClock())
        #expect(try migrated.cachedChats() == [CachedChat(id: -5, kind: .supergroup, title: "Family", memberCount: 5)])
        #expect(try migrated.chatDirectoryIsCurrent() == false, "written before every chat kind could be a target: refreshed when next shown")
        try migrated.replaceChatDirectory([CachedChat(id: 42, kind: .savedMessages, title: "Saved Messages", memberCount: 0)])
        #expect(try migrated.chatDirectoryIsCurrent())
    }

    @Test("reasons v9 cached as English sentences become codes; one this version never wrote stays refused, as 'other'")
    func chatCacheFromV9() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let file = folder.url.appendingPathComponent("v9.sqlite")
        _ = try AppDatabase.openForMigrationTest(at: file, upTo: "v9-chat-post-rights", clock: TestClock())
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO chat (id, kind, title, member_count, is_forum, list_order, cannot_post) VALUES
                    (-1, 'channel', 'Tech News', 12000, 0, 0, 'only the channel''s admins can post.'),
                    (-2, 'basic_group', 'Neighbours', 23, 0, 1, 'its admins do not let members post.'),
                    (-3, 'supergroup', 'Old', 9, 0, 2, 'a reason worded some other way.'),
                    (-4, 'supergroup', 'Family', 5, 0, 3, NULL);
                """)
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('chat_directory_format', '2')")
        }
        try queue.close()
        let migrated = try AppDatabase.open(at: file, clock: TestClock())
        #expect(try migrated.cachedChats().map(\.cannotPost) == [.channelAdminsOnly, .membersMuted, .other, nil])
        #expect(try migrated.cachedChats()[2].targetRefusal == "You cannot post in “Old”: Telegram refuses it, for a reason this version does not know.")
        #expect(try migrated.chatDirectoryIsCurrent() == false, "written before paid-message chats were refused: refreshed when next shown")
    }

    @Test("every refusal has a code that reads back as itself, and an unknown code is 'other'")
    func refusalCodes() {
        for refusal in PostRefusal.allCases { #expect(PostRefusal(code: refusal.rawValue) == refusal && refusal.reason.hasSuffix(".")) }
        #expect(PostRefusal(code: "from_the_future") == .other && PostRefusal(code: "") == .other)
        for refusal in PostRefusal.allCases { #expect(PostRefusal(reason: refusal.reason) == refusal) }
        #expect(PostRefusal(reason: "worded by a newer version.") == .other)
    }

    @Test("settings: default location and TDLib's text limit feed the validator")
    func settings() throws {
        let f = try StoreFixture()
        defer { f.remove() }
        #expect(try f.db.defaultLocation() == nil)
        try f.db.setSetting(.defaultLocation, "45.4642,9.19")
        try f.db.setSetting(.messageTextLengthMax, "100")
        #expect(try f.reopen().defaultLocation() == Coordinate(latitude: 45.4642, longitude: 9.19))
        #expect(f.db.validator().maxTextLength == 100)
        try f.db.setSetting(.defaultLocation, nil)
        #expect(try f.db.defaultLocation() == nil)
    }
}
