import Foundation
import Testing
import TgtTestSupport
@testable import TgtServer

/// Thumbnails come only from the session's TDLib folders, as JPEGs, whatever path TDLib (or
/// a link planted in its folder) reports.
@Suite("Thumbnail files")
struct ThumbnailFilesTests {
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 4])

    @Test("only regular JPEG files really inside TDLib's folders are read")
    func paths() throws {
        let sim = try SimulatedTelegram()
        defer { sim.remove() }
        let files = ThumbnailFiles(folders: [sim.environment.tdlibDatabaseFolder, sim.environment.directory.tdlibFilesFolder])
        let inside = sim.environment.tdlibDatabaseFolder.appendingPathComponent("thumbnails", isDirectory: true)
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let good = inside.appendingPathComponent("1.jpg")
        try Self.jpeg.write(to: good)
        #expect(try files.read(good.path) == [UInt8](Self.jpeg))

        let outside = sim.folder.url.appendingPathComponent("outside.jpg")
        try Self.jpeg.write(to: outside)
        let link = inside.appendingPathComponent("2.jpg")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        let text = inside.appendingPathComponent("3.jpg")
        try Data("not a picture".utf8).write(to: text)
        let big = inside.appendingPathComponent("4.jpg")
        try (Self.jpeg + Data(count: ThumbnailFiles.maxBytes)).write(to: big)
        for path in [outside.path, link.path, text.path, big.path, inside.path, "/etc/passwd", "thumbnails/1.jpg", "",
                     inside.path + "/../../../outside.jpg", inside.path + "/missing.jpg"] {
            #expect(throws: (any Error).self, "\(path)") { try files.read(path) }
        }
    }

    @Test("over HTTP: an offered id whose file is a link out of the folder, or not a JPEG, is a 404")
    func planted() async throws {
        let fixture = try await ServerFixture()
        let thumbnails = fixture.sim.environment.tdlibDatabaseFolder.appendingPathComponent("thumbnails", isDirectory: true)
        let outside = fixture.sim.folder.url.appendingPathComponent("outside.jpg")
        try Self.jpeg.write(to: outside)
        try await fixture.run { client in
            try await ChatsAPITests.loggedIn(client)
            // The simulator writes `thumbnails/ID.jpg` unless it exists: what is planted there
            // stands for what TDLib could report.
            try FileManager.default.createDirectory(at: thumbnails, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: thumbnails.appendingPathComponent("777001.jpg"), withDestinationURL: outside)
            try Data("#!/bin/sh\necho not a picture\n".utf8).write(to: thumbnails.appendingPathComponent("777002.jpg"))
            try FileManager.default.createSymbolicLink(at: thumbnails.appendingPathComponent("777003.jpg"), withDestinationURL: URL(fileURLWithPath: "/etc/passwd"))
            for id: Int32 in [777001, 777002, 777003] {
                ThumbnailFiles.offer(id)
                let reply = try await client.api(.get, "files/\(id)/thumbnail")
                #expect(reply.status == .notFound && !reply.text.contains("root:"), "\(id): \(reply.status)")
            }
        }
    }
}
