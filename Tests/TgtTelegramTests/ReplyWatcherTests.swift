import Foundation
import Testing
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram
import TgtTestSupport

@Suite("Replies to templates' messages are kept with their sends", .timeLimit(.minutes(5)))
struct ReplyWatcherTests {
    static func loggedInHost(_ sim: SimulatedTelegram) async throws -> SessionHost {
        let host = try SessionHost(environment: sim.environment, store: sim.store, clock: sim.clock)
        await host.start()
        let session = try #require(await host.session)
        if session.authorizationState != .ready {
            let flow = LoginFlow(session: session, timeout: 30)
            _ = try await flow.submitPhoneNumber(sim.simulator.account.phoneNumber)
            _ = try await flow.submitCode(sim.simulator.account.code)
        }
        return host
    }

    @Test("Mum's reply in Family is recorded once with the send it answers, live and after a restart; other messages are not")
    func recorded() async throws {
        // Mum answers `replier.delay` (3) seconds after a message lands, on the server's clock.
        let clock = TestClock()
        let sim = try SimulatedTelegram(clock: clock)
        defer { sim.remove() }
        let template = try sim.store.insert(Template(name: "Leaving work", body: "Leaving work 🚗", targets: [
            Target(chatID: -1001000000001, chatTitle: "Family"), Target(chatID: -4001, chatTitle: "Climbing crew"),
        ]))
        // Live: the dashboard runs while Mum answers.
        var host = try await Self.loggedInHost(sim)
        let report = try await host.send(SendRequest(template: template))
        #expect(report.results.allSatisfy { $0.status == .sent })
        let family = try #require(try sim.store.recentSends().first { $0.target.chatID == -1001000000001 })
        var replies: [SendReply] = []
        try await awaitCondition {
            clock.advance(by: 0.1)
            replies = try sim.store.replies(toSends: [family.id])[family.id] ?? []
            return !replies.isEmpty
        }
        #expect(replies.count == 1 && replies.first?.senderName == "Mum" && replies.first?.preview.isEmpty == false)
        let climbing = try #require(try sim.store.recentSends().first { $0.target.chatID == -4001 })
        #expect(try sim.store.replies(toSends: [climbing.id]).isEmpty)
        // While nothing runs: sent, the process stops at once, the reply comes meanwhile.
        let second = try await host.send(SendRequest(template: template))
        #expect(second.results.allSatisfy { $0.status == .sent })
        await host.shutdown(grace: 5)
        clock.advance(by: 3.5)
        let newest = try #require(try sim.store.recentSends().first { $0.target.chatID == -1001000000001 && $0.id != family.id })
        host = try await Self.loggedInHost(sim)
        var later: [SendReply] = []
        try await awaitCondition {
            later = try sim.store.replies(toSends: [newest.id])[newest.id] ?? []
            return !later.isEmpty
        }
        #expect(later.count == 1 && later.first?.senderName == "Mum")
        // Recorded once, whatever sees it again.
        let session = try #require(await host.session)
        #expect(await ReplyWatcher(session: session, store: sim.store).catchUp(since: clock.now.addingTimeInterval(-3600)) == 0)
        #expect(try sim.store.replies(toSends: [family.id, newest.id]).values.map(\.count) == [1, 1])
        await host.shutdown(grace: 5)
    }
}
