import Foundation
import HTTPTypes
import Testing
import TgtTestSupport
import TgtDomain
import TgtServer
import TgtTelegram

/// Message search and opening a conversation at a message, over real HTTP against the
/// simulator's seeded chats: pages of results with their chats and the next offset (across
/// chats and in one chat), the page around a message and the newer pages after it, their
/// refusals, hostile text in results; and Recent following replies live.
@Suite("Message search API")
struct MessageSearchAPITests {
    static let climbing = ChatsAPITests.climbing
    static let neighbours = ChatsAPITests.neighbours

    static func ids(_ reply: ServerFixture.Client.Reply) -> [Int64] {
        ChatsAPITests.messages(reply).compactMap { ($0["id"] as? Int).map(Int64.init) }
    }

    @Test("search pages: across chats with their chats and next_offset, in one chat below the last id; bad offsets are 400")
    func searchPages() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let first = try await client.api(.get, "search/messages?q=rope&limit=20")
            #expect(first.status == .ok, "\(first.text)")
            let firstIDs = Self.ids(first)
            #expect(firstIDs.count == 20)
            let chats = first.data["chats"] as? [[String: Any]] ?? []
            #expect(chats.compactMap { $0["title"] as? String } == ["Climbing crew"], "each result's chat, once")
            let offset = try #require(first.data["next_offset"] as? String)
            #expect((first.data["total_count"] as? Int ?? 0) > 40)
            let second = try await client.api(.get, "search/messages?q=rope&limit=20&offset=\(offset)")
            let secondIDs = Self.ids(second)
            #expect(secondIDs.count == 20 && Set(secondIDs).isDisjoint(with: firstIDs), "the next page, no repeats")
            let firstDates = ChatsAPITests.messages(first).compactMap { $0["date"] as? String }
            let secondDates = ChatsAPITests.messages(second).compactMap { $0["date"] as? String }
            #expect(firstDates == firstDates.sorted(by: >) && (secondDates.first ?? "") <= (firstDates.last ?? ""), "newest first across pages")
            #expect(ChatsAPITests.messages(first).allSatisfy { ($0["text"] as? String)?.localizedCaseInsensitiveContains("rope") == true })

            let here = try await client.api(.get, "search/messages?q=quickdraws&chat_id=\(Self.climbing)&limit=30")
            let hereIDs = Self.ids(here)
            let next = try #require(here.data["next_offset"] as? String)
            #expect(hereIDs.count == 30 && hereIDs == hereIDs.sorted(by: >) && Int64(next) == hereIDs.last)
            let older = Self.ids(try await client.api(.get, "search/messages?q=quickdraws&chat_id=\(Self.climbing)&limit=30&offset=\(next)"))
            #expect(older.count == 30 && older.allSatisfy { $0 < (hereIDs.last ?? 0) })

            let few = try await client.api(.get, "search/messages?q=grandma")
            #expect(few.status == .ok && few.data["next_offset"] == nil && !Self.ids(few).isEmpty, "the last page has no next offset")
            let none = try await client.api(.get, "search/messages?q=zzzz-nothing")
            #expect(none.status == .ok && Self.ids(none).isEmpty && (none.data["chats"] as? [Any])?.isEmpty == true)

