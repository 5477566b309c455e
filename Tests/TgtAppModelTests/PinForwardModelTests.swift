import Foundation
import Testing
import TgtAppModel
import TgtSimulator
import TgtTelegram
import TgtTestSupport

/// Pins and forwards in the app's conversation model: the pinned bar cycling through the
/// pinned messages, pin and unpin (a private chat asks for whom), refusals worded, and a
/// forward into another chat's forum topic.
@Suite("App model: pins and forwards", .timeLimit(.minutes(5)))
@MainActor
struct PinForwardModelTests {
    @Test("the bar shows the newest pinned, a tap moves on and wraps; pin and unpin follow; a channel's refusal is worded")
    func pins() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, conversation, _) = try await ChatModelsTests.open(ChatModelsTests.family, fixture)
        try await eventually("the pinned messages") { conversation.pinned.count == 2 }
        let first = try #require(conversation.pinnedShown)
        #expect(first.position == 1 && first.count == 2)
        #expect(conversation.tapPinnedBar()?.id == first.item.id && conversation.pinnedShown?.position == 2)
        _ = conversation.tapPinnedBar()
        #expect(conversation.pinnedShown?.position == 1)

        let newest = try #require(conversation.messages.last { $0.serviceLine == nil && !$0.isPinned })
        #expect(conversation.actions(for: newest).contains(.pin))
        #expect(await conversation.pinChoices(for: newest) == (true, false))
        await conversation.setPinned(newest, pinned: true)
        #expect(conversation.actionError == nil && conversation.pinned.first?.id == newest.id)
        try await eventually("the bubble's pin") { conversation.messages.first { $0.id == newest.id }?.isPinned == true }
        #expect(conversation.actions(for: try #require(conversation.messages.first { $0.id == newest.id })).contains(.unpin))
        await conversation.setPinned(newest, pinned: false)
        #expect(conversation.pinned.count == 2)

        let channel = app.conversation(for: ChatModelsTests.techNews)
        await channel.open()
        let post = try #require(channel.messages.last)
        await channel.setPinned(post, pinned: true)
        #expect(channel.actionError?.description.contains("only the channel's admins can pin") == true)
        await channel.close()

        let alice = app.conversation(for: ChatModelsTests.alice)
        await alice.open()
        let hers = try #require(alice.messages.last)
        #expect(await alice.pinChoices(for: hers) == (true, true))
        await alice.setPinned(hers, pinned: true, forEveryone: false)
        #expect(alice.pinned.contains { $0.id == hers.id })
        await alice.close()
        await conversation.close()
        await app.shutdown()
    }

    @Test("a pinned message older than the window is shown from the page around it; the newer pages load on the way down back to the latest")
    func revealOlderPinned() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try await ChatModelsTests.loggedIn(fixture)
        let conversation = ConversationModel(host: app.host, chatID: ChatModelsTests.family, pageSize: 5, windowLimit: 12)
        await conversation.open()
        try await eventually("the pinned messages") { conversation.pinned.count == 2 }
        let newestBefore = try #require(conversation.messages.last?.id)
        let oldest = try #require(conversation.pinned.last)
        #expect(!conversation.messages.contains { $0.id == oldest.id }, "the older pinned message is outside a window of 5")
        #expect(await conversation.reveal(oldest.id))
        #expect(conversation.messages.contains { $0.id == oldest.id } && conversation.isDetachedFromLatest && conversation.actionError == nil)
        #expect(conversation.messages.count <= 5)
        // Down to the latest, a page at a time; the oldest go beyond the window.
        for _ in 0 ..< 20 where conversation.isDetachedFromLatest { await conversation.loadNewer() }
        #expect(!conversation.isDetachedFromLatest && conversation.messages.last?.id == newestBefore)
        #expect(conversation.messages.count <= 12 && conversation.hasOlder)
        let ids = conversation.messages.map(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count, "in order, none twice")
        // A message the chat does not have is worded.
        #expect(await conversation.reveal(999_999_999) == false && conversation.actionError != nil)
        await conversation.close()
        await app.shutdown()
    }

    @Test("forward: the writable chats as targets, a forum's topics, the forward arrives there named")
    func forward() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, conversation, _) = try await ChatModelsTests.open(ChatModelsTests.family, fixture)
        let targets = await conversation.forwardTargets()
        #expect(targets.contains { $0.title == "Alice" } && !targets.contains { $0.title == "Tech News" })
        let work = try #require(targets.first { $0.kind == .forum })
        let topics = await conversation.forwardTopics(of: work.id)
        #expect(topics.contains { $0.title == "Standups" })
        let item = try #require(conversation.messages.last { $0.serviceLine == nil })
        #expect(conversation.actions(for: item).contains(.forward))
        #expect(await conversation.forward(item, to: work.id, topicID: 11))
        let service = try await app.host.sessionHost.chatService()
        let arrived = try await service.conversation(chatID: work.id, limit: 5, topicID: 11).messages.last
        #expect(arrived?.forwardedFrom != nil && arrived?.text == item.text)
        #expect(await conversation.forward(item, to: ChatModelsTests.techNews) == false)
        #expect(conversation.actionError?.description.contains("cannot write") == true)
        await conversation.close()
        await app.shutdown()
    }
}

