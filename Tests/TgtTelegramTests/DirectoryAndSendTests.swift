import Foundation
import Testing
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram
import TgtTestSupport

@Suite("Chat directory and sending against the simulator")
struct DirectoryAndSendTests {
    @Test("directory: groups and non-channel supergroups with member counts and forum topics, cached in the store")
    func directory() async throws {
        let t = try SimulatedTelegram()
        defer { t.remove() }
        let open = try await t.loggedIn()
        let chats = try await ChatDirectory(session: open.session, pageSize: 4).refresh(into: t.store)
        #expect(chats.map(\.title) == ["Family", "Work", "Climbing crew", "Neighbours"])
        #expect(chats.map(\.memberCount) == [5, 48, 7, 23])
        #expect(chats[1].isForum && chats[1].topics.map(\.title) == ["General", "Standups", "Lunch"])
        #expect(try t.store.cachedChats() == chats)
        let requests = t.simulator.receivedRequests
        #expect(requests.filter { $0 == "loadChats" }.count == 3)  // 2 pages + the final 404
        #expect(!requests.contains("getChat"))
        await open.close()
    }

    @Test("directory asks for full info only where the member count is unknown, and pages through topics")
    func directoryFillsIn() async throws {
        let t = try SimulatedTelegram(scenario: .generated(chatCount: 60, latency: 0))
        defer { t.remove() }
        let open = try await t.loggedIn()
        let chats = try await ChatDirectory(session: open.session).load()
        // 60 chats: 6 channels and 6 private chats are left out.
        #expect(chats.count == 48)
        #expect(chats.allSatisfy { $0.memberCount > 0 })
        #expect(chats.filter(\.isForum).allSatisfy { $0.topics.count == 3 })
        let fullInfo = t.simulator.receivedRequests.filter { $0 == "getSupergroupFullInfo" }.count
        #expect(fullInfo > 0 && fullInfo < 24)
        await open.close()
    }

    @Test("a send to three targets: one waits out a 429 and succeeds, one fails, one succeeds")
    func threeTargets() async throws {
        let t = try SimulatedTelegram(scenario: SimulatorScenario(sendBehaviours: [
            -4001: .floodWait(seconds: 1, times: 1),
            -4002: .fail(code: 403, message: "CHAT_WRITE_FORBIDDEN"),
        ]))
        defer { t.remove() }
        let open = try await t.loggedIn()
        let family = Target(chatID: -1001000000001, chatTitle: "Family")
        let standups = Target(chatID: -1001000000002, topicID: 11, chatTitle: "Work", topicTitle: "Standups")
        let climbing = Target(chatID: -4001, chatTitle: "Climbing crew")
        let neighbours = Target(chatID: -4002, chatTitle: "Neighbours")
        let template = try t.store.insert(Template(name: "Leaving", body: "*Leaving* now → {{chat}}, back at {{eta}}.",
                                                    targets: [family, climbing, neighbours, standups], silent: true))
        let events = Locked<[SendProgress]>([])
        let report = try await Sender(session: open.session, store: t.store, confirmationTimeout: 5).send(
            SendRequest(template: template, variables: ["eta": "18:30"])) { event in events.withLock { $0.append(event) } }
        #expect(report.results.map(\.status) == [.sent, .sent, .failed, .sent])
        #expect(report.results[1].attempts == 2)
        #expect(report.results[2].error == "You are not allowed to post in this chat.")
        #expect(events.withLock { $0 }.contains(.waiting(climbing, seconds: 1)))
        let delivered = t.simulator.deliveredMessages
        #expect(delivered.map(\.chatID) == [-1001000000001, -1001000000002, -4001] || Set(delivered.map(\.chatID)) == [-1001000000001, -1001000000002, -4001])
        #expect(delivered.first { $0.chatID == -1001000000002 }?.topicID == 11)
        #expect(delivered.allSatisfy { $0.silent })
        #expect(delivered.first { $0.chatID == -4001 }?.content == "Leaving now → Climbing crew, back at 18:30.")
        let log = try t.store.sends(inBatch: report.batchID)
        #expect(log.map(\.status) == [.sent, .sent, .failed, .sent])
        #expect(log[0].messageID != nil && log[2].error == "You are not allowed to post in this chat.")
        await open.close()
    }

    @Test("missing variables or broken Markdown send nothing at all")
    func nothingSentOnBadInput() async throws {
        let t = try SimulatedTelegram()
        defer { t.remove() }
        let open = try await t.loggedIn()
        let targets = [Target(chatID: -4001, chatTitle: "Climbing crew"), Target(chatID: -4002, chatTitle: "Neighbours")]
        let sender = Sender(session: open.session, store: t.store, confirmationTimeout: 5)
        let missing = try t.store.insert(Template(name: "Eta", body: "In {{minutes}} min at {{place}}", targets: targets))
        await #expect(throws: SendError.render(.missingVariables(["minutes", "place"]))) {
            _ = try await sender.send(SendRequest(template: missing))
        }
        let broken = try t.store.insert(Template(name: "Broken", body: "Price *5 today", targets: targets))
        await #expect {
            _ = try await sender.send(SendRequest(template: broken))
        } throws: { error in
            (error as? SendError)?.message == "The formatting in “Broken” is broken at character 7 (“*5 today”): an unclosed * _ ` or [ (add the closing mark, or put \\ before it to write it literally)."
        }
        #expect(t.simulator.deliveredMessages.isEmpty)
        #expect(try t.store.recentSends().isEmpty)
        await open.close()
    }

    @Test("native location mode sends the text and then a location message")
    func nativeLocation() async throws {
        let t = try SimulatedTelegram()
        defer { t.remove() }
        let open = try await t.loggedIn()
        let template = try t.store.insert(Template(name: "Arrived", body: "Arrived 📍", targets: [Target(chatID: -4001, chatTitle: "Climbing crew")], locationMode: .native))
        let here = try #require(Coordinate(latitude: 45.5, longitude: 9.25))
        let report = try await Sender(session: open.session, store: t.store, confirmationTimeout: 5).send(SendRequest(template: template, location: here))
        #expect(report.allSent)
        #expect(t.simulator.deliveredMessages.map(\.content) == ["Arrived 📍", "location:45.5,9.25"])
        await open.close()
    }

    @Test("sending before login says to log in")
    func notLoggedIn() async throws {
        let t = try SimulatedTelegram()
        defer { t.remove() }
        let open = try await t.environment.openSession()
        let template = try t.store.insert(Template(name: "x", body: "y", targets: [Target(chatID: -4001, chatTitle: "C")]))
        await #expect(throws: SendError.notLoggedIn) {
            _ = try await Sender(session: open.session, store: t.store).send(SendRequest(template: template))
        }
        await #expect(throws: TelegramError.notLoggedIn) { _ = try await ChatDirectory(session: open.session).load() }
        await open.close()
    }
}
