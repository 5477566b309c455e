import Foundation
import Testing
import TgtAppModel
import TgtSimulator
import TgtTelegram
import TgtTestSupport

/// A message's file opened in the app's conversation model: a photo in the viewer, a voice
/// message in the player (what its bytes are, whatever the sender called it), a hostile HTML
/// document only saved or shared, and a message without a file worded.
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
        #expect(OpenedMedia.presentation(head: Array("OggS".utf8)) == .file, "the system player cannot play Ogg: save or share")
        await conversation.close()
        await app.shutdown()
    }
}
