import Foundation
import Testing
import TgtDomain
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// A ✕ pressed as the last bytes of a file go up: the cancel reaches TDLib just after Telegram
/// took the message. TDLib finds the sent message by its old temporary id
/// (`get_persistent_message_id` in `deleteMessages`) and deletes it for everyone; the user is
/// told that, not "Not sent".
@Suite("Chats: a cancel that comes too late", .timeLimit(.minutes(5)))
struct CancelRaceTests {
    @Test("a ✕ that reaches TDLib just after Telegram took the message deletes it for everyone under its new id, and says so")
    func cancelAfterItWentOut() async throws {
        var scenario = SimulatorScenario()
        scenario.uploadBytesPerSecond = 400
        let clock = TestClock()
        let held = HeldDeletions()
        let sim = try SimulatedTelegram(scenario: scenario, clock: clock) { held.wrapping($0) }
        defer { sim.remove() }
        let dir = try TestDirectory("send-race")
        defer { dir.remove() }
        let open = try await sim.loggedIn()
        let service = ChatService(session: open.session, clock: sim.clock, timeout: 30)
        try await service.loadChatLists()
        try Data("%PDF-1.4".utf8 + [UInt8](repeating: 7, count: 192)).write(to: dir.file("late.pdf"))
        var events = open.session.chatEvents.subscribe(replayingCurrent: false).makeAsyncIterator()
        func next(_ matching: (ChatEvent) -> Bool) async -> ChatEvent? {
            while let event = await events.next() { if matching(event) { return event } }
            return nil
        }

        let sending = Task { try await service.sendFiles(chatID: SendFilesServiceTests.alice, paths: [dir.file("late.pdf").path]) }
        guard case .newMessage(let pending)? = await next({ if case .newMessage = $0 { true } else { false } }) else {
            Issue.record("no pending message")
            return
        }
        // The ✕: the check finds it still pending, and the deletion is held on its way.
        let cancelling = Task { try await service.cancelSending(chatID: SendFilesServiceTests.alice, messageID: pending.id) }
        await held.firstHeld()
        // Meanwhile the rest goes up and Telegram takes the message; then the deletion arrives.
        var sentID: Int64?
        while sentID == nil {
            clock.advance(by: 0.25)
            if case .messageSent(let old, let message)? = await next({ if case .upload = $0 { true } else if case .messageSent = $0 { true } else { false } }) {
                #expect(old == pending.id)
                sentID = message.id
            }
        }
        let outcome = try await cancelling.value
        #expect(outcome == .deletedAfterSending(messageID: try #require(sentID)))
        let deleted = await next { if case .messagesDeleted = $0 { true } else { false } }
        #expect(deleted == .messagesDeleted(chatID: SendFilesServiceTests.alice, messageIDs: [try #require(sentID)]))
        await #expect(throws: TDError.self) {
            try await open.session.send(TDFunctions.GetMessage(chatID: SendFilesServiceTests.alice, messageID: try #require(sentID)), timeout: 30)
        }
        _ = try? await sending.value
        await open.close()
    }
}

/// Wraps the simulator and holds each `deleteMessages` until Telegram's verdict on a message it
/// names has reached the client: the order of a cancel sent as the message went out.
final class HeldDeletions: @unchecked Sendable {
    // @unchecked: the state is in `Locked`.
    private let state = Locked<(inner: (any TDJSONTransport)?, held: [(client: Int32, request: String, ids: Set<Int64>)], waiters: [CheckedContinuation<Void, Never>])>((nil, [], []))

    func wrapping(_ inner: any TDJSONTransport) -> any TDJSONTransport {
        state.withLock { $0.inner = inner }
        return Wrapper(owner: self, inner: inner)
    }

    /// Returns once a deletion is being held.
    func firstHeld() async {
        await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { value -> Bool in
                if !value.held.isEmpty { return true }
                value.waiters.append(c)
                return false
            }
            if ready { c.resume() }
        }
    }

    fileprivate func hold(client: Int32, request: String) -> Bool {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(request.utf8))) as? [String: Any],
              object["@type"] as? String == "deleteMessages", let ids = object["message_ids"] as? [NSNumber]
        else { return false }
        let waiters = state.withLock { value in
            value.held.append((client, request, Set(ids.map(\.int64Value))))
            defer { value.waiters.removeAll() }
            return value.waiters
        }
        for waiter in waiters { waiter.resume() }
        return true
    }

    /// After a verdict on `oldID` reached the client: sends the deletions that name it.
    fileprivate func verdictPassed(_ oldID: Int64) {
        let (inner, released) = state.withLock { value in
            let released = value.held.filter { $0.ids.contains(oldID) }
            value.held.removeAll { $0.ids.contains(oldID) }
            return (value.inner, released)
        }
        for deletion in released { inner?.send(clientID: deletion.client, request: deletion.request) }
    }

    private final class Wrapper: TDJSONTransport, @unchecked Sendable {
        // @unchecked: both are immutable and Sendable in use.
        let owner: HeldDeletions
        let inner: any TDJSONTransport
        init(owner: HeldDeletions, inner: any TDJSONTransport) {
            self.owner = owner
            self.inner = inner
        }

        func createClientID() -> Int32 { inner.createClientID() }
        func send(clientID: Int32, request: String) {
            if !owner.hold(client: clientID, request: request) { inner.send(clientID: clientID, request: request) }
        }
        func receive(timeout: Double) -> String? {
            let text = inner.receive(timeout: timeout)
            if let text, text.contains("updateMessageSendSucceeded"),
               let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
               let old = object["old_message_id"] as? NSNumber
            {
                owner.verdictPassed(old.int64Value)
            }
            return text
        }
        func execute(_ request: String) -> String? { inner.execute(request) }
    }
}
