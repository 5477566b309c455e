import Foundation
import HTTPTypes
import Testing
import TgtServer
import TgtTestSupport

/// Forum topics through the Chats API over real HTTP, against the simulator's Work forum
/// (General 1, Standups 11, Lunch 12): the topic list, one topic's pages, a message posted into
/// a topic, and the refusals (unknown topic 404, a chat that is not a forum 409, bad ids 400),
/// none of which sends anything.
@Suite("Chats API: forum topics", .timeLimit(.minutes(5)))
struct ForumTopicsAPITests {
    static let work: Int64 = -1001000000002

    static func topicIDs(_ reply: ServerFixture.Client.Reply) -> Set<Int> {
        Set(ChatsAPITests.messages(reply).map { $0["topic_id"] as? Int ?? 1 })
    }

    @Test("topics: Work's three in order with General marked and unread counts; Family is not a forum (409); unknown chat 404")
    func topics() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let reply = try await client.api(.get, "conversations/\(Self.work)/topics")
            #expect(reply.status == .ok, "\(reply.text)")
            let topics = reply.data["topics"] as? [[String: Any]] ?? []
            #expect(topics.compactMap { $0["title"] as? String } == ["General", "Standups", "Lunch"])
            #expect(topics.compactMap { $0["id"] as? Int } == [1, 11, 12])
            #expect(topics.map { $0["is_general"] as? Bool } == [true, false, false])
            #expect(topics.allSatisfy { $0["unread_count"] is Int && $0["is_closed"] as? Bool == false && $0["is_pinned"] is Bool })
            let chatUnread = try await client.api(.get, "conversations/\(Self.work)").data["unread_count"] as? Int ?? 0
            #expect(chatUnread > 0 && topics.reduce(0) { $0 + ($1["unread_count"] as? Int ?? 0) } == chatUnread, "the topics' unread add up to the chat's")

