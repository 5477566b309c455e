import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTestSupport

/// Every write, by this process or another, reaches the feed's subscribers as the area it
/// touched: what lets an open dashboard or app screen follow a `tgt` command.
@Suite("The store's change feed", .timeLimit(.minutes(2)))
struct StoreChangeFeedTests {
    /// Collects what a feed reports.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var sets: [Set<StoreChange>] = []
        func add(_ set: Set<StoreChange>) { lock.withLock { sets.append(set) } }
        var all: Set<StoreChange> { lock.withLock { sets.reduce(into: []) { $0.formUnion($1) } } }
        func reset() { lock.withLock { sets = [] } }
    }

    func follow(_ feed: StoreChangeFeed) -> (Seen, Task<Void, Never>) {
        let seen = Seen()
        let changes = feed.changes()
        let task = Task { for await set in changes { seen.add(set) } }
        return (seen, task)
    }

    @Test("this process's writes arrive at once, each as its own area; the clock need not move")
    func ownWrites() async throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let clock = TestClock()
        let feed = StoreChangeFeed(store: f.db, clock: clock, interval: 60)
        defer { feed.stop() }
        let (seen, task) = follow(feed)
        defer { task.cancel() }
        let template = try f.db.insert(Template(name: "Hi", body: "Hello", targets: [Target(chatID: -5, chatTitle: "Team")]))
        try await awaitCondition { seen.all == [.templates] }
        seen.reset()
        var timer = CountdownTimer(name: "Tea", duration: try TimerDuration(parsing: "3m"))
        timer.action = CompletionAction(templateID: template.id)
        timer = try f.db.insert(timer)
        try await awaitCondition { seen.all == [.timers] }
        seen.reset()
        _ = try f.db.addScheduledSends([NewScheduledSend(
            templateID: template.id, templateName: "Hi", target: Target(chatID: -5, chatTitle: "Team"), payload: "{}", textDigest: "d",
            scheduledFor: clock.now.addingTimeInterval(3600), timerID: nil)])
        try await awaitCondition { seen.all == [.scheduledSends, .sends] }
        seen.reset()
        _ = try f.db.beginSend(of: template)
        try await awaitCondition { seen.all == [.sends] }
        #expect(clock.sleeperCount <= 1, "no wall-clock wait was needed")
    }

    @Test("another process's writes arrive when the clock reaches the next look, not before; a read changes nothing")
    func otherProcessWrites() async throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let clock = TestClock()
        let feed = StoreChangeFeed(store: f.db, clock: clock, interval: 0.25)
        defer { feed.stop() }
        let (seen, task) = follow(feed)
        defer { task.cancel() }
        // A second connection pool on the same file is what another process is to GRDB.
        let other = try f.reopen()
        try await awaitCondition { clock.sleeperCount > 0 }
        _ = try other.insert(Template(name: "From the CLI", body: "hi", targets: [Target(chatID: -5, chatTitle: "Team")]))
        _ = try other.templates()
        #expect(seen.all.isEmpty, "not seen before the feed looks")
        try await awaitCondition {
            clock.advance(by: 0.25)
            return seen.all == [.templates]
        }
        seen.reset()
        _ = try f.db.templates()
        _ = try other.timers()
        clock.advance(by: 1)
        try await awaitCondition { clock.sleeperCount > 0 }
        #expect(seen.all.isEmpty, "reads are not changes")
    }

    @Test("stop ends every subscriber's stream")
    func stopEnds() async throws {
        let f = try StoreFixture()
        defer { f.remove() }
        let feed = StoreChangeFeed(store: f.db, clock: TestClock())
        let changes = feed.changes()
        let ended = Task { for await _ in changes {}; return true }
        feed.stop()
        #expect(await ended.value)
        var after = feed.changes().makeAsyncIterator()
        #expect(await after.next() == nil, "a feed that stopped gives finished streams")
    }
}
