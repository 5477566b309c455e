import Foundation
import Testing
@testable import TgtSimulator
import TgtTestSupport

/// The simulator's outbox (its stand-in for TDLib's binlog) kept as a journal: what is pending
/// survives compaction, kills at any moment and torn lines, and ids never repeat. (The next
/// process resending what is pending, once: `ContractTests.resendAfterRestart`.)
@Suite("Simulator outbox journal")
struct SimulatorOutboxTests {
    @Test("a message held across the journal's compaction is still pending after a reload, and only it")
    func heldAcrossCompaction() throws {
        let dir = try TestDirectory("outbox-journal")
        defer { dir.remove() }
        var outbox = SimulatorOutbox(directory: dir.path)
        let held = outbox.newID()
        outbox.accept(Self.entry(held))
        // Sends delivered at once, an accept and a verdict each: past the compaction.
        let quick = SimulatorOutbox.compactAfter / 2 + 10
        for _ in 0..<quick {
            let key = outbox.newID()
            outbox.accept(Self.entry(key))
            outbox.delivered(key)
        }
        let journal = (try? String(contentsOf: dir.file(SimulatorOutbox.journalFileName), encoding: .utf8)) ?? ""
        #expect(journal.split(separator: "\n").count < 2 * quick, "the journal was compacted into the snapshot")
        #expect(FileManager.default.fileExists(atPath: dir.file(SimulatorOutbox.outboxFileName).path))
        let reloaded = SimulatorOutbox(directory: dir.path)
        #expect(reloaded.entries.map(\.key) == [held])
        #expect(reloaded.nextID == outbox.nextID)
        #expect(SimulatorOutbox.readDelivered(directory: dir.path).count == quick)
    }

    // MARK: - The files, written by hand

    private static func entry(_ key: Int64) -> SimulatorOutbox.Entry {
        .init(key: key, chatID: -4001, topicID: nil, content: ["@type": "messageText"], described: "m\(key)", silent: false)
    }

    @Test("a kill between the snapshot's rename and the journal's truncation replays harmlessly")
    func killDuringCompaction() throws {
        let dir = try TestDirectory("outbox-kill-compaction")
        defer { dir.remove() }
        var outbox = SimulatorOutbox(directory: dir.path)
        let kept = outbox.newID(), gone = outbox.newID()
        outbox.accept(Self.entry(kept))
        outbox.accept(Self.entry(gone))
        outbox.delivered(gone)
        let journal = try Data(contentsOf: dir.file(SimulatorOutbox.journalFileName))
        // The snapshot as a compaction writes it, with the journal it was about to empty.
        let snapshot = SimulatorJSON.serialize(["next_id": outbox.nextID, "pending": [["key": kept, "chat_id": -4001, "content": ["@type": "messageText"], "described": "m\(kept)", "silent": false]]])
        try Data(snapshot.utf8).write(to: dir.file(SimulatorOutbox.outboxFileName))
        try journal.write(to: dir.file(SimulatorOutbox.journalFileName))
        let reloaded = SimulatorOutbox(directory: dir.path)
        #expect(reloaded.entries.map(\.key) == [kept], "each pending message once, the delivered one gone")
        #expect(reloaded.nextID == outbox.nextID)
    }

    @Test("a torn last line is skipped and cut, so the next line is whole")
    func tornLine() throws {
        let dir = try TestDirectory("outbox-torn")
        defer { dir.remove() }
        var outbox = SimulatorOutbox(directory: dir.path)
        let first = outbox.newID()
        outbox.accept(Self.entry(first))
        let handle = try FileHandle(forWritingTo: dir.file(SimulatorOutbox.journalFileName))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"op":"acc"#.utf8))
        try handle.close()
        // Read by another process (a test): counted, the file left as it is.
        let journalFile = dir.file(SimulatorOutbox.journalFileName)
        let torn = try Data(contentsOf: journalFile)
        #expect(TelegramSimulator.pendingMessageCount(inDatabaseDirectory: dir.url) == 1)
        #expect(try Data(contentsOf: journalFile) == torn)
        var reloaded = SimulatorOutbox(directory: dir.path)
        #expect(reloaded.entries.map(\.key) == [first])
        let second = reloaded.newID()
        reloaded.accept(Self.entry(second))
        #expect(SimulatorOutbox(directory: dir.path).entries.map(\.key) == [first, second])
    }

    @Test("ids never repeat: not after a resend killed before any verdict, nor after logging out")
    func idsNeverRepeat() throws {
        let dir = try TestDirectory("outbox-ids")
        defer { dir.remove() }
        var outbox = SimulatorOutbox(directory: dir.path)
        let accepted = outbox.newID()
        outbox.accept(Self.entry(accepted))
        // A restart resends under a new temporary id, then the process dies at once.
        var restarted = SimulatorOutbox(directory: dir.path)
        let resent = try #require(restarted.resendIDs().first?.tempID)
        #expect(resent > accepted)
        var again = SimulatorOutbox(directory: dir.path)
        let next = again.newID()
        #expect(next > resent)
        // Logging out drops what was pending, not the ids.
        again.dropPending()
        var afterLogout = SimulatorOutbox(directory: dir.path)
        #expect(afterLogout.entries.isEmpty)
        #expect(afterLogout.newID() > next)
    }
}
