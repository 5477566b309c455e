import Foundation
import TgtTestSupport
import TgtTimerSync

/// An in-memory link between two replicas that loses, duplicates, delays and reorders what it
/// carries — everything WatchConnectivity may do to a message, and more often. Messages travel
/// as the bytes the watch and the phone exchange.
struct LossyLink {
    struct InFlight {
        var to: Int
        var due: Int
        var bytes: Data
        var sequence: Int
    }

    var dropRate = 0.25
    var duplicateRate = 0.2
    var maxDelay = 12
    private(set) var inFlight: [InFlight] = []
    /// Everything ever handed to the link, for late re-delivery after the histories.
    private(set) var archive: [(to: Int, bytes: Data)] = []
    /// What the link did to them, to show the histories exercise it.
    /// `overtaken`: messages delivered after a message sent later to the same side.
    private(set) var dropped = 0, duplicated = 0, overtaken = 0
    private var latestDelivered = [-1, -1]

    mutating func send(_ message: SyncMessage, to: Int, at step: Int, random: inout SeededRandom) throws {
        let bytes = try message.encoded()
        archive.append((to, bytes))
        if random.chance(dropRate) {
            dropped += 1
            return
        }
        let copies = random.chance(duplicateRate) ? Int.random(in: 2...3, using: &random) : 1
        if copies > 1 { duplicated += 1 }
        for _ in 0..<copies {
            inFlight.append(InFlight(to: to, due: step + Int.random(in: 0...maxDelay, using: &random), bytes: bytes, sequence: archive.count))
        }
    }

    /// The messages due by `step`, in a random order (a later message may overtake an earlier one).
    mutating func deliverable(at step: Int, random: inout SeededRandom) -> [InFlight] {
        var due = inFlight.filter { $0.due <= step }
        inFlight.removeAll { $0.due <= step }
        due.shuffle(using: &random)
        for message in due {
            if message.sequence < latestDelivered[message.to] { overtaken += 1 }
            latestDelivered[message.to] = max(latestDelivered[message.to], message.sequence)
        }
        return due
    }
}
