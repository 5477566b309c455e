import Foundation
import HTTPTypes
import Testing
import TgtServer
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// A message's file over real HTTP against the simulator: served by chat and message id, its
/// type sniffed from its bytes, images and sound inline and everything else a sandboxed
/// download, one byte range at a time; the media cache counted and cleared.
@Suite("Message files API", .timeLimit(.minutes(5)))
struct MessageFilesAPITests {
    static let family = ChatsAPITests.family
    static let work: Int64 = -1001000000002
    static let neighbours = ChatsAPITests.neighbours

    /// The newest 100 messages' media of a chat: (message id, kind, file name).
    static func media(_ client: ServerFixture.Client, _ chat: Int64) async throws -> [(id: Int, kind: String, name: String?)] {
        let messages = ChatsAPITests.messages(try await client.api(.get, "conversations/\(chat)/messages?limit=100"))
        return messages.compactMap { message in
            guard let media = message["media"] as? [String: Any], let id = message["id"] as? Int, let kind = media["kind"] as? String else { return nil }
            return (id, kind, (media["file"] as? [String: Any])?["name"] as? String)
        }
    }

    /// A dashboard whose Telegram downloads take 8 KB per quarter second of `clock`.
    static func slowDownloads(_ clock: TestClock) async throws -> ServerFixture {
        var scenario = SimulatorScenario()
        scenario.downloadBytesPerSecond = 32_768
        return try await ServerFixture(scenario: scenario, clock: clock)
    }

    @Test("a range of a file still downloading is answered once its bytes are there, from the part downloaded so far, before the rest has come")
    func streamedRange() async throws {
        let clock = TestClock()
        let fixture = try await Self.slowDownloads(clock)
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let voice = try #require(try await Self.media(client, Self.family).first { $0.kind == "voiceNote" })
            let files = FileEvents(try #require(await fixture.host.session))
            let path = "conversations/\(Self.family)/messages/\(voice.id)/file"
            let asking = Task { try await client.api(.get, path, headers: [.range: "bytes=0-16383"]) }
            _ = await files.next { $0.isDownloading }
            clock.advance(by: 0.25)
            _ = await files.next { $0.downloadedPrefixSize == 8_192 }
            clock.advance(by: 0.25)
            let sixteen = await files.next { $0.downloadedPrefixSize == 16_384 }
            let part = try await asking.value
            let total = try #require(sixteen?.size)
            #expect(part.status == .partialContent && part.headers[.contentRange] == "bytes 0-16383/\(total)" && total > 32_768, "\(part.status) \(part.headers)")
            #expect(part.headers[.contentType] == "audio/ogg" && part.text.hasPrefix("OggS") && part.headers[.contentLength] == "16384")

            // Further on, it waits for the download to get there.
            let later = Task { try await client.bytes(path, range: "bytes=30000-30099") }
            for step in 3 ... 4 {
                clock.advance(by: 0.25)
                _ = await files.next { $0.downloadedPrefixSize == Int64(step * 8_192) }
            }
            let further = try await later.value
            #expect(further.status == .partialContent && further.headers[.contentRange] == "bytes 30000-30099/\(total)", "\(further.status)")
            #expect(further.headers[.contentLength] == "100")
            // The sound's bytes, not a hole: what the whole file has there.
            await files.runToCompletion(clock)
            let whole = try await client.bytes(path)
            #expect(whole.body.count == Int(total) && further.body == Array(whole.body[30_000 ..< 30_100]))
        }
    }

    @Test("a file still downloading is sent whole as its bytes arrive: 200 with its exact size, byte for byte the file")
    func streamedWhole() async throws {
        let clock = TestClock()
        let fixture = try await Self.slowDownloads(clock)
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let voice = try #require(try await Self.media(client, Self.family).first { $0.kind == "voiceNote" })
            let files = FileEvents(try #require(await fixture.host.session))
            let path = "conversations/\(Self.family)/messages/\(voice.id)/file?download=true"
            let asking = Task { try await client.api(.get, path) }
            let started = try #require(await files.next { $0.isDownloading })
            await files.runToCompletion(clock)
            let whole = try await asking.value
            #expect(whole.status == .ok && whole.headers[.contentLength] == "\(started.size)", "\(whole.status) \(whole.headers)")
            #expect(whole.headers[.contentDisposition]?.hasPrefix("attachment;") == true && whole.text.hasPrefix("OggS"))
            #expect(fixture.sim.simulator.receivedRequests.contains("getFileDownloadedPrefixSize"), "sent part by part")
            let again = try await client.api(.get, path)
            #expect(again.status == .ok && again.text == whole.text, "the same bytes as the finished file's")
        }
    }

