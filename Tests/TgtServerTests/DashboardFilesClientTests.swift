import Foundation
import Testing
@testable import TgtApplication
import TgtDashboardClient
import TgtDomain
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// `tgt chat send --attach` and `tgt chat download` while `tgt serve` holds the session, over
/// real HTTP: a file goes up streamed from the disk and comes back in ranges stitched whole,
/// and the upload's progress comes from the dashboard's event stream.
@Suite("Files through the running dashboard", .timeLimit(.minutes(5)))
struct DashboardFilesClientTests {
    static let alice: Int64 = 555_000_111

    /// A dashboard whose uploads to Telegram go 100 bytes per quarter second of a stopped clock.
    static func slowUploads() async throws -> (ServerFixture, TestClock) {
        var scenario = SimulatorScenario()
        scenario.uploadBytesPerSecond = 400
        let clock = TestClock()
        return (try await ServerFixture(scenario: scenario, clock: clock), clock)
    }

    @Test("a 300 KB file goes up and comes back byte for byte in 64 KB ranges, under its name; a refused file uploads nothing")
    func upAndBack() async throws {
        let fixture = try await ServerFixture()
        let dir = try TestDirectory("files-through-serve")
        defer { dir.remove() }
        let bytes = Data("%PDF-1.4\n".utf8) + Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        try bytes.write(to: dir.file("Q4 report.pdf"))
        try Data().write(to: dir.file("empty.pdf"))
        try await fixture.run { client in
            try await client.logInToTelegram()
            var dashboard = try client.dashboardClient(token: fixture.apiToken)
            dashboard.downloadRangeBytes = 64 * 1024
            let access = DashboardChatAccess(client: dashboard)
            let sent = try await access.sendFiles(chatID: Self.alice, paths: [dir.file("Q4 report.pdf").path], caption: "", replyTo: nil, topicID: nil,
                                                  silent: false, asFiles: false)
            let message = try #require(sent.first)
            #expect(sent.count == 1 && message.sendingState == nil && message.media?.file?.name == "Q4 report.pdf")

            let into = dir.url.appendingPathComponent("saved", isDirectory: true)
            try FileManager.default.createDirectory(at: into, withIntermediateDirectories: true)
            let heard = Locked<[[Int64]]>([])
            let saved = try await access.download(chatID: Self.alice, messageID: message.id, into: into) { done, size in
                heard.withLock { $0.append([done, size]) }
            }
            #expect(saved.lastPathComponent == "Q4 report.pdf")
            #expect(FileManager.default.contents(atPath: saved.path) == bytes, "five ranges stitched into the whole file")
            let total = Int64(bytes.count)
            #expect(heard.withLock { $0 } == [[65_536, total], [131_072, total], [196_608, total], [262_144, total], [total, total]],
                    "one range after the other: \(heard.withLock { $0 })")
            // tgt chat cache through the dashboard: its session's downloaded media, then none.
            #expect(try await access.mediaCache(clear: false).limitBytes == 1 << 30)
            let cleared = try await access.mediaCache(clear: true)
            #expect(cleared.bytes == 0 && cleared.files == 0)

            await #expect(throws: ChatError.badFile(.empty(name: "empty.pdf"))) {
                _ = try await access.sendFiles(chatID: Self.alice, paths: [dir.file("Q4 report.pdf").path, dir.file("empty.pdf").path], caption: "",
                                               replyTo: nil, topicID: nil, silent: false, asFiles: false)
            }
            #expect(UploadsAPITests.kept(fixture).isEmpty, "nothing was uploaded for a send refused here")
        }
    }

    @Test("a file still downloading comes through in ranges as its bytes arrive, not after the whole of it")
    func rangesWhileDownloading() async throws {
        var scenario = SimulatorScenario()
        scenario.downloadBytesPerSecond = 32_768  // 8 KB per quarter second of the test's clock
        let clock = TestClock()
        let fixture = try await ServerFixture(scenario: scenario, clock: clock)
        let dir = try TestDirectory("ranges-while-downloading")
        defer { dir.remove() }
        try await fixture.run { client in
            try await client.logInToTelegram()
            var dashboard = try client.dashboardClient(token: fixture.apiToken)
            dashboard.downloadRangeBytes = 16 * 1024
            let access = DashboardChatAccess(client: dashboard)
            let service = try await fixture.host.chatService()
            try await service.loadChatLists()
            let family: Int64 = -1001000000001
            let voice = try #require(try await service.conversation(chatID: family).messages.last { $0.media?.kind == "voiceNote" })
            let files = FileEvents(service.session)
            let heard = Locked<[Int64]>([])
            let downloading = Task { try await access.download(chatID: family, messageID: voice.id, into: dir.url) { done, _ in heard.withLock { $0.append(done) } } }
            _ = await files.next { $0.isDownloading }
            clock.advance(by: 0.25)
            _ = await files.next { $0.downloadedPrefixSize >= 8_192 }
            clock.advance(by: 0.25)
            _ = await files.next { $0.downloadedPrefixSize >= 16_384 }
            // The first 16 KB are answered while the rest is still on its way.
            try await awaitCondition { heard.withLock { $0 }.first == 16_384 }
            await files.runToCompletion(clock)
            let saved = try await downloading.value
            let size = Int64((try FileManager.default.attributesOfItem(atPath: saved.path)[.size] as? Int) ?? 0)
            #expect(size > 90_000 && heard.withLock { $0 }.last == size && heard.withLock { $0 }.count >= 2, "\(heard.withLock { $0 })")
            let whole = try await service.downloadMedia(chatID: family, messageID: voice.id)
            #expect(FileManager.default.contents(atPath: saved.path) == FileManager.default.contents(atPath: whole.path), "byte for byte")
        }
    }

    @Test("the upload's progress through the dashboard: parts of 400 bytes heard from its event stream, climbing, against the file's size")
    func progress() async throws {
        let (fixture, clock) = try await Self.slowUploads()
        let dir = try TestDirectory("progress-through-serve")
        defer { dir.remove() }
        try (Data("%PDF-1.4".utf8) + Data([UInt8](repeating: 9, count: 392))).write(to: dir.file("a.pdf"))
        try await fixture.run { client in
            try await client.logInToTelegram()
            let access = DashboardChatAccess(client: try client.dashboardClient(token: fixture.apiToken))
            let session = try await fixture.host.chatService().session
            var events = session.chatEvents.subscribe(replayingCurrent: false).makeAsyncIterator()
            func next(_ matching: (ChatEvent) -> Bool) async -> ChatEvent? {
                while let event = await events.next() { if matching(event) { return event } }
                return nil
            }
            let heard = Locked<[UploadProgress]>([])
            let path = dir.file("a.pdf").path
            let sending = Task {
                try await access.sendFiles(chatID: Self.alice, paths: [path], caption: "", replyTo: nil, topicID: nil, silent: false, asFiles: false) {
                    part in heard.withLock { $0.append(part) }
                }
            }
            _ = await next { if case .newMessage = $0 { true } else { false } }
            for step in 1...4 {
                clock.advance(by: 0.25)
                _ = await next { if case .upload(_, _, let part) = $0 { part.sentBytes == Int64(step * 100) } else { false } }
                // The first part goes out at once; the next ones are folded into one per 0.3 s of the dashboard's clock.
                if step == 1 { try await awaitCondition { heard.withLock { $0 }.count >= 1 } }
                if step == 3 { try await awaitCondition { heard.withLock { $0 }.count >= 2 } }
            }
            let items = try await sending.value
            #expect(items.count == 1 && items[0].sendingState == nil)
            let parts = heard.withLock { $0 }
            #expect(parts.allSatisfy { $0.totalBytes == 400 } && parts.first?.sentBytes == 100, "\(parts)")
            #expect(parts.map(\.sentBytes) == parts.map(\.sentBytes).sorted() && Set(parts.map(\.sentBytes)).count >= 2, "\(parts)")
        }
    }

    @Test("a file tgt sends from elsewhere on the machine goes through a staged copy, so the dashboard can serve it afterwards (TDLib's own path would be refused)")
    func stagedSendIsServed() async throws {
        let fixture = try await ServerFixture()
        let dir = try TestDirectory("staged-send")
        defer { dir.remove() }
        let bytes = Data("%PDF-1.4 minutes of the meeting".utf8)
        try bytes.write(to: dir.file("minutes.pdf"))
        try await fixture.run { client in
            try await client.logInToTelegram()
            let service = try await fixture.host.chatService()
            try await service.loadChatLists()
            func sendAndServe(_ access: SessionChatAccess) async throws -> ServerFixture.Client.Reply {
                let sent = try await access.sendFiles(chatID: Self.alice, paths: [dir.file("minutes.pdf").path], caption: "", replyTo: nil, topicID: nil,
                                                      silent: false, asFiles: false)
                let id = try #require(sent.first?.id)
                return try await client.api(.get, "conversations/\(Self.alice)/messages/\(id)/file")
            }
            // Given the user's own path, TDLib keeps it as the file's: outside its folders, refused.
            let direct = try await sendAndServe(SessionChatAccess(service: service, clock: fixture.sim.clock))
            #expect(direct.status == .notFound, "\(direct.status) \(direct.text)")

            let outgoing = fixture.sim.folder.url.appendingPathComponent("outgoing", isDirectory: true)
            let staged = try await sendAndServe(SessionChatAccess(service: service, staging: OutgoingStaging(root: outgoing), clock: fixture.sim.clock))
            #expect(staged.status == .ok && Data(staged.text.utf8) == bytes, "\(staged.status) \(staged.text)")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: outgoing.path)) ?? []).isEmpty, "the staged copy went with the send")
            #expect(FileManager.default.contents(atPath: dir.file("minutes.pdf").path) == bytes, "the user's own file is left as it was")
        }
    }

    @Test("a staged copy whose send another process finishes (the sender exited before the verdict) goes when the verdict comes; a refused file is never staged")
    func stagedCopyGoesWithALateVerdict() async throws {
        let (fixture, clock) = try await Self.slowUploads()
        let dir = try TestDirectory("staged-late-verdict")
        defer { dir.remove() }
        try (Data("%PDF-1.4".utf8) + Data([UInt8](repeating: 5, count: 392))).write(to: dir.file("Report: Q3.pdf"))
        try FileManager.default.createDirectory(at: dir.file("a folder"), withIntermediateDirectories: true)
        try await fixture.run { client in
            try await client.logInToTelegram()
            let service = try await fixture.host.chatService()
            try await service.loadChatLists()
            let outgoing = fixture.sim.folder.url.appendingPathComponent("outgoing", isDirectory: true)
            let staging = OutgoingStaging(root: outgoing)
            func kept() -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: outgoing.path)) ?? [] }

            guard case .failure(let refusal) = staging.stage(dir.file("a folder")) else { Issue.record("a folder was staged"); return }
            #expect(refusal == .badFile(.notAFile(name: "a folder")) && kept().isEmpty)

            guard case .success(let staged) = staging.stage(dir.file("Report: Q3.pdf")) else { Issue.record("not staged"); return }
            #expect(staged.folder.lastPathComponent.count > 8 && FileManager.default.fileExists(atPath: staged.folder.appendingPathComponent("Report: Q3.pdf").path),
                    "the name as it is (a document keeps it)")
            // Handed to TDLib, and the sender gone before the verdict (no wait, no discard).
            let files = FileEvents(service.session)
            let pending = try await service.sendFiles(chatID: Self.alice, paths: [staged.file.path], confirmTimeout: 0)
            #expect(pending.first?.sendingState == .pending && kept().count == 1)
            for _ in 0 ..< 4 {
                clock.advance(by: 0.25)
                _ = await files.next()
            }
            try await awaitCondition { kept().isEmpty }
            let delivered = TelegramSimulator.deliveredMessages(inDatabaseDirectory: fixture.sim.environment.tdlibDatabaseFolder).map(\.content)
            #expect(delivered == ["document:Report: Q3.pdf"], "Telegram has it under its own name: \(delivered)")
        }
    }
}
