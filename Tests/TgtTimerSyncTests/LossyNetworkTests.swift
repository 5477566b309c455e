import Foundation
import Testing
import TgtDomain
import TgtTestSupport
import TgtTimerSync

/// The sync protocol under a network that drops, duplicates, delays and reorders: many seeded
/// random histories of concurrent edits on the phone and the watch, then anti-entropy.
@Suite("Timer sync: random histories over a lossy link")
struct LossyNetworkTests {
    /// 8 batches × 50 seeds = 400 histories of 150 steps each (seeds 1…400).
    static let batches = Array(0..<8)
    static let seedsPerBatch: UInt64 = 50

    @Test("both sides converge to every change ever made, nothing deleted comes back, late re-delivery changes nothing",
          arguments: batches)
    func histories(batch: Int) throws {
        var dropped = 0, duplicated = 0, overtaken = 0, deletedTimers = 0, deletedTodos = 0, shown = 0
        for offset in 1...Self.seedsPerBatch {
            let seed = UInt64(batch) * Self.seedsPerBatch + offset
            var history = SyncHistory(seed: seed)
            try history.run(steps: 150)
            let rounds = try history.antiEntropy()
            #expect(history.failures.isEmpty, "\(history.failures.prefix(3))")
            let phone = history.replicas[0], watch = history.replicas[1]
            #expect(phone.records == watch.records, "seed \(seed): not converged after \(rounds) rounds")
            #expect(phone.records == history.oracle.records, "seed \(seed): a change was lost or invented")
            #expect(phone.timers == watch.timers, "seed \(seed)")
            let shownTimers = Set(phone.timers.map(\.id))
            let shownTodos = Set(phone.timers.flatMap(\.todos).map(\.id))
            #expect(shownTimers.isDisjoint(with: history.deletedTimers), "seed \(seed): a deleted timer is shown")
            #expect(shownTodos.isDisjoint(with: history.deletedTodos), "seed \(seed): a deleted to-do is shown")

            // Every message ever sent, re-delivered late, twice, in a random order: nothing moves.
            var late = history.link.archive + history.link.archive
            late.shuffle(using: &history.random)
            for message in late { try history.receive(SyncMessage(data: message.bytes), at: message.to) }
            #expect(history.replicas[0].records == phone.records && history.replicas[1].records == watch.records,
                    "seed \(seed): late re-delivery changed the state")
            #expect(history.failures.isEmpty, "\(history.failures.prefix(3))")
            dropped += history.link.dropped
            duplicated += history.link.duplicated
            overtaken += history.link.overtaken
            deletedTimers += history.deletedTimers.count
            deletedTodos += history.deletedTodos.count
            shown += phone.timers.count
        }
        // The histories do what they claim: the link loses, repeats and reorders; timers and
        // to-dos are deleted while others survive.
        #expect(dropped > 400 && duplicated > 250 && overtaken > 250, "\(dropped) dropped, \(duplicated) duplicated, \(overtaken) overtaken")
        #expect(deletedTimers > 100 && deletedTodos > 25 && shown > 100, "\(deletedTimers) timers and \(deletedTodos) to-dos deleted, \(shown) shown")
    }

    @Test("joining is commutative, associative and idempotent on states taken from random histories", arguments: [11, 22, 33] as [UInt64])
    func joinLaws(seed: UInt64) throws {
        var states: [[UUID: TimerRecord]] = []
        var history = SyncHistory(seed: seed)
        for _ in 0..<12 {
            try history.run(steps: 15)
            states += [history.replicas[0].records, history.replicas[1].records]
        }
        func join(_ a: [UUID: TimerRecord], _ b: [UUID: TimerRecord]) -> [UUID: TimerRecord] {
            var replica = TimerReplica(id: ReplicaID("law"), records: a)
            replica.receive(SyncMessage(sender: ReplicaID("other"), timers: b))
            return replica.records
        }
        for _ in 0..<60 {
            guard let a = states.randomElement(using: &history.random), let b = states.randomElement(using: &history.random),
                  let c = states.randomElement(using: &history.random) else { continue }
            #expect(join(a, b) == join(b, a))
            #expect(join(join(a, b), c) == join(a, join(b, c)))
            #expect(join(a, a) == a)
            #expect(join(join(a, b), b) == join(a, b))
        }
    }
}
