import Foundation
import Testing
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram
import TgtTestSupport

@Suite("The long-running Telegram session (dashboard, app)", .timeLimit(.minutes(5)))
struct SessionHostTests {
    @Test("One owner per data folder: a second host (or CLI session) is refused, naming the pid")
    func oneOwner() async throws {
        let sim = try SimulatedTelegram()
        defer { sim.remove() }
        let host = try SessionHost(environment: sim.environment, store: sim.store, clock: sim.store.clock)
        await host.start()
        #expect(throws: TelegramError.sessionInUse(pid: getpid(), folder: sim.folder.url.standardizedFileURL.path)) {
            _ = try SessionHost(environment: sim.environment, store: sim.store, clock: sim.store.clock)
        }
        await #expect(throws: TelegramError.self) { _ = try await sim.environment.openSession() }
        await host.shutdown(grace: 0)
        let again = try SessionHost(environment: sim.environment, store: sim.store, clock: sim.store.clock)
        await again.shutdown(grace: 0)
    }

    @Test("Shutdown during a send: it is waited for up to the grace time, and nothing stays 'sending'")
    func shutdownDuringSend() async throws {
        let clock = TestClock()
        let sim = try SimulatedTelegram(scenario: SimulatorScenario(sendBehaviours: [-4001: .neverConfirm]), clock: clock)
        defer { sim.remove() }
        let host = try SessionHost(environment: sim.environment, store: sim.store, clock: clock)
        await host.start()
        let session = try #require(await host.session)
        let flow = LoginFlow(session: session, timeout: 30)
        _ = try await flow.submitPhoneNumber(sim.simulator.account.phoneNumber)
        _ = try await flow.submitCode(sim.simulator.account.code)
        let template = try sim.store.insert(Template(name: "Hi", body: "Hello", targets: [
            Target(chatID: -1001000000001, chatTitle: "Family"), Target(chatID: -4001, chatTitle: "Climbing crew"),
        ]))
        let sending = Task { try? await host.send(SendRequest(template: template)) }
        // In flight: both messages handed to TDLib. (No row is "sent" before every verdict is
        // in, and Climbing's never comes: the send now waits for its confirmation.)
        try await awaitCondition { sim.simulator.receivedRequests.filter { $0 == "sendMessage" }.count == 2 }
        // The grace time runs on the host's clock: the shutdown ends once it is over.
        let stopped = Locked(false)
        let stopping = Task {
            await host.shutdown(grace: 0.5)
            stopped.withLock { $0 = true }
        }
        try await awaitCondition {
            clock.advance(by: 0.1)
            return stopped.withLock { $0 }
        }
        await stopping.value
        _ = await sending.value
        let entries = try sim.store.recentSends()
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { $0.status == .sent || $0.status == .failed })
        let climbing = try #require(entries.first { $0.target.chatID == -4001 })
        #expect(climbing.status == .failed)
        #expect(climbing.error?.isEmpty == false)
        await #expect(throws: SendError.self) { _ = try await host.send(SendRequest(template: template)) }
    }
}
