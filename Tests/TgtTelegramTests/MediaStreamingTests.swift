import Foundation
import Testing
import TgtSimulator
import TgtTDLib
import TgtDomain
import TgtTelegram
import TgtTestSupport

/// Parts of a message's file served while TDLib downloads the rest: `mediaPart` answers once
/// the bytes asked for are there (from TDLib's partial file), a part further on waits for the
/// download to reach it, and the whole download still completes into the file's own place.
@Suite("Media: parts of a file while it downloads", .timeLimit(.minutes(5)))
struct MediaStreamingTests {
    static let family: Int64 = -1001000000001

    /// A logged-in session whose downloads take 8 KB per quarter second of `clock`, Family's
    /// voice note (97 KB of Opus in Ogg) and the session's file updates.
    static func slowVoiceNote(_ clock: TestClock) async throws -> (SimulatedTelegram, OpenSession, ChatService, ChatMessageItem, FileEvents) {
        var scenario = SimulatorScenario()
        scenario.downloadBytesPerSecond = 32_768
        let (sim, open, service) = try await ChatServiceTests.open(scenario, clock: clock)
        let page = try await service.conversation(chatID: family)
        let voice = try #require(page.messages.last(where: { $0.media?.kind == "voiceNote" }))
        return (sim, open, service, voice, FileEvents(open.session))
    }

