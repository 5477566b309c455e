import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTelegram
import TgtTestSupport

/// The undo hold over the real sender and the simulator's Telegram, on a test clock: nothing
/// reaches TDLib before the hold ends, an undo from any face takes it back, a send is taken
/// once, and held sends a stopped process left are settled by the rule (`UndoHold.leftover`).
@Suite("Undo hold", .timeLimit(.minutes(2)))
struct UndoHoldTests {
    static let family = Target(chatID: -1001000000001, chatTitle: "Family")
    static let climbing = Target(chatID: -4001, chatTitle: "Climbing crew")

    func service(_ t: SimulatedTelegram, _ open: OpenSession, _ clock: TestClock) -> SendService {
        SendService(store: t.store, clock: clock, onSession: { request, work in
            try await work(Sender(session: open.session, store: t.store, confirmationTimeout: 10), request)
        }, schedule: { _, _ in [] })
    }

    func sendMessageCalls(_ t: SimulatedTelegram) -> Int {
        t.simulator.receivedRequests.filter { $0 == "sendMessage" }.count
    }

    @Test("a held send: nothing reaches TDLib during the hold, the countdown is said each second, then it goes to every target once")
    func holdThenSend() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let template = try t.store.insert(Template(name: "Leaving", body: "Leaving work", targets: [Self.family, Self.climbing]))
        let steps = Locked<[SendStep]>([])
        let sending = service(t, open, clock)
        let send = Task {
            try await sending.send(SendOrder(templateID: template.id, hold: try #require(UndoHold(seconds: 5)))) { step in steps.withLock { $0.append(step) } }
        }
        try await awaitCondition { clock.sleeperCount > 0 }
        let held = try t.store.heldSends()
        #expect(held.count == 2 && held.allSatisfy { $0.holdUntil == clock.now.addingTimeInterval(5) })
        #expect(sendMessageCalls(t) == 0, "nothing reached TDLib during the hold")
        for second in 1...4 {
            clock.advance(by: 1)
            try await awaitCondition { steps.withLock { $0.count } > second && clock.sleeperCount > 0 }
            #expect(sendMessageCalls(t) == 0, "still held after \(second) s")
        }
        clock.advance(by: 1)
        let outcome = try await send.value
        #expect(outcome.allSent && !outcome.undone && outcome.items.count == 2)
        let left = steps.withLock { $0 }.compactMap { if case .holding(_, _, let s) = $0 { s } else { nil } }
        #expect(left == [5, 4, 3, 2, 1])
        #expect(t.simulator.deliveredMessages.count == 2 && sendMessageCalls(t) == 2)
        let rows = try t.store.sends(inBatch: try #require(UUID(uuidString: outcome.batchID ?? "")))
        #expect(rows.map(\.status) == [.sent, .sent] && rows.allSatisfy { $0.messageID != nil })
        await open.close()
    }

    @Test("undo during the hold: nothing reaches Telegram, the outcome and the log say undone; undo again says so; undo after the hold is too late")
    func undo() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let template = try t.store.insert(Template(name: "Oops", body: "Wrong tile", targets: [Self.family, Self.climbing]))
        let sending = service(t, open, clock)
        let batch = UUID()
        let send = Task { try await sending.send(SendOrder(templateID: template.id, hold: .standard, batchID: batch)) }
        try await awaitCondition { clock.sleeperCount > 0 }
        clock.advance(by: 2)
        #expect(try await sending.undo(batchID: batch) == .undone(targets: ["Family", "Climbing crew"]))
        #expect(try await sending.undo(batchID: batch) == .alreadyUndone)
        // The countdown notices at its next second, long before the hold would end.
        let outcome = try await Self.finish(send, clock)
        #expect(outcome.undone && !outcome.allSent && outcome.failed.isEmpty && outcome.items.map(\.title) == ["Family", "Climbing crew"])
        clock.advance(by: 10)
        #expect(sendMessageCalls(t) == 0 && t.simulator.deliveredMessages.isEmpty)
        #expect(try t.store.sends(inBatch: batch).map(\.status) == [.undone, .undone])
        await #expect(throws: UndoError.notFound(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)).uuidString.lowercased())) {
            try await sending.undo(batchID: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)))
        }

        let late = UUID()
        let sent = Task { try await sending.send(SendOrder(templateID: template.id, hold: .standard, batchID: late)) }
        try await awaitCondition { clock.sleeperCount > 0 }
        clock.advance(by: 5)
        #expect(try await sent.value.allSent)
        #expect(try await sending.undo(batchID: late) == .tooLate(status: .sent))
        #expect(t.simulator.deliveredMessages.count == 2)
        await open.close()
    }

    /// Moves the clock a second at a time until `task` ends (its countdown may or may not be
    /// asleep at any moment), and returns its value.
    static func finish<T: Sendable>(_ task: Task<T, any Error>, _ clock: TestClock) async throws -> T {
        let done = Locked(false)
        let watcher = Task {
            _ = await task.result
            done.withLock { $0 = true }
        }
        while !done.withLock({ $0 }) {
            try await awaitCondition { done.withLock { $0 } || clock.sleeperCount > 0 }
            if !done.withLock({ $0 }) { clock.advance(by: 1) }
        }
        await watcher.value
        return try await task.value
    }

    @Test("a bad send holds nothing; a client's batch id used twice is refused; hold 0 sends at once")
    func refusals() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let broken = try t.store.insert(Template(name: "Broken", body: "ETA {{eta}}", targets: [Self.family]))
        let fine = try t.store.insert(Template(name: "Fine", body: "Fine", targets: [Self.family]))
        let sending = service(t, open, clock)
        await #expect(throws: SendError.render(.missingVariables(["eta"]))) {
            try await sending.send(SendOrder(templateID: broken.id, hold: .standard))
        }
        #expect(try t.store.heldSends().isEmpty && t.store.recentSends().isEmpty)
        let batch = UUID()
        let first = Task { try await sending.send(SendOrder(templateID: fine.id, hold: .standard, batchID: batch)) }
        try await awaitCondition { clock.sleeperCount > 0 }
        await #expect(throws: SendError.duplicateSend(StoreError.sendExists(batch.uuidString.lowercased()).message)) {
            try await sending.send(SendOrder(templateID: fine.id, hold: .standard, batchID: batch))
        }
        clock.advance(by: 5)
        #expect(try await first.value.allSent)
        let now = try await sending.send(SendOrder(templateID: fine.id, hold: .off))
        #expect(now.allSent && t.simulator.deliveredMessages.count == 2)
        await open.close()
    }

    @Test("held sends a stopped process left: too late ones are not sent, recent ones go now, unfinished holds wait and can still be undone; each is taken once")
    func leftovers() async throws {
        let clock = TestClock()
        let t = try SimulatedTelegram(clock: clock)
        defer { t.remove() }
        let open = try await t.loggedIn()
        let sender = Sender(session: open.session, store: t.store, confirmationTimeout: 10)
        let template = try t.store.insert(Template(name: "Arrived", body: "Arrived", targets: [Self.family]))
        let now = clock.now
        let stale = UUID(), recent = UUID(), waiting = UUID(), undone = UUID()
        _ = try await sender.hold(SendRequest(template: template), batch: stale, until: now.addingTimeInterval(-UndoHold.lateSendBound - 1))
        _ = try await sender.hold(SendRequest(template: template), batch: recent, until: now.addingTimeInterval(-UndoHold.lateSendBound))
        _ = try await sender.hold(SendRequest(template: template), batch: waiting, until: now.addingTimeInterval(3))
        _ = try await sender.hold(SendRequest(template: template), batch: undone, until: now.addingTimeInterval(4))
        let recovery = HeldSendRecovery(sender: sender, store: t.store, clock: clock)
        let run = Task { await recovery.run(before: .distantFuture) }
        // The clock stands still: what is due is settled now, the rest waits for its hold.
        try await awaitCondition { try t.store.sends(inBatch: recent).map(\.status) == [.sent] }
        #expect(try t.store.sends(inBatch: stale).map(\.status) == [.failed])
        #expect(try t.store.sends(inBatch: stale).first?.error == UndoHold.interruptedReason)
        #expect(try t.store.sends(inBatch: waiting).map(\.status) == [.held], "its hold has not ended")
        #expect(t.simulator.deliveredMessages.count == 1, "only the one whose hold ended within the bound went")
        #expect(try SendHold(store: t.store, clock: clock).undo(batch: undone) == .undone(targets: ["Family"]))
        // Each advance is safe whether or not the recovery sleeps yet: a sleep until a time
        // that has come returns at once.
        clock.advance(by: 3)
        try await awaitCondition { try t.store.sends(inBatch: waiting).map(\.status) == [.sent] }
        clock.advance(by: 1)
        let outcome = await run.value
        #expect(outcome == HeldSendRecovery.Outcome(sent: 2, expired: 1, undone: 1))
        #expect(try t.store.sends(inBatch: waiting).map(\.status) == [.sent] && t.simulator.deliveredMessages.count == 2)
        #expect(try t.store.heldSends().isEmpty, "nothing is left held")

        // Two processes releasing the same send: one takes it.
        let twice = UUID()
        _ = try await sender.hold(SendRequest(template: template), batch: twice, until: clock.now)
        async let a = sender.release(batch: twice)
        async let b = sender.release(batch: twice)
        let reports = try await [a, b]
        #expect(reports.compactMap { $0 }.count == 1 && t.simulator.deliveredMessages.count == 3)
        await open.close()
    }

    @Test("UndoHold: the setting's range, its words, and the leftover rule at its edges")
    func rule() throws {
        #expect(try UndoHold(parsing: " 10s ").seconds == 10 && UndoHold(seconds: 0)?.isOff == true && UndoHold.standard.seconds == 5)
        for bad in ["31", "-1", "five", "", "5.5", "99999"] {
            #expect(throws: UndoHoldError(text: bad)) { try UndoHold(parsing: bad) }
        }
        #expect(UndoHoldError(text: "31").message == "“31” is not an undo hold: give whole seconds from 0 to 30.")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(UndoHold.leftover(holdUntil: now.addingTimeInterval(1), now: now) == .wait(until: now.addingTimeInterval(1)))
        #expect(UndoHold.leftover(holdUntil: now, now: now) == .send)
        #expect(UndoHold.leftover(holdUntil: now.addingTimeInterval(-60), now: now) == .send)
        #expect(UndoHold.leftover(holdUntil: now.addingTimeInterval(-60.001), now: now) == .expire)
    }
}
