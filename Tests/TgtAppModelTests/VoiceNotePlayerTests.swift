import Foundation
import Testing
import TgtAppModel
import TgtTelegram
import TgtTestSupport

/// Voice notes played inside their bubbles (`ConversationModel.playVoiceNote`, `VoiceNotePlayer`)
/// with a player that does what the system's does: plays the CAF copy, pauses, resumes, moves,
/// and at its end stops by itself back at the start.
@Suite("App model: voice notes in their bubbles", .timeLimit(.minutes(5)))
@MainActor
struct VoiceNotePlayerTests {
    @Test("a tap plays the voice note in its bubble from its CAF copy; taps pause and resume, the bar moves it, the time reads 0:03 / 0:12; at its end, or when the conversation closes, the copy goes")
    func playInBubble() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try await ChatModelsTests.loggedIn(fixture)
        let audio = FakeAudio()
        let conversation = ConversationModel(host: app.host, chatID: ChatModelsTests.family, audio: audio)
        await conversation.open()
        let folder = fixture.containers.telegramDirectory.playbackFolder
        func copies() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] }
        let note = try #require(conversation.messages.last { $0.media?.kind == "voiceNote" })
        #expect(conversation.voice.isAvailable)

        await conversation.playVoiceNote(note)
        let voice = conversation.voice
        #expect(voice.messageID == note.id && voice.isPlaying && conversation.openedMedia == nil && conversation.actionError == nil)
        let copy = try #require(audio.played.last)
        #expect(copy.pathExtension == "caf" && copies() == [copy.lastPathComponent], "it plays the CAF copy in the playback folder")
        #expect(fixture.simulator.receivedRequests.contains("openMessageContent"), "Telegram hears it was played")
        #expect(note.media?.isPlayed == false)
        try await eventually("the bubble's dot goes: listened") {
            conversation.messages.first { $0.id == note.id }?.media?.isPlayed == true
        }

        audio.position = 3
        voice.refresh()
        #expect(voice.position == 3 && voice.fraction == 0.25 && voice.timeLine == "0:03 / 0:12")
        await conversation.playVoiceNote(note)
        #expect(!voice.isPlaying && !audio.isPlaying && voice.messageID == note.id, "a second tap pauses")
        voice.refresh()
        #expect(voice.messageID == note.id && voice.position == 3, "paused, it stays where it was")
        await conversation.playVoiceNote(note)
        #expect(voice.isPlaying && audio.isPlaying && audio.played.count == 1, "a third resumes, without loading it again")
        voice.seek(to: 0.5)
        #expect(audio.position == 6 && voice.position == 6 && voice.timeLine == "0:06 / 0:12")

        // A call stops it where it is: it stays, paused.
        audio.isPlaying = false
        voice.refresh()
        #expect(voice.messageID == note.id && !voice.isPlaying && voice.position == 6)
        await conversation.playVoiceNote(note)
        // Played to the end: the system's player stops by itself, back at the start.
        audio.finish()
        voice.refresh()
        #expect(voice.messageID == nil && !voice.isPlaying && voice.position == 0 && copies().isEmpty, "at its end the copy goes")

        await conversation.playVoiceNote(note)
        #expect(voice.messageID == note.id && copies().count == 1)
        await conversation.close()
        #expect(voice.messageID == nil && audio.stops > 0 && copies().isEmpty, "closing the conversation stops it and the copy goes")
        await app.shutdown()
    }

    @Test("a player that cannot play the copy says the recording cannot be played and keeps nothing; without a bubble player the voice note opens in the viewer")
    func refusedAndViewer() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try await ChatModelsTests.loggedIn(fixture)
        let audio = FakeAudio()
        audio.refuses = true
        let conversation = ConversationModel(host: app.host, chatID: ChatModelsTests.family, audio: audio)
        await conversation.open()
        let folder = fixture.containers.telegramDirectory.playbackFolder
        let note = try #require(conversation.messages.last { $0.media?.kind == "voiceNote" })
        await conversation.playVoiceNote(note)
        #expect(conversation.voice.messageID == nil && conversation.openedMedia == nil)
        #expect(conversation.actionError?.description == "This recording is damaged and cannot be played: save or share it to try elsewhere.")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).isEmpty)
        await conversation.close()

        // The app's own conversations have no bubble player in tests (none is given): the viewer.
        let plain = app.conversation(for: ChatModelsTests.family)
        await plain.open()
        #expect(!plain.voice.isAvailable)
        await plain.playVoiceNote(note)
        #expect(plain.openedMedia?.messageID == note.id && plain.openedMedia?.presentation == .player)
        await plain.close()
        await app.shutdown()
    }
}

/// Plays nothing aloud, as the system's player behaves: `finish()` is its end (stopped, back at
/// the start); a file it is given must exist.
@MainActor
final class FakeAudio: AudioPlaying {
    var played: [URL] = []
    var position = 0.0
    var duration = 12.0
    var isPlaying = false
    var refuses = false
    var stops = 0

    func play(_ url: URL, from position: Double) -> Bool {
        guard !refuses, FileManager.default.fileExists(atPath: url.path) else { return false }
        played.append(url)
        self.position = position
        isPlaying = true
        return true
    }

    func pause() { isPlaying = false }
    func resume() { isPlaying = true }
    func seek(to position: Double) { self.position = position }
    func stop() {
        isPlaying = false
        position = 0
        stops += 1
    }

    func finish() {
        isPlaying = false
        position = 0
    }
}
