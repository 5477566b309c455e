import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtSimulator
import TgtTelegram
import TgtTestSupport

/// `SessionChatAccess.send(copies:…)`, the one way every face sends files from copies made to be
/// sent (the dashboard's uploads, the app's picked files, `tgt chat send --attach`): a send
/// Telegram takes owns the copies, which go when its messages settle; a refused send leaves them
/// to the face, to send again.
@Suite("Sending files from copies", .timeLimit(.minutes(3)))
struct SendCopiesTests {
    static let family: Int64 = 555_000_111
    /// A PNG's signature and bytes: a photo by its bytes.
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 200))

    /// Two copies, each in a folder of its own under `outgoing`, as the faces stage them.
    static func copies(in dir: TestDirectory, _ files: [(name: String, bytes: Data)]) throws -> [(folder: URL, path: String)] {
        try files.enumerated().map { index, file in
            let folder = dir.url.appendingPathComponent("outgoing/\(index)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent(file.name)
            try file.bytes.write(to: path)
            return (folder, path.path)
        }
    }

    static func session(_ clock: TestClock) async throws -> (SimulatedTelegram, OpenSession, SessionChatAccess) {
        try await ChatSendFilesProgressTests.session(SimulatorScenario(), clock)
    }

    @Test("an album Telegram takes: both messages come back sent, with their files, and the copies' folders are gone")
    func sentCopiesGo() async throws {
        let (sim, open, access) = try await Self.session(TestClock())
        defer { sim.remove() }
        let dir = try TestDirectory("send-copies")
        defer { dir.remove() }
        let pdf = Data("%PDF-1.4".utf8 + [UInt8](repeating: 7, count: 200))
        let copies = try Self.copies(in: dir, [("a.pdf", pdf), ("b.pdf", pdf)])
        let items = try await access.send(copies: copies.map(\.folder), paths: copies.map(\.path), chatID: Self.family, caption: "the *two* files",
                                          replyTo: nil, topicID: nil, silent: false, asFiles: false, confirmTimeout: 30)
        #expect(items.count == 2)
        #expect(items.allSatisfy { $0.sendingState == nil && $0.media?.file?.name.hasSuffix(".pdf") == true }, "\(items)")
        #expect(items.first?.text == "the two files")
        for copy in copies { #expect(!FileManager.default.fileExists(atPath: copy.folder.path), "\(copy.folder.lastPathComponent) was kept") }
        await open.close()
    }

    @Test("a refused send (a photo and a document in one album) throws and leaves every copy where it was, to send again")
    func refusedCopiesStay() async throws {
        let (sim, open, access) = try await Self.session(TestClock())
        defer { sim.remove() }
        let dir = try TestDirectory("send-copies-refused")
        defer { dir.remove() }
        let copies = try Self.copies(in: dir, [("a.png", Self.png), ("b.pdf", Data("%PDF-1.4 a document".utf8))])
        await #expect(throws: ChatError.self) {
            try await access.send(copies: copies.map(\.folder), paths: copies.map(\.path), chatID: Self.family, caption: "",
                                  replyTo: nil, topicID: nil, silent: false, asFiles: false, confirmTimeout: 30)
        }
        for copy in copies { #expect(FileManager.default.fileExists(atPath: copy.path), "\(copy.path) went with a refused send") }
        let page = try await access.page(chatID: Self.family, before: nil, limit: 50, topicID: nil)
        #expect(!page.messages.contains { $0.media?.file?.name == "b.pdf" }, "a refused album posted a file")
        await open.close()
    }
}
