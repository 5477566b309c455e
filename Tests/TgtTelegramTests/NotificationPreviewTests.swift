import Foundation
import Testing
import TgtSimulator
import TgtTelegram
import TgtTestSupport

/// Telegram's "show preview" notification setting reaches every chat row: a chat that hides
/// previews says so (the dashboard's notifications then name the sender, not the text); the
/// others follow their kind's default, which shows them.
@Suite("Chats: notification previews", .timeLimit(.minutes(5)))
struct NotificationPreviewTests {
    @Test("a chat with show_preview off has showsPreview false in its summary; chats on the default keep it")
    func preview() async throws {
        var scenario = SimulatorScenario()
        scenario.histories[-1001000000001]?.showPreview = false
        let (sim, open, service) = try await ChatServiceTests.open(scenario)
        defer { sim.remove() }
        let main = await service.summaries()
        #expect(main.first { $0.title == "Family" }?.showsPreview == false)
        #expect(main.filter { $0.title != "Family" }.allSatisfy { $0.showsPreview })
        // Through JSON (the API and `tgt chat list --json`) and back.
        let family = try #require(main.first { $0.title == "Family" })
        let decoded = try JSONDecoder().decode(ChatSummary.self, from: try JSONEncoder().encode(family))
        #expect(decoded.showsPreview == false)
        await open.close()
    }
}
