import Foundation
import Testing
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

@Suite("Chats: pinned messages and forwards", .timeLimit(.minutes(5)))
struct PinAndForwardServiceTests {
    static let family: Int64 = -1001000000001
    static let work: Int64 = -1001000000002
    static let news: Int64 = -1001000000003
    static let alice: Int64 = 555_000_111

    @Test("pinned lists newest first; pin and unpin where allowed, live; 'for me' only in private chats; refusals change nothing")
    func pins() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let seeded = try await service.pinnedMessages(chatID: Self.family)
        #expect(seeded.count == 2 && seeded[0].id > seeded[1].id && seeded.allSatisfy(\.isPinned))
        let newest = try #require(try await service.conversation(chatID: Self.family, limit: 5).messages.last { $0.serviceLine == nil && !$0.isPinned })
        let events = open.session.chatEvents.subscribe(replayingCurrent: false)
        try await service.pin(chatID: Self.family, messageID: newest.id, silent: true)
        for await event in events { if case .pinned(Self.family, newest.id, true) = event { break } }
        let after = try await service.pinnedMessages(chatID: Self.family)
        #expect(after.first?.id == newest.id && after.count == 3)
        // A pin in a group posts its service line.
        #expect(try await service.conversation(chatID: Self.family, limit: 3).messages.last?.serviceLine?.contains("pinned") == true)
        await #expect(throws: ChatError.cannotPin(.onlyForEveryone)) {
            try await service.pin(chatID: Self.family, messageID: newest.id, forEveryone: false)
        }
        try await service.unpin(chatID: Self.family, messageID: newest.id)
        try await service.unpin(chatID: Self.family, messageID: newest.id)  // already unpinned: nothing to do
        #expect(try await service.pinnedMessages(chatID: Self.family).map(\.id) == seeded.map(\.id))

        let post = try #require(try await service.conversation(chatID: Self.news, limit: 3).messages.last)
        await #expect(throws: ChatError.cannotPin(.channelAdminsOnly)) {
            try await service.pin(chatID: Self.news, messageID: post.id)
        }
        let topicMessage = try #require(try await service.conversation(chatID: Self.work, limit: 3).messages.last)
        await #expect(throws: ChatError.cannotPin(.groupAdminsOnly)) {
            try await service.pin(chatID: Self.work, messageID: topicMessage.id)
        }
        // A private chat: for the user alone, without a service line.
        let hers = try #require(try await service.conversation(chatID: Self.alice, limit: 3).messages.last)
        try await service.pin(chatID: Self.alice, messageID: hers.id, forEveryone: false)
        #expect(try await service.pinnedMessages(chatID: Self.alice).map(\.id).contains(hers.id))
        #expect(try await service.conversation(chatID: Self.alice, limit: 1).messages.last?.serviceLine == nil)
        await open.close()
    }

    @Test("forward names the sender, hide-sender copies; the target must be writable and every message forwardable; nothing goes otherwise")
    func forwards() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let family = try await service.conversation(chatID: Self.family, limit: 10).messages.filter { $0.serviceLine == nil }
        let two = Array(family.suffix(2)).map(\.id)
        let sent = try await service.forward(fromChatID: Self.family, messageIDs: two.reversed(), toChatID: Self.alice)
        #expect(sent.count == 2 && sent.allSatisfy { $0.sendingState == nil && $0.forwardOrigin != nil })
        let items = try await service.conversation(chatID: Self.alice, limit: 2).messages
        #expect(items.allSatisfy { $0.forwardedFrom != nil && $0.isOutgoing }, "\(items.map(\.forwardedFrom))")
        let copy = try await service.forward(fromChatID: Self.family, messageIDs: [two[0]], toChatID: Self.alice, hideSender: true)
        #expect(copy.first?.forwardOrigin == nil)
        let intoTopic = try await service.forward(fromChatID: Self.alice, messageIDs: [copy[0].id], toChatID: Self.work, topicID: 11)
        #expect(intoTopic.first?.forumTopicID == 11)

        let before = sim.simulator.receivedRequests.filter { $0 == "forwardMessages" }.count
        await #expect(throws: ChatError.cannotWrite(title: "Tech News", refusal: .channelAdminsOnly)) {
            _ = try await service.forward(fromChatID: Self.family, messageIDs: two, toChatID: Self.news)
        }
        await #expect(throws: ChatError.messageNotFound(99 << 40)) {
            _ = try await service.forward(fromChatID: Self.family, messageIDs: [two[0], 99 << 40], toChatID: Self.alice)
        }
        await #expect(throws: ChatError.cannotForward(.tooMany(max: 100))) {
            _ = try await service.forward(fromChatID: Self.family, messageIDs: (1...101).map { Int64($0) << 20 }, toChatID: Self.alice)
        }
        await #expect(throws: ChatError.topicNotFound(999, title: "Work")) {
            _ = try await service.forward(fromChatID: Self.family, messageIDs: two, toChatID: Self.work, topicID: 999)
        }
        #expect(sim.simulator.receivedRequests.filter { $0 == "forwardMessages" }.count == before)
        await open.close()
    }
}
