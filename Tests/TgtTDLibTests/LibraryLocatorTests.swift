import Foundation
import Testing
import TgtTDLib
import TgtTestSupport

/// Where libtdjson is looked for: an explicit path or `TGT_TDJSON` alone; otherwise the library
/// beside the binary (the release archive's), then the path `scripts/install-deps.sh` recorded,
/// before the system folders, and Python is the last resort.
@Suite("Finding libtdjson")
struct LibraryLocatorTests {
    @Test("the recorded path comes before the system folders (a stale one falls through); an explicit path or TGT_TDJSON is tried alone")
    func order() throws {
        let folder = try TestDirectory("locator")
        defer { folder.remove() }
        let config = folder.url.appendingPathComponent("config/tgtemplates")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let library = try OfflineTDLib.library().path
        try "\(library)\n".write(to: config.appendingPathComponent("tdjson-path"), atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path, "HOME": "/nonexistent"]

        let locator = TDLibraryLocator(environment: environment)
        #expect(locator.recordedPathFile == config.appendingPathComponent("tdjson-path").path)
        #expect(locator.candidates().first == library, "the recorded path before the system's folders")
        #expect(locator.describedLocations.prefix(2) == ["the folder of the tgt binary and ../lib/tgtemplates from it",
                                                          "the path recorded in \(config.appendingPathComponent("tdjson-path").path)"])

        try "relative/libtdjson.so".write(to: config.appendingPathComponent("tdjson-path"), atomically: true, encoding: .utf8)
        #expect(!TDLibraryLocator(environment: environment).candidates().contains("relative/libtdjson.so"), "only absolute paths are trusted")

        let explicit = TDLibraryLocator(explicitPath: "/opt/td/libtdjson.so", environment: environment)
        #expect(explicit.candidates() == ["/opt/td/libtdjson.so"] && explicit.pythonPackageLibraries().isEmpty)
        let fromEnvironment = TDLibraryLocator(environment: environment.merging(["TGT_TDJSON": "/opt/td/libtdjson.so"]) { $1 })
        #expect(fromEnvironment.candidates() == ["/opt/td/libtdjson.so"])
        #expect(TDLibraryLocator(environment: ["HOME": "relative"]).recordedPathFile == nil)
    }

    @Test("the release archive's layout: PREFIX/lib/tgtemplates/libtdjson.so, found from the binary's real path, before the recorded path")
    func archiveLayout() throws {
        let folder = try TestDirectory("locator-archive")
        defer { folder.remove() }
        let fm = FileManager.default
        let prefix = folder.url.appendingPathComponent("prefix")
        let bin = prefix.appendingPathComponent("bin")
        let lib = prefix.appendingPathComponent("lib/tgtemplates")
        try fm.createDirectory(at: bin, withIntermediateDirectories: true)
        try fm.createDirectory(at: lib, withIntermediateDirectories: true)
        let binary = bin.appendingPathComponent("tgt")
        try Data("#!/bin/sh\n".utf8).write(to: binary)
        let name = TDLibraryLocator.libraryNames[0]
        try fm.createSymbolicLink(atPath: lib.appendingPathComponent(name).path, withDestinationPath: try OfflineTDLib.library().path)
        // A link on PATH elsewhere (~/bin/tgt → PREFIX/bin/tgt) finds the same library.
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try fm.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try fm.createSymbolicLink(at: elsewhere.appendingPathComponent("tgt"), withDestinationURL: binary)
        let config = folder.url.appendingPathComponent("config/tgtemplates")
        try fm.createDirectory(at: config, withIntermediateDirectories: true)
        try "/recorded/libtdjson.so\n".write(to: config.appendingPathComponent("tdjson-path"), atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path]

        let expected = lib.appendingPathComponent(name).resolvingSymlinksInPath().path
        for executable in [binary, elsewhere.appendingPathComponent("tgt")] {
            let candidates = TDLibraryLocator(environment: environment, executable: executable).candidates()
            #expect(candidates.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path } == expected, "\(executable.path): \(candidates)")
            #expect(candidates.dropFirst().first == "/recorded/libtdjson.so")
        }
        // Nothing beside the binary: the recorded path comes first.
        let bare = TDLibraryLocator(environment: environment, executable: folder.url.appendingPathComponent("nowhere/tgt")).candidates()
        #expect(bare.first == "/recorded/libtdjson.so")
    }
}
