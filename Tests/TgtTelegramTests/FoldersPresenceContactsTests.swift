import Foundation
import Testing
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

@Suite("Chats: folders, typing and online status, contacts", .timeLimit(.minutes(5)))
struct FoldersPresenceContactsTests {
    @Test("folders: the bar in Telegram's order with unread counts, each folder's chats in order (an archived one too), an unknown folder refused")
    func folders() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let bar = await service.folderBar()
        #expect(bar.folders.map(\.name) == ["Friends", "Updates"] && bar.folders.map(\.icon) == ["Love", "Custom"] && bar.mainPosition == 0)
        // Friends: Alice (1 unread), Climbing crew (read), Old flatmates (archived). Updates: Tech News (3 unread), Neighbours (read).
        #expect(bar.folders[0].unreadCount == 1 && bar.folders[0].unreadUnmutedCount == 1)
        #expect(bar.folders[1].unreadCount == 1 && bar.mainUnreadCount == 4)
        let friends = try await service.folderChats(2)
        // In Telegram's order: the same (order, id) as in the main list and the archive.
        let members: Set<String> = ["Climbing crew", "Alice", "Old flatmates"]
        let everywhere = await service.summaries() + service.summaries(list: .archive)
        #expect(friends.map(\.title) == everywhere.filter { members.contains($0.title) }.sorted { $0.order > $1.order }.map(\.title))
        #expect(friends.count == 3 && friends.allSatisfy { $0.list == "folder" })
        #expect(try await service.folderChats(2, unreadOnly: true).map(\.title) == ["Alice"])
        #expect(try await service.folderChats(3, search: "tech").map(\.title) == ["Tech News"])
        await #expect(throws: ChatError.folderNotFound("99")) { _ = try await service.folderChats(99) }
        #expect(try bar.folder(named: "friends").id == 2 && bar.folder(named: "3").name == "Updates")
        #expect(throws: ChatError.folderNotFound("Work")) { _ = try bar.folder(named: "Work") }
        // A new message in a folder's chat moves it there too and counts it unread.
        sim.simulator.simulateIncoming(inDatabaseDirectory: sim.environment.tdlibDatabaseFolder, chatID: -4002, from: 555_000_207, text: "Bins tonight")
        try await awaitCondition { await service.folderBar().folders[1].unreadCount == 2 }
        #expect(try await service.folderChats(3).first?.title == "Neighbours")
        await open.close()
    }

    @Test("presence: a person's status in their chat's row; someone typing in a private chat, a group and a forum's topic (only that topic's header says so), worded, until they stop or write")
    func typingAndStatus() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let folder = sim.environment.tdlibDatabaseFolder
        #expect(await service.summary(555_000_111)?.status == "online")
        let crew = await service.summary(-4001)
        #expect(crew?.status == nil && crew?.typing == nil)
        let events = open.session.chatEvents.subscribe(replayingCurrent: false)
        sim.simulator.simulateChatAction(inDatabaseDirectory: folder, chatID: 555_000_111, userID: 555_000_111, action: "chatActionTyping")
        for await event in events { if case .activity(555_000_111) = event { break } }
        #expect(await service.summary(555_000_111)?.typing == "typing…")
        sim.simulator.simulateChatAction(inDatabaseDirectory: folder, chatID: -4001, userID: 555_000_203, action: "chatActionRecordingVoiceNote")
        sim.simulator.simulateChatAction(inDatabaseDirectory: folder, chatID: -4001, userID: 555_000_204, action: "chatActionTyping")
        try await awaitCondition { await service.typing(in: -4001, topicID: nil) == "Sofia and Dmitri are recording a voice message…" }
        sim.simulator.simulateChatAction(inDatabaseDirectory: folder, chatID: -4001, userID: 555_000_203, action: nil)
        try await awaitCondition { await service.typing(in: -4001, topicID: nil) == "Dmitri is typing…" }
        sim.simulator.simulateChatAction(inDatabaseDirectory: folder, chatID: 555_000_111, userID: 555_000_111, action: nil)
        try await awaitCondition { await service.summary(555_000_111)?.typing == nil }
        // In a forum, the row says who types anywhere; a topic being read, only who types there.
        let work: Int64 = -1001000000002
        sim.simulator.simulateChatAction(inDatabaseDirectory: folder, chatID: work, userID: 555_000_203, action: "chatActionTyping", topicID: 11)
        try await awaitCondition { await service.summary(work)?.typing == "Sofia is typing…" }
        #expect(await service.summary(work, topicID: 11)?.typing == "Sofia is typing…")
        #expect(await service.summary(work, topicID: 1)?.typing == nil, "General's header: nobody types there")
        let general = try await service.conversation(chatID: work, topicID: 1)
        #expect(general.chat.typing == nil && general.chat.id == work)
        // Going offline changes the header's line.
        sim.simulator.simulateStatus(inDatabaseDirectory: folder, userID: 555_000_111, online: false)
        try await awaitCondition { await service.summary(555_000_111)?.status == "last seen just now" }
        #expect(ChatService.describeActivity([("A", .typing), ("B", .typing), ("C", .choosingSticker)], isPrivate: false) == "A and 2 others are typing…")
        await open.close()
    }

    @Test("the user's own typing goes to Telegram as sendChatAction (a null action to stop); not where they cannot write, nor in Saved Messages")
    func ownTyping() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        try await service.setTyping(chatID: -4001, topicID: nil, typing: true)
        try await service.setTyping(chatID: -4001, topicID: nil, typing: false)
        #expect(sim.simulator.chatActionsSent == [SentChatAction(chatID: -4001, action: "chatActionTyping"), SentChatAction(chatID: -4001, action: "chatActionCancel")])
        await #expect(throws: ChatError.self) { try await service.setTyping(chatID: -1001000000003, topicID: nil, typing: true) }
        try await service.setTyping(chatID: 424242, topicID: nil, typing: true)
        await #expect(throws: ChatError.chatNotFound("-31337")) { try await service.setTyping(chatID: -31337, topicID: nil, typing: true) }
        #expect(sim.simulator.chatActionsSent.count == 2)
        await open.close()
    }

    @Test("contacts: online first then by name, search by name or username, start a chat with one, add a group's member, names checked first")
    func contacts() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let all = try await service.contacts(now: Date())
        #expect(all.first?.name == "Alice Moreau" && all.first?.status == "online")
        #expect(Set(all.map(\.name)) == ["Alice Moreau", "Mum", "Dad", "Sofia Rossi", "Priya Nair"])
        #expect(try await service.contacts(search: "sof", now: Date()).map(\.username) == ["sofia_r"])
        #expect(try await service.contacts(search: "dmitri", now: Date()).isEmpty)
        // Mum has no private chat yet: starting one makes it (empty, nothing posted).
        let mum = try await service.startChat(userID: 555_000_201)
        #expect(mum.id == 555_000_201 && mum.title == "Mum" && mum.kind == .private)
        await #expect(throws: ChatError.chatNotFound("999")) { _ = try await service.startChat(userID: 999) }
        // Dmitri (a member of a group, not a contact) is added by his user id, under a new name.
        #expect(try await service.profile(chatID: 555_000_204, now: Date()).contact == ChatProfile.ContactState(isContact: false, firstName: "Dmitri", lastName: "Volkov"))
        await #expect(throws: ChatError.badContactName(.emptyFirstName)) {
            _ = try await service.addContact(chatID: 555_000_204, firstName: "  ", lastName: "", sharePhone: false, now: Date())
        }
        await #expect(throws: ChatError.self) {
            _ = try await service.addContact(chatID: 555_000_204, firstName: String(repeating: "D", count: 65), lastName: "", sharePhone: false, now: Date())
        }
        await #expect(throws: ChatError.notAPerson(title: "Climbing crew")) {
            _ = try await service.addContact(chatID: -4001, firstName: "Crew", lastName: "", sharePhone: false, now: Date())
        }
        let added = try await service.addContact(chatID: 555_000_204, firstName: "Dima", lastName: "V.", sharePhone: true, now: Date())
        #expect(added.name == "Dima V." && added.userID == 555_000_204)
        try await awaitCondition { (try? await service.contacts(now: Date()).contains { $0.name == "Dima V." }) == true }
        #expect(try await service.profile(chatID: 555_000_204, now: Date()).contact?.isContact == true)
        // Own account and bots have no contact state.
        #expect(try await service.profile(chatID: 424242, now: Date()).contact == nil)
        await open.close()
    }
}
