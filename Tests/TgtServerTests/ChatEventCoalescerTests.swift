import Foundation
import Synchronization
import Testing
import TgtTDLib
import TgtTelegram
@testable import TgtServer

/// Bursts of TDLib's chat updates reach open pages as a few events per chat.
@Suite("Chat event folding")
struct ChatEventCoalescerTests {
    final class Collected: Sendable {
        let events = Mutex<[DashboardEvent]>([])
        func append(_ event: DashboardEvent) { events.withLock { $0.append(event) } }
        var all: [DashboardEvent] { events.withLock { $0 } }
    }

    @Test("a burst is one event at once and one after the interval, per chat; file updates are not pages' business")
    func burst() async throws {
        let collected = Collected()
        let coalescer = ChatEventCoalescer(interval: .milliseconds(200)) { collected.append($0) }
        for _ in 0..<50 { await coalescer.add(.chatChanged(1)) }
        await coalescer.add(.readOutbox(chatID: 1, lastReadMessageID: 5))
        await coalescer.add(.chatChanged(2))
        await coalescer.add(.file(TDFile(id: 7)))
        #expect(collected.all == [.chat(chatID: 1, messages: false), .chat(chatID: 2, messages: false)])
        try await Task.sleep(for: .milliseconds(600))
        #expect(collected.all == [.chat(chatID: 1, messages: false), .chat(chatID: 2, messages: false), .chat(chatID: 1, messages: true)],
                "the rest of chat 1's burst, with its read receipt, follows once")
        #expect(DashboardEvent.chat(chatID: -4001, messages: true).json == #"{"chat_id":-4001,"messages":true}"#)
    }
}