            let family = try await client.api(.get, "conversations/\(ChatsAPITests.family)/topics")
            #expect(family.status == .conflict && family.errorCode == "not_forum", "\(family.text)")
            #expect(family.text.contains("is not a forum"))
            #expect(try await client.api(.get, "conversations/31337/topics").status == .notFound)
        }
    }

    @Test("a topic's pages hold only its messages; unknown topic 404, non-forum 409, bad ids 400")
    func pages() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let whole = try await client.api(.get, "conversations/\(Self.work)/messages?limit=100")
            #expect(Self.topicIDs(whole).count > 1, "the whole chat mixes topics: \(Self.topicIDs(whole))")
            for topic in [1, 11, 12] {
                let page = try await client.api(.get, "conversations/\(Self.work)/messages?limit=20&topic_id=\(topic)")
                #expect(page.status == .ok && !ChatsAPITests.messages(page).isEmpty, "\(topic): \(page.text.prefix(300))")
                #expect(Self.topicIDs(page) == [topic], "topic \(topic): \(Self.topicIDs(page))")
                #expect(page.data["has_newer"] as? Bool == false, "a topic's newest page has nothing newer, whatever topic the chat's last message is in")
            }
            let anyMessage = try #require(Self.firstID(whole))
            let aroundInTopic = try await client.api(.get, "conversations/\(Self.work)/messages?topic_id=11&around=\(anyMessage)")
            #expect(aroundInTopic.status == .badRequest, "around reads the whole chat: \(aroundInTopic.text)")
            let standups = ChatsAPITests.messages(try await client.api(.get, "conversations/\(Self.work)/messages?limit=3&topic_id=11"))
            let oldest = try #require(standups.first?["id"] as? Int)
            let older = try await client.api(.get, "conversations/\(Self.work)/messages?limit=5&topic_id=11&before=\(oldest)")
            #expect(ChatsAPITests.messages(older).allSatisfy { ($0["id"] as? Int ?? .max) < oldest && $0["topic_id"] as? Int == 11 })

            let unknown = try await client.api(.get, "conversations/\(Self.work)/messages?topic_id=99")
            #expect(unknown.status == .notFound && unknown.errorCode == "topic_not_found", "\(unknown.text)")
            #expect(unknown.text.contains("has no topic 99"))
            let notForum = try await client.api(.get, "conversations/\(ChatsAPITests.family)/messages?topic_id=11")
            #expect(notForum.status == .conflict && notForum.errorCode == "not_forum", "\(notForum.text)")
            #expect(try await client.api(.get, "conversations/\(Self.work)/messages?topic_id=0").status == .badRequest)
            #expect(try await client.api(.get, "conversations/\(Self.work)/messages?topic_id=abc").status == .badRequest)
            #expect(try await client.api(.get, "conversations/\(Self.work)/messages?topic_id=4294967296").status == .badRequest)
        }
    }

    @Test("a message posted into a topic lands there only; unknown topics and non-forums send nothing")
    func send() async throws {
        let fixture = try await ServerFixture()
        let folder = fixture.sim.environment.tdlibDatabaseFolder
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let sent = try await client.api(.post, "conversations/\(Self.work)/messages", json: ["text": "Pizza at *one*?", "topic_id": 12])
            #expect(sent.status == .ok && sent.data["topic_id"] as? Int == 12, "\(sent.text)")
            let id = try #require(sent.data["id"] as? Int)
            let lunch = ChatsAPITests.messages(try await client.api(.get, "conversations/\(Self.work)/messages?limit=5&topic_id=12"))
            #expect(lunch.last?["id"] as? Int == id && lunch.last?["text"] as? String == "Pizza at one?")
            let standups = ChatsAPITests.messages(try await client.api(.get, "conversations/\(Self.work)/messages?limit=5&topic_id=11"))
            #expect(!standups.contains { $0["id"] as? Int == id })

            let before = fixture.sim.simulator.timelineIDs(inDatabaseDirectory: folder, chatID: Self.work)
            let unknown = try await client.api(.post, "conversations/\(Self.work)/messages", json: ["text": "lost", "topic_id": 99])
            #expect(unknown.status == .notFound && unknown.errorCode == "topic_not_found", "\(unknown.text)")
            let zero = try await client.api(.post, "conversations/\(Self.work)/messages", json: ["text": "lost", "topic_id": 0])
            #expect(zero.status == .badRequest, "\(zero.text)")
            #expect(fixture.sim.simulator.timelineIDs(inDatabaseDirectory: folder, chatID: Self.work) == before, "nothing was sent")
            let familyBefore = fixture.sim.simulator.timelineIDs(inDatabaseDirectory: folder, chatID: ChatsAPITests.family)
            let notForum = try await client.api(.post, "conversations/\(ChatsAPITests.family)/messages", json: ["text": "lost", "topic_id": 11])
            #expect(notForum.status == .conflict && notForum.errorCode == "not_forum", "\(notForum.text)")
            #expect(fixture.sim.simulator.timelineIDs(inDatabaseDirectory: folder, chatID: ChatsAPITests.family) == familyBefore)
        }
    }

    @Test("mark read with topic_id reads only that topic, up to its own newest message; unknown topic 404, non-forum 409, bad ids 400 read nothing")
    func markTopicRead() async throws {
        let fixture = try await ServerFixture()
        let folder = fixture.sim.environment.tdlibDatabaseFolder
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            // New in Standups (11) and then Lunch (12): the chat's newest message is Lunch's.
            fixture.sim.simulator.simulateIncoming(inDatabaseDirectory: folder, chatID: Self.work, from: 555_000_204, text: "Standup moved to 10", topicID: 11)
            fixture.sim.simulator.simulateIncoming(inDatabaseDirectory: folder, chatID: Self.work, from: 555_000_205, text: "Sushi it is", topicID: 12)
            func chat() async throws -> [String: Any] { try await client.api(.get, "conversations/\(Self.work)").data }
            func unread() async throws -> [Int: Int] {
                let topics = try await client.api(.get, "conversations/\(Self.work)/topics").data["topics"] as? [[String: Any]] ?? []
                return Dictionary(uniqueKeysWithValues: topics.compactMap { t in (t["id"] as? Int).map { ($0, t["unread_count"] as? Int ?? -1) } })
            }
            try await awaitCondition { (try await chat()["last_message"] as? [String: Any])?["text"] as? String == "Sushi it is" }
            let start = try await unread()
            let total = start.values.reduce(0, +)
            #expect((start[11] ?? 0) >= 1 && (start[12] ?? 0) >= 1, "\(start)")
            #expect(try await chat()["unread_count"] as? Int == total, "the chat's unread is its topics' sum: \(start)")

            // Refusals first: none of them reads anything.
            let unknown = try await client.api(.post, "conversations/\(Self.work)/read?topic_id=99")
            #expect(unknown.status == .notFound && unknown.errorCode == "topic_not_found", "\(unknown.text)")
            let notForum = try await client.api(.post, "conversations/\(ChatsAPITests.family)/read?topic_id=11")
            #expect(notForum.status == .conflict && notForum.errorCode == "not_forum", "\(notForum.text)")
            for bad in ["0", "-1", "4294967296", "abc", ""] {
                let reply = try await client.api(.post, "conversations/\(Self.work)/read?topic_id=\(bad)")
                #expect(reply.status == .badRequest, "\(bad): \(reply.text)")
            }
            #expect(try await client.api(.post, "conversations/31337/read?topic_id=11").status == .notFound)
            #expect(try await unread() == start, "a refused request reads nothing")
            #expect(try await chat()["unread_count"] as? Int == total)

            let standups = try await client.api(.post, "conversations/\(Self.work)/read?topic_id=11")
            #expect(standups.status == .ok && standups.data["unread_count"] as? Int == total - (start[11] ?? 0), "\(standups.text)")
            var expected = start
            expected[11] = 0
            #expect(try await unread() == expected, "only Standups was read")
            for topic in [12, 1] {
                #expect(try await client.api(.post, "conversations/\(Self.work)/read?topic_id=\(topic)").status == .ok)
                expected[topic] = 0
                #expect(try await unread() == expected, "topic \(topic)")
            }
            #expect(try await chat()["unread_count"] as? Int == 0)
        }
    }

    static func firstID(_ page: ServerFixture.Client.Reply) -> Int? { ChatsAPITests.messages(page).first?["id"] as? Int }
}
