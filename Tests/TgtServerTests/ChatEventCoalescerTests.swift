import Foundation
import Synchronization
import Testing
import TgtTDLib
import TgtTelegram
import TgtTestSupport
@testable import TgtServer

/// Bursts of TDLib's chat updates reach open pages as a few events per chat.
@Suite("Chat event folding", .timeLimit(.minutes(2)))
struct ChatEventCoalescerTests {
    final class Collected: Sendable {
        let events = Mutex<[DashboardEvent]>([])
        func append(_ event: DashboardEvent) { events.withLock { $0.append(event) } }
        var all: [DashboardEvent] { events.withLock { $0 } }
    }

    @Test("a burst is one event at once and one after the interval, per chat; file updates are not pages' business")
    func burst() async throws {
        let collected = Collected()
        let clock = TestClock()
        let coalescer = ChatEventCoalescer(interval: .milliseconds(200), clock: clock) { collected.append($0) }
        for _ in 0..<50 { await coalescer.add(.chatChanged(1)) }
        await coalescer.add(.readOutbox(chatID: 1, lastReadMessageID: 5))
        await coalescer.add(.chatChanged(2))
        await coalescer.add(.file(TDFile(id: 7)))
        #expect(collected.all == [.chat(chatID: 1, messages: false), .chat(chatID: 2, messages: false)])
        // The rest of chat 1's burst waits on the clock until the interval is over.
        try await awaitCondition { clock.sleeperCount == 1 }
        clock.advance(by: 0.2)
        try await awaitCondition { collected.all.count >= 3 }
        #expect(collected.all == [.chat(chatID: 1, messages: false), .chat(chatID: 2, messages: false), .chat(chatID: 1, messages: true)],
                "the rest of chat 1's burst, with its read receipt, follows once")
        #expect(DashboardEvent.chat(chatID: -4001, messages: true).json == #"{"chat_id":-4001,"messages":true}"#)
    }
}
