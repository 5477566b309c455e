import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// Files sent from the app's composer: picked files staged as copies and checked when picked,
/// sent with the text as caption (an album of several), their upload's progress on the bubble
/// with a cancel, and no staged copy outliving its send or its composer.
@Suite("App model: sending files", .timeLimit(.minutes(5)))
@MainActor
struct AttachmentModelTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 200)
    static let pdf = Data("%PDF-1.4".utf8 + [UInt8](repeating: 7, count: 992))

    /// The staged copies in the app's outgoing folder.
    static func staged(_ fixture: AppFixture) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: fixture.services.environment.directory.outgoingFolder.path)) ?? []
    }

    @Test("picked files are checked copies in the tray; a mix is refused until sent as files; the album arrives with its caption; copies go")
    func attachAndSend() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let dir = try TestDirectory("app-attach")
        defer { dir.remove() }
        try Data(Self.png).write(to: dir.file("beach.png"))
        try Self.pdf.write(to: dir.file("report.pdf"))
        try Data().write(to: dir.file("empty.txt"))
        let (app, conversation, composer) = try await ChatModelsTests.open(ChatModelsTests.alice, fixture)

        #expect(await composer.attach(fileAt: dir.file("beach.png")))
        #expect(await composer.attach(fileAt: dir.file("report.pdf")))
        #expect(composer.attachments.map(\.kind) == [.photo, .document] && composer.attachments.map(\.name) == ["beach.png", "report.pdf"])
        #expect(composer.attachments[0].label(asFile: false).description == "Photo · 208 bytes")
        #expect(composer.attachments[0].label(asFile: true).description == "File · 208 bytes")
        #expect(FileManager.default.fileExists(atPath: dir.file("beach.png").path), "the picked file is copied, not taken")
        #expect(Self.staged(fixture).count == 2)
        #expect(composer.attachments.allSatisfy { $0.url.path.hasPrefix(fixture.services.environment.directory.outgoingFolder.path) })

        // Refused when picked: nothing is kept.
        #expect(await composer.attach(fileAt: dir.file("empty.txt")) == false)
        #expect(composer.error?.description.contains("“empty.txt” is empty") == true && composer.attachments.count == 2 && Self.staged(fixture).count == 2)

        // A photo and a document cannot share an album: refused before anything goes, all stays.
        composer.text = "Holiday *pictures*"
        #expect(await composer.send() == false)
        #expect(composer.error?.description.contains("cannot share an album") == true)
        #expect(composer.attachments.count == 2 && composer.text == "Holiday *pictures*")

        composer.sendAsFiles = true
        #expect(await composer.send())
        #expect(composer.attachments.isEmpty && composer.text.isEmpty && composer.error == nil && !composer.sendAsFiles)
        try await eventually("the album in the conversation") {
            conversation.messages.suffix(2).map { $0.media?.file?.name } == ["beach.png", "report.pdf"]
                && conversation.messages.suffix(2).allSatisfy { $0.sendingState == nil }
        }
        #expect(conversation.messages.suffix(2).first?.text == "Holiday pictures", "the text is the first file's caption, formatted")
        try await eventually("the staged copies gone once sent") { Self.staged(fixture).isEmpty }
        await conversation.close()
        await app.shutdown()
    }

    @Test("an eleventh file, one taken back, and a composer that goes: no copy is left behind")
    func limitsAndLeftovers() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let dir = try TestDirectory("app-attach-limits")
        defer { dir.remove() }
        try Self.pdf.write(to: dir.file("report.pdf"))
        let app = try await ChatModelsTests.loggedIn(fixture)
        var composer: ComposerModel? = app.composer(for: ChatModelsTests.alice)
        for _ in 1...ChatService.maxAlbumFiles { #expect(await composer?.attach(fileAt: dir.file("report.pdf")) == true) }
        #expect(await composer?.attach(fileAt: dir.file("report.pdf")) == false)
        #expect(composer?.error?.description == "An album holds at most 10 files: send these first, then pick more.")
        #expect(Self.staged(fixture).count == 10 && composer?.roomForFiles == 0)
        let first = try #require(composer?.attachments.first)
        composer?.removeAttachment(first)
        #expect(composer?.attachments.count == 9 && Self.staged(fixture).count == 9 && composer?.roomForFiles == 1)

        // A pasted image, handed over in memory, joins the tray as a photo.
        let fresh = app.composer(for: ChatModelsTests.alice)
        #expect(await fresh.attach(data: Data(Self.png), name: "Pasted image.png"))
        #expect(fresh.attachments.map(\.kind) == [.photo] && fresh.attachments.first?.name == "Pasted image.png")
        fresh.removeAttachment(try #require(fresh.attachments.first))

        // A picker's own temporary copy is moved in, not copied.
        let picked = dir.file("picked.pdf")
        try Self.pdf.write(to: picked)
        #expect(await composer?.attach(fileAt: picked, move: true) == true)
        #expect(!FileManager.default.fileExists(atPath: picked.path) && Self.staged(fixture).count == 10)

        composer = nil
        #expect(Self.staged(fixture).isEmpty, "a composer that goes takes its unsent copies with it")
        await app.shutdown()
    }

    @Test("editing a message while files wait in the tray saves the edit and leaves the files for the next send")
    func editWithFilesWaiting() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let dir = try TestDirectory("app-attach-edit")
        defer { dir.remove() }
        try Self.pdf.write(to: dir.file("report.pdf"))
        let (app, conversation, composer) = try await ChatModelsTests.open(ChatModelsTests.alice, fixture)
        composer.text = "Draft of the plan"
        #expect(await composer.send())
        try await eventually("ours sent") { conversation.messages.last?.text == "Draft of the plan" && conversation.messages.last?.sendingState == nil }
        let mine = try #require(conversation.messages.last)
        #expect(await composer.attach(fileAt: dir.file("report.pdf")))
        composer.edit(mine)
        #expect(!composer.canAttach)
        composer.text = "Final plan"
        #expect(await composer.send())
        try await eventually("the edit") { conversation.messages.first { $0.id == mine.id }?.text == "Final plan" }
        #expect(composer.attachments.map(\.name) == ["report.pdf"] && composer.canAttach && Self.staged(fixture).count == 1)
        #expect(await composer.send())
        try await eventually("the file sent after") { conversation.messages.last?.media?.file?.name == "report.pdf" }
        await app.shutdown()
    }

    @Test("the bubble says how far the upload is and offers cancel, not delete; cancelling drops it and its copy")
    func progressAndCancel() async throws {
        var scenario = SimulatorScenario()
        scenario.uploadBytesPerSecond = 400  // 100 bytes per quarter second of the server's clock
        let server = TestClock()
        let fixture = try AppFixture(scenario: scenario, serverClock: server)
        defer { fixture.remove() }
        let dir = try TestDirectory("app-upload")
        defer { dir.remove() }
        try Self.pdf.write(to: dir.file("report.pdf"))
        let (app, conversation, composer) = try await ChatModelsTests.open(ChatModelsTests.alice, fixture)
        #expect(await composer.attach(fileAt: dir.file("report.pdf")))
        #expect(await composer.send())
        try await eventually("the pending bubble") { conversation.messages.last?.sendingState == "pending" }
        let pending = try #require(conversation.messages.last)
        #expect(conversation.actions(for: pending).contains(.cancelSending) && !conversation.actions(for: pending).contains(.delete))
        #expect(!conversation.actions(for: pending).contains(.select))
        server.advance(by: 0.25)
        try await eventually("the first part up") {
            conversation.messages.last.flatMap { conversation.upload(of: $0) }?.line.description == "100 bytes of 1000 bytes sent"
        }
        #expect(conversation.messages.last.flatMap { conversation.upload(of: $0) }?.fraction == 0.1)
        #expect(Self.staged(fixture).count == 1, "TDLib still reads the copy")
        await conversation.cancelSending(pending)
        #expect(conversation.actionError == nil)
        try await eventually("the bubble gone") { !conversation.messages.contains { $0.id == pending.id } }
        try await eventually("its copy gone") { Self.staged(fixture).isEmpty }
        // Time enough for the rest of the file; a message sent after it arrives, the file never does.
        server.advance(by: 5)
        composer.text = "sent after the cancel"
        #expect(await composer.send())
        let delivered = { TelegramSimulator.deliveredMessages(inDatabaseDirectory: fixture.services.environment.tdlibDatabaseFolder) }
        try await eventually("the later message delivered") { delivered().contains { $0.content.contains("sent after the cancel") } }
        #expect(delivered().count == 1, "\(delivered())")
        await conversation.close()
        await app.shutdown()
    }
}
