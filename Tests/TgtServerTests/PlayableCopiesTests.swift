import Foundation
import Testing
@testable import TgtServer

/// The voice notes kept as CAF for a player's next range: newest first, the least recently
/// used going beyond the capacity, one larger than all of it never kept.
@Suite("Playable copies")
struct PlayableCopiesTests {
    static func key(_ name: String) -> PlayableCopies.Key { .init(path: "/tdlib/voice/" + name, size: 4, modified: .distantPast) }

    @Test("at most the capacity, the least recently used going first; a copy larger than the capacity is not kept; a new date is another file")
    func eviction() {
        let copies = PlayableCopies(capacity: 10)
        copies.keep([1, 1, 1, 1], for: Self.key("a"))
        copies.keep([2, 2, 2, 2], for: Self.key("b"))
        #expect(copies.copy(Self.key("a")) == [1, 1, 1, 1])  // a is now the most recent
        copies.keep([3, 3, 3, 3], for: Self.key("c"))
        #expect(copies.copy(Self.key("b")) == nil, "b went: the least recently used")
        #expect(copies.copy(Self.key("a")) != nil && copies.copy(Self.key("c")) != nil)
        copies.keep([UInt8](repeating: 9, count: 11), for: Self.key("big"))
        #expect(copies.copy(Self.key("big")) == nil && copies.copy(Self.key("a")) != nil, "too large to keep, and nothing pushed out for it")
        var later = Self.key("a")
        later.modified = Date(timeIntervalSince1970: 1)
        #expect(copies.copy(later) == nil)
    }
}
