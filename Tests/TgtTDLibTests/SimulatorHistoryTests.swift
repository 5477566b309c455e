import Foundation
import Testing
@testable import TgtSimulator
import TgtTestSupport

/// The simulator's conversation history journal, shared by every process on a database
/// directory: a compaction keeps what another process wrote, and one from memory (nobody else
/// wrote) leaves the same state on disk.
@Suite("Simulator history compaction")
struct SimulatorHistoryTests {
    private static func message(_ id: Int64) -> (object: [String: Any], json: SimulatorJSON.Fragment) {
        let object: [String: Any] = ["@type": "message", "id": id, "chat_id": -4001, "content": ["@type": "messageText", "text": ["@type": "formattedText", "text": "m\(id)"]]]
        return (object, SimulatorJSON.Fragment(object))
    }

    private static func append(_ id: Int64, to history: inout SimulatorHistory) {
        let m = message(id)
        history.append(m.object, chatID: -4001, json: m.json)
    }

    @Test("a compaction after another process wrote keeps that process's message; one from memory loses nothing")
    func compactionKeepsOthers() throws {
        let dir = try TestDirectory("history-compaction")
        defer { dir.remove() }
        var mine = SimulatorHistory(directory: dir.path)
        var other = SimulatorHistory(directory: dir.path)
        Self.append(1, to: &mine)
        Self.append(2, to: &other)  // another process's line, between two of ours
        let lines = SimulatorHistory.compactAfter
        for id in 3...Int64(lines + 1) { Self.append(id, to: &mine) }
        let journal = try String(contentsOf: dir.file(SimulatorHistory.journalName), encoding: .utf8)
        #expect(journal.split(separator: "\n").count < lines, "compacted")
        let ids = Set(SimulatorHistory(directory: dir.path).added[-4001, default: []].map { TelegramSimulator.int64($0["id"]) })
        #expect(ids == Set(1...Int64(lines + 1)), "every message, the other process's included")

        // Only this process writes now: the next compaction (at 4 times the snapshot's
        // messages) is made from memory.
        let last = Int64(lines + 1 + 4 * (lines + 1) + 5)
        for id in Int64(lines + 2)...last { Self.append(id, to: &mine) }
        let again = try String(contentsOf: dir.file(SimulatorHistory.journalName), encoding: .utf8)
        #expect(again.split(separator: "\n").count < 10, "compacted again")
        let reloaded = SimulatorHistory(directory: dir.path).added[-4001, default: []].map { TelegramSimulator.int64($0["id"]) }
        #expect(reloaded == Array(1...last))
    }
}
