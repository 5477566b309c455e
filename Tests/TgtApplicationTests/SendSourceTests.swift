import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// The one decision of whether a send waits out the undo hold, by where it comes from.
@Suite("Send sources and the undo hold")
struct SendSourceTests {
    @Test("a touch that may be wrong (grid, widget, CarPlay, terminal) and a trigger link wait the Settings hold; the others go at once; a hold asked for wins")
    func holds() throws {
        let store = try AppDatabase.inMemory(clock: TestClock(now: fixtureDate))
        let rules = SendRules(store: store)
        try store.setUndoHold(try #require(UndoHold(seconds: 9)))
        let waiting: Set<SendSource> = [.grid, .widget, .carPlay, .terminal, .trigger]
        for source in SendSource.allCases {
            #expect(try rules.hold(for: source).seconds == (waiting.contains(source) ? 9 : 0), "\(source)")
        }
        let asked = try #require(UndoHold(seconds: 3))
        #expect(try rules.hold(for: .script, asked: asked) == asked)
        #expect(try rules.hold(for: .grid, asked: .off) == .off)
        try store.setUndoHold(.off)
        #expect(try rules.hold(for: .grid) == .off, "a hold of 0 in Settings sends every tap at once")
    }

    @Test("the app's queued taps keep their sources' rule")
    func appSources() {
        #expect(SendJob.Source.allCases.map { SendSource($0) } == [.grid, .widget, .carPlay, .siri, .deepLink, .place])
        #expect(SendJob.Source.allCases.filter { SendSource($0).usesUndoHold } == [.app, .widget, .carPlay])
    }
}
