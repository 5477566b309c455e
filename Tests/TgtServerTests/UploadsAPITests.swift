import Foundation
import HTTPTypes
import NIOCore
import Testing
import TgtServer
import TgtSimulator
import TgtTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Files sent from the dashboard over real HTTP: uploaded one by one (the bytes as they are,
/// kept 0600 under a safe name, checked first), sent together as one message or album, and
/// deleted once sent, when taken back, or when the upload breaks off.
@Suite("Uploads API", .timeLimit(.minutes(5)))
struct UploadsAPITests {
    static let alice = ChatsAPITests.alice
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 1, count: 500)

    static func upload(_ client: ServerFixture.Client, name: String, _ bytes: [UInt8]) async throws -> ServerFixture.Client.Reply {
        let query = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let response = try await client.raw.execute(uri: "/api/uploads?name=\(query)", method: .post,
                                                    headers: [.authorization: "Bearer \(client.token)", .contentType: "application/octet-stream"],
                                                    body: ByteBuffer(bytes: bytes))
        return .init(status: response.status, headers: response.headers, text: String(buffer: response.body))
    }

    /// Every file under the uploads folder (recursively).
    static func kept(_ fixture: ServerFixture) -> [String] {
        let folder = fixture.sim.folder.url.appendingPathComponent("uploads").path
        return (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    @Test("a photo and a video uploaded and sent as one album with a caption; the uploads are gone once sent; the messages read back")
    func album() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let photo = try await Self.upload(client, name: "beach.png", Self.png)
            #expect(photo.status == .created && photo.data["kind"] as? String == "photo" && photo.data["size"] as? Int == Self.png.count, "\(photo.text)")
            let video = try await Self.upload(client, name: "waves.mp4", [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [UInt8](repeating: 2, count: 100))
            #expect(video.data["kind"] as? String == "video")
            #expect(Self.kept(fixture).count == 2)
            let ids = [photo.data["upload_id"] as? String ?? "", video.data["upload_id"] as? String ?? ""]
            let sent = try await client.api(.post, "conversations/\(Self.alice)/files", json: ["upload_ids": ids, "caption": "*Saturday*"])
            let messages = sent.data["messages"] as? [[String: Any]] ?? []
            #expect(sent.status == .ok && messages.count == 2, "\(sent.text)")
            #expect((messages.first?["media"] as? [String: Any])?["kind"] as? String == "photo" && messages.first?["text"] as? String == "Saturday")
            try await awaitCondition { Self.kept(fixture).isEmpty }
            // Sent uploads cannot be sent again.
            let again = try await client.api(.post, "conversations/\(Self.alice)/files", json: ["upload_ids": [ids[0]]])
            #expect(again.status == .notFound, "\(again.text)")
        }
    }

    @Test("wait false answers at once with the message pending and how far its file is; cancel stops it (200), then 404; a sent message is 409 not_being_sent; the upload is deleted")
    func cancelWhileUploading() async throws {
        var scenario = SimulatorScenario()
        scenario.uploadBytesPerSecond = 4  // one byte per quarter second of a clock that does not move
        let clock = TestClock()
        let fixture = try await ServerFixture(scenario: scenario, clock: clock)
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let upload = try await Self.upload(client, name: "report.pdf", Array("%PDF-1.4 a report".utf8))
            let sent = try await client.api(.post, "conversations/\(Self.alice)/files",
                                            json: ["upload_ids": [upload.data["upload_id"] as? String ?? ""], "wait": false])
            let message = (sent.data["messages"] as? [[String: Any]] ?? []).first ?? [:]
            let id = message["id"] as? Int ?? 0
            #expect(sent.status == .ok && message["sending_state"] as? String == "pending", "\(sent.text)")
            let progress = message["upload"] as? [String: Any]
            #expect(progress?["sent_bytes"] as? Int == 0 && progress?["total_bytes"] as? Int == 17, "\(sent.text)")
            // The page reloading the conversation sees it too, newest.
            let page = try await client.api(.get, "conversations/\(Self.alice)/messages?limit=5")
            #expect((page.data["messages"] as? [[String: Any]])?.last?["id"] as? Int == id, "\(page.text)")
            // Its file is not served while it goes up (it is still where it was uploaded, not TDLib's).
            let early = try await client.api(.get, "conversations/\(Self.alice)/messages/\(id)/file")
            #expect(early.status == .conflict && early.errorCode == "still_being_sent", "\(early.text)")
            let cancelled = try await client.api(.post, "conversations/\(Self.alice)/messages/\(id)/cancel")
            #expect(cancelled.status == .ok && cancelled.data["deleted"] as? [Int] == [id], "\(cancelled.text)")
            try await awaitCondition { Self.kept(fixture).isEmpty }
            let again = try await client.api(.post, "conversations/\(Self.alice)/messages/\(id)/cancel")
            #expect(again.status == .notFound, "\(again.text)")
            let text = try await client.api(.post, "conversations/\(Self.alice)/messages", json: ["text": "hello"])
            let textID = text.data["id"] as? Int ?? 0
            let late = try await client.api(.post, "conversations/\(Self.alice)/messages/\(textID)/cancel")
            #expect(late.status == .conflict && late.json["error"].flatMap { ($0 as? [String: Any])?["code"] as? String } == "not_being_sent", "\(late.text)")
        }
    }

    @Test("hostile names are made safe and kept inside the uploads folder; HTML is a document; an empty upload is refused and kept nowhere")
    func hostileNames() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let html = try await Self.upload(client, name: "../../<img src=x onerror=alert(1)>.html", Array("<html><script>alert(1)</script>".utf8))
            #expect(html.status == .created && html.data["name"] as? String == "img src=x onerror=alert(1).html" && html.data["kind"] as? String == "document",
                    "\(html.text)")
            let dots = try await Self.upload(client, name: "..", Self.png)
            #expect(dots.data["name"] as? String == "file")
            let files = Self.kept(fixture)
            #expect(files.count == 2 && files.allSatisfy { !$0.contains("..") && $0.split(separator: "/").count == 2 }, "\(files)")
            let uploads = fixture.sim.folder.url.appendingPathComponent("uploads")
            for file in files {
                let mode = (try FileManager.default.attributesOfItem(atPath: uploads.appendingPathComponent(file).path)[.posixPermissions] as? Int) ?? 0
                #expect(mode == 0o600, "\(file): \(String(mode, radix: 8))")
            }
            #expect(!FileManager.default.fileExists(atPath: fixture.sim.folder.url.deletingLastPathComponent().appendingPathComponent("img src=x onerror=alert(1).html").path))
            let empty = try await Self.upload(client, name: "nothing.txt", [])
            #expect(empty.status == .unprocessableContent && empty.errorCode == "bad_file", "\(empty.status) \(empty.text)")
            #expect(Self.kept(fixture).count == 2)
            let sent = try await client.api(.post, "conversations/\(Self.alice)/files", json: ["upload_ids": [html.data["upload_id"] as? String ?? ""]])
            let document = (sent.data["messages"] as? [[String: Any]])?.first?["media"] as? [String: Any]
            #expect((document?["file"] as? [String: Any])?["name"] as? String == "img src=x onerror=alert(1).html", "\(sent.text)")
        }
    }

    @Test("taken back: DELETE removes the upload (404 after); a mix is refused, sending nothing, and its uploads wait to be fixed; unknown ids are 404")
    func takenBack() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let photo = try await Self.upload(client, name: "a.png", Self.png)
            let id = photo.data["upload_id"] as? String ?? ""
            #expect(try await client.api(.delete, "uploads/\(id)").status == .noContent)
            #expect(try await client.api(.delete, "uploads/\(id)").status == .notFound)
            #expect(Self.kept(fixture).isEmpty)
            let a = try await Self.upload(client, name: "a.png", Self.png)
            let b = try await Self.upload(client, name: "b.pdf", Array("%PDF-1.4".utf8))
            let mixed = try await client.api(.post, "conversations/\(Self.alice)/files",
                                             json: ["upload_ids": [a.data["upload_id"] as? String ?? "", b.data["upload_id"] as? String ?? ""]])
            #expect(mixed.status == .unprocessableContent && mixed.errorCode == "bad_file", "\(mixed.text)")
            // Nothing was sent; the uploads wait, so one can be removed and the other sent.
            #expect(Self.kept(fixture).count == 2)
            #expect(try await client.api(.delete, "uploads/\(b.data["upload_id"] as? String ?? "")").status == .noContent)
            let single = try await client.api(.post, "conversations/\(Self.alice)/files", json: ["upload_ids": [a.data["upload_id"] as? String ?? ""]])
            #expect(single.status == .ok, "\(single.text)")
            try await awaitCondition { Self.kept(fixture).isEmpty }
            let unknown = try await client.api(.post, "conversations/\(Self.alice)/files", json: ["upload_ids": ["nope"]])
            #expect(unknown.status == .notFound)
            let none = try await client.api(.post, "conversations/\(Self.alice)/files", json: ["upload_ids": [String]()])
            #expect(none.status == .badRequest)
            let anonymous = try await client.api(.post, "uploads?name=x.png", raw: "x", auth: false)
            #expect(anonymous.status == .unauthorized)
        }
    }

    @Test("an upload that breaks off (the connection closes before Content-Length bytes came) leaves no file behind")
    func truncated() async throws {
        let fixture = try await ServerFixture()
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            let port = try #require(client.raw.port)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #expect(fd >= 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            #expect(connected == 0)
            let head = "POST /api/uploads?name=big.png HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(client.token)\r\n"
                + "Content-Type: application/octet-stream\r\nContent-Length: 1000000\r\n\r\n"
            let bytes = Array(head.utf8) + Self.png
            _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            // The server starts writing the file, then the connection goes.
            try await awaitCondition { !Self.kept(fixture).isEmpty }
            close(fd)
            try await awaitCondition { Self.kept(fixture).isEmpty }
            // And a whole upload after it works.
            #expect(try await Self.upload(client, name: "ok.png", Self.png).status == .created)
        }
    }
}
