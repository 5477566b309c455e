import Foundation
import HTTPTypes
import Testing
import TgtServer
import TgtSimulator
import TgtTestSupport

/// Chat folders, typing and contacts over real HTTP.
@Suite("Folders, typing and contacts API", .timeLimit(.minutes(5)))
struct FoldersAndContactsAPITests {
    static let family = ChatsAPITests.family
    static let alice = ChatsAPITests.alice
    static let news = ChatsAPITests.news

    @Test("the list carries the folder bar; list=folder shows a folder's chats; an unknown folder 404, a missing folder_id 400; GET /api/chat-folders")
    func folders() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let main = try await client.api(.get, "conversations")
            let bar = try #require(main.data["folders"] as? [String: Any])
            let folders = try #require(bar["folders"] as? [[String: Any]])
            #expect(folders.map { $0["name"] as? String } == ["Friends", "Updates"] && bar["main_position"] as? Int == 0, "\(bar)")
            let friends = try await client.api(.get, "conversations?list=folder&folder_id=2")
            let titles = (friends.data["chats"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
            #expect(Set(titles) == ["Alice", "Climbing crew", "Old flatmates"], "\(friends.text)")
            let unknown = try await client.api(.get, "conversations?list=folder&folder_id=99")
            #expect(unknown.status == .notFound && unknown.errorCode == "folder_not_found", "\(unknown.text)")
            #expect(try await client.api(.get, "conversations?list=folder").status == .badRequest)
            let direct = try await client.api(.get, "chat-folders")
            #expect(direct.status == .ok && (direct.data["folders"] as? [[String: Any]])?.count == 2)
        }
    }

    @Test("typing: the row says who types, POST …/typing tells Telegram; a channel 403, an unknown chat 404, a bad body 400")
    func typing() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let told = try await client.api(.post, "conversations/\(Self.family)/typing", json: ["typing": true])
            #expect(told.status == .ok && told.data["typing"] as? Bool == true, "\(told.text)")
            #expect(try await client.api(.post, "conversations/\(Self.family)/typing", json: ["typing": false]).status == .ok)
            #expect(fixture.sim.simulator.chatActionsSent.map(\.action) == ["chatActionTyping", "chatActionCancel"])
            let channel = try await client.api(.post, "conversations/\(Self.news)/typing", json: ["typing": true])
            #expect(channel.status == .forbidden && channel.errorCode == "cannot_write", "\(channel.text)")
            #expect(try await client.api(.post, "conversations/31337/typing", json: ["typing": true]).status == .notFound)
            #expect(try await client.api(.post, "conversations/\(Self.family)/typing", json: ["typing": "yes"]).status == .badRequest)
            #expect(fixture.sim.simulator.chatActionsSent.count == 2)
            fixture.sim.simulator.simulateChatAction(inDatabaseDirectory: fixture.sim.environment.tdlibDatabaseFolder, chatID: Self.alice,
                                                     userID: 555_000_111, action: "chatActionTyping")
            try await awaitCondition { (try? await client.api(.get, "conversations/\(Self.alice)"))?.data["typing"] as? String == "typing…" }
            #expect(try await client.api(.get, "conversations/\(Self.alice)").data["status"] as? String == "online")
        }
    }

    @Test("contacts: list and search, start a chat (made when missing), add from a profile; a group 409, an empty name 422, an unknown person 404")
    func contacts() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let all = (try await client.api(.get, "contacts")).data["contacts"] as? [[String: Any]] ?? []
            #expect(all.count == 5 && all.first?["name"] as? String == "Alice Moreau" && all.first?["status"] as? String == "online", "\(all)")
            let found = (try await client.api(.get, "contacts?search=pri")).data["contacts"] as? [[String: Any]] ?? []
            #expect(found.map { $0["name"] as? String } == ["Priya Nair"])
            let started = try await client.api(.post, "contacts/555000205/chat")
            #expect(started.status == .ok && started.data["id"] as? Int == 555_000_205 && started.data["kind"] as? String == "private", "\(started.text)")
            #expect(try await client.api(.post, "contacts/999/chat").status == .notFound)
            let profile = try await client.api(.get, "conversations/555000204/profile")
            let contact = try #require(profile.data["contact"] as? [String: Any])
            #expect(contact["is_contact"] as? Bool == false && contact["first_name"] as? String == "Dmitri")
            let empty = try await client.api(.post, "conversations/555000204/contact", json: ["first_name": " "])
            #expect(empty.status == .unprocessableContent && empty.errorCode == "bad_contact_name", "\(empty.text)")
            let group = try await client.api(.post, "conversations/-4001/contact", json: ["first_name": "Crew"])
            #expect(group.status == .conflict && group.errorCode == "not_a_person", "\(group.text)")
            let added = try await client.api(.post, "conversations/555000204/contact", json: ["first_name": "Dmitri", "last_name": "Volkov", "share_phone": true])
            #expect(added.status == .ok && added.data["name"] as? String == "Dmitri Volkov", "\(added.text)")
            let after = try await client.api(.get, "conversations/555000204/profile")
            #expect((after.data["contact"] as? [String: Any])?["is_contact"] as? Bool == true)
        }
    }
}