    @Test("a photo full size is image/jpeg inline; a voice message is what its bytes are (Ogg), in byte ranges: 206 with Content-Range, 416 past the end")
    func inlineAndRanges() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let media = try await Self.media(client, Self.family)
            let photo = try #require(media.first { $0.kind == "photo" })
            #expect(photo.name == "photo.jpg")
            let full = try await client.api(.get, "conversations/\(Self.family)/messages/\(photo.id)/file")
            #expect(full.status == .ok && full.headers[.contentType] == "image/jpeg", "\(full.status) \(full.text.prefix(200))")
            #expect(full.headers[.contentDisposition] == "inline; filename=\"photo.jpg\"; filename*=UTF-8''photo.jpg")
            #expect(full.headers[.cacheControl] == "private, no-cache")
            #expect(full.headers[.acceptRanges] == "bytes")
            #expect(full.headers[.contentSecurityPolicy]?.hasPrefix("sandbox;") == true)

            let voice = try #require(media.first { $0.kind == "voiceNote" })
            let path = "conversations/\(Self.family)/messages/\(voice.id)/file"
            let whole = try await client.api(.get, path)
            let size = try #require(Int(whole.headers[.contentLength] ?? ""))
            #expect(whole.status == .ok && whole.headers[.contentType] == "audio/ogg" && size > 1_000)
            let head = try await client.api(.get, path, headers: [.range: "bytes=0-11"])
            #expect(head.status == .partialContent && head.headers[.contentRange] == "bytes 0-11/\(size)" && head.text.hasPrefix("OggS"))
            #expect(head.headers[.contentLength] == "12")
            let tail = try await client.api(.get, path, headers: [.range: "bytes=-100"])
            #expect(tail.status == .partialContent && tail.headers[.contentRange] == "bytes \(size - 100)-\(size - 1)/\(size)")
            let open = try await client.api(.get, path, headers: [.range: "bytes=\(size - 10)-"])
            #expect(open.status == .partialContent && open.headers[.contentLength] == "10")
            let past = try await client.api(.get, path, headers: [.range: "bytes=\(size)-"])
            #expect(past.status == .rangeNotSatisfiable && past.headers[.contentRange] == "bytes */\(size)" && past.errorCode == "range_not_satisfiable")
            // Several ranges or a malformed header: the whole file, as RFC 9110 allows.
            for header in ["bytes=0-1,5-6", "lines=1-2", "bytes=abc", "bytes=9-3"] {
                let reply = try await client.api(.get, path, headers: [.range: header])
                #expect(reply.status == .ok && reply.headers[.contentLength] == "\(size)", "\(header): \(reply.status)")
            }
            // ?download=true makes even a photo an attachment.
            let saved = try await client.api(.get, "conversations/\(Self.family)/messages/\(photo.id)/file?download=true")
            #expect(saved.status == .ok && saved.headers[.contentDisposition]?.hasPrefix("attachment;") == true)
            // The thumbnail's cache header goes out as written (it was percent-encoded before).
            let thumbnails = ChatsAPITests.messages(try await client.api(.get, "conversations/\(Self.family)/messages?limit=100"))
                .compactMap { ($0["media"] as? [String: Any])?["thumbnail_file_id"] as? Int }
            let thumb = try await client.api(.get, "files/\(try #require(thumbnails.first))/thumbnail")
            #expect(thumb.headers[.cacheControl] == "private, no-cache")
        }
    }

    @Test("hostile files: an HTML page named like markup and an SVG with script are sandboxed downloads of application/octet-stream under safe names; a PDF is a download too")
    func hostile() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let media = try await Self.media(client, Self.neighbours)
            let html = try #require(media.first { $0.name?.hasSuffix(".html") == true })
            #expect(html.name == "img src=x onerror=alert(1).html")
            let svg = try #require(media.first { $0.name == "drawing.svg" })
            for file in [html, svg] {
                let reply = try await client.api(.get, "conversations/\(Self.neighbours)/messages/\(file.id)/file", headers: [.accept: "text/html,*/*;q=0.8"])
                #expect(reply.status == .ok && reply.headers[.contentType] == "application/octet-stream", "\(reply.status) \(reply.headers)")
                let disposition = try #require(reply.headers[.contentDisposition])
                #expect(disposition.hasPrefix("attachment; filename=\"") && !disposition.contains("<") && !disposition.contains("\n"))
                #expect(reply.headers[.contentSecurityPolicy]?.contains("sandbox") == true && reply.headers[.xContentTypeOptions] == "nosniff")
                #expect(reply.text.contains("<script>"), "the bytes are the sender's, untouched")
            }
            let document = try #require(try await Self.media(client, Self.work).first { $0.kind == "document" })
            let pdf = try await client.api(.get, "conversations/\(Self.work)/messages/\(document.id)/file")
            #expect(pdf.headers[.contentType] == "application/octet-stream"
                && pdf.headers[.contentDisposition] == "attachment; filename=\"Q3 minutes.pdf\"; filename*=UTF-8''Q3%20minutes.pdf")
        }
    }

    @Test("refusals: a message without a file is 404 no_file, an unknown message 404, an unknown chat 404, logged out 409")
    func refusals() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            let loggedOut = try await client.api(.get, "conversations/\(Self.family)/messages/1/file")
            #expect(loggedOut.status == .conflict && loggedOut.errorCode == "not_logged_in")
            try await ChatsAPITests.loggedIn(client)
            let location = try #require(try await Self.media(client, Self.family).first { $0.kind == "location" })
            let none = try await client.api(.get, "conversations/\(Self.family)/messages/\(location.id)/file")
            #expect(none.status == .notFound && none.errorCode == "no_file", "\(none.status) \(none.text)")
            let unknown = try await client.api(.get, "conversations/\(Self.family)/messages/999999999999/file")
            #expect(unknown.status == .notFound && unknown.errorCode == "message_not_found", "\(unknown.text)")
            let chat = try await client.api(.get, "conversations/12345/messages/1/file")
            #expect(chat.status == .notFound)
            let anonymous = try await client.api(.get, "conversations/\(Self.family)/messages/\(location.id)/file", auth: false)
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("a voice note played is opened for Telegram (openMessageContent: its sender sees it listened) and reads is_played from then on; a message without a file, or unknown, is refused")
    func opened() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let media = try await Self.media(client, Self.family)
            let voice = try #require(media.first { $0.kind == "voiceNote" })
            #expect(!fixture.sim.simulator.receivedRequests.contains("openMessageContent"))
            func played() async throws -> Bool? {
                let page = try await client.api(.get, "conversations/\(Self.family)/messages?limit=100")
                let messages = (page.data["messages"] as? [[String: Any]]) ?? []
                return (messages.first { $0["id"] as? Int == voice.id }?["media"] as? [String: Any])?["is_played"] as? Bool
            }
            #expect(try await played() == false, "a voice note not yet listened to says so")
            let opened = try await client.api(.post, "conversations/\(Self.family)/messages/\(voice.id)/opened")
            #expect(opened.status == .ok && opened.data["id"] as? Int == voice.id, "\(opened.status) \(opened.text)")
            #expect(fixture.sim.simulator.receivedRequests.contains("openMessageContent"))
            #expect(try await played() == true, "then listened")
            let location = try #require(media.first { $0.kind == "location" })
            let none = try await client.api(.post, "conversations/\(Self.family)/messages/\(location.id)/opened")
            #expect(none.status == .notFound && none.errorCode == "no_file", "\(none.text)")
            #expect(try await client.api(.post, "conversations/\(Self.family)/messages/999999999999/opened").status == .notFound)
        }
    }

    @Test("self-destructing media: is_secret, no thumbnail, its file refused with 409 self_destructing and the next step; a spoiler says has_spoiler")
    func secretAndSpoiler() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let alice = ChatsAPITests.messages(try await client.api(.get, "conversations/555000111/messages?limit=50"))
            let secret = try #require(alice.first { ($0["media"] as? [String: Any])?["is_secret"] as? Bool == true })
            let media = try #require(secret["media"] as? [String: Any])
            #expect(media["thumbnail_file_id"] == nil && media["label"] as? String == "🔥 Self-destructing photo" && media["has_spoiler"] == nil)
            let id = try #require(secret["id"] as? Int)
            let refused = try await client.api(.get, "conversations/555000111/messages/\(id)/file")
            #expect(refused.status == .conflict && refused.errorCode == "self_destructing", "\(refused.status) \(refused.text)")
            #expect(refused.text.contains("Open it in Telegram on your phone."))
            let opened = try await client.api(.post, "conversations/555000111/messages/\(id)/opened")
            #expect(opened.status == .conflict && opened.errorCode == "self_destructing")
            let news = ChatsAPITests.messages(try await client.api(.get, "conversations/-1001000000003/messages?limit=50"))
            let spoilers = news.filter { ($0["media"] as? [String: Any])?["has_spoiler"] as? Bool == true }
            #expect(spoilers.count == 1 && news.allSatisfy { ($0["media"] as? [String: Any])?["is_secret"] == nil })
        }
    }

    @Test("the media cache counts what was downloaded and DELETE clears it; the file downloads again when asked")
    func cache() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let empty = try await client.api(.get, "media-cache")
            #expect(empty.status == .ok && empty.data["limit_bytes"] as? Int == 1 << 30)
            let before = empty.data["bytes"] as? Int ?? -1
            let voice = try #require(try await Self.media(client, Self.family).first { $0.kind == "voiceNote" })
            let path = "conversations/\(Self.family)/messages/\(voice.id)/file"
            let size = try #require(Int(try await client.api(.get, path).headers[.contentLength] ?? ""))
            let used = try await client.api(.get, "media-cache")
            #expect((used.data["bytes"] as? Int ?? 0) >= before + size && (used.data["files"] as? Int ?? 0) >= 1, "\(used.text)")
            let cleared = try await client.api(.delete, "media-cache")
            #expect(cleared.status == .ok && cleared.data["bytes"] as? Int == 0 && cleared.data["files"] as? Int == 0, "\(cleared.text)")
            let again = try await client.api(.get, path)
            #expect(again.status == .ok && again.headers[.contentLength] == "\(size)")
        }
    }
}
