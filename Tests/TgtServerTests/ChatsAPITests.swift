import Foundation
import HTTPTypes
import Testing
import TgtDomain
import TgtServer
import TgtTelegram
import TgtTestSupport

/// The Chats tab's API over real HTTP against the simulator's seeded conversations: lists,
/// pages, send, reply, edit, delete and their refusals, hostile content, templates sent into a
/// chat, search, and thumbnails served only from TDLib's own folder.
@Suite("Chats API", .timeLimit(.minutes(5)))
struct ChatsAPITests {
    static let family: Int64 = -1001000000001
    static let climbing: Int64 = -4001
    static let news: Int64 = -1001000000003
    static let alice: Int64 = 555_000_111
    static let neighbours: Int64 = -4002

    /// Logs in and waits until the session has loaded the chat lists.
    static func loggedIn(_ client: ServerFixture.Client) async throws {
        try await client.logInToTelegram()
        try await awaitCondition {
            let reply = try await client.api(.get, "conversations")
            return reply.status == .ok && (reply.data["total"] as? Int ?? 0) >= 5
        }
    }

    static func messages(_ reply: ServerFixture.Client.Reply) -> [[String: Any]] {
        reply.data["messages"] as? [[String: Any]] ?? []
    }

    @Test("logged out: every chat call is the not-logged-in conflict")
    func loggedOut() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            for path in ["conversations", "conversations/\(Self.family)", "conversations/\(Self.family)/messages", "files/1/thumbnail", "search/chats?q=a"] {
                let reply = try await client.api(.get, path)
                #expect(reply.status == .conflict && reply.errorCode == "not_logged_in", "\(path): \(reply.status) \(reply.text)")
            }
            #expect(try await client.api(.get, "conversations", auth: false).status == .unauthorized)
        }
    }

    @Test("lists: main and archive, search, unread; a chat's row; unknown chats are 404")
    func lists() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await Self.loggedIn(client)
            let main = try await client.api(.get, "conversations")
            let titles = (main.data["chats"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            #expect(["Family", "Work", "Climbing crew", "Tech News", "Alice", "Neighbours"].allSatisfy(titles.contains), "\(titles)")
            #expect(!titles.contains("Old flatmates"))
            let archive = try await client.api(.get, "conversations?list=archive")
            #expect((archive.data["chats"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Old flatmates"])
            let found = try await client.api(.get, "conversations?search=fam")
            #expect((found.data["chats"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Family"])
            let unread = try await client.api(.get, "conversations?unread=true")
            #expect((unread.data["chats"] as? [[String: Any]] ?? []).allSatisfy { ($0["unread_count"] as? Int ?? 0) > 0 || $0["is_marked_as_unread"] as? Bool == true })
            let news = try await client.api(.get, "conversations/\(Self.news)")
            #expect(news.data["kind"] as? String == "channel" && news.data["can_write"] as? Bool == false && news.data["cannot_write_reason"] is String)
            #expect(news.data["cannot_write_code"] as? String == "channel_admins_only")
            #expect(try await client.api(.get, "conversations/31337").status == .notFound)
            // The account's own id is Saved Messages, found even before any update named it.
            #expect(try await client.api(.get, "conversations/424242").data["kind"] as? String == "saved")
            #expect(try await client.api(.get, "conversations?list=folder").status == .badRequest)
            #expect(try await client.api(.get, "search/chats?q=Climb").text.contains("Climbing crew"))
        }
    }

    @Test("pages: oldest first, older pages with before, limits refused, unknown chat 404")
    func pages() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await Self.loggedIn(client)
            let first = try await client.api(.get, "conversations/\(Self.climbing)/messages?limit=50")
            #expect(first.status == .ok, "\(first.text)")
            let items = Self.messages(first)
            let ids = items.compactMap { $0["id"] as? Int64 ?? ($0["id"] as? Int).map(Int64.init) }
            #expect(items.count == 50 && ids == ids.sorted() && first.data["has_older"] as? Bool == true)
            let oldest = try #require(ids.first)
            let older = try await client.api(.get, "conversations/\(Self.climbing)/messages?limit=50&before=\(oldest)")
            let olderIDs = Self.messages(older).compactMap { $0["id"] as? Int }
            #expect(olderIDs.count == 50 && olderIDs.allSatisfy { Int64($0) < oldest })
            for bad in ["limit=0", "limit=101", "limit=99999999999", "before=-5", "limit=abc"] {
                #expect(try await client.api(.get, "conversations/\(Self.climbing)/messages?\(bad)").status == .badRequest, "\(bad)")
            }
            #expect(try await client.api(.get, "conversations/777/messages").status == .notFound)
            let family = try await client.api(.get, "conversations/\(Self.family)/messages")
            let kinds = Set(Self.messages(family).compactMap { ($0["media"] as? [String: Any])?["kind"] as? String })
            #expect(kinds.contains("photo") && Self.messages(family).contains { $0["reply_to"] != nil } && Self.messages(family).contains { $0["service_line"] != nil })
        }
    }

    @Test("send, reply, edit and delete; refusals: channel, muted group, empty text, someone else's message")
    func acting() async throws {
        let fixture = try await ServerFixture()
        let folder = fixture.sim.environment.tdlibDatabaseFolder
        try await fixture.run { client in
            try await Self.loggedIn(client)
            let sent = try await client.api(.post, "conversations/\(Self.alice)/messages", json: ["text": "Hello *there*"])
            #expect(sent.status == .ok && (sent.data["html"] as? String)?.contains("<b>there</b>") == true, "\(sent.text)")
            let id = try #require(sent.data["id"] as? Int)
            let replied = try await client.api(.post, "conversations/\(Self.alice)/messages", json: ["text": "and again", "reply_to": id])
            #expect(((replied.data["reply_to"] as? [String: Any])?["message_id"] as? Int) == id, "\(replied.text)")
            let edited = try await client.api(.patch, "conversations/\(Self.alice)/messages/\(id)", json: ["text": "Hello _you_"])
            #expect(edited.status == .ok && edited.data["text"] as? String == "Hello you" && edited.data["edit_date"] != nil, "\(edited.text)")

            let theirs = try #require(Self.messages(try await client.api(.get, "conversations/\(Self.alice)/messages")).first { $0["is_outgoing"] as? Bool == false }?["id"] as? Int)
            let notMine = try await client.api(.patch, "conversations/\(Self.alice)/messages/\(theirs)", json: ["text": "x"])
            #expect(notMine.status == .conflict && notMine.errorCode == "cannot_edit", "\(notMine.text)")
            let mum = try #require(Self.messages(try await client.api(.get, "conversations/\(Self.family)/messages")).first { $0["is_outgoing"] as? Bool == false && $0["service_line"] == nil }?["id"] as? Int)
            let forAll = try await client.api(.delete, "conversations/\(Self.family)/messages/\(mum)?for_all=true")
            #expect(forAll.status == .conflict && forAll.errorCode == "cannot_delete", "\(forAll.text)")
            #expect(try await client.api(.delete, "conversations/\(Self.alice)/messages/999999999").status == .notFound)

            let deleted = try await client.api(.delete, "conversations/\(Self.alice)/messages/\(id)?for_all=true")
            #expect(deleted.status == .ok && (deleted.data["deleted"] as? [Int]) == [id], "\(deleted.text)")
            #expect(!fixture.sim.simulator.timelineIDs(inDatabaseDirectory: folder, chatID: Self.alice).contains(Int64(id)))

            let channel = try await client.api(.post, "conversations/\(Self.news)/messages", json: ["text": "hi"])
            #expect(channel.status == .forbidden && channel.errorCode == "cannot_write", "\(channel.text)")
            #expect(try await client.api(.post, "conversations/\(Self.neighbours)/messages", json: ["text": "hi"]).status == .forbidden)
            let empty = try await client.api(.post, "conversations/\(Self.alice)/messages", json: ["text": "  "])
            #expect(empty.status == .unprocessableContent && empty.errorCode == "empty_text")
            #expect(try await client.api(.post, "conversations/\(Self.alice)/messages", json: ["text": "hi", "extra": 1]).status == .badRequest)
            #expect(try await client.api(.post, "conversations/31337/messages", json: ["text": "hi"]).status == .notFound)
            let huge = try await client.api(.post, "conversations/\(Self.alice)/messages", json: ["text": String(repeating: "a", count: 30_000)])
            #expect(huge.status == .badRequest)
            #expect(try await client.api(.post, "conversations/\(Self.alice)/read").status == .ok)
        }
    }

    @Test("several messages deleted in one request: all of them, or none when one may not be")
    func deleteSeveral() async throws {
        let fixture = try await ServerFixture()
        let folder = fixture.sim.environment.tdlibDatabaseFolder
        try await fixture.run { client in
            try await Self.loggedIn(client)
            var mine: [Int] = []
            for text in ["one", "two"] {
                let sent = try await client.api(.post, "conversations/\(Self.family)/messages", json: ["text": text])
                mine.append(try #require(sent.data["id"] as? Int, "\(sent.text)"))
            }
            let theirs = try #require(Self.messages(try await client.api(.get, "conversations/\(Self.family)/messages")).first { $0["is_outgoing"] as? Bool == false && $0["service_line"] == nil }?["id"] as? Int)
            let timeline = { fixture.sim.simulator.timelineIDs(inDatabaseDirectory: folder, chatID: Self.family) }
            // Mum's message cannot go for everyone: nothing goes.
            let refused = try await client.api(.post, "conversations/\(Self.family)/delete", json: ["message_ids": mine + [theirs], "for_all": true])
            #expect(refused.status == .conflict && refused.errorCode == "cannot_delete", "\(refused.text)")
            #expect(Set(mine + [theirs]).isSubset(of: Set(timeline().map(Int.init))), "nothing was deleted")
            let unknown = try await client.api(.post, "conversations/\(Self.family)/delete", json: ["message_ids": [mine[0], 999_999_999], "for_all": true])
            #expect(unknown.status == .notFound && unknown.errorCode == "message_not_found", "\(unknown.text)")
            #expect(try await client.api(.post, "conversations/\(Self.family)/delete", json: ["message_ids": [Int]()]).status == .badRequest)
            #expect(try await client.api(.post, "conversations/\(Self.family)/delete", json: ["message_ids": Array(1...101)]).status == .badRequest)
            #expect(try await client.api(.post, "conversations/\(Self.family)/delete", json: ["message_ids": [0]]).status == .badRequest)

            let deleted = try await client.api(.post, "conversations/\(Self.family)/delete", json: ["message_ids": mine + [mine[0]], "for_all": true])
            #expect(deleted.status == .ok && (deleted.data["deleted"] as? [Int]) == mine && deleted.data["for_all"] as? Bool == true, "\(deleted.text)")
            #expect(Set(timeline().map(Int.init)).isDisjoint(with: mine) && timeline().contains(Int64(theirs)))
        }
    }

    @Test("hostile messages: text escaped, links with rel=noopener noreferrer nofollow, no javascript: link")
    func hostile() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await Self.loggedIn(client)
            let page = try await client.api(.get, "conversations/\(Self.neighbours)/messages?limit=100")
            let html = Self.messages(page).compactMap { $0["html"] as? String }.joined(separator: "\n")
            #expect(html.contains("&lt;script") && !html.lowercased().contains("<script") && !html.lowercased().contains("<img"), "\(html.prefix(400))")
            #expect(!html.lowercased().contains("href=\"javascript:"))
            let anchors = html.components(separatedBy: "<a ").dropFirst()
            #expect(!anchors.isEmpty && anchors.allSatisfy { $0.contains("rel=\"noopener noreferrer nofollow\"") })
            let names = Self.messages(page).compactMap { ($0["sender"] as? [String: Any])?["name"] as? String }
            #expect(names.contains { $0.contains("<img src=x onerror=alert(1)>") }, "names stay data for the page to put in as text")
            let shell = try await client.request(.get, "/chats", headers: [.authorization: "Bearer \(client.token)"])
            #expect(shell.status == .ok && !shell.text.contains("onerror"), "the page is a shell: nothing of the messages in its HTML")
        }
    }

    @Test("a template sent into one chat goes only there, through the send log")
    func templateHere() async throws {
        let fixture = try await ServerFixture()
        let folder = fixture.sim.environment.tdlibDatabaseFolder
        let template = try fixture.sim.store.insert(Template(name: "Late", body: "Running {{minutes}} min late", targets: [Target(chatID: Self.climbing, chatTitle: "Climbing crew")]))
        let mail = try fixture.sim.store.insert(Template(name: "Mail", kind: .email, body: "hi", to: ["a@example.com"]))
        try await fixture.run { client in
            try await Self.loggedIn(client)
            let before = fixture.sim.simulator.timelineIDs(inDatabaseDirectory: folder, chatID: Self.climbing)
            let id = template.id.uuidString.lowercased()
            let report = try await client.api(.post, "conversations/\(Self.alice)/templates/\(id)", json: ["variables": ["minutes": "10"]])
            #expect(report.status == .ok && report.data["all_sent"] as? Bool == true, "\(report.text)")
            let text = Self.messages(try await client.api(.get, "conversations/\(Self.alice)/messages?limit=5")).last?["text"] as? String
            #expect(text == "Running 10 min late")
            #expect(fixture.sim.simulator.timelineIDs(inDatabaseDirectory: folder, chatID: Self.climbing) == before, "not to the template's own target")
            let draft = try await client.api(.post, "conversations/\(Self.alice)/templates/\(mail.id.uuidString.lowercased())", json: [:] as [String: String])
            #expect(draft.status == .unprocessableContent, "\(draft.status) \(draft.text)")
            let unknown = try await client.api(.post, "conversations/\(Self.alice)/templates/\(UUID().uuidString)", json: [:] as [String: String])
            #expect(unknown.status == .notFound, "\(unknown.status) \(unknown.text)")
            #expect(try await client.api(.post, "conversations/\(Self.news)/templates/\(id)", json: ["variables": ["minutes": "1"]]).status == .forbidden)
            // The body is optional: a template without variables goes with no body at all.
            let plain = try fixture.sim.store.insert(Template(name: "Hello", body: "Hello from the API"))
            let bare = try await client.api(.post, "conversations/\(Self.alice)/templates/\(plain.id.uuidString.lowercased())")
            #expect(bare.status == .ok && bare.data["all_sent"] as? Bool == true, "\(bare.status) \(bare.text)")
            let search = try await client.api(.get, "search/messages?q=Running&chat_id=\(Self.alice)")
            #expect(Self.messages(search).contains { $0["text"] as? String == "Running 10 min late" }, "\(search.text)")
        }
    }

    @Test("thumbnails: a photo's by id as image/jpeg, revalidated by its ETag (304 for the same bytes); ids no message offered are 404")
    func thumbnails() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await Self.loggedIn(client)
            let family = Self.messages(try await client.api(.get, "conversations/\(Self.family)/messages?limit=100"))
            let fileIDs = family.compactMap { ($0["media"] as? [String: Any])?["thumbnail_file_id"] as? Int }
            let fileID = try #require(fileIDs.first)
            let thumb = try await client.api(.get, "files/\(fileID)/thumbnail")
            #expect(thumb.status == .ok && thumb.headers[.contentType] == "image/jpeg", "\(thumb.status) \(thumb.headers)")
            // Revalidated each time (TDLib's file ids name other files after a restart): the same bytes answer 304.
            let etag = try #require(thumb.headers[.eTag])
            #expect(thumb.headers[.cacheControl] == "private, no-cache" && etag.hasPrefix("\""))
            let again = try await client.api(.get, "files/\(fileID)/thumbnail", headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified && again.headers[.eTag] == etag && again.text.isEmpty, "\(again.status)")

            // Ids no message offered are never asked of TDLib (ThumbnailFilesTests covers the paths).
            for id in ["123456789", "0", "-1", "99999999999", "abc"] {
                let reply = try await client.api(.get, "files/\(id)/thumbnail")
                #expect(reply.status == .notFound || (id == "abc" && reply.status == .badRequest), "\(id): \(reply.status)")
                #expect(!reply.text.contains("root:"))
            }
        }
    }

    @Test("a chat's photo: small, image/jpeg, asked again each time, and by its file id from the list; a chat without one and an unknown chat are 404")
    func chatPhotos() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await Self.loggedIn(client)
            let photo = try await client.bytes("conversations/\(Self.family)/photo")
            #expect(photo.status == .ok && photo.headers[.contentType] == "image/jpeg" && photo.body.starts(with: [0xFF, 0xD8, 0xFF]), "\(photo.status)")
            #expect(photo.headers[.cacheControl] == "private, no-cache")
            let none = try await client.api(.get, "conversations/\(Self.neighbours)/photo")
            #expect(none.status == .notFound && none.errorMessage == "This chat has no photo.", "\(none.status) \(none.text)")
            let unknown = try await client.api(.get, "conversations/-31337/photo")
            #expect(unknown.status == .notFound, "\(unknown.status)")

            // The list names each photo's file id, which is a thumbnail the list may show (cached
            // by id: a new photo has a new one); a chat without a photo has none.
            let list = try await client.api(.get, "conversations")
            let chats = try #require((list.json["data"] as? [String: Any])?["chats"] as? [[String: Any]])
            let family = try #require(chats.first { ($0["id"] as? Int).map(Int64.init) == Self.family })
            let fileID = try #require(family["photo_file_id"] as? Int)
            let small = try await client.bytes("files/\(fileID)/thumbnail")
            #expect(small.status == .ok && small.body == photo.body && small.headers[.eTag] != nil, "\(small.status)")
            #expect(chats.contains { ($0["id"] as? Int).map(Int64.init) == Self.neighbours && $0["photo_file_id"] == nil })
        }
    }
}
