import Foundation
import HTTPTypes
import Testing
import TgtServer
import TgtTestSupport

/// Pinned messages and forwards over real HTTP.
@Suite("Pins and forwards API", .timeLimit(.minutes(5)))
struct PinsAndForwardsAPITests {
    static let family = ChatsAPITests.family
    static let alice = ChatsAPITests.alice
    static let news = ChatsAPITests.news

    @Test("pinned newest first; pin, list, unpin; a channel's refusal is 409; 'for me' outside private chats is 409; bad bodies 400")
    func pins() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let seeded = ChatsAPITests.messages(try await client.api(.get, "conversations/\(Self.family)/pinned"))
            #expect(seeded.count == 2 && seeded.allSatisfy { $0["is_pinned"] as? Bool == true }, "\(seeded.count)")
            let page = ChatsAPITests.messages(try await client.api(.get, "conversations/\(Self.family)/messages"))
            #expect(page.allSatisfy { $0["is_pinned"] is Bool })
            let id = try #require(page.last { $0["service_line"] == nil && $0["is_pinned"] as? Bool == false }?["id"] as? Int)
            let pinned = try await client.api(.put, "conversations/\(Self.family)/messages/\(id)/pin", json: ["silent": true])
            #expect(pinned.status == .ok && pinned.data["is_pinned"] as? Bool == true, "\(pinned.text)")
            #expect(ChatsAPITests.messages(try await client.api(.get, "conversations/\(Self.family)/pinned")).first?["id"] as? Int == id)
            let forMe = try await client.api(.put, "conversations/\(Self.family)/messages/\(id)/pin", json: ["for_everyone": false])
            #expect(forMe.status == .conflict && forMe.errorCode == "cannot_pin", "\(forMe.text)")
            #expect(try await client.api(.put, "conversations/\(Self.family)/messages/\(id)/pin", json: ["extra": 1]).status == .badRequest)
            let unpinned = try await client.api(.delete, "conversations/\(Self.family)/messages/\(id)/pin")
            #expect(unpinned.status == .ok && unpinned.data["is_pinned"] as? Bool == false)
            #expect(ChatsAPITests.messages(try await client.api(.get, "conversations/\(Self.family)/pinned")).count == 2)
            let post = try #require(ChatsAPITests.messages(try await client.api(.get, "conversations/\(Self.news)/messages")).last?["id"] as? Int)
            let channel = try await client.api(.put, "conversations/\(Self.news)/messages/\(post)/pin")
            #expect(channel.status == .conflict && channel.errorCode == "cannot_pin", "\(channel.text)")
            #expect(try await client.api(.put, "conversations/\(Self.family)/messages/999999999/pin").status == .notFound)
            #expect(try await client.api(.get, "conversations/31337/pinned").status == .notFound)
        }
    }

    @Test("forward into a chat: named or as copies; a read-only target 403; too many or no ids 400; an unknown message 404 and nothing sent")
    func forwards() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let ids = ChatsAPITests.messages(try await client.api(.get, "conversations/\(Self.family)/messages")).filter { $0["service_line"] == nil }
                .suffix(2).compactMap { $0["id"] as? Int }
            let sent = try await client.api(.post, "conversations/\(Self.alice)/forward", json: ["from_chat_id": Self.family, "message_ids": ids])
            let messages = ChatsAPITests.messages(sent)
            #expect(sent.status == .ok && messages.count == 2 && messages.allSatisfy { $0["forwarded_from"] is String }, "\(sent.text)")
            let copy = try await client.api(.post, "conversations/\(Self.alice)/forward", json: ["from_chat_id": Self.family, "message_ids": [ids[0]], "hide_sender": true])
            #expect(copy.status == .ok && ChatsAPITests.messages(copy).first?["forwarded_from"] == nil, "\(copy.text)")
            let readOnly = try await client.api(.post, "conversations/\(Self.news)/forward", json: ["from_chat_id": Self.family, "message_ids": ids])
            #expect(readOnly.status == .forbidden && readOnly.errorCode == "cannot_write", "\(readOnly.text)")
            for body: [String: Any] in [["from_chat_id": Self.family, "message_ids": [] as [Int]], ["from_chat_id": Self.family, "message_ids": Array(1...101)],
                                        ["message_ids": ids], ["from_chat_id": Self.family, "message_ids": [-5]]] {
                #expect(try await client.api(.post, "conversations/\(Self.alice)/forward", json: body).status == .badRequest, "\(body)")
            }
            let before = fixture.sim.simulator.timelineIDs(inDatabaseDirectory: fixture.sim.environment.tdlibDatabaseFolder, chatID: Self.alice).count
            let missing = try await client.api(.post, "conversations/\(Self.alice)/forward", json: ["from_chat_id": Self.family, "message_ids": [ids[0], 999999999]])
            #expect(missing.status == .notFound, "\(missing.text)")
            #expect(fixture.sim.simulator.timelineIDs(inDatabaseDirectory: fixture.sim.environment.tdlibDatabaseFolder, chatID: Self.alice).count == before)
        }
    }
}

