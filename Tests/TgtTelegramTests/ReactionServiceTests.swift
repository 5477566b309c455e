import Foundation
import Testing
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

@Suite("Chats: reactions under messages", .timeLimit(.minutes(5)))
struct ReactionServiceTests {
    @Test("the choices leave out Premium's; one's own reaction is added, kept once, taken back; a disallowed one asks Telegram nothing")
    func ownReactions() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let chat: Int64 = 555_000_111
        let message = try #require(try await service.history(chatID: chat, limit: 1).messages.first)
        let choices = try await service.reactionChoices(chatID: chat, messageID: message.id)
        #expect(choices.available.first == "👍" && choices.available.contains("💯") && !choices.available.contains("🦄"))
        let before = choices.reactions.first { $0.emoji == "👍" }?.count ?? 0
        let added = try await service.react(chatID: chat, messageID: message.id, key: "👍", add: true)
        #expect(added.contains { $0.emoji == "👍" && $0.isChosen && $0.count == before + 1 })
        // Again: nothing more is asked of Telegram and the count stays.
        let asked = sim.simulator.receivedRequests.count
        #expect(try await service.react(chatID: chat, messageID: message.id, key: "👍", add: true) == added)
        #expect(!sim.simulator.receivedRequests.dropFirst(asked).contains("addMessageReaction"))
        // Not in the chat's set, or not an emoji at all: refused before anything is sent.
        await #expect(throws: ChatError.reactionNotAvailable("🦄", choices: choices.available)) {
            _ = try await service.react(chatID: chat, messageID: message.id, key: "🦄", add: true)
        }
        for junk in ["", "abc", "1", "👍👍", "<img src=x>"] {
            await #expect(throws: ChatError.self) { _ = try await service.react(chatID: chat, messageID: message.id, key: junk, add: true) }
        }
        #expect(!sim.simulator.receivedRequests.dropFirst(asked).contains("addMessageReaction"))
        await #expect(throws: ChatError.messageNotFound(99 << 40)) { _ = try await service.react(chatID: chat, messageID: 99 << 40, key: "👍", add: true) }
        let removed = try await service.react(chatID: chat, messageID: message.id, key: "👍", add: false)
        #expect(!removed.contains { $0.isChosen } && (removed.first { $0.emoji == "👍" }?.count ?? 0) == before)
        // The item a conversation shows carries them too.
        _ = try await service.react(chatID: chat, messageID: message.id, key: "🔥", add: true)
        let item = try #require(try await service.conversation(chatID: chat, limit: 5).messages.first { $0.id == message.id })
        #expect(item.reactions.contains { $0.emoji == "🔥" && $0.isChosen && $0.key == "🔥" })
        await open.close()
    }

    @Test("someone else's reaction arrives live as a chat event, and the seeded chats already have some")
    func othersReactions() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let page = try await service.conversation(chatID: -1001000000001, limit: 50)
        #expect(page.messages.contains { !$0.reactions.isEmpty })
        let target = try #require(page.messages.last)
        let events = open.session.chatEvents.subscribe(replayingCurrent: false)
        sim.simulator.simulateReaction(inDatabaseDirectory: sim.environment.tdlibDatabaseFolder, chatID: -1001000000001, messageID: target.id,
                                       from: 555_000_201, emoji: "🎉")
        var seen: [MessageReaction] = []
        for await event in events {
            if case .reactions(-1001000000001, target.id, let reactions) = event {
                seen = reactions
                break
            }
        }
        #expect(seen.contains { $0.type == .emoji("🎉") && !$0.isChosen })
        await open.close()
    }
}
