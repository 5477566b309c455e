import Foundation
import Testing
import TgtAppModel
import TgtSimulator
import TgtTelegram
import TgtTestSupport

/// Reactions in the app's conversation model: the choices, a tap adding and taking back, a
/// refusal worded, and someone else's reaction arriving live.
@Suite("App model: reactions", .timeLimit(.minutes(5)))
@MainActor
struct ReactionModelTests {
    @Test("choices from the chat; a tap adds, a second takes back; a bad one is worded; others' arrive live")
    func reactions() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, conversation, _) = try await ChatModelsTests.open(ChatModelsTests.alice, fixture)
        let theirs = try #require(conversation.messages.last { !$0.isOutgoing })
        let choices = await conversation.reactionChoices(for: theirs)
        #expect(choices.first == "👍" && !choices.contains("🦄") && conversation.actionError == nil)
        await conversation.toggleReaction("🔥", on: theirs)
        #expect(conversation.messages.first { $0.id == theirs.id }?.reactions.contains { $0.key == "🔥" && $0.isChosen } == true)
        await conversation.toggleReaction("🔥", on: theirs)
        #expect(conversation.messages.first { $0.id == theirs.id }?.reactions.contains { $0.isChosen } == false)
        await conversation.toggleReaction("🦄", on: theirs)
        #expect(conversation.actionError?.description.contains("not a reaction this chat allows") == true)

        fixture.simulator.simulateReaction(inDatabaseDirectory: fixture.services.environment.tdlibDatabaseFolder, chatID: ChatModelsTests.alice,
                                           messageID: theirs.id, from: ChatModelsTests.alice, emoji: "🎉")
        try await eventually("her reaction") {
            conversation.messages.first { $0.id == theirs.id }?.reactions.contains { $0.key == "🎉" && !$0.isChosen } == true
        }
        await conversation.close()
        await app.shutdown()
    }
}
