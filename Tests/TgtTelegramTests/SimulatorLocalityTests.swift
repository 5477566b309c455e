import Foundation
import Testing
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// The simulator answers what TDLib answers from its own state at once, and only server round
/// trips after the scenario's latency, as real TDLib does; which is which is held to
/// `td_api.tl`'s documentation.
@Suite("Contract: what the simulator answers locally and what waits on the server", .timeLimit(.minutes(3)))
struct SimulatorLocalityTests {
    static let offlineSentence = "This is an offline method"

    /// A function's documentation says it is offline, unconditionally for a user account.
    static func documentedOffline(_ doc: String) -> Bool {
        guard let range = doc.range(of: offlineSentence) else { return false }
        let after = doc[range.upperBound...]
        return !after.hasPrefix(" if") || after.hasPrefix(" if the current user is not a bot")
    }

    @Test("every simulated function td_api.tl calls offline is answered locally, and nothing else without a reason")
    func localityFollowsTheSchema() throws {
        let schema = try TLSchema.load()
        let simulated = SimulatedRequestLocality.simulatedFunctions
        for name in simulated.sorted() {
            let doc = try #require(schema.documentation[name], "\(name) is not a TDLib function")
            if Self.documentedOffline(doc) {
                #expect(SimulatedRequestLocality.documentedOffline.contains(name), "td_api.tl calls \(name) offline; the simulator makes it wait for the server")
            }
        }
        for name in SimulatedRequestLocality.documentedOffline.sorted() {
            #expect(simulated.contains(name), "\(name) is listed as local but the simulator does not answer it")
            #expect(Self.documentedOffline(schema.documentation[name] ?? ""), "td_api.tl does not call \(name) an offline method")
        }
        for (name, flag) in SimulatedRequestLocality.offlineWhenFlagged.sorted(by: { $0.key < $1.key }) {
            let doc = schema.documentation[name] ?? ""
            #expect(simulated.contains(name), "\(name) is listed but not simulated")
            #expect(schema.fields[name]?.contains(flag) == true, "\(name) has no field \(flag)")
            #expect(doc.contains("offline method if \(flag) is true") || doc.contains("@\(flag) Pass true to") && doc.contains("network request"),
                    "td_api.tl does not say \(flag) keeps \(name) off the network")
        }
        for name in SimulatedRequestLocality.answeredLocally.keys.sorted() {
            #expect(simulated.contains(name), "\(name) is listed but not simulated")
            #expect(!Self.documentedOffline(schema.documentation[name] ?? ""), "\(name) is documented offline: list it with those")
        }
        #expect(SimulatedRequestLocality.of(["@type": "getChatHistory", "only_local": false]) == .server)
        #expect(SimulatedRequestLocality.of(["@type": "getChatHistory", "only_local": true]) == .local)
        #expect(SimulatedRequestLocality.of(["@type": "loadChats"]) == .server)
    }

    @Test("with a long round trip, local requests and a send's pending message answer at once; the server's answers wait")
    func localAnswersDoNotWaitForTheServer() async throws {
        let telegram = try SimulatedTelegram()
        defer { telegram.remove() }
        let open = try await telegram.loggedIn()
        let session = open.session
        _ = try await session.send(TDFunctions.LoadChats(limit: 100), timeout: 30)
        // Ten minutes a round trip: anything that waits for the server cannot answer during the test.
        telegram.simulator.setLatency(600)
        let chatID: Int64 = -1001000000001
        let serverAnswered = Flag()
        let server = Task {
            _ = try? await session.send(TDFunctions.SearchChatsOnServer(query: "Team", limit: 5), timeout: 900)
            await serverAnswered.set()
        }
        // Sent after the server request on the simulator's one queue: answered first.
        let chat = try await session.send(TDFunctions.GetChat(chatID: chatID), timeout: 60)
        #expect(chat.id == chatID)
        let pending = try await session.send(TDFunctions.SendMessage(chatID: chatID, content: .text(FormattedText(text: "Now"))), timeout: 60)
        #expect(pending.sendingState != nil, "sendMessage answers with the pending message before any round trip")
        #expect(await serverAnswered.value == false, "searchChatsOnServer answered before its round trip")
        #expect(telegram.simulator.deliveredMessages.isEmpty, "the message was delivered before the round trip")
        server.cancel()
        await open.close()
    }

    @Test("during an outage local requests still answer, and a send accepted then is confirmed when the network returns")
    func outageHoldsOnlyTheServer() async throws {
        let telegram = try SimulatedTelegram()
        defer { telegram.remove() }
        let open = try await telegram.loggedIn()
        let session = open.session
        _ = try await session.send(TDFunctions.LoadChats(limit: 100), timeout: 30)
        telegram.simulator.setOutage(true)
        let chatID: Int64 = -1001000000001
        _ = try await session.send(TDFunctions.GetChat(chatID: chatID), timeout: 60)
        let pending = try await session.send(TDFunctions.SendMessage(chatID: chatID, content: .text(FormattedText(text: "Back online"))), timeout: 60)
        #expect(telegram.simulator.deliveredMessages.isEmpty)
        telegram.simulator.setOutage(false)
        let verdict = await session.confirmation(chatID: pending.chatID, temporaryID: pending.id, timeout: 60)
        guard case .sent? = verdict else {
            Issue.record("no confirmation after the outage: \(String(describing: verdict))")
            await open.close()
            return
        }
        #expect(telegram.simulator.deliveredMessages.map(\.content) == ["Back online"])
        await open.close()
    }

    @Test("everyone waiting for a message's verdict hears it; one who stops waiting leaves the others waiting")
    func severalWaitForOneVerdict() async throws {
        let telegram = try SimulatedTelegram()
        defer { telegram.remove() }
        let open = try await telegram.loggedIn()
        let session = open.session
        _ = try await session.send(TDFunctions.LoadChats(limit: 100), timeout: 30)
        telegram.simulator.setOutage(true)
        let chatID: Int64 = -1001000000001
        _ = try await session.send(TDFunctions.GetChat(chatID: chatID), timeout: 60)
        let pending = try await session.send(TDFunctions.SendMessage(chatID: chatID, content: .text(FormattedText(text: "Heard twice"))), timeout: 60)
        let first = Task { await session.confirmation(chatID: chatID, temporaryID: pending.id, timeout: 600) }
        let second = Task { await session.confirmation(chatID: chatID, temporaryID: pending.id, timeout: 600) }
        // A third gives up while the network is away: the others keep waiting.
        #expect(await session.confirmation(chatID: chatID, temporaryID: pending.id, timeout: 0.05) == nil)
        // The same temporary id in another chat is another message: no verdict for it.
        #expect(await session.confirmation(chatID: 777, temporaryID: pending.id, timeout: 0.05) == nil)
        telegram.simulator.setOutage(false)
        let verdicts = [await first.value, await second.value]
        #expect(verdicts.allSatisfy { if case .sent? = $0 { true } else { false } }, "\(verdicts)")
        await open.close()
    }
}

/// A flag one task sets and another reads.
private actor Flag {
    private(set) var value = false
    func set() { value = true }
}
