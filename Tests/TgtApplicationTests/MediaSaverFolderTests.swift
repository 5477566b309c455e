import Foundation
import Testing
@testable import TgtApplication
import TgtDomain
import TgtTestSupport

/// A download folder is hostile too: links (dangling ones included), folders and files under
/// the wanted name, names from other people in any script, and drives without hard links
/// (FAT, exFAT, network shares), where a save takes its name by renaming.
@Suite("Media saver: hostile folders and names")
struct MediaSaverFolderTests {
    /// Names other people's files carry: non-ASCII first letters, scripts without case,
    /// combining marks, right-to-left text, emoji, decomposed and precomposed forms.
    static let names = ["Äpfel.pdf", "éclair.jpg", "Ωmega.txt", "ßtraße.doc", "Ёлка.png", "日本語.txt", "שלום.pdf",
                        "e\u{301}te\u{301}.txt", "été.txt", "🎉 party.gif", "İstanbul.jpg", "ǅ digraph.txt",
                        // Longer in bytes than a file system allows a name (255), numbered copies too.
                        String(repeating: "日", count: 119) + ".txt", String(repeating: "👨‍👩‍👧‍👦", count: 40) + ".jpg"]

    func save(_ name: String, into folder: URL, hardLinks: Bool, bytes: String = "x") async throws -> URL {
        try await MediaSaver.save(name: name, into: folder, hardLinks: hardLinks) { temporary in
            try Data(bytes.utf8).write(to: temporary)
        }
    }

    @Test("names in any script save under themselves, then “(1)”, with hard links and without", arguments: [true, false])
    func anyScript(hardLinks: Bool) async throws {
        let folder = try TestDirectory("saver-names")
        defer { folder.remove() }
        for name in Self.names {
            let first = try await save(name, into: folder.url, hardLinks: hardLinks, bytes: "one")
            let second = try await save(name, into: folder.url, hardLinks: hardLinks, bytes: "two")
            #expect(first.lastPathComponent == SafeFileName.make(name), "\(name)")
            #expect(first.lastPathComponent.utf8.count <= 255 && second.lastPathComponent.utf8.count <= 255)
            #expect(second.lastPathComponent != first.lastPathComponent && second.lastPathComponent.contains("(1)"), "\(name): \(second.lastPathComponent)")
            #expect(FileManager.default.contents(atPath: first.path) == Data("one".utf8), "\(name): the first is never replaced")
            #expect(FileManager.default.contents(atPath: second.path) == Data("two".utf8))
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(left.count == Self.names.count * 2 && !left.contains { $0.hasPrefix(".tgt-download-") }, "no temporary file left: \(left)")
    }

    @Test("a link, a dangling link, a folder and an unwritable file under the wanted name: the next free name, nothing they point at touched", arguments: [true, false])
    func occupiedNames(hardLinks: Bool) async throws {
        let folder = try TestDirectory("saver-occupied")
        defer { folder.remove() }
        let outside = try TestDirectory("saver-outside")
        defer { outside.remove() }
        let secret = outside.url.appendingPathComponent("secret.txt")
        try Data("keep".utf8).write(to: secret)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: folder.url.appendingPathComponent("a.txt").path, withDestinationPath: secret.path)
        try fm.createSymbolicLink(atPath: folder.url.appendingPathComponent("b.txt").path, withDestinationPath: outside.url.appendingPathComponent("gone.txt").path)
        // A name starting with a non-ASCII letter: Foundation's move compared it by case folding,
        // which traps on Linux.
        try fm.createSymbolicLink(atPath: folder.url.appendingPathComponent("Ärger.txt").path, withDestinationPath: outside.url.appendingPathComponent("gone.txt").path)
        try fm.createDirectory(at: folder.url.appendingPathComponent("c.txt"), withIntermediateDirectories: false)
        let locked = folder.url.appendingPathComponent("d.txt")
        try Data("mine".utf8).write(to: locked)
        try fm.setAttributes([.posixPermissions: 0o400], ofItemAtPath: locked.path)
        for name in ["a.txt", "b.txt", "Ärger.txt", "c.txt", "d.txt"] {
            let saved = try await save(name, into: folder.url, hardLinks: hardLinks, bytes: "new")
            #expect(saved.lastPathComponent == name.replacingOccurrences(of: ".txt", with: " (1).txt"), "\(name): \(saved.lastPathComponent)")
            #expect(fm.contents(atPath: saved.path) == Data("new".utf8))
        }
        #expect(fm.contents(atPath: secret.path) == Data("keep".utf8), "the link's target is untouched")
        #expect(!fm.fileExists(atPath: outside.url.appendingPathComponent("gone.txt").path), "the dangling link's target is not created")
        #expect(fm.contents(atPath: locked.path) == Data("mine".utf8))
        #expect(try fm.destinationOfSymbolicLink(atPath: folder.url.appendingPathComponent("b.txt").path).hasSuffix("gone.txt"))
    }

    @Test("a full drive: the error names the file and says to free space, and nothing is left in the folder, however the system says it")
    func fullDrive() async throws {
        let folder = try TestDirectory("saver-full")
        defer { folder.remove() }
        let failures: [any Error] = [
            POSIXError(.ENOSPC), POSIXError(.EDQUOT), CocoaError(.fileWriteOutOfSpace),
            NSError(domain: NSCocoaErrorDomain, code: 512, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))]),
        ]
        for failure in failures {
            do {
                _ = try await MediaSaver.save(name: "Relazione €.pdf", into: folder.url, hardLinks: true) { temporary in
                    try Data("half".utf8).write(to: temporary)
                    throw failure
                }
                Issue.record("\(failure) was not reported")
            } catch {
                #expect(error.isOutOfSpace && error.code == "disk_full", "\(failure)")
                #expect(error.message.contains("Relazione €.pdf") && error.message.contains("the drive is full"), "\(error.message)")
                #expect(error.nextStep?.contains("Free some space") == true)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "no temporary file is left")
        do {
            _ = try await MediaSaver.save(name: "a.txt", into: folder.url, hardLinks: true) { _ in throw POSIXError(.EACCES) }
        } catch {
            #expect(!error.isOutOfSpace && error.code == "save_failed" && error.message.contains("a.txt"))
        }
    }
}