extension PinForwardModelTests {
    @Test("the composer fills from the chat's draft, saves what is typed, and a send clears it; the list shows drafts")
    func drafts() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try await ChatModelsTests.loggedIn(fixture)
        fixture.simulator.simulateDraft(inDatabaseDirectory: fixture.services.environment.tdlibDatabaseFolder, chatID: ChatModelsTests.alice,
                                        text: "from my laptop")
        try await eventually("the draft in the list") {
            app.chats.rows().first { $0.id == ChatModelsTests.alice }?.preview?.description == "Draft: from my laptop"
        }
        let composer = app.composer(for: ChatModelsTests.alice)
        await composer.loadDraft()
        #expect(composer.text == "from my laptop")
        composer.text = "from my laptop, edited here"
        await composer.saveDraft()
        let service = try await app.host.sessionHost.chatService()
        #expect(await service.summary(ChatModelsTests.alice)?.draft == "from my laptop, edited here")
        #expect(await composer.send())
        try await eventually("the draft cleared") { await service.summary(ChatModelsTests.alice)?.draft == nil }
        await app.shutdown()
    }
}

extension PinForwardModelTests {
    @Test("a profile: a group's facts and members paged, a member's own profile and a chat to write to them, a refusal worded")
    func profiles() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try await ChatModelsTests.loggedIn(fixture)
        let crag = app.profile(for: ChatModelsTests.climbing)
        await crag.load()
        #expect(crag.profile?.title == "Climbing crew" && crag.facts.contains { $0.value.contains("quickdraws") })
        #expect(!crag.members.isEmpty && crag.memberTotal == crag.members.count && !crag.hasMoreMembers)
        let member = try #require(crag.members.first)
        let person = app.profile(for: member.userID)
        await person.load()
        #expect(person.profile?.kind == .private && person.profile?.status != nil && person.error == nil)
        // "Message": a member's private chat is opened (there was none), a group's is its own.
        let written = try #require(await person.chatToWrite())
        #expect(written == member.userID && person.error == nil)
        let opened = app.conversation(for: written)
        await opened.open()
        #expect(opened.loadError == nil)
        await opened.close()
        #expect(await crag.chatToWrite() == ChatModelsTests.climbing)
        let alice = app.profile(for: ChatModelsTests.alice)
        await alice.load()
        #expect(alice.facts.map(\.label.description).contains("Phone") && alice.members.isEmpty)
        let nobody = app.profile(for: -31337)
        await nobody.load()
        #expect(nobody.error?.description.contains("No chat matches") == true)
        await app.shutdown()
    }
}
