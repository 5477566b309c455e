import Foundation
import Testing
@testable import TgtApplication
import TgtDomain
import TgtStore
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// Follow-ups judged and acted on over a real SQLite file on a test clock, with Telegram's side
/// (the chat's kind, a look at reads and replies, the reminder) and the send recorded: each acts
/// once at its moment, restarts and a process killed mid-act included; reads, replies and
/// deletions the session reports decide; "cannot know" where Telegram does not tell; a
/// thousand due at once each act once.
@Suite("Follow-up runner")
struct FollowUpRunnerTests {
    /// What the runner asked of Telegram and of the send.
    final class World: Sendable {
        let kinds = Locked<[Int64: FollowUpChatKind]>([:])
        let reads = Locked<[Int64: FollowUpFacts.Read]>([:])
        let replies = Locked<[Int64: FollowUpFacts.Reply]>([:])
        let reminders = Locked<[String]>([])
        let sends = Locked<[SendOrder]>([])
        let looks = Locked(0)
        /// Chats whose followed message was deleted.
        let deleted = Locked<Set<Int64>>([])

        var telegram: FollowUpRunner.Telegram {
            FollowUpRunner.Telegram(
                kind: { chat in self.kinds.withLock { $0[chat] } ?? .privateChat },
                exists: { record in !self.deleted.withLock { $0.contains(record.chatID) } },
                read: { record, _ in self.looks.withLock { $0 += 1 }; return self.reads.withLock { $0[record.chatID] } ?? .unread },
                reply: { record in self.looks.withLock { $0 += 1 }; return self.replies.withLock { $0[record.chatID] } ?? .nothing },
                remind: { text in self.reminders.withLock { $0.append(text) } })
        }
    }

    /// Records each order as sent to its destination.
    struct Sender: TemplateSending {
        let world: World
        func send(_ order: SendOrder, progress: @escaping @Sendable (SendStep) -> Void) async throws -> SendOutcome {
            world.sends.withLock { $0.append(order) }
            return SendOutcome(templateName: "Nudge", batchID: UUID().uuidString, items: [
                .init(target: "\(order.destination?.chatID ?? 0)", title: order.destination?.chatTitle ?? "", sent: true, messageID: 900)])
        }
        func scheduleLater(_ order: SendOrder, at date: Date) async throws -> [ScheduledItem] { [] }
        func undo(batchID: UUID) async throws -> UndoOutcome { throw UndoError.notFound(batchID.uuidString) }
    }

    /// Sends into `slowChat` only once the test releases it; others at once.
    struct SlowSender: TemplateSending {
        let world: World
        let slowChat: Int64
        let released: AsyncStream<Void>
        func send(_ order: SendOrder, progress: @escaping @Sendable (SendStep) -> Void) async throws -> SendOutcome {
            if order.destination?.chatID == slowChat { for await _ in released { break } }
            return try await Sender(world: world).send(order, progress: progress)
        }
        func scheduleLater(_ order: SendOrder, at date: Date) async throws -> [ScheduledItem] { [] }
        func undo(batchID: UUID) async throws -> UndoOutcome { throw UndoError.notFound(batchID.uuidString) }
    }

    /// A receiver never reached (the test only makes deliveries).
    struct Unreachable: WebhookPosting {
        func post(_ request: WebhookRequest) async -> WebhookAnswer { .failed("unreachable") }
    }

    struct Fixture {
        let folder: TestDirectory
        let clock: TestClock
        var store: AppDatabase
        let world = World()
        let nudge: Template
        let hello: Template

        init(_ label: String) throws {
            folder = try TestDirectory(label)
            clock = TestClock(now: fixtureDate)
            store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: clock)
            nudge = try store.insert(Template(name: "Nudge", body: "Did you see this?", createdAt: fixtureDate))
            hello = try store.insert(Template(name: "Hello", body: "Hello", createdAt: fixtureDate))
        }

        /// A fresh runner, as a new process would build it (since now).
        func runner() -> FollowUpRunner {
            FollowUpRunner(store: store, clock: clock, sending: Sender(world: world), telegram: world.telegram, since: clock.now)
        }

