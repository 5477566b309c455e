import Foundation

/// Where to look for libtdjson, in order: an explicit path, the `TGT_TDJSON` environment
/// variable, the path the install scripts recorded (`recordedPathFile`), beside the `tgt`
/// binary (a release archive ships it there), the system's library search path and usual
/// install folders, and only then the `tdjson` Python package (which bundles the library under
/// `site-packages/tdjson.libs/`; finding it means starting a Python interpreter, so it is the
/// last resort).
public struct TDLibraryLocator: Sendable {
    /// Environment variable naming the library file.
    public static let environmentKey = "TGT_TDJSON"

    public var explicitPath: String?
    public var environment: [String: String]

    public init(explicitPath: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.explicitPath = explicitPath
        self.environment = environment
    }

    #if os(macOS)
    static let libraryNames = ["libtdjson.dylib"]
    static let folders = ["/opt/homebrew/lib", "/usr/local/lib"]
    #else
    static let libraryNames = ["libtdjson.so", "libtdjson.so.1.8.69"]
    static let folders = ["/usr/local/lib", "/usr/lib", "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu"]
    #endif

    /// Paths to try with `dlopen` before the Python package, most specific first. When an explicit
    /// path or the environment variable is given, only that is tried: a wrong explicit path must
    /// not silently fall back to another library.
    public func candidates() -> [String] {
        if let explicitPath, !explicitPath.isEmpty { return [explicitPath] }
        if let fromEnv = environment[Self.environmentKey], !fromEnv.isEmpty { return [fromEnv] }
        var result = recorded() + besideExecutable()
        result += Self.libraryNames  // dlopen's own search (LD_LIBRARY_PATH, ld.so.cache)
        for folder in Self.folders {
            for name in Self.libraryNames { result.append("\(folder)/\(name)") }
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0).inserted }
    }

    /// A readable list of the places searched, for the "not found" message.
    public var describedLocations: [String] {
        if let explicitPath, !explicitPath.isEmpty { return [explicitPath] }
        if let fromEnv = environment[Self.environmentKey], !fromEnv.isEmpty { return ["\(Self.environmentKey)=\(fromEnv)"] }
        var places: [String] = []
        if let file = recordedPathFile { places.append("the path recorded in \(file)") }
        return places + ["the folder of the tgt binary", "the system library path"] + Self.folders + ["the tdjson Python package"]
    }

    /// The file where `scripts/install-deps.sh` and the install script record libtdjson's path
    /// (`$XDG_CONFIG_HOME/tgtemplates/tdjson-path`, else `~/.config/…`), so `tgt` finds it
    /// without asking Python at every start.
    public var recordedPathFile: String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return "\(config)/tgtemplates/tdjson-path" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return "\(home)/.config/tgtemplates/tdjson-path"
    }

    /// The recorded path, if the file names one.
    func recorded() -> [String] {
        guard let file = recordedPathFile, let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [] }
        let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.hasPrefix("/") ? [path] : []
    }

    /// Beside the running binary, or in `../lib/tgtemplates/` from it (the archive's layout).
    func besideExecutable() -> [String] {
        guard let binary = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return [] }
        let folder = binary.deletingLastPathComponent()
        let lib = folder.deletingLastPathComponent().appendingPathComponent("lib/tgtemplates")
        return Self.libraryNames.flatMap { [folder.appendingPathComponent($0).path, lib.appendingPathComponent($0).path] }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }

    /// libtdjson files inside the `tdjson` Python package, wherever Python keeps its packages.
    public func pythonPackageLibraries() -> [String] {
        if let explicitPath, !explicitPath.isEmpty { return [] }
        if let fromEnv = environment[Self.environmentKey], !fromEnv.isEmpty { return [] }
        var folders: [String] = []
        if let fromEnv = environment["TGT_PYTHON_SITE"] { folders.append(fromEnv) }
        folders += pythonSiteFolders()
        var found: [String] = []
        let fm = FileManager.default
        for folder in folders {
            let libs = "\(folder)/tdjson.libs"
            guard let names = try? fm.contentsOfDirectory(atPath: libs) else { continue }
            for name in names.sorted() where name.hasPrefix("libtdjson") {
                found.append("\(libs)/\(name)")
            }
        }
        return found
    }

    /// Asks `python3` for its site-packages folders (only reached when nothing else was found).
    private func pythonSiteFolders() -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import site,sys; print('\\n'.join(site.getsitepackages()+[site.getusersitepackages()]))",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
