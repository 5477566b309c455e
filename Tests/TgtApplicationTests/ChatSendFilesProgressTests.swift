import Foundation
import Testing
@testable import TgtApplication
import TgtDomain
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// `SessionChatAccess.sendFiles` tells how far an album's upload is, against the size of all
/// its files (what `tgt chat send --attach` shows on a terminal), and `download` how far a
/// file has come (what `tgt chat download` shows).
@Suite("Sending files: progress", .timeLimit(.minutes(3)))
struct ChatSendFilesProgressTests {
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [UploadProgress] = []
        func add(_ part: UploadProgress) { lock.withLock { parts.append(part) } }
        var all: [UploadProgress] { lock.withLock { parts } }
    }

    /// A logged-in simulated session on `clock`, its chat lists loaded, and its chats.
    static func session(_ scenario: SimulatorScenario, _ clock: TestClock) async throws -> (SimulatedTelegram, OpenSession, SessionChatAccess) {
        let sim = try SimulatedTelegram(scenario: scenario, clock: clock)
        let open = try await sim.loggedIn()
        let service = ChatService(session: open.session, clock: sim.clock, timeout: 30)
        try await service.loadChatLists()
        return (sim, open, SessionChatAccess(service: service, clock: sim.clock))
    }

    @Test("two files of 400 bytes at 400 bytes a second: progress climbs over both to 800 of 800, then the album is sent")
    func albumProgress() async throws {
        var scenario = SimulatorScenario()
        scenario.uploadBytesPerSecond = 400
        let clock = TestClock()
        let (sim, open, access) = try await Self.session(scenario, clock)
        defer { sim.remove() }
        let dir = try TestDirectory("progress")
        defer { dir.remove() }
        for name in ["a.pdf", "b.pdf"] { try Data("%PDF-1.4".utf8 + [UInt8](repeating: 9, count: 392)).write(to: dir.file(name)) }
        let heard = Heard()
        var events = open.session.chatEvents.subscribe(replayingCurrent: false).makeAsyncIterator()
        let sending = Task {
            try await access.sendFiles(chatID: 555_000_111, paths: [dir.file("a.pdf").path, dir.file("b.pdf").path], caption: "", replyTo: nil,
                                       topicID: nil, silent: false, asFiles: false) { heard.add($0) }
        }
        // Both messages are pending (their uploads' first steps are due) before the clock moves.
        var pending = 0
        while pending < 2, let event = await events.next() { if case .newMessage = event { pending += 1 } }
        // Each quarter second moves both files on by 100 bytes.
        for step in 1...4 {
            clock.advance(by: 0.25)
            try await awaitCondition { heard.all.last?.sentBytes == Int64(step * 200) }
        }
        let items = try await sending.value
        #expect(items.count == 2 && items.allSatisfy { $0.sendingState == nil })
        let parts = heard.all
        #expect(parts.allSatisfy { $0.totalBytes == 800 }, "\(parts)")
        #expect(parts.map(\.sentBytes) == parts.map(\.sentBytes).sorted() && parts.last?.sentBytes == 800, "\(parts)")
        await open.close()
    }

    @Test("a voice note downloading at 32 KB a second: progress climbs a quarter second at a time to its size")
    func downloadProgress() async throws {
        var scenario = SimulatorScenario()
        scenario.downloadBytesPerSecond = 32_768
        let clock = TestClock()
        let (sim, open, access) = try await Self.session(scenario, clock)
        defer { sim.remove() }
        let service = access.service
        let family: Int64 = -1001000000001
        let voice = try #require(try await service.conversation(chatID: family).messages.last { $0.media?.kind == "voiceNote" })
        let dir = try TestDirectory("download-progress")
        defer { dir.remove() }
        let heard = Locked<[[Int64]]>([])
        let files = FileEvents(open.session)
        let downloading = Task {
            try await access.download(chatID: family, messageID: voice.id, into: dir.url) { done, size in heard.withLock { $0.append([done, size]) } }
        }
        _ = await files.next { $0.isDownloading }
        await files.runToCompletion(clock)
        let saved = try await downloading.value
        let after = heard.withLock { $0 }
        let size = Int64((try FileManager.default.attributesOfItem(atPath: saved.path)[.size] as? Int) ?? 0)
        #expect(after.count >= 3 && after.allSatisfy { $0[1] == size } && after.last?[0] == size, "\(after)")
        #expect(after.map { $0[0] } == after.map { $0[0] }.sorted(), "\(after)")
        #expect(after.contains { $0[0] == 8_192 }, "a quarter second's 8 KB heard: \(after)")
        await open.close()
    }
}
