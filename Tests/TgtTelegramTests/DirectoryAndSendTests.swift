import Foundation
import Testing
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram
import TgtTestSupport

@Suite("Chat directory and sending against the simulator", .timeLimit(.minutes(5)))
struct DirectoryAndSendTests {
    @Test("directory: Saved Messages first, then every chat of the main list with member counts, forum topics and post rights, cached in the store")
    func directory() async throws {
        let t = try SimulatedTelegram()
        defer { t.remove() }
        let open = try await t.loggedIn()
        let chats = try await ChatDirectory(session: open.session, pageSize: 4).refresh(into: t.store)
        #expect(chats.map(\.title) == ["Saved Messages", "Family", "Work", "Climbing crew", "Tech News", "Alice", "Neighbours"])
        #expect(chats.map(\.kind) == [.savedMessages, .supergroup, .supergroup, .basicGroup, .channel, .privateChat, .basicGroup])
        #expect(chats.first?.id == SimulatedAccount().userID, "Saved Messages is the account's own chat")
        #expect(chats.map(\.memberCount) == [0, 5, 48, 7, 12000, 0, 23])
        #expect(chats.map(\.cannotPostReason) == [nil, nil, nil, nil, "only the channel's admins can post.", nil, nil])
        #expect(chats[2].isForum && chats[2].topics.map(\.title) == ["General", "Standups", "Lunch"])
        #expect(try t.store.cachedChats() == chats)
        let requests = t.simulator.receivedRequests
        #expect(requests.filter { $0 == "loadChats" }.count == 3)  // 2 pages + the final 404
        #expect(requests.filter { $0 == "createPrivateChat" }.count == 1, "Saved Messages had no message yet, so it was opened")
        #expect(!requests.contains("getChat"))
        await open.close()
    }

    @Test("a channel you own is a target; one you only read and a group whose admins muted members are listed with the reason")
    func postRights() async throws {
        let t = try SimulatedTelegram(scenario: SimulatorScenario(chats: [
            SimulatedChat(id: -1001000000003, title: "Tech News", kind: .channel(id: 1000000003, memberCount: 12000)),
            SimulatedChat(id: -1001000000009, title: "My trips", kind: .channel(id: 1000000009, memberCount: 0), isOwned: true),
            SimulatedChat(id: -4002, title: "Neighbours", kind: .basicGroup(id: 4002, memberCount: 23)),
        ], sendBehaviours: [-4002: .fail(code: 403, message: "CHAT_WRITE_FORBIDDEN")]))
        defer { t.remove() }
        let open = try await t.loggedIn()
        let chats = try await ChatDirectory(session: open.session).refresh(into: t.store)
        #expect(chats.first?.title == "Saved Messages" && Set(chats.map(\.title)) == ["Saved Messages", "Tech News", "My trips", "Neighbours"])
        let byTitle = Dictionary(uniqueKeysWithValues: chats.map { ($0.title, $0) })
        let trips = try #require(byTitle["My trips"])
        #expect(trips.canPost && byTitle["Saved Messages"]?.canPost == true)
        #expect(byTitle["Tech News"]?.targetRefusal == "You cannot post in “Tech News”: only the channel's admins can post.")
        #expect(byTitle["Neighbours"]?.targetRefusal == "You cannot post in “Neighbours”: its admins do not let members post.")
        #expect(trips.kind == .channel && trips.summary == "channel", "an owned channel whose count TDLib did not say")
        #expect(t.simulator.receivedRequests.filter { $0 == "getSupergroupFullInfo" }.count == 1, "counts are asked only for chats you may post in")
        // What the directory allows really goes out: to the owned channel and Saved Messages.
        let template = try t.store.insert(Template(name: "Trip", body: "Landed ✈️", targets: [trips.target(), chats[0].target()]))
        let report = try await Sender(session: open.session, store: t.store, confirmationTimeout: 5).send(SendRequest(template: template))
        #expect(report.allSent)
        #expect(Set(t.simulator.deliveredMessages.map(\.chatID)) == [-1001000000009, SimulatedAccount().userID])
        await open.close()
    }

