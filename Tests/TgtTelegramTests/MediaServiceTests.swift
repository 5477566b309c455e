import Foundation
import Testing
import TgtDomain
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// A message's file through `ChatService`: downloaded by TDLib into its own folder, described
/// by the sender's (made safe) name and type, saved elsewhere without replacing anything, and
/// the cache that holds it counted, trimmed and cleared.
@Suite("Chats: media files", .timeLimit(.minutes(5)))
struct MediaServiceTests {
    static let family: Int64 = -1001000000001
    static let neighbours: Int64 = -4002

    @Test("a photo's full size, a voice note and a sticker download into TDLib's folder; text, locations and unknown messages are refused")
    func download() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let page = try await service.conversation(chatID: Self.family, limit: 40)
        let photo = try #require(page.messages.first { $0.media?.kind == "photo" })
        #expect(photo.media?.file == MediaFileItem(name: "photo.jpg", size: photo.media?.file?.size ?? -1, mimeType: "image/jpeg"))
        let file = try await service.downloadMedia(chatID: Self.family, messageID: photo.id)
        let folder = sim.environment.tdlibDatabaseFolder.path
        #expect(file.path.hasPrefix(folder) && FileManager.default.fileExists(atPath: file.path) && file.kind == .photo)
        #expect(file.size == photo.media?.file?.size)
        // The full size is a different TDLib file from the thumbnail.
        let requested = sim.simulator.receivedRequests.filter { $0 == "downloadFile" }.count
        #expect(requested == 1)
        for kind in ["voiceNote", "sticker"] {
            let message = try #require(page.messages.first { $0.media?.kind == kind })
            let got = try await service.downloadMedia(chatID: Self.family, messageID: message.id)
            #expect(got.path.hasPrefix(folder) && (got.mimeType == "audio/ogg" || got.mimeType == "image/webp"))
        }
        let location = try #require(page.messages.first { $0.media?.kind == "location" })
        await #expect(throws: ChatError.noFile(messageID: location.id)) { _ = try await service.downloadMedia(chatID: Self.family, messageID: location.id) }
        let text = try #require(page.messages.first { $0.media == nil && $0.serviceLine == nil })
        await #expect(throws: ChatError.noFile(messageID: text.id)) { _ = try await service.downloadMedia(chatID: Self.family, messageID: text.id) }
        await #expect(throws: ChatError.messageNotFound(999_999_999)) { _ = try await service.downloadMedia(chatID: Self.family, messageID: 999_999_999) }
        await open.close()
    }

    @Test("self-destructing media is labelled, has no thumbnail, and is never downloaded, streamed or opened (its timer would start); a spoiler is marked and downloads as usual")
    func secretAndSpoiler() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let alice: Int64 = 555_000_111
        let page = try await service.conversation(chatID: alice, limit: 50)
        let secret = try #require(page.messages.first { $0.media?.isSecret == true })
        #expect(secret.media?.label == "🔥 Self-destructing photo" && secret.media?.thumbnailFileID == nil && secret.media?.minithumbnail != nil)
        let before = sim.simulator.receivedRequests.filter { $0 == "downloadFile" || $0 == "openMessageContent" }.count
        await #expect(throws: ChatError.selfDestructing(secret.id)) { _ = try await service.downloadMedia(chatID: alice, messageID: secret.id) }
        await #expect(throws: ChatError.selfDestructing(secret.id)) {
            _ = try await service.mediaPart(chatID: alice, messageID: secret.id, offset: 0, wanted: 16)
        }
        await #expect(throws: ChatError.selfDestructing(secret.id)) { _ = try await service.openContent(chatID: alice, messageID: secret.id) }
        #expect(sim.simulator.receivedRequests.filter { $0 == "downloadFile" || $0 == "openMessageContent" }.count == before, "nothing was asked of TDLib")
        #expect(ChatError.selfDestructing(secret.id).nextStep == "Open it in Telegram on your phone.")

        let techNews: Int64 = -1001000000003
        let news = try await service.conversation(chatID: techNews, limit: 50).messages.filter { $0.media?.kind == "photo" }
        let spoiler = try #require(news.last)
        #expect(spoiler.media?.hasSpoiler == true && news.dropLast().allSatisfy { $0.media?.hasSpoiler == false }, "only the newest chart is a spoiler")
        let shown = try await service.downloadMedia(chatID: techNews, messageID: spoiler.id)
        #expect(FileManager.default.fileExists(atPath: shown.path))
        await open.close()
    }

    @Test("a hostile document's name is made safe before anything shows it; its claimed type is kept as a claim")
    func hostileName() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let page = try await service.conversation(chatID: Self.neighbours, limit: 50)
        let html = try #require(page.messages.first { $0.media?.file?.name.hasSuffix(".html") == true })
        #expect(html.media?.file?.name == "img src=x onerror=alert(1).html" && html.media?.file?.mimeType == "text/html")
        let file = try await service.downloadMedia(chatID: Self.neighbours, messageID: html.id)
        #expect(file.fileName == "img src=x onerror=alert(1).html" && file.kind == .document)
        await open.close()
    }

    @Test("over its limit the cache is asked to shrink to three quarters of it, sparing what was just downloaded")
    func trimming() async throws {
        var (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        service.mediaCacheLimit = 50_000
        let page = try await service.conversation(chatID: Self.family, limit: 40)
        let photo = try #require(page.messages.first { $0.media?.kind == "photo" })
        _ = try await service.downloadMedia(chatID: Self.family, messageID: photo.id)
        #expect(!sim.simulator.receivedRequests.contains("optimizeStorage"), "under the limit nothing is trimmed")
        let voice = try #require(page.messages.first { $0.media?.kind == "voiceNote" })
        let file = try await service.downloadMedia(chatID: Self.family, messageID: voice.id)
        #expect(sim.simulator.receivedRequests.filter { $0 == "optimizeStorage" }.count == 1)
        #expect(FileManager.default.fileExists(atPath: file.path), "a file being served is never deleted under it")
        #expect(try await service.mediaCacheUsage().limitBytes == 50_000)
        await open.close()
    }

    @Test("trimming deletes other chats' files least recently used first, down to three quarters of the limit, never the chat just downloaded from, a file younger than five minutes, or a chat's photo; clearing keeps the photo too")
    func trimmingSpares() async throws {
        var (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let techNews: Int64 = -1001000000003
        func age(_ path: String, hours: Double) throws {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-hours * 3600)], ofItemAtPath: path)
        }
        func messages(_ chat: Int64, _ kind: String) async throws -> [ChatMessageItem] {
            try await service.conversation(chatID: chat, limit: 50).messages.filter { $0.media?.kind == kind }
        }
        // Files of three chats, all old: Family's voice note the oldest and largest, then its chat
        // photo, Tech News' photo, a Neighbours document.
        let chart = try await service.downloadMedia(chatID: techNews, messageID: try #require(try await messages(techNews, "photo").first).id)
        let documents = try await messages(Self.neighbours, "document")
        try #require(documents.count >= 2)
        let minutes = try await service.downloadMedia(chatID: Self.neighbours, messageID: documents[0].id)
        let voice = try await service.downloadMedia(chatID: Self.family, messageID: try #require(try await messages(Self.family, "voiceNote").first).id)
        let photo = try #require(try await service.chatPhoto(chatID: Self.family))
        try age(voice.path, hours: 4)
        try age(photo.localPath, hours: 3)
        try age(chart.path, hours: 2)
        try age(minutes.path, hours: 1)
        // A limit the voice note alone is over, whose three quarters hold the document but not the photo too.
        service.mediaCacheLimit = chart.size + minutes.size
        #expect(chart.size * 3 > minutes.size, "\(chart.size) \(minutes.size)")

        // A Family photo downloaded: Family is spared, so its old voice note stays; the other
        // chats' files go down to three quarters of the limit, the least recently used first.
        let familyPhoto = try await service.downloadMedia(chatID: Self.family, messageID: try #require(try await messages(Self.family, "photo").first).id)
        #expect(FileManager.default.fileExists(atPath: voice.path) && FileManager.default.fileExists(atPath: familyPhoto.path),
                "the chat just downloaded from is spared, its oldest file too")
        #expect(!FileManager.default.fileExists(atPath: chart.path), "the least recently used file of another chat goes")
        #expect(FileManager.default.fileExists(atPath: minutes.path), "and no more than needed: the newer one stays")
        #expect(FileManager.default.fileExists(atPath: photo.localPath), "a chat's photo stays (TDLib keeps profile photos)")
        // A Neighbours download: now Family's old voice note goes; its photo, a minute old, stays.
        let recent = try await service.downloadMedia(chatID: Self.neighbours, messageID: documents[1].id)
        #expect(!FileManager.default.fileExists(atPath: voice.path), "spared only while its chat was the one downloaded from")
        #expect(FileManager.default.fileExists(atPath: familyPhoto.path) && FileManager.default.fileExists(atPath: recent.path),
                "files younger than five minutes stay")

        let cleared = try await service.clearMediaCache()
        #expect(![familyPhoto.path, recent.path, minutes.path].contains { FileManager.default.fileExists(atPath: $0) })
        #expect(FileManager.default.fileExists(atPath: photo.localPath) && cleared.files == 1, "clearing keeps the chat's photo (\(cleared))")
        await open.close()
    }

    @Test("the cache counts downloads and clearing empties it; a download after that works again")
    func cache() async throws {
        let (sim, open, service) = try await ChatServiceTests.open()
        defer { sim.remove() }
        let page = try await service.conversation(chatID: Self.family, limit: 40)
        let voice = try #require(page.messages.first { $0.media?.kind == "voiceNote" })
        let before = try await service.mediaCacheUsage()
        #expect(before.limitBytes == ChatService.defaultMediaCacheLimit)
        let file = try await service.downloadMedia(chatID: Self.family, messageID: voice.id)
        let after = try await service.mediaCacheUsage()
        #expect(after.bytes >= before.bytes + file.size && after.files >= before.files + 1)
        let cleared = try await service.clearMediaCache()
        #expect(cleared.bytes == 0 && cleared.files == 0 && !FileManager.default.fileExists(atPath: file.path))
        let again = try await service.downloadMedia(chatID: Self.family, messageID: voice.id)
        #expect(FileManager.default.fileExists(atPath: again.path))
        await open.close()
    }
}
