import Foundation
import Testing
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// Files sent through `ChatService.sendFiles`: checked before anything is uploaded (there,
/// a file, not empty, what it is by its bytes), one file as one message and several as one
/// album with the caption on the first, a mix refused, and what was sent read back.
@Suite("Chats: sending files", .timeLimit(.minutes(5)))
struct SendFilesServiceTests {
    static let alice: Int64 = 555_000_111
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 200)

    @Test("the kind comes from the bytes: a PNG named .txt is a photo, HTML named .jpg a document, MP4 a video, MP3 audio, a GIF an animation; --as-files makes all documents")
    func kinds() throws {
        let dir = try TestDirectory("send-kinds")
        defer { dir.remove() }
        func file(_ name: String, _ bytes: [UInt8]) throws -> String {
            try Data(bytes).write(to: dir.file(name))
            return dir.file(name).path
        }
        #expect(try ChatService.check(fileAt: try file("picture.txt", Self.png)).kind == .photo)
        #expect(try ChatService.check(fileAt: try file("evil.jpg", Array("<html><script>alert(1)</script>".utf8))).kind == .document)
        #expect(try ChatService.check(fileAt: try file("clip.bin", [0, 0, 0, 0x18] + Array("ftypisom".utf8))).kind == .video)
        #expect(try ChatService.check(fileAt: try file("song", Array("ID3\u{4}".utf8))).kind == .audio)
        #expect(try ChatService.check(fileAt: try file("IMG_1.heic", [0, 0, 0, 0x18] + Array("ftypheic".utf8))).kind == .document)
        #expect(try ChatService.check(fileAt: try file("book.m4b", [0, 0, 0, 0x18] + Array("ftypM4B ".utf8))).kind == .audio)
        #expect(try ChatService.check(fileAt: try file("wave.png", Array("GIF89a".utf8) + [1, 0, 1, 0])).kind == .animation)
        // A long screenshot goes as a file (Telegram refuses it as a photo); an ordinary one as a photo.
        let tall = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0x04, 0x38, 0, 0, 0x5D, 0xC0] + [8, 6, 0, 0, 0]
        #expect(try ChatService.check(fileAt: try file("screenshot.png", tall)).kind == .document)
        let wide = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [0, 0, 0x04, 0x38, 0, 0, 0x07, 0x80] + [8, 6, 0, 0, 0]
        #expect(try ChatService.check(fileAt: try file("screen.png", wide)).kind == .photo)
        let checked = try ChatService.check(fileAt: try file("picture.png", Self.png), asFiles: true)
        #expect(checked.kind == .document && checked.name == "picture.png" && checked.size == Int64(Self.png.count))
        #expect(throws: ChatError.badFile(.empty(name: "empty.txt"))) { try ChatService.check(fileAt: try file("empty.txt", [])) }
        #expect(throws: ChatError.badFile(.missing(name: "missing.png"))) { try ChatService.check(fileAt: dir.file("missing.png").path) }
        #expect(throws: ChatError.badFile(.notAFile(name: dir.url.lastPathComponent))) { try ChatService.check(fileAt: dir.path) }
        #expect(throws: ChatError.self) { try ChatService.check(fileAt: "relative/path.png") }
    }

    @Test("one photo with a caption, then an album of a photo and a video; the sent file reads back byte for byte")
    func sendAndReadBack() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let dir = try TestDirectory("send-files")
        defer { dir.remove() }
        try Data(Self.png).write(to: dir.file("beach.png"))
        try Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [UInt8](repeating: 3, count: 100)).write(to: dir.file("waves.mp4"))
        let one = try await service.sendFiles(chatID: Self.alice, paths: [dir.file("beach.png").path], caption: "*Beach* day")
        #expect(one.count == 1 && one[0].sendingState == nil)
        guard case .media(let photo)? = one[0].content else { Issue.record("not media"); return }
        #expect(photo.kind == .photo && photo.caption.text == "Beach day" && photo.caption.entities.count == 1)
        let back = try await service.downloadMedia(chatID: Self.alice, messageID: one[0].id)
        #expect(FileManager.default.contents(atPath: back.path) == Data(Self.png))
        let album = try await service.sendFiles(chatID: Self.alice, paths: [dir.file("beach.png").path, dir.file("waves.mp4").path], caption: "both")
        #expect(album.count == 2 && album.allSatisfy { $0.sendingState == nil })
        let kinds = album.compactMap { message -> MessageMedia.Kind? in if case .media(let m)? = message.content { return m.kind } else { return nil } }
        #expect(kinds == [.photo, .video])
        #expect(album.first?.content?.formattedText?.text == "both" && album.last?.content?.formattedText == nil)
        #expect(sim.simulator.receivedRequests.contains("sendMessageAlbum"))
        // A GIF alone is an animation (it plays, looping); beside a PDF it goes as a file in an album of files.
        try Data(Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 59]).write(to: dir.file("wave.gif"))
        let gif = try await service.sendFiles(chatID: Self.alice, paths: [dir.file("wave.gif").path])
        #expect(gif.count == 1 && { if case .media(let m)? = gif[0].content { m.kind == .animation } else { false } }())
        try Data("%PDF-1.4".utf8).write(to: dir.file("notes.pdf"))
        let files = try await service.sendFiles(chatID: Self.alice, paths: [dir.file("wave.gif").path, dir.file("notes.pdf").path])
        #expect(files.count == 2 && files.allSatisfy { if case .media(let m)? = $0.content { m.kind == .document } else { false } })
        await open.close()
    }

    @Test("refused before anything is uploaded: a mix of photos and documents, more than 10 files, a missing file, a chat one cannot write in")
    func refusals() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let dir = try TestDirectory("send-refused")
        defer { dir.remove() }
        try Data(Self.png).write(to: dir.file("a.png"))
        try Data("%PDF-1.4".utf8).write(to: dir.file("b.pdf"))
        let before = sim.simulator.receivedRequests.count
        await #expect(throws: ChatError.self) { _ = try await service.sendFiles(chatID: Self.alice, paths: [dir.file("a.png").path, dir.file("b.pdf").path]) }
        await #expect(throws: ChatError.self) { _ = try await service.sendFiles(chatID: Self.alice, paths: Array(repeating: dir.file("a.png").path, count: 11)) }
        await #expect(throws: ChatError.badFile(.missing(name: "gone.png"))) { _ = try await service.sendFiles(chatID: Self.alice, paths: [dir.file("gone.png").path]) }
        await #expect(throws: ChatError.self) { _ = try await service.sendFiles(chatID: -1001000000003, paths: [dir.file("a.png").path]) }
        #expect(!sim.simulator.receivedRequests.dropFirst(before).contains { $0.hasPrefix("sendMessage") })
        // As files, the mix goes as one album of documents.
        let mixed = try await service.sendFiles(chatID: Self.alice, paths: [dir.file("a.png").path, dir.file("b.pdf").path], asFiles: true)
        #expect(mixed.count == 2 && mixed.allSatisfy { if case .media(let m)? = $0.content { m.kind == .document } else { false } })
        await open.close()
    }

    /// A session whose uploads take 100 bytes per quarter second of `clock`, and a folder `name`.
    static func slowUploads(_ name: String) async throws -> (SimulatedTelegram, OpenSession, ChatService, TestClock, TestDirectory) {
        var scenario = SimulatorScenario()
        scenario.uploadBytesPerSecond = 400
        let clock = TestClock()
        let (sim, open, service) = try await ChatServiceTests.open(scenario, clock: clock)
        do {
            return (sim, open, service, clock, try TestDirectory(name))
        } catch {
            sim.remove()
            throw error
        }
    }

    @Test("a file deleted while its upload runs fails the send, as TDLib reads it to its last part")
    func deletedWhileUploading() async throws {
        let (sim, open, service, clock, dir) = try await Self.slowUploads("send-deleted")
        defer { sim.remove(); dir.remove() }
        try Data("%PDF-1.4".utf8 + [UInt8](repeating: 7, count: 392)).write(to: dir.file("gone.pdf"))
        var events = open.session.chatEvents.subscribe(replayingCurrent: false).makeAsyncIterator()
        let pending = try await service.sendFiles(chatID: Self.alice, paths: [dir.file("gone.pdf").path], confirmTimeout: 0)
        #expect(pending.first?.sendingState == .pending)
        clock.advance(by: 0.25)
        try FileManager.default.removeItem(at: dir.file("gone.pdf"))
        var failure: String?
        while failure == nil {
            clock.advance(by: 0.25)
            guard let event = await events.next() else { break }
            if case .messageFailed(_, _, let error) = event { failure = error }
            if case .messageSent = event { break }
        }
        #expect(failure?.contains("File not found") == true, "\(String(describing: failure))")
        #expect(TelegramSimulator.deliveredMessages(inDatabaseDirectory: sim.environment.tdlibDatabaseFolder).isEmpty)
        await open.close()
    }

    @Test("an upload moves on in steps reported as progress (the pending item shows it); cancelling stops it, nothing reaches Telegram, and the send answers nothing sent")
    func progressAndCancel() async throws {
        let (sim, open, service, clock, dir) = try await Self.slowUploads("send-progress")
        defer { sim.remove(); dir.remove() }
        try Data("%PDF-1.4".utf8 + [UInt8](repeating: 7, count: 992)).write(to: dir.file("report.pdf"))
        var events = open.session.chatEvents.subscribe(replayingCurrent: false).makeAsyncIterator()
        func next(_ matching: (ChatEvent) -> Bool) async -> ChatEvent? {
            while let event = await events.next() { if matching(event) { return event } }
            return nil
        }
        let path = dir.file("report.pdf").path
        let sending = Task { try await service.sendFiles(chatID: Self.alice, paths: [path]) }
        guard case .newMessage(let pending)? = await next({ if case .newMessage = $0 { true } else { false } }) else {
            Issue.record("no pending message")
            return
        }
        #expect(pending.sendingState == .pending)
        #expect(await service.item(pending).upload == UploadProgress(sentBytes: 0, totalBytes: 1000))
        clock.advance(by: 0.25)
        let first = await next { if case .upload = $0 { true } else { false } }
        #expect(first == .upload(chatID: Self.alice, messageID: pending.id, progress: UploadProgress(sentBytes: 100, totalBytes: 1000)))
        clock.advance(by: 0.25)
        _ = await next { if case .upload(_, _, let p) = $0 { p.sentBytes == 200 } else { false } }
        // What a page asks for now says how far it is.
        let now = try await open.session.send(TDFunctions.GetMessage(chatID: Self.alice, messageID: pending.id), timeout: 30)
        #expect(await service.item(now).upload == UploadProgress(sentBytes: 200, totalBytes: 1000))

        try await service.cancelSending(chatID: Self.alice, messageID: pending.id)
        let deleted = await next { if case .messagesDeleted = $0 { true } else { false } }
        #expect(deleted == .messagesDeleted(chatID: Self.alice, messageIDs: [pending.id]))
        #expect(try await sending.value.isEmpty)
        clock.advance(by: 5)
        #expect(TelegramSimulator.deliveredMessages(inDatabaseDirectory: sim.environment.tdlibDatabaseFolder).isEmpty)
        await #expect(throws: ChatError.messageNotFound(pending.id)) { try await service.cancelSending(chatID: Self.alice, messageID: pending.id) }

        // A send left to finish goes out once all of it is up; it is then no longer cancellable.
        let finishing = Task { try await service.sendFiles(chatID: Self.alice, paths: [path]) }
        guard case .newMessage(let second)? = await next({ if case .newMessage = $0 { true } else { false } }) else {
            Issue.record("no second pending message")
            return
        }
        for step in 1...10 {
            clock.advance(by: 0.25)
            _ = await next { if case .upload(_, second.id, let p) = $0 { p.sentBytes == Int64(step * 100) } else { false } }
        }
        let sent = try await finishing.value
        #expect(sent.count == 1 && sent[0].sendingState == nil && sent[0].id != second.id)
        #expect(TelegramSimulator.deliveredMessages(inDatabaseDirectory: sim.environment.tdlibDatabaseFolder).count == 1)
        await #expect(throws: ChatError.notBeingSent(sent[0].id)) { try await service.cancelSending(chatID: Self.alice, messageID: sent[0].id) }
        // Asked by its old temporary id, as a late ✕ would, it is found sent, and stays.
        await #expect(throws: ChatError.notBeingSent(second.id)) { try await service.cancelSending(chatID: Self.alice, messageID: second.id) }
        let after = try await open.session.send(TDFunctions.GetMessage(chatID: Self.alice, messageID: sent[0].id), timeout: 30)
        #expect(after.id == sent[0].id)
        await open.close()
    }
}
