import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtSimulator
import TgtTelegram
import TgtTestSupport

/// A forum in the app: its topics listed with their unread counts and kept current, and a
/// topic's own conversation, where what is sent (text, files, templates) goes into that topic,
/// someone writing in another topic does not appear, and the chat's draft is left alone.
@Suite("App model: forum topics", .timeLimit(.minutes(5)))
@MainActor
struct ForumTopicModelTests {
    static let work: Int64 = -1001000000002

    @Test("the chat list marks the forum; its topics are listed, and one written in elsewhere shows it unread")
    func topics() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try await ChatModelsTests.loggedIn(fixture)
        #expect(app.chats.rows().first { $0.id == Self.work }?.isForum == true)
        #expect(app.chats.rows().first { $0.id == ChatModelsTests.family }?.isForum == false)
        let topics = app.topics(of: Self.work)
        await topics.open()
        #expect(topics.title == "Work" && topics.loadError == nil)
        #expect(Set(topics.rows.map(\.title)) == ["General", "Standups", "Lunch"] && topics.rows.first { $0.isGeneral }?.title == "General")
        let before = topics.rows.first { $0.id == 12 }?.unreadBadge
        fixture.simulator.simulateIncoming(inDatabaseDirectory: fixture.services.environment.tdlibDatabaseFolder,
                                           chatID: Self.work, from: 555_000_207, text: "Pizza at one?", topicID: 12)
        try await eventually("Lunch unread") { topics.rows.first { $0.id == 12 }?.unreadBadge != before }
        topics.close()

        let none = app.topics(of: ChatModelsTests.family)
        await none.open()
        #expect(none.rows.isEmpty && none.loadError != nil, "a group that is not a forum has no topics: \(String(describing: none.loadError))")
        none.close()
        await app.shutdown()
    }

    @Test("a topic's conversation: its messages only, titled by the topic; text, a file and a template go into it; another topic's message stays out")
    func topicConversation() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let dir = try TestDirectory("topic-send")
        defer { dir.remove() }
        try Data("%PDF-1.4 minutes".utf8).write(to: dir.file("minutes.pdf"))
        let app = try await ChatModelsTests.loggedIn(fixture)
        let standups = app.conversation(for: Self.work, topicID: 11)
        await standups.open()
        #expect(standups.title == "Standups" && standups.subtitle == "Work" && standups.loadError == nil)
        #expect(!standups.messages.isEmpty && standups.messages.allSatisfy { $0.topicID == 11 })

        let composer = app.composer(for: Self.work, topicID: 11)
        composer.text = "Done with the review"
        #expect(await composer.send())
        #expect(await composer.attach(fileAt: dir.file("minutes.pdf")))
        #expect(await composer.send())
        let template = try fixture.store.insert(Template(name: "Late", body: "Running 5 min late", targets: [AppFixture.family]))
        #expect(await composer.sendTemplate(template))
        try await eventually("all three in Standups") {
            let tail = standups.messages.suffix(3)
            return tail.map { $0.text.isEmpty ? ($0.media?.file?.name ?? "") : $0.text } == ["Done with the review", "minutes.pdf", "Running 5 min late"]
                && tail.allSatisfy { $0.topicID == 11 && $0.sendingState == nil }
        }
        #expect(try fixture.store.template(id: template.id)?.targets == [AppFixture.family], "the template keeps its own targets")

        fixture.simulator.simulateIncoming(inDatabaseDirectory: fixture.services.environment.tdlibDatabaseFolder,
                                           chatID: Self.work, from: 555_000_207, text: "Pizza at one?", topicID: 12)
        fixture.simulator.simulateIncoming(inDatabaseDirectory: fixture.services.environment.tdlibDatabaseFolder,
                                           chatID: Self.work, from: 555_000_207, text: "Blocked on CI", topicID: 11)
        try await eventually("the Standups message") { standups.messages.last?.text == "Blocked on CI" }
        #expect(!standups.messages.contains { $0.text == "Pizza at one?" })

        // What is typed in a topic is the topic's draft, never the chat's, and comes back there.
        composer.text = "half a thought"
        await composer.saveDraft()
        #expect(composer.error == nil)
        let service = try await app.host.sessionHost.chatService()
        #expect(await service.summary(Self.work)?.draft == nil)
        #expect(try await service.topic(chatID: Self.work, topicID: 11).draft == "half a thought")
        let fresh = app.composer(for: Self.work, topicID: 11)
        await fresh.loadDraft()
        #expect(fresh.text == "half a thought")
        let lunch = app.composer(for: Self.work, topicID: 12)
        await lunch.loadDraft()
        #expect(lunch.text.isEmpty, "another topic has its own")
        // Typed in another Telegram app, it is there when the topic opens; a send clears it.
        fixture.simulator.simulateDraft(inDatabaseDirectory: fixture.services.environment.tdlibDatabaseFolder, chatID: Self.work, text: "from my laptop",
                                        topicID: 12)
        try await eventually("the other device's topic draft") { try await service.topic(chatID: Self.work, topicID: 12).draft == "from my laptop" }
        await lunch.loadDraft()
        #expect(lunch.text == "from my laptop")
        #expect(await lunch.send())
        try await eventually("the draft cleared by the send") { try await service.topic(chatID: Self.work, topicID: 12).draft == nil }
        await standups.close()
        await app.shutdown()
    }
}
