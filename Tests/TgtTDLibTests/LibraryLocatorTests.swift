import Foundation
import Testing
import TgtTDLib
import TgtTestSupport

/// Where libtdjson is looked for: an explicit path or `TGT_TDJSON` alone; otherwise the path
/// the install scripts recorded comes before the system folders, and Python is the last resort.
@Suite("Finding libtdjson")
struct LibraryLocatorTests {
    @Test("the recorded path is tried first (a stale one falls through); an explicit path or TGT_TDJSON is tried alone")
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
        #expect(locator.describedLocations.first == "the path recorded in \(config.appendingPathComponent("tdjson-path").path)")

        try "relative/libtdjson.so".write(to: config.appendingPathComponent("tdjson-path"), atomically: true, encoding: .utf8)
        #expect(!TDLibraryLocator(environment: environment).candidates().contains("relative/libtdjson.so"), "only absolute paths are trusted")

        let explicit = TDLibraryLocator(explicitPath: "/opt/td/libtdjson.so", environment: environment)
        #expect(explicit.candidates() == ["/opt/td/libtdjson.so"] && explicit.pythonPackageLibraries().isEmpty)
        let fromEnvironment = TDLibraryLocator(environment: environment.merging(["TGT_TDJSON": "/opt/td/libtdjson.so"]) { $1 })
        #expect(fromEnvironment.candidates() == ["/opt/td/libtdjson.so"])
        #expect(TDLibraryLocator(environment: ["HOME": "relative"]).recordedPathFile == nil)
    }
}