            for bad in ["q=rope&chat_id=\(Self.climbing)&offset=abc", "q=rope&chat_id=\(Self.climbing)&offset=-4", "q=rope&offset=garbage",
                        "q=rope&offset=" + String(repeating: "9", count: 201)] {
                let reply = try await client.api(.get, "search/messages?\(bad)")
                #expect(reply.status == .badRequest, "\(bad): \(reply.status) \(reply.text)")
            }
        }
    }

    @Test("around a message: the page holds it with newer and older ones; after pages down to the newest; refusals")
    func around() async throws {
        let fixture = try await ServerFixture()
        let folder = fixture.sim.environment.tdlibDatabaseFolder
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let timeline = fixture.sim.simulator.timelineIDs(inDatabaseDirectory: folder, chatID: Self.climbing).sorted()
            #expect(timeline.count == 5_000)
            let target = timeline[2_000]
            let page = try await client.api(.get, "conversations/\(Self.climbing)/messages?around=\(target)&limit=30")
            #expect(page.status == .ok, "\(page.text)")
            let ids = Self.ids(page)
            let oldest = try #require(ids.first)
            let start = try #require(timeline.firstIndex(of: oldest))
            #expect(ids == Array(timeline[start..<start + ids.count]), "a contiguous stretch of the chat, oldest first")
            #expect(ids.count == 30 && ids.contains(target) && ids.filter { $0 > target }.count == 10)
            #expect(page.data["has_older"] as? Bool == true && page.data["has_newer"] as? Bool == true)

            let newest = try #require(ids.last)
            let after = try await client.api(.get, "conversations/\(Self.climbing)/messages?after=\(newest)&limit=50")
            let afterIDs = Self.ids(after)
            #expect(afterIDs == Array(timeline[(start + ids.count)..<(start + ids.count + 50)]), "the next 50, oldest first")
            #expect(after.data["has_newer"] as? Bool == true)

            let end = try await client.api(.get, "conversations/\(Self.climbing)/messages?after=\(timeline[4_990])&limit=50")
            #expect(Self.ids(end) == Array(timeline[4_991...]) && end.data["has_newer"] as? Bool == false, "the last page reaches the newest")
            let latest = try await client.api(.get, "conversations/\(Self.climbing)/messages?limit=20")
            #expect(latest.data["has_newer"] as? Bool == false)
            let atNewest = try await client.api(.get, "conversations/\(Self.climbing)/messages?around=\(timeline[4_999])&limit=20")
            #expect(Self.ids(atNewest).last == timeline[4_999] && atNewest.data["has_newer"] as? Bool == false)
            let atFirst = try await client.api(.get, "conversations/\(Self.climbing)/messages?around=\(timeline[0])&limit=20")
            #expect(Self.ids(atFirst).first == timeline[0] && atFirst.data["has_older"] as? Bool == false)

            let gone = try await client.api(.get, "conversations/\(Self.climbing)/messages?around=\(target + 1)")
            #expect(gone.status == .notFound && gone.errorCode == "message_not_found", "\(gone.text)")
            for bad in ["around=\(target)&before=\(target)", "around=\(target)&after=\(target)", "around=0", "after=-3", "around=abc"] {
                let reply = try await client.api(.get, "conversations/\(Self.climbing)/messages?\(bad)")
                #expect(reply.status == .badRequest, "\(bad): \(reply.status) \(reply.text)")
            }
            #expect(try await client.api(.get, "conversations/777/messages?around=\(target)").status == .notFound)
        }
    }

    @Test("a search finds the hostile Neighbours' text as data: escaped html, the chat's title")
    func hostileResults() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let found = try await client.api(.get, "search/messages?q=neighbours")
            let hits = ChatsAPITests.messages(found).filter { ($0["chat_id"] as? Int).map(Int64.init) == Self.neighbours }
            #expect(!hits.isEmpty, "\(found.text.prefix(300))")
            #expect(hits.allSatisfy { ($0["text"] as? String)?.contains("<script>alert('pwned')</script>") == true })
            #expect(hits.allSatisfy { ($0["html"] as? String).map { $0.contains("&lt;script&gt;") && !$0.contains("<script") } == true })
            #expect((found.data["chats"] as? [[String: Any]] ?? []).contains { $0["title"] as? String == "Neighbours" })
        }
    }

    @Test("Recent: cards keyed by batch for sends.js to reload in place; replies reach pages as the replies event")
    func recentLive() async throws {
        #expect(DashboardEvent.replies.name == "replies" && DashboardEvent.replies.json == "{}")
        let fixture = try await ServerFixture()
        let template = try fixture.sim.store.insert(Template(name: "Hi", body: "Hi all", targets: [Target(chatID: ChatsAPITests.alice, chatTitle: "Alice")]))
        try await fixture.run { client in
            let (cookie, _) = try await client.signIn()
            try await ChatsAPITests.loggedIn(client)
            let send = try await client.api(.post, "templates/\(template.id.uuidString.lowercased())/send", json: [:] as [String: String])
            #expect(send.status == .ok, "\(send.text)")
            let page = try await client.request(.get, "/sends", headers: [.cookie: cookie])
            #expect(page.status == .ok && page.text.contains("src=\"/assets/sends."), "Recent links its script")
            let batch = try #require(page.text.range(of: #"data-batch="[0-9a-f-]{36}""#, options: .regularExpression))
            #expect(page.text[batch.upperBound...].contains("<h2>Hi</h2>"), "the card of the send")
            #expect(!page.text.contains("<script>"), "no inline script")
        }
    }
}