    @Test("chats where each message costs Stars are refused, in the directory and the chat list, unless the person exempts the account; a group's owner posts free")
    func paidMessages() async throws {
        var scenario = SimulatorScenario(chats: [
            SimulatedChat(id: 555_000_301, title: "Star", kind: .private(userID: 555_000_301)),
            SimulatedChat(id: 555_000_302, title: "Friend", kind: .private(userID: 555_000_302)),
            SimulatedChat(id: -1001000000021, title: "Paid club", kind: .supergroup(id: 1000000021, memberCount: 40), paidMessageStars: 10),
            SimulatedChat(id: -1001000000022, title: "My paid club", kind: .supergroup(id: 1000000022, memberCount: 3), isOwned: true, paidMessageStars: 10),
        ])
        scenario.people = [SimulatedPerson(id: 555_000_301, firstName: "Star", paidMessageStars: 25),
                           SimulatedPerson(id: 555_000_302, firstName: "Friend", paidMessageStars: 25, exemptsAccount: true)]
        let t = try SimulatedTelegram(scenario: scenario)
        defer { t.remove() }
        let open = try await t.loggedIn()
        // Like TDLib, what it knows locally says "free" until the person's full info is fetched:
        // the list may show Star as writable, but a send asks Telegram first and refuses.
        let service = ChatService(session: open.session, clock: t.clock, timeout: 30)
        try await service.loadChatLists()
        let local = Dictionary(uniqueKeysWithValues: await service.summaries().map { ($0.title, $0.cannotWrite?.rawValue ?? "may post") })
        #expect(local["Star"] == "may post" && local["Paid club"] == "paid_messages", "a group's price is in its update; a person's needs full info")
        await #expect(throws: ChatError.cannotWrite(title: "Star", refusal: .paidMessages)) {
            try await service.send(chatID: 555_000_301, markdown: "hi")
        }
        #expect(t.simulator.deliveredMessages.isEmpty)

        let chats = try await ChatDirectory(session: open.session).refresh(into: t.store)
        let byTitle = Dictionary(uniqueKeysWithValues: chats.map { ($0.title, $0.cannotPost?.rawValue ?? "may post") })
        #expect(byTitle == ["Saved Messages": "may post", "Star": "paid_messages", "Friend": "may post", "Paid club": "paid_messages", "My paid club": "may post"])
        #expect(try t.store.cachedChats().first { $0.title == "Star" }?.targetRefusal
            == "You cannot post in “Star”: each message here costs Telegram Stars, and TgTemplates never spends them.")
        let checks = t.simulator.receivedRequests.filter { $0 == "canSendMessageToUser" }.count
        #expect(checks == 5, "the list's two local checks, the send's, and the directory's two: only for the people with a price")
        // Once fetched, the list knows too.
        let summaries = Dictionary(uniqueKeysWithValues: await service.summaries().map { ($0.title, $0.cannotWrite?.rawValue ?? "may post") })
        #expect(summaries["Star"] == "paid_messages" && summaries["Friend"] == "may post" && summaries["Paid club"] == "paid_messages")
        // A template saved before the price came in fails at send with Telegram's refusal, and spends nothing.
        let template = try t.store.insert(Template(name: "Hi", body: "Hi", targets: [Target(chatID: 555_000_301, chatTitle: "Star")]))
        let report = try await Sender(session: open.session, store: t.store, confirmationTimeout: 30).send(SendRequest(template: template))
        #expect(!report.allSent && t.simulator.deliveredMessages.isEmpty)

        // Star lifts the price, then sets it again: each next refresh says so.
        for stars: Int64 in [0, 40] {
            t.simulator.setMessagePrice(stars, forPerson: 555_000_301)
            try await awaitCondition { await open.session.user(555_000_301)?.paidMessageStarCount == stars }
            let again = try await ChatDirectory(session: open.session).refresh(into: t.store)
            #expect(again.first { $0.title == "Star" }?.cannotPost == (stars == 0 ? nil : .paidMessages), "price \(stars)")
        }
        await open.close()
    }

    @Test("a send to Saved Messages and a private chat from a session that never loaded them opens them first")
    func privateTargetsFromAFreshSession() async throws {
        let t = try SimulatedTelegram()
        defer { t.remove() }
        let open = try await t.loggedIn()
        let me = SimulatedAccount().userID
        let template = try t.store.insert(Template(name: "Note", body: "Parked on 2", targets: [
            Target(chatID: me, chatTitle: "Saved Messages"), Target(chatID: 555_000_111, chatTitle: "Alice"),
        ]))
        let report = try await Sender(session: open.session, store: t.store, confirmationTimeout: 5).send(SendRequest(template: template))
        #expect(report.allSent)
        #expect(Set(t.simulator.deliveredMessages.map(\.chatID)) == [me, 555_000_111])
        let requests = t.simulator.receivedRequests
        #expect(requests.filter { $0 == "createPrivateChat" }.count == 2)
        #expect(requests.firstIndex(of: "createPrivateChat") ?? .max < requests.firstIndex(of: "sendMessage") ?? 0)
        await open.close()
    }

    @Test("directory asks for full info only where the member count is unknown, and pages through topics")
    func directoryFillsIn() async throws {
        let t = try SimulatedTelegram(scenario: .generated(chatCount: 60, latency: 0))
        defer { t.remove() }
        let open = try await t.loggedIn()
        let chats = try await ChatDirectory(session: open.session).load()
        // 60 chats and Saved Messages; the 6 channels are listed as read-only.
        #expect(chats.count == 61)
        #expect(chats.filter { $0.kind == .channel }.count == 6 && chats.filter { $0.kind == .channel }.allSatisfy { !$0.canPost })
        #expect(chats.filter { $0.kind != .privateChat && $0.kind != .savedMessages }.allSatisfy { $0.memberCount > 0 })
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
