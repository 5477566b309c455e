import Foundation
import Testing
@testable import TgtSimulator
import TgtTDLib
import TgtTestSupport

/// The simulator's outbox (its stand-in for TDLib's binlog) kept as a journal: many sends go
/// through a compaction, and the next process on the directory still resends exactly what was
/// held, once.
@Suite("Simulator outbox journal")
struct SimulatorOutboxTests {
    @Test("a message held across the journal's compaction is resent by the next process, and only it")
    func heldAcrossCompaction() async throws {
        let dir = try TestDirectory("outbox-journal")
        defer { dir.remove() }
        let library = try OfflineTDLib.library()
        let simulator = TelegramSimulator(scenario: SimulatorScenario(sendBehaviours: [-4001: .delay(seconds: 30)]), executor: library)
        let first = TDClient(runtime: TDRuntime(transport: simulator))
        var updates = first.updates.makeAsyncIterator()
        _ = try await first.send(OfflineTDLib.parameters(in: dir))
        _ = try await first.send(TDFunctions.SetAuthenticationPhoneNumber("+15555550123"))
        _ = try await first.send(TDFunctions.CheckAuthenticationCode("12345"))
        let held = try TDClient.execute(TDFunctions.ParseMarkdown("Held"), on: simulator)
        _ = try await first.send(TDFunctions.SendMessage(chatID: -4001, content: .text(held)))
        // 40 sends confirmed at once: 80 journal lines, past the compaction at 64.
        let quick = 40
        for n in 0..<quick {
            let text = try TDClient.execute(TDFunctions.ParseMarkdown("Quick \(n)"), on: simulator)
            _ = try await first.send(TDFunctions.SendMessage(chatID: -4002, content: .text(text)))
        }
        var confirmed = 0
        while confirmed < quick, let update = await updates.next() {
            if case .messageSendSucceeded = update { confirmed += 1 }
        }
        _ = await first.close()
        let td = dir.file("td")
        let journal = (try? String(contentsOf: td.appendingPathComponent("tgt-simulator-outbox.log"), encoding: .utf8)) ?? ""
        #expect(journal.split(separator: "\n").count < 2 * quick, "the journal was compacted into the snapshot")
        #expect(FileManager.default.fileExists(atPath: td.appendingPathComponent("tgt-simulator-outbox.json").path))

        // The next process announces and delivers the held message, and nothing else.
        let second = TDClient(runtime: TDRuntime(transport: TelegramSimulator(executor: library)))
        var next = second.updates.makeAsyncIterator()
        _ = try await second.send(OfflineTDLib.parameters(in: dir))
        var resent: [String] = []
        var succeeded = false
        while !succeeded, let update = await next.next() {
            switch update {
            case .newMessage(let message) where message.sendingState == .pending: resent.append(message.text ?? "")
            case .messageSendSucceeded: succeeded = true
            default: break
            }
        }
        _ = await second.close()
        #expect(resent == ["Held"])
        let delivered = TelegramSimulator.deliveredMessages(inDatabaseDirectory: td).map(\.content)
        #expect(delivered.count == quick + 1)
        #expect(delivered.filter { $0 == "Held" }.count == 1)
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
