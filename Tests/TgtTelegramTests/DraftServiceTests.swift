import Foundation
import Testing
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

@Suite("Chats: cloud drafts", .timeLimit(.minutes(5)))
struct DraftServiceTests {
    @Test("a draft is saved and shows in the chat's row; one from another device arrives live; a composer's send clears it, others leave it")
    func drafts() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let alice: Int64 = 555_000_111, crag: Int64 = -4001
        try await service.setDraft(chatID: alice, text: "half *typed*")
        try await awaitCondition { await service.summary(alice)?.draft == "half *typed*" }
        #expect(await service.summaries().first { $0.id == alice }?.draft == "half *typed*")
        try await service.setDraft(chatID: alice, text: "  \n")
        try await awaitCondition { await service.summary(alice)?.draft == nil }
        await #expect(throws: ChatError.tooLong(max: 4096)) { try await service.setDraft(chatID: alice, text: String(repeating: "x", count: 4097)) }
        await #expect(throws: ChatError.chatNotFound("31337")) { try await service.setDraft(chatID: 31337, text: "x") }

        sim.simulator.simulateDraft(inDatabaseDirectory: sim.environment.tdlibDatabaseFolder, chatID: crag, text: "from my phone")
        try await awaitCondition { await service.summary(crag)?.draft == "from my phone" }
        _ = try await service.send(chatID: crag, markdown: "from my phone, sent", clearDraft: true)
        try await awaitCondition { await service.summary(crag)?.draft == nil }

        // A send that is not a composer's leaves the draft alone: tgt chat send, and the bare
        // sendMessage without clear_draft that Sender asks for a template's tap.
        try await service.setDraft(chatID: alice, text: "keep me")
        _ = try await service.send(chatID: alice, markdown: "from a script")
        _ = try await open.session.send(TDFunctions.SendMessage(chatID: alice, content: .text(FormattedText(text: "tap"))))
        try await awaitCondition { await service.summary(alice)?.lastMessage?.text == "tap" }
        #expect(await service.summary(alice)?.draft == "keep me")
        await open.close()
    }
}