        /// `hello` sent to `chats` (message id 100 + index), its batch.
        func sent(to chats: [Int64]) throws -> UUID {
            let rows = try store.beginSend(of: hello, targets: chats.map { Target(chatID: $0, chatTitle: "Chat \($0)") })
            for (index, row) in rows.enumerated() { try store.recordSend(id: row.id, status: .sent, messageID: 100 + Int64(index)) }
            return try #require(rows.first).batchID
        }

        func pass(_ runner: FollowUpRunner) async -> Date? {
            var looked = Set<UUID>()
            return await runner.pass(looked: &looked)
        }

        func states() throws -> [FollowUpState] { try store.followUps().map(\.state) }
    }

    @Test("not read within 2 h: waits, then sends the template into the same chat once; a restart does not send again")
    func notReadFires() async throws {
        var f = try Fixture("follow-up-fire")
        defer { f.folder.remove() }
        let batch = try f.sent(to: [555])
        let added = try FollowUpService(store: f.store).add(try FollowUpRule(condition: .notRead, within: 7_200, action: .send(templateID: f.nudge.id)), toBatch: batch)
        #expect(added.count == 1 && added[0].state == .watching && added[0].dueAt == f.clock.now.addingTimeInterval(7_200))
        // A webhook that wants follow_up.fired.
        let hook = WebhookRecord(endpoint: try WebhookEndpoint(url: "http://127.0.0.1:1/hook", events: [.followUpFired], includesText: false),
                                 createdAt: f.clock.now, secretHint: "whsec_…")
        #expect(try f.store.addWebhook(hook, limit: 20))
        let runner = f.runner()
        #expect(await f.pass(runner) == f.clock.now.addingTimeInterval(7_200), "waits for its moment")
        #expect(f.world.sends.withLock { $0 }.isEmpty)
        f.clock.advance(by: 7_200)
        #expect(await f.pass(runner) == nil)
        let sends = f.world.sends.withLock { $0 }
        #expect(sends.count == 1 && sends.first?.templateID == f.nudge.id && sends.first?.destination?.chatID == 555)
        let record = try #require(try f.store.followUps().first)
        #expect(record.state == .fired && record.reason?.contains("Sent “Nudge”") == true && record.firedBatch != nil)
        // The fire queued its webhook event in the same write; the dispatcher makes the delivery.
        let dispatcher = WebhookDispatcher(store: f.store, secrets: WebhookSecrets(directory: DataDirectory(url: f.folder.url)), poster: Unreachable())
        #expect(try dispatcher.drainOutbox() >= 1)
        let delivery = try #require(try f.store.webhookDeliveries(limit: 10).first { $0.event == .followUpFired })
        let body = try #require(try JSONSerialization.jsonObject(with: Data(delivery.payload.utf8)) as? [String: Any])
        let data = try #require(body["data"] as? [String: Any])
        #expect(body["type"] as? String == "follow_up.fired" && data["condition"] as? String == "not_read" && data["action"] as? String == "send"
                && data["chat_id"] as? Int64 == 555 && data["followed_template"] as? String == "Hello" && data["follow_up_id"] as? String == record.id.uuidString.lowercased(),
                "\(body)")
        _ = await f.pass(runner)
        f.store = try AppDatabase.open(in: DataDirectory(url: f.folder.url), clock: f.clock)
        _ = await f.pass(f.runner())
        #expect(f.world.sends.withLock { $0.count } == 1, "once, restarts included")
    }

    @Test("a read the session reports before the moment: met, nothing sent; a reply before it: met")
    func metByEvents() async throws {
        let f = try Fixture("follow-up-met")
        defer { f.folder.remove() }
        let service = FollowUpService(store: f.store)
        _ = try service.add(try FollowUpRule(condition: .notRead, within: 3_600, action: .remind), toBatch: try f.sent(to: [1]))
        _ = try service.add(try FollowUpRule(condition: .noReply, within: 3_600, action: .remind), toBatch: try f.sent(to: [2]))
        let runner = f.runner()
        _ = await f.pass(runner)
        f.clock.advance(by: 600)
        runner.note(.readOutbox(chatID: 1, lastReadMessageID: 100))
        runner.note(.newMessage(Message(id: 101, chatID: 2, date: Int32(f.clock.now.timeIntervalSince1970), isOutgoing: false, text: "on my way")))
        runner.note(.newMessage(Message(id: 102, chatID: 1, date: Int32(f.clock.now.timeIntervalSince1970), isOutgoing: true, text: "mine")))
        f.clock.advance(by: 3_000)
        _ = await f.pass(runner)
        #expect(try f.states() == [.met, .met])
        #expect(f.world.reminders.withLock { $0 }.isEmpty && f.world.sends.withLock { $0 }.isEmpty)
    }

    @Test("in a forum, a reply counts in the followed message's topic only; no topic and General are one")
    func forumTopics() async throws {
        let f = try Fixture("follow-up-forum")
        defer { f.folder.remove() }
        let service = FollowUpService(store: f.store)
        let rule = try FollowUpRule(condition: .noReply, within: 3_600, action: .remind)
        for topic: Int32? in [nil, 5] {
            let rows = try f.store.beginSend(of: f.hello, targets: [Target(chatID: 80, topicID: topic, chatTitle: "Forum")])
            let row = try #require(rows.first)
            try f.store.recordSend(id: row.id, status: .sent, messageID: 100 + Int64(topic ?? 0))
            _ = try service.add(rule, toBatch: row.batchID)
        }
        let runner = f.runner()
        _ = await f.pass(runner)
        let now = Int32(f.clock.now.timeIntervalSince1970)
        // Topic 7: neither. General (1): the one sent without a topic. Topic 5: its own.
        runner.note(.newMessage(Message(id: 200, chatID: 80, date: now, isOutgoing: false, forumTopicID: 7, text: "elsewhere")))
        #expect(try f.store.followUps().allSatisfy { $0.facts.reply == .nothing })
        runner.note(.newMessage(Message(id: 201, chatID: 80, date: now, isOutgoing: false, forumTopicID: 1, text: "in General")))
        let afterGeneral = try f.store.followUps()
        #expect(afterGeneral.first { $0.topicID == nil }?.facts.reply != .nothing && afterGeneral.first { $0.topicID == 5 }?.facts.reply == .nothing)
        runner.note(.newMessage(Message(id: 202, chatID: 80, date: now, isOutgoing: false, forumTopicID: 5, text: "in 5")))
        #expect(try f.store.followUps().allSatisfy { $0.facts.reply != .nothing })
        #expect(FollowUpRule.sameTopic(nil, nil) && FollowUpRule.sameTopic(nil, 1) && FollowUpRule.sameTopic(1, nil) && !FollowUpRule.sameTopic(nil, 7) && !FollowUpRule.sameTopic(5, nil))
    }

    @Test("when read: the reminder goes to Saved Messages once read; unread past the wait expires")
    func whenRead() async throws {
        let f = try Fixture("follow-up-read")
        defer { f.folder.remove() }
        let service = FollowUpService(store: f.store)
        _ = try service.add(try FollowUpRule(condition: .read, within: 3_600, action: .remind), toBatch: try f.sent(to: [7]))
        _ = try service.add(try FollowUpRule(condition: .read, within: 3_600, action: .remind), toBatch: try f.sent(to: [8]))
        let runner = f.runner()
        _ = await f.pass(runner)
        f.clock.advance(by: 60)
        runner.note(.readOutbox(chatID: 7, lastReadMessageID: 100))
        _ = await f.pass(runner)
        #expect(f.world.reminders.withLock { $0 } == ["⏰ Follow-up: Chat 7 read “Hello” (sent \(FollowUpWords.time(fixtureDate, now: f.clock.now)))."])
        f.clock.advance(by: 3_600)
        _ = await f.pass(runner)
        let byChat = Dictionary(uniqueKeysWithValues: try f.store.followUps().map { ($0.chatID, $0) })
        #expect(byChat[7]?.state == .fired && byChat[8]?.state == .expired && byChat[8]?.reason == "Not read within 1 h: nothing was done.")
    }

    @Test("after a restart: a private chat's dated read decides; a group's read cannot be dated: cannot know; a channel: cannot know")
    func afterRestart() async throws {
        let f = try Fixture("follow-up-restart")
        defer { f.folder.remove() }
        let service = FollowUpService(store: f.store)
        for chat in [10, 11, 12, 13] as [Int64] {
            _ = try service.add(try FollowUpRule(condition: .notRead, within: 3_600, action: .remind), toBatch: try f.sent(to: [chat]))
        }
        f.world.kinds.withLock { $0 = [11: .group, 12: .channel, 13: .privateChat] }
        f.world.reads.withLock {
            $0 = [10: .readAt(fixtureDate.addingTimeInterval(300)), 11: .readUndated(why: "Telegram never says when a group read a message"),
                  13: .readAt(fixtureDate.addingTimeInterval(5_000))]
        }
        f.clock.advance(by: 2 * 3_600)
        let runner = FollowUpRunner(store: f.store, clock: f.clock, sending: Sender(world: f.world), telegram: f.world.telegram, since: f.clock.now)
        _ = await f.pass(runner)
        let byChat = Dictionary(uniqueKeysWithValues: try f.store.followUps().map { ($0.chatID, $0) })
        #expect(byChat[10]?.state == .met)
        #expect(byChat[11]?.state == .unknowable && byChat[11]?.reason?.contains("never says when a group read") == true)
        #expect(byChat[12]?.state == .unknowable && byChat[12]?.reason?.contains("channel") == true)
        #expect(byChat[13]?.state == .fired, "read after its moment, dated: it was not read in time")
        #expect(f.world.reminders.withLock { $0.count } == 1)
    }

    @Test("ends without acting: its message deleted, its send failed, cancelled; waits while a scheduled send is not posted")
    func endsWithoutActing() async throws {
        let f = try Fixture("follow-up-ends")
        defer { f.folder.remove() }
        let service = FollowUpService(store: f.store)
        let rule = try FollowUpRule(condition: .noReply, within: 600, action: .remind)
        _ = try service.add(rule, toBatch: try f.sent(to: [20]))
        let failing = try f.store.beginSend(of: f.hello, targets: [Target(chatID: 21, chatTitle: "Chat 21")])
        _ = try service.add(rule, toBatch: try #require(failing.first).batchID)
        let cancelled = try service.add(rule, toBatch: try f.sent(to: [22]))
        let scheduled = try f.store.addScheduledSends([NewScheduledSend(templateID: f.hello.id, templateName: "Hello", target: Target(chatID: 23, chatTitle: "Chat 23"),
                                                                        payload: "{}", textDigest: "d", scheduledFor: fixtureDate.addingTimeInterval(3_600), timerID: nil)])
        _ = try service.add(rule, toSends: scheduled.map(\.id))
        #expect(throws: FollowUpError.nothingToFollow) { try service.add(rule, toSends: [999]) }
        #expect(throws: FollowUpError.templateNotFound) { try service.add(FollowUpRule(condition: .read, within: nil, action: .send(templateID: UUID())), toBatch: UUID()) }
        let runner = f.runner()
        runner.note(.messagesDeleted(chatID: 20, messageIDs: [100]))
        try f.store.recordSend(id: try #require(failing.first).id, status: .failed, error: "Chat not found")
        #expect(try service.cancel(id: try #require(cancelled.first).id).state == .cancelled)
        #expect(throws: FollowUpError.alreadyEnded) { try service.cancel(id: try #require(cancelled.first).id) }
        f.clock.advance(by: 1_200)
        _ = await f.pass(runner)
        let byChat = Dictionary(uniqueKeysWithValues: try f.store.followUps().map { ($0.chatID, $0) })
        #expect(byChat[20]?.state == .cancelled && byChat[20]?.reason == "Its message was deleted: nothing to follow.")
        #expect(byChat[21]?.state == .cancelled && byChat[21]?.reason?.contains("did not go out (failed)") == true)
        #expect(byChat[22]?.state == .cancelled && byChat[23]?.state == .waiting)
        // Telegram posts it (this process learns half a minute later): the wait counts from its time.
        f.clock.advance(to: fixtureDate.addingTimeInterval(3_630))
        // As in the real path: the post is matched to the row first (its update), then the
        // schedule pass ends the row without an id of its own, which keeps the matched one.
        let row = try #require(scheduled.first).id
        #expect(try f.store.markScheduling(id: row) && f.store.markScheduled(id: row, telegramIDs: [77], scheduledFor: fixtureDate.addingTimeInterval(3_600)))
        #expect(try f.store.adoptPostedMessage(chatID: 23, textDigest: "d", postedAt: fixtureDate.addingTimeInterval(3_600), messageID: 300))
        try f.store.finishScheduled(id: try #require(scheduled.first).id, status: .sent, messageID: nil)
        _ = await f.pass(runner)
        let posted = try #require(try f.store.followUps().first { $0.chatID == 23 })
        #expect(posted.state == .watching && posted.startedAt == fixtureDate.addingTimeInterval(3_600) && posted.messageID == 300)
        #expect(f.world.reminders.withLock { $0 }.isEmpty)
    }

    @Test("a message deleted while nothing ran: the look after a start finds it gone and ends it without acting")
    func deletedWhileNothingRan() async throws {
        let f = try Fixture("follow-up-deleted-offline")
        defer { f.folder.remove() }
        let service = FollowUpService(store: f.store)
        _ = try service.add(try FollowUpRule(condition: .notRead, within: 600, action: .remind), toBatch: try f.sent(to: [50, 51]))
        // No process runs while the message in chat 50 is deleted; the moment passes.
        f.world.deleted.withLock { $0.insert(50) }
        f.clock.advance(by: 900)
        _ = await f.pass(f.runner())
        let byChat = Dictionary(uniqueKeysWithValues: try f.store.followUps().map { ($0.chatID, $0) })
        #expect(byChat[50]?.state == .cancelled && byChat[50]?.reason == "Its message was deleted: nothing to follow.", "\(String(describing: byChat[50]))")
        #expect(byChat[51]?.state == .fired, "the other one, unread, acts (late)")
        #expect(f.world.reminders.withLock { $0 }.count == 1)
    }

    @Test("a slow send does not hold the others back: the rest act while it waits")
    func slowSendDoesNotBlock() async throws {
        let f = try Fixture("follow-up-slow")
        defer { f.folder.remove() }
        let service = FollowUpService(store: f.store)
        _ = try service.add(try FollowUpRule(condition: .notRead, within: 60, action: .send(templateID: f.nudge.id)), toBatch: try f.sent(to: [70, 71, 72]))
        f.clock.advance(by: 120)
        let (released, release) = AsyncStream<Void>.makeStream()
        let runner = FollowUpRunner(store: f.store, clock: f.clock, sending: SlowSender(world: f.world, slowChat: 70, released: released),
                                    telegram: f.world.telegram, since: f.clock.now)
        let pass = Task { await f.pass(runner) }
        // Chat 70's send hangs; 71 and 72 are sent meanwhile, each once.
        try await awaitCondition { Set(f.world.sends.withLock { $0 }.compactMap { $0.destination?.chatID }) == [71, 72] }
        release.yield()
        release.finish()
        _ = await pass.value
        let sent = f.world.sends.withLock { $0 }.compactMap { $0.destination?.chatID }.sorted()
        #expect(sent == [70, 71, 72], "\(sent)")
        #expect(try f.states() == [.fired, .fired, .fired])
    }

    @Test("a process killed while acting leaves it failed, never acting twice")
    func killedWhileActing() async throws {
        var f = try Fixture("follow-up-killed")
        defer { f.folder.remove() }
        let added = try FollowUpService(store: f.store).add(try FollowUpRule(condition: .noReply, within: 60, action: .remind), toBatch: try f.sent(to: [30]))
        f.clock.advance(by: 120)
        #expect(try f.store.claimFollowUp(id: try #require(added.first).id), "claimed, then the process dies")
        f.store = try AppDatabase.open(in: DataDirectory(url: f.folder.url), clock: f.clock)
        try f.store.settleInterruptedFollowUps()
        _ = await f.pass(f.runner())
        #expect(try f.states() == [.failed] && f.world.reminders.withLock { $0 }.isEmpty)
    }

    @Test("a thousand due at once: each acts once, in one pass")
    func thousand() async throws {
        let f = try Fixture("follow-up-thousand")
        defer { f.folder.remove() }
        let chats = (0..<1_000).map { Int64(1_000 + $0) }
        let rows = try f.store.beginSend(of: f.hello, targets: chats.map { Target(chatID: $0, chatTitle: "Chat \($0)") })
        for row in rows { try f.store.recordSend(id: row.id, status: .sent, messageID: 5) }
        let added = try FollowUpService(store: f.store).add(try FollowUpRule(condition: .noReply, within: 60, action: .send(templateID: f.nudge.id)), toBatch: try #require(rows.first).batchID)
        #expect(added.count == 1_000)
        #expect(throws: FollowUpError.tooMany(1_000)) { try FollowUpService(store: f.store).add(try FollowUpRule(condition: .noReply, within: 60, action: .remind), toBatch: try #require(rows.first).batchID) }
        f.clock.advance(by: 61)
        _ = await f.pass(f.runner())
        _ = await f.pass(f.runner())
        let sent = f.world.sends.withLock { $0.compactMap(\.destination?.chatID) }
        #expect(sent.count == 1_000 && Set(sent) == Set(chats))
        #expect(try f.store.followUps(ended: 2_000).allSatisfy { $0.state == .fired })
    }

    @Test("a look Telegram cannot answer decides nothing and is tried again; a decision is not acted on once something was noted after it")
    func lookRetriedAndStaleClaim() async throws {
        let f = try Fixture("follow-up-look")
        defer { f.folder.remove() }
        let service = FollowUpService(store: f.store)
        let added = try service.add(try FollowUpRule(condition: .noReply, within: 60, action: .remind), toBatch: try f.sent(to: [40]))
        f.clock.advance(by: 120)
        let world = f.world
        let failing = FollowUpRunner.Telegram(kind: { _ in .privateChat }, exists: { _ in nil }, read: { _, _ in nil }, reply: { _ in nil },
                                              remind: { text in world.reminders.withLock { $0.append(text) } })
        let offline = FollowUpRunner(store: f.store, clock: f.clock, sending: Sender(world: f.world), telegram: failing, since: f.clock.now)
        var looked = Set<UUID>()
        _ = await offline.pass(looked: &looked)
        let states = try f.states()
        #expect(looked.isEmpty && states == [.watching], "nothing decided without the look")
        // Someone answered while nothing could be asked: the next look finds it.
        f.world.replies.withLock { $0[40] = .at(fixtureDate.addingTimeInterval(30)) }
        _ = await offline.pass(looked: &looked)
        _ = await f.pass(f.runner())
        #expect(try f.states() == [.met] && f.world.reminders.withLock { $0 }.isEmpty)

        // A decision made on a row that changed since is not claimed.
        let second = try service.add(try FollowUpRule(condition: .notRead, within: 60, action: .remind), toBatch: try f.sent(to: [41]))
        let secondID = try #require(second.first).id
        let seen = try #require(try f.store.followUp(id: secondID))
        f.clock.advance(by: 1)
        try f.store.noteFollowUpRead(chatID: 41, upTo: 100, at: f.clock.now)
        #expect(try !f.store.claimFollowUp(id: seen.id, unchangedSince: seen.updatedAt), "a read noted after the decision")
        #expect(try f.store.followUp(id: seen.id)?.state == .watching)
        _ = added
    }

    @Test("a follow-up whose wait is already over when it is set is refused")
    func alreadyPast() async throws {
        let f = try Fixture("follow-up-past")
        defer { f.folder.remove() }
        let batch = try f.sent(to: [50])
        f.clock.advance(by: 3 * 3_600)
        #expect(throws: FollowUpError.alreadyPast) { try FollowUpService(store: f.store).add(try FollowUpRule(condition: .notRead, within: 7_200, action: .remind), toBatch: batch) }
        #expect(try FollowUpService(store: f.store).add(try FollowUpRule(condition: .notRead, within: 4 * 3_600, action: .remind), toBatch: batch).count == 1)
    }
}
