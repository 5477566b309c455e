import Foundation
import Testing
import TgtAppModel
import TgtSimulator
import TgtTelegram
import TgtTestSupport

/// New messages told while the app runs: one alert per message from someone else in a chat
/// that is not muted and not on the screen, the sender first in a group, only who wrote where
/// Telegram hides previews; the icon's badge follows the unread chats, and goes at logout.
@Suite("App model: message alerts", .timeLimit(.minutes(5)))
@MainActor
struct MessageAlertsTests {
    @Test("alerts for chats not muted and not on the screen, worded by chat kind and preview setting; the badge counts unread chats")
    func alerts() async throws {
        var scenario = SimulatorScenario()
        scenario.histories[ChatModelsTests.family]?.showPreview = false
        let fixture = try AppFixture(scenario: scenario)
        defer { fixture.remove() }
        let app = try await ChatModelsTests.loggedIn(fixture)
        let database = fixture.services.environment.tdlibDatabaseFolder
        // Family, Work and Alice are unread and not muted.
        try await eventually("the badge") { fixture.alerts.badges.last == 3 }

        fixture.simulator.simulateIncoming(inDatabaseDirectory: database, chatID: ChatModelsTests.alice, from: ChatModelsTests.alice, text: "Leaving now")
        try await eventually("Alice's alert") { fixture.alerts.shown.count == 1 }
        let alice = try #require(fixture.alerts.shown.first)
        #expect(alice.chatID == ChatModelsTests.alice && alice.title == "Alice" && alice.body.description == "Leaving now")
        #expect(alice.id == "message-\(ChatModelsTests.alice)-\(alice.messageID)")

        // Muted: nothing. Family hides previews: only who wrote.
        fixture.simulator.simulateIncoming(inDatabaseDirectory: database, chatID: ChatModelsTests.climbing, from: 555_000_207, text: "Crag on Sunday?")
        fixture.simulator.simulateIncoming(inDatabaseDirectory: database, chatID: ChatModelsTests.family, from: ChatModelsTests.alice, text: "Dinner at 8")
        try await eventually("Family's alert") { fixture.alerts.shown.count == 2 }
        let family = try #require(fixture.alerts.shown.last)
        #expect(family.chatID == ChatModelsTests.family && family.title == "Family" && family.body.description == "New message from Alice Moreau", "\(family.body.description)")
        #expect(!fixture.alerts.shown.contains { $0.chatID == ChatModelsTests.climbing }, "a muted chat is not alerted")

        // On the screen: no alert; closed again: alerts.
        let conversation = app.conversation(for: ChatModelsTests.alice)
        await conversation.open()
        #expect(app.alerts.isOnScreen(ChatModelsTests.alice))
        try await eventually("Alice read: the badge goes down") { fixture.alerts.badges.last == 2 }
        fixture.simulator.simulateIncoming(inDatabaseDirectory: database, chatID: ChatModelsTests.alice, from: ChatModelsTests.alice, text: "Seen it?")
        try await eventually("the message shown in the conversation") { conversation.messages.contains { $0.text == "Seen it?" } }
        await conversation.close()
        fixture.simulator.simulateIncoming(inDatabaseDirectory: database, chatID: ChatModelsTests.alice, from: ChatModelsTests.alice, text: "Hello?")
        try await eventually("the alert after closing") { fixture.alerts.shown.last?.body.description == "Hello?" }
        #expect(!fixture.alerts.shown.contains { $0.body.description == "Seen it?" }, "none while the chat was on the screen")
        #expect(fixture.alerts.shown.count == 3)

        // A tapped alert asks the shell for its chat, once.
        app.openChat(alice.chatID)
        #expect(app.chatToOpen == ChatModelsTests.alice)
        app.chatOpened()
        #expect(app.chatToOpen == nil)

        app.settings.requestLogout()
        await app.settings.confirmLogout()
        // The alerts shown are taken back (their previews were the account's), then the badge.
        try await eventually("the alerts and the badge cleared at logout") { fixture.alerts.shown.isEmpty && fixture.alerts.badges.last == 0 }
        await app.shutdown()
    }
}