extension PinsAndForwardsAPITests {
    @Test("draft: PUT saves it and the chat's row carries it; blank clears it; too long or unknown chat refused")
    func drafts() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let saved = try await client.api(.put, "conversations/\(Self.alice)/draft", json: ["text": "see you *soon*"])
            #expect(saved.status == .ok && saved.data["draft"] as? String == "see you *soon*", "\(saved.text)")
            let listed = (try await client.api(.get, "conversations").data["chats"] as? [[String: Any]] ?? []).first { $0["id"] as? Int == Int(Self.alice) }
            #expect(listed?["draft"] as? String == "see you *soon*")
            let cleared = try await client.api(.put, "conversations/\(Self.alice)/draft", json: ["text": " "])
            #expect(cleared.status == .ok && cleared.data["draft"] == nil, "\(cleared.text)")
            let long = try await client.api(.put, "conversations/\(Self.alice)/draft", json: ["text": String(repeating: "x", count: 5000)])
            #expect(long.status == .unprocessableContent && long.errorCode == "too_long", "\(long.text)")
            #expect(try await client.api(.put, "conversations/\(Self.alice)/draft", json: ["text": String(repeating: "x", count: 30_000)]).status == .badRequest)
            #expect(try await client.api(.put, "conversations/\(Self.alice)/draft", json: [:] as [String: Any]).status == .badRequest)
            #expect(try await client.api(.put, "conversations/31337/draft", json: ["text": "x"]).status == .notFound)

            // A forum topic's draft is its own: carried by the topic, not the chat's row.
            let work = -1001000000002
            let topicDraft = try await client.api(.put, "conversations/\(work)/draft", json: ["text": "agenda for *Monday*", "topic_id": 11])
            #expect(topicDraft.status == .ok && topicDraft.data["draft"] == nil, "the chat's own draft is untouched: \(topicDraft.text)")
            let topics = try await client.api(.get, "conversations/\(work)/topics").data["topics"] as? [[String: Any]] ?? []
            #expect(topics.first { $0["id"] as? Int == 11 }?["draft"] as? String == "agenda for *Monday*", "\(topics)")
            #expect(topics.first { $0["id"] as? Int == 12 }?["draft"] == nil)
            _ = try await client.api(.post, "conversations/\(work)/messages", json: ["text": "Agenda sent", "topic_id": 11, "clear_draft": true])
            let after = try await client.api(.get, "conversations/\(work)/topics").data["topics"] as? [[String: Any]] ?? []
            #expect(after.first { $0["id"] as? Int == 11 }?["draft"] == nil, "a message sent into the topic clears its draft: \(after)")
        }
    }
}

extension PinsAndForwardsAPITests {
    @Test("profile and members: a person, a group with its members paged, a channel's members refused, a member's profile by user id")
    func profiles() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let alice = try await client.api(.get, "conversations/\(Self.alice)/profile")
            #expect(alice.status == .ok && alice.data["username"] as? String == "alice_m" && alice.data["phone"] as? String == "+15555550111", "\(alice.text)")
            #expect((alice.data["media"] as? [String: Any])?["photos_and_videos"] is Int)
            let eve = try await client.api(.get, "conversations/555000666/profile")
            #expect(eve.status == .ok && (eve.data["about"] as? String)?.contains("<script>") == true, "JSON carries it as text: \(eve.text)")
            let page = try await client.api(.get, "conversations/-4001/members?limit=2")
            #expect(page.status == .ok && (page.data["members"] as? [Any])?.count == 2 && page.data["next_offset"] as? Int == 2, "\(page.text)")
            #expect(try await client.api(.get, "conversations/-4001/members?limit=0").status == .badRequest)
            let channel = try await client.api(.get, "conversations/\(Self.news)/members")
            #expect(channel.status == .conflict && channel.errorCode == "cannot_list_members", "\(channel.text)")
            #expect(try await client.api(.get, "conversations/-31337/profile").status == .notFound)
        }
    }
}
