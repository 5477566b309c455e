import Foundation
import Testing
@testable import TgtApplication
import TgtSimulator
import TgtTelegram
import TgtTestSupport

/// `tgt chat download`'s core on the session of this process: a message's file saved into a
/// folder under its sender's name made safe, never replacing what is there.
@Suite("Media saver", .timeLimit(.minutes(5)))
struct MediaSaverTests {
    static let neighbours: Int64 = -4002

    static func open() async throws -> (SimulatedTelegram, OpenSession, ChatService) {
        let sim = try SimulatedTelegram()
        let open = try await sim.loggedIn()
        let service = ChatService(session: open.session, clock: sim.clock, timeout: 30)
        try await service.loadChatLists()
        return (sim, open, service)
    }

    @Test("a hostile document saved twice: its safe name, then “(1)”, never replacing a file nor leaving a temporary one; a missing folder is a clear error")
    func hostileNameAndSaving() async throws {
        let (sim, open, service) = try await MediaSaverTests.open()
        defer { sim.remove() }
        let page = try await service.conversation(chatID: Self.neighbours, limit: 50)
        let html = try #require(page.messages.first { $0.media?.file?.name.hasSuffix(".html") == true })
        #expect(html.media?.file?.name == "img src=x onerror=alert(1).html" && html.media?.file?.mimeType == "text/html")
        let access = SessionChatAccess(service: service, clock: sim.clock)
        let target = try TestDirectory("media-save")
        defer { target.remove() }
        let first = try await access.download(chatID: Self.neighbours, messageID: html.id, into: target.url)
        let second = try await access.download(chatID: Self.neighbours, messageID: html.id, into: target.url)
        #expect(first.lastPathComponent == "img src=x onerror=alert(1).html" && second.lastPathComponent == "img src=x onerror=alert(1) (1).html")
        #expect(FileManager.default.contents(atPath: first.path) == FileManager.default.contents(atPath: second.path))
        // Nothing else is left in the folder: no temporary file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.url.path).sorted() == [first.lastPathComponent, second.lastPathComponent].sorted())
        // A folder that is not there is a clear error, and leaves nothing.
        let missing = target.url.appendingPathComponent("missing")
        await #expect(throws: MediaSaver.SaveError.self) { _ = try await access.download(chatID: Self.neighbours, messageID: html.id, into: missing) }
        await open.close()
    }

}
