import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtSimulator
import TgtTelegram
import TgtTestSupport

/// A message's file opened in the app's conversation model: a photo in the viewer, a voice
/// message in the player (what its bytes are, whatever the sender called it; an Ogg Opus one
/// through its CAF copy, gone when the player closes), a hostile HTML document only saved or
/// shared, and a message without a file worded.
@Suite("App model: media", .timeLimit(.minutes(5)))
@MainActor
struct MediaModelTests {
    @Test("a photo opens in the viewer, a voice note in the player, from TDLib's folder; closing clears it")
    func open() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, conversation, _) = try await ChatModelsTests.open(ChatModelsTests.family, fixture)
        let photo = try #require(conversation.messages.last { $0.media?.kind == "photo" })
        await conversation.openMedia(photo)
        let shown = try #require(conversation.openedMedia)
        #expect(shown.presentation == .image && shown.name == "photo.jpg" && shown.messageID == photo.id)
        #expect(FileManager.default.fileExists(atPath: shown.url.path) && conversation.openingMediaID == nil && conversation.actionError == nil)
        let voice = try #require(conversation.messages.last { $0.media?.kind == "voiceNote" })
        await conversation.openMedia(voice)
        #expect(conversation.openedMedia?.presentation == .player && conversation.openedMedia?.messageID == voice.id)
        #expect(fixture.simulator.receivedRequests.contains("openMessageContent"), "Telegram hears it was played")
        conversation.closeMedia()
        #expect(conversation.openedMedia == nil)
        // A bubble without a file opens nothing.
        let location = try #require(conversation.messages.last { $0.media?.kind == "location" })
        await conversation.openMedia(location)
        #expect(conversation.openedMedia == nil && conversation.actionError == nil)
        await conversation.close()
        await app.shutdown()
    }

    @Test("a voice note still downloading: a second tap does nothing, closing the conversation drops it and leaves no copy")
    func openWhileDownloading() async throws {
        var scenario = SimulatorScenario()
        scenario.downloadBytesPerSecond = 32_768  // 8 KB per quarter second of the server's clock
        let server = TestClock()
        let fixture = try AppFixture(scenario: scenario, serverClock: server)
        defer { fixture.remove() }
        let (app, conversation, _) = try await ChatModelsTests.open(ChatModelsTests.family, fixture)
        let folder = fixture.containers.telegramDirectory.playbackFolder
        let copies = { (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] }
        let voice = try #require(conversation.messages.last { $0.media?.kind == "voiceNote" })

        let first = Task { await conversation.openMedia(voice) }
        try await eventually("opening") { conversation.openingMediaID == voice.id }
        await conversation.openMedia(voice)  // a second tap meanwhile: nothing
        try await eventually("opened") {
            server.advance(by: 0.25)
            return conversation.openedMedia != nil
        }
        await first.value
        #expect(conversation.openedMedia?.presentation == .player && copies().count == 1, "one copy, the one playing")
        conversation.closeMedia()
        #expect(copies().isEmpty)

        // The cache cleared, it downloads again; the conversation closes before it has come.
        let service = try await app.host.sessionHost.chatService()
        _ = try await service.clearMediaCache()
        let files = FileEvents(try #require(await app.host.sessionHost.session))
        let second = Task { await conversation.openMedia(voice) }
        try await eventually("opening again") { conversation.openingMediaID == voice.id }
        await conversation.close()
        await files.runToCompletion(server)
        await second.value
        #expect(conversation.openedMedia == nil && copies().isEmpty, "dropped, with no copy left behind")
        await app.shutdown()
    }

    @Test("Settings show what downloaded media takes; clearing it asks first, then says so")
    func clearMedia() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, conversation, _) = try await ChatModelsTests.open(ChatModelsTests.family, fixture)
        let voice = try #require(conversation.messages.last { $0.media?.kind == "voiceNote" })
        await conversation.openMedia(voice)
        conversation.closeMedia()
        await app.settings.reload()
        let before = try #require(app.settings.mediaCache)
        #expect(before.bytes > 90_000 && app.settings.mediaCacheText?.description.hasSuffix("kept, at most 1 GB (the least recently opened go first).") == true)
        app.settings.requestClearMedia()
        #expect(app.settings.isConfirmingClearMedia)
        app.settings.cancelClearMedia()
        #expect(!app.settings.isConfirmingClearMedia && app.settings.mediaCache == before, "declining keeps it")
        app.settings.requestClearMedia()
        await app.settings.confirmClearMedia()
        #expect(app.settings.mediaCache?.bytes == 0 && app.settings.mediaNotice?.description.hasPrefix("Downloaded media deleted") == true)
        await conversation.close()
        await app.shutdown()
    }

    @Test("bubbles draw a photo's small size and a sticker itself, avatars a chat's photo, each fetched once; a voice note, a file or a chat without a photo draws none")
    func bubblePictures() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, conversation, _) = try await ChatModelsTests.open(ChatModelsTests.family, fixture)
        let photo = try #require(conversation.messages.last { $0.media?.kind == "photo" })
        let picture = try #require(await conversation.bubblePicture(for: photo))
        let bytes = try #require(FileManager.default.contents(atPath: picture.path))
        #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]) && Int64(bytes.count) <= ConversationModel.maxBubblePictureBytes)
        let asked = fixture.simulator.receivedRequests.filter { $0 == "downloadFile" }.count
        #expect(await conversation.bubblePicture(for: photo) == picture)
        #expect(fixture.simulator.receivedRequests.filter { $0 == "downloadFile" }.count == asked, "fetched once")
        let sticker = try #require(conversation.messages.last { $0.media?.kind == "sticker" })
        let drawn = try #require(await conversation.bubblePicture(for: sticker))
        #expect(FileManager.default.contents(atPath: drawn.path)?.starts(with: Array("RIFF".utf8)) == true, "the sticker's WebP")
        let voice = try #require(conversation.messages.last { $0.media?.kind == "voiceNote" })
        #expect(await conversation.bubblePicture(for: voice) == nil)

        // Avatars: a chat's photo itself, fetched once; Neighbours has none.
        let row = try #require(app.chats.rows().first { $0.id == ChatModelsTests.family })
        let avatar = try #require(await app.chatPhoto(row.id))
        #expect(FileManager.default.contents(atPath: avatar.path)?.starts(with: [0xFF, 0xD8, 0xFF]) == true)
        let downloads = fixture.simulator.receivedRequests.filter { $0 == "downloadFile" }.count
        #expect(await app.chatPhoto(row.id) == avatar)
        #expect(fixture.simulator.receivedRequests.filter { $0 == "downloadFile" }.count == downloads, "fetched once")
        #expect(await app.chatPhoto(-4002) == nil)
        await conversation.close()
        await app.shutdown()
    }

    @Test("a spoiler photo stays blurred in its bubble (no picture fetched) and opens when tapped; a self-destructing photo is not opened, the reason and next step said")
    func spoilerAndSecret() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try await ChatModelsTests.loggedIn(fixture)
        let news = app.conversation(for: -1001000000003)
        await news.open()
        let spoiler = try #require(news.messages.last { $0.media?.hasSpoiler == true })
        #expect(await news.bubblePicture(for: spoiler) == nil, "blurred until opened")
        await news.openMedia(spoiler)
        #expect(news.openedMedia?.presentation == .image)
        await news.close()
        let alice = app.conversation(for: ChatModelsTests.alice)
        await alice.open()
        let secret = try #require(alice.messages.last { $0.media?.isSecret == true })
        await alice.openMedia(secret)
        #expect(alice.openedMedia == nil)
        #expect(alice.actionError?.description.contains("deletes itself once viewed") == true, "\(String(describing: alice.actionError))")
        await alice.close()
        await app.shutdown()
    }

    @Test("a hostile HTML document is a file to save or share, never shown; the presentation follows the bytes")
    func hostile() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, conversation, _) = try await ChatModelsTests.open(-4002, fixture)
        try await eventually("the older page with the documents") {
            if conversation.messages.contains(where: { $0.media?.file?.name.hasSuffix(".html") == true }) { return true }
            await conversation.loadOlder()
            return false
        }
        let html = try #require(conversation.messages.last { $0.media?.file?.name.hasSuffix(".html") == true })
        await conversation.openMedia(html)
        #expect(conversation.openedMedia?.presentation == .file && conversation.openedMedia?.name == "img src=x onerror=alert(1).html")
        #expect(OpenedMedia.presentation(head: Array("<svg onload=alert(1)>".utf8)) == .file)
        #expect(OpenedMedia.presentation(head: [0xFF, 0xD8, 0xFF, 0xE0]) == .image)
        #expect(OpenedMedia.presentation(head: Array("ID3\u{4}".utf8)) == .player)
        #expect(OpenedMedia.presentation(head: Array("OggS".utf8)) == .file, "the system player cannot play Ogg itself (openMedia makes a voice note's copy)")
        await conversation.close()
        await app.shutdown()
    }

    @Test("an Ogg Opus voice note plays through its CAF copy, deleted when the player closes; a damaged one is saved or shared, said why")
    func oggOpus() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let dir = try TestDirectory("ogg-opus")
        defer { dir.remove() }
        try Data(TestRecordings.opusVoiceNote).write(to: dir.file("voice.ogg"))
        var damaged = TestRecordings.opusVoiceNote
        damaged[damaged.count - 3] ^= 0xFF
        try Data(damaged).write(to: dir.file("damaged.ogg"))
        let (app, conversation, composer) = try await ChatModelsTests.open(ChatModelsTests.alice, fixture)
        composer.sendAsFiles = true
        for name in ["voice.ogg", "damaged.ogg"] {
            #expect(await composer.attach(fileAt: dir.file(name)))
            #expect(await composer.send())
            try await eventually("\(name) sent") { conversation.messages.last?.media?.file?.name == name && conversation.messages.last?.sendingState == nil }
        }
        let voice = try #require(conversation.messages.last { $0.media?.file?.name == "voice.ogg" })
        await conversation.openMedia(voice)
        let opened = try #require(conversation.openedMedia)
        let folder = fixture.containers.telegramDirectory.playbackFolder
        #expect(opened.presentation == .player && opened.reason == nil)
        #expect(opened.playbackURL.deletingLastPathComponent().standardizedFileURL == folder.standardizedFileURL && opened.playbackURL.pathExtension == "caf")
        #expect(opened.url.lastPathComponent != opened.playbackURL.lastPathComponent, "save or share gives the recording as it came")
        let copy = try #require(FileManager.default.contents(atPath: opened.playbackURL.path))
        #expect([UInt8](copy) == (try OpusCAF.remux(TestRecordings.opusVoiceNote)))
        conversation.closeMedia()
        #expect(!FileManager.default.fileExists(atPath: opened.playbackURL.path), "the copy goes with the player")

        let broken = try #require(conversation.messages.last { $0.media?.file?.name == "damaged.ogg" })
        await conversation.openMedia(broken)
        let refused = try #require(conversation.openedMedia)
        #expect(refused.presentation == .file && refused.playbackURL == refused.url)
        #expect(refused.notShownReason.description == "This recording is damaged and cannot be played: save or share it to try elsewhere.")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] == [], "nothing is left in the playback folder")
        await conversation.close()
        await app.shutdown()
    }

    /// A PNG header claiming `width` × `height`, then a little filler.
    static func png(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
            + [UInt8](repeating: 0, count: 100)
    }

    @Test("a picture whose header promises 400 million pixels is only saved or shared, said why; a normal one is decoded no larger than the screen needs")
    func pictureBomb() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let dir = try TestDirectory("picture-bomb")
        defer { dir.remove() }
        try Data(Self.png(20_000, 20_000)).write(to: dir.file("harmless.png"))
        let (app, conversation, composer) = try await ChatModelsTests.open(ChatModelsTests.alice, fixture)
        composer.sendAsFiles = true
        #expect(await composer.attach(fileAt: dir.file("harmless.png")))
        #expect(await composer.send())
        try await eventually("the file sent") { conversation.messages.last?.media?.file?.name == "harmless.png" && conversation.messages.last?.sendingState == nil }
        let sent = try #require(conversation.messages.last)
        await conversation.openMedia(sent)
        let opened = try #require(conversation.openedMedia)
        #expect(opened.presentation == .file && opened.pixelSize == ImageDimensions(width: 20_000, height: 20_000))
        #expect(opened.notShownReason.description == "This picture is 20000 × 20000 pixels, too large to show on a phone: save or share it to open it elsewhere.")

        #expect(OpenedMedia.presentation(head: Self.png(4_000, 3_000)) == .image)
        #expect(OpenedMedia.presentation(head: Self.png(8_000, 6_251)) == .file, "just over 50 million pixels")
        #expect(OpenedMedia(messageID: 1, url: dir.file("x"), name: "x", presentation: .image, pixelSize: ImageDimensions(width: 800, height: 600))
            .notShownReason.description.hasPrefix("Files from other people"))
        #expect(OpenedMedia.tooLarge(width: 8_000, height: 6_000) == nil && OpenedMedia.tooLarge(width: 10_000, height: 5_001) != nil)
        #expect(OpenedMedia.tooLarge(width: Int.max, height: 3) != nil, "sides whose product overflows are too large, not a crash")
        #expect(OpenedMedia.displayPixels(width: 8_000, height: 6_000) == (2_800, 2_100))
        #expect(OpenedMedia.displayPixels(width: 1_280, height: 960) == (1_280, 960), "a smaller picture as it is")
        await conversation.close()
        await app.shutdown()
    }
}