    @Test("a part is ready before the whole file: from TDLib's partial file, head first; a later part moves the download there (TDLib's one position per file); the whole file then fills what is missing and ends in its place, every page intact")
    func partsBeforeTheWhole() async throws {
        let clock = TestClock()
        let (sim, open, service, voice, files) = try await Self.slowVoiceNote(clock)
        defer { sim.remove() }

        let first = Task { try await service.mediaPart(chatID: Self.family, messageID: voice.id, offset: 0, wanted: 16_384) }
        let started = await files.next { $0.isDownloading }
        #expect(started?.downloadedPrefixSize == 0 && started?.isDownloaded == false)
        clock.advance(by: 0.25)
        _ = await files.next { $0.downloadedPrefixSize == 8_192 }
        clock.advance(by: 0.25)
        _ = await files.next { $0.downloadedPrefixSize == 16_384 }
        let part = try await first.value
        let size = part.media.size
        #expect(!part.isComplete && part.available >= 16_384 && part.headAvailable && size > 90_000, "\(part)")
        #expect(part.media.path.contains("/temp/") && part.media.kind == .voiceNote)
        let head = try #require(FileManager.default.contents(atPath: part.media.path))
        #expect(head.prefix(4) == Data("OggS".utf8), "the part on disk is the file's start")

        // Further on: TDLib moves the file's download position there, so the next step brings
        // the bytes from 40,000 on, not those after the start.
        let later = Task { try await service.mediaPart(chatID: Self.family, messageID: voice.id, offset: 40_000, wanted: 8_192) }
        while sim.simulator.receivedRequests.filter({ $0 == "downloadFile" }).count < 2 { try await Task.sleep(nanoseconds: 1_000_000) }
        clock.advance(by: 0.25)
        _ = await files.next()
        let further = try await later.value
        #expect(!further.isComplete && further.available == 8_192 && further.headAvailable, "\(further)")
        let message = try await open.session.send(TDFunctions.GetMessage(chatID: Self.family, messageID: voice.id), timeout: 30)
        guard case .media(let media)? = message.content, let fileID = media.file?.file.id else {
            Issue.record("no file")
            return
        }
        let start = try await open.session.send(TDFunctions.GetFileDownloadedPrefixSize(fileID: fileID, offset: 0), timeout: 30)
        #expect(start.size == 16_384, "the start has only what came before the position moved (\(start.size))")

        // The whole file, asked for meanwhile: the position goes back to the start, the download
        // fills what is missing, skips what is there, and the file ends whole in its own place.
        let whole = Task { try await service.downloadMedia(chatID: Self.family, messageID: voice.id) }
        await files.runToCompletion(clock)
        let done = try await whole.value
        #expect(done.size == size && !done.path.contains("/temp/"))
        let bytes = try #require(FileManager.default.contents(atPath: done.path))
        #expect(bytes.count == Int(size))
        #expect(throws: Never.self, "every Ogg page's checksum holds: the parts landed in their places") {
            _ = try bytes.withUnsafeBytes { try OpusCAF.remux($0) }
        }
        #expect(!FileManager.default.fileExists(atPath: part.media.path), "the partial file became the file")
        // Once complete, a part is the file itself.
        let after = try await service.mediaPart(chatID: Self.family, messageID: voice.id, offset: 100, wanted: 10)
        #expect(after.isComplete && after.available == size - 100 && after.media.path == done.path)
        await open.close()
    }

    @Test("a whole download ended by a part asked for meanwhile (TDLib's error 200: one download position per file) waits for the file instead of failing")
    func wholeAfterAMovedPosition() async throws {
        let clock = TestClock()
        let (sim, open, service, voice, files) = try await Self.slowVoiceNote(clock)
        defer { sim.remove() }
        let whole = Task { try await service.downloadMedia(chatID: Self.family, messageID: voice.id) }
        _ = await files.next { $0.isDownloading }
        // A player asks for a part further on: the download's position moves.
        let part = Task { try await service.mediaPart(chatID: Self.family, messageID: voice.id, offset: 20_000, wanted: 4_096) }
        await files.runToCompletion(clock)
        let played = try await part.value
        #expect(played.available >= 4_096)
        let done = try await whole.value
        #expect(FileManager.default.contents(atPath: done.path)?.prefix(4) == Data("OggS".utf8) && !done.path.contains("/temp/"))
        #expect(sim.simulator.receivedRequests.filter { $0 == "downloadFile" }.count == 2, "the whole file was not asked for again")
        await open.close()
    }

    @Test("a download with a limit stops once those bytes are there, keeping them (is_downloading_active false, the prefix counted from its offset); a download without one takes it up and completes the file")
    func limitedDownload() async throws {
        let clock = TestClock()
        let (sim, open, _, voice, files) = try await Self.slowVoiceNote(clock)
        defer { sim.remove() }
        let session = open.session
        let message = try await session.send(TDFunctions.GetMessage(chatID: Self.family, messageID: voice.id), timeout: 30)
        guard case .media(let media)? = message.content, let fileID = media.file?.file.id else {
            Issue.record("no file")
            return
        }
        let limited = Task { try await session.send(DownloadFile(fileID: fileID, offset: 8_192, limit: 8_192, synchronous: true), timeout: 30) }
        _ = await files.next { $0.isDownloading }
        clock.advance(by: 0.25)
        let part = try await limited.value
        #expect(part.downloadedPrefixSize == 8_192 && !part.isDownloading && !part.isDownloaded, "\(part)")
        #expect(try await session.send(TDFunctions.GetFileDownloadedPrefixSize(fileID: fileID, offset: 0), timeout: 30).size == 0, "the start is not there")
        // Stopped: time passing brings nothing more.
        clock.advance(by: 1)
        #expect(try await session.send(TDFunctions.GetFileDownloadedPrefixSize(fileID: fileID, offset: 8_192), timeout: 30).size == 8_192)

        let whole = Task { try await session.send(DownloadFile(fileID: fileID, synchronous: true), timeout: 30) }
        await files.runToCompletion(clock)
        let done = try await whole.value
        #expect(done.isDownloaded && done.size > 90_000)
        let bytes = try #require(FileManager.default.contents(atPath: done.localPath))
        #expect(throws: Never.self, "every Ogg page's checksum holds") { _ = try bytes.withUnsafeBytes { try OpusCAF.remux($0) } }
        await open.close()
    }

    typealias DownloadFile = TDFunctions.DownloadFile

    @Test("TDLib's download calls as the simulator answers them: a bad offset or limit is refused, the prefix of a file never downloaded is 0")
    func refusals() async throws {
        let (sim, open, _) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let session = open.session
        await #expect(throws: TDError.self) { _ = try await session.send(TDFunctions.DownloadFile(fileID: 7, offset: -1), timeout: 30) }
        await #expect(throws: TDError.self) { _ = try await session.send(TDFunctions.DownloadFile(fileID: 7, limit: -1), timeout: 30) }
        let none = try await session.send(TDFunctions.GetFileDownloadedPrefixSize(fileID: 987_654, offset: 0), timeout: 30)
        #expect(none.size == 0)
        await open.close()
    }
}
