import Foundation
import Testing
import TgtAppModel
import TgtSimulator
import TgtTelegram
import TgtTestSupport

/// Choosing several messages in the app's conversation model: ticking and unticking, forwarding
/// them oldest first, deleting them with the choices every one of them allows, and a message
/// deleted meanwhile no longer chosen.
@Suite("App model: several messages at once", .timeLimit(.minutes(5)))
@MainActor
struct SelectionModelTests {
    @Test("tick two, forward them oldest first; untick the last ends it; service lines cannot be chosen")
    func forwardSeveral() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, conversation, _) = try await ChatModelsTests.open(ChatModelsTests.family, fixture)
        let chosen = Array(conversation.messages.filter { conversation.canSelect($0) }.suffix(2))
        try #require(chosen.count == 2)
        #expect(conversation.actions(for: chosen[1]).contains(.select))
        conversation.startSelecting(with: chosen[1])
        conversation.toggleSelection(chosen[0])
        #expect(conversation.isSelecting && conversation.selection == [chosen[1].id, chosen[0].id])
        #expect(conversation.selectionTitle.description == "2 selected" && conversation.deleteSelectionTitle.description == "Delete 2 messages?")
        #expect(conversation.selectedMessages.map(\.id) == chosen.map(\.id), "oldest first, whatever the ticking order")
        if let line = conversation.messages.first(where: { $0.serviceLine != nil }) {
            conversation.toggleSelection(line)
            #expect(conversation.selection.count == 2)
        }

        #expect(await conversation.forwardSelected(to: ChatModelsTests.techNews) == false)
        #expect(conversation.actionError?.description.contains("cannot write") == true && conversation.selection.count == 2, "a refusal keeps the choice")
        #expect(await conversation.forwardSelected(to: ChatModelsTests.alice))
        #expect(!conversation.isSelecting && conversation.selection.isEmpty && conversation.actionError == nil)
        let service = try await app.host.sessionHost.chatService()
        let arrived = try await service.conversation(chatID: ChatModelsTests.alice, limit: 2).messages
        #expect(arrived.map(\.text) == chosen.map(\.text) && arrived.allSatisfy { $0.forwardedFrom != nil })

        conversation.startSelecting(with: chosen[0])
        conversation.toggleSelection(chosen[0])
        #expect(!conversation.isSelecting, "unticking the last one ends the choosing")

        // Select on another bubble while choosing adds it, and keeps what was chosen.
        conversation.startSelecting(with: chosen[0])
        conversation.startSelecting(with: chosen[1])
        #expect(conversation.selection == [chosen[0].id, chosen[1].id])
        conversation.endSelection()

        // A chosen message the window no longer shows (back at the latest after paging far) is no longer chosen.
        let crag = app.conversation(for: ChatModelsTests.climbing)
        await crag.open()
        while crag.hasOlder, crag.messages.count < 120 { await crag.loadOlder() }
        let old = try #require(crag.messages.first { crag.canSelect($0) })
        crag.startSelecting(with: old)
        await crag.loadLatest()
        #expect(!crag.messages.contains { $0.id == old.id })
        #expect(!crag.isSelecting && crag.selection.isEmpty, "the choice follows what is shown")
        await crag.close()
        await conversation.close()
        await app.shutdown()
    }

    @Test("delete offers what every chosen message allows; all go; one deleted elsewhere is no longer chosen")
    func deleteSeveral() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, conversation, composer) = try await ChatModelsTests.open(ChatModelsTests.alice, fixture)
        for text in ["one", "two", "three"] {
            composer.text = text
            #expect(await composer.send())
        }
        try await eventually("three sent") { conversation.messages.suffix(3).allSatisfy { $0.isOutgoing && $0.sendingState == nil } }
        let mine = Array(conversation.messages.suffix(3))
        let hers = try #require(conversation.messages.last { !$0.isOutgoing && $0.serviceLine == nil })

        conversation.startSelecting(with: mine[0])
        conversation.toggleSelection(mine[1])
        #expect(await conversation.deleteOptionsForSelection().map(\.forEveryone) == [false, true])
        conversation.toggleSelection(hers)
        #expect(await conversation.deleteOptionsForSelection().map(\.forEveryone) == [false, true], "in a private chat hers can go for both too")

        // Deleted elsewhere meanwhile: it is no longer chosen.
        let service = try await app.host.sessionHost.chatService()
        try await service.delete(chatID: ChatModelsTests.alice, messageIDs: [hers.id], forEveryone: false)
        try await eventually("hers no longer chosen") { conversation.selection == [mine[0].id, mine[1].id] }

        #expect(await conversation.deleteSelected(forEveryone: true))
        #expect(!conversation.isSelecting && conversation.actionError == nil)
        try await eventually("both gone") { !conversation.messages.contains { $0.id == mine[0].id || $0.id == mine[1].id } }
        #expect(conversation.messages.contains { $0.id == mine[2].id })

        // The last chosen one deleted elsewhere ends the choosing.
        conversation.startSelecting(with: mine[2])
        try await service.delete(chatID: ChatModelsTests.alice, messageIDs: [mine[2].id], forEveryone: true)
        try await eventually("the choosing ended") { !conversation.isSelecting }
        await conversation.close()
        await app.shutdown()
    }
}
