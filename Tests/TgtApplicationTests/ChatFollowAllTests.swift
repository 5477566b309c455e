import Foundation
import Testing
@testable import TgtApplication
import TgtSimulator
import TgtTelegram
import TgtTestSupport

/// `SessionChatAccess.followAll`: what `tgt chat follow` prints from this process's own session.
@Suite("Following every chat", .timeLimit(.minutes(3)))
struct ChatFollowAllTests {
    @Test("messages from others arrive from every chat with the chat's title; a muted chat is left out unless asked for")
    func followsEveryChatButMuted() async throws {
        let sim = try SimulatedTelegram()
        defer { sim.remove() }
        let open = try await sim.loggedIn()
        let service = ChatService(session: open.session, clock: sim.clock, timeout: 30)
        try await service.loadChatLists()
        let access = SessionChatAccess(service: service, clock: sim.clock)
        let folder = sim.environment.tdlibDatabaseFolder
        // "Climbing crew" (-4001) is muted in the demo; "Neighbours" (-4002) is not.
        #expect(await service.summary(-4001)?.isMuted == true)
        #expect(await service.summary(-4002)?.isMuted == false)

        var quiet = access.followAll(includeMuted: false).makeAsyncIterator()
        var everything = access.followAll(includeMuted: true).makeAsyncIterator()
        // Both streams listen from the moment they are made.
        sim.simulator.simulateIncoming(inDatabaseDirectory: folder, chatID: -4001, from: 555_000_206, text: "Crag on Sunday?")
        sim.simulator.simulateIncoming(inDatabaseDirectory: folder, chatID: -4002, from: 555_000_207, text: "Bins go out tonight")

        let first = try await quiet.next()
        #expect(first?.chatTitle == "Neighbours" && first?.message.text == "Bins go out tonight" && first?.isMuted == false)
        let all = [try await everything.next(), try await everything.next()].compactMap { $0 }
        #expect(all.map(\.chatTitle) == ["Climbing crew", "Neighbours"])
        #expect(all.first?.isMuted == true && all.first?.message.sender.name.isEmpty == false)
        await open.close()
    }
}
