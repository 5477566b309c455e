import Foundation

/// Where to look for libtdjson, in order: an explicit path, the `TGT_TDJSON` environment
/// variable, beside the real `tgt` binary or in `../lib/tgtemplates/` from it (where the
/// release archive installs the library it was tested with), the path `scripts/install-deps.sh`
/// recorded (`recordedPathFile`), the system's library search path and usual install folders,
/// and only then the `tdjson` Python package (which bundles the library under
/// `site-packages/tdjson.libs/`; finding it means starting a Python interpreter, so it is the
/// last resort). Everything before Python is a file check or a `dlopen`: nothing is spawned.
public struct TDLibraryLocator: Sendable {
    /// Environment variable naming the library file.
    public static let environmentKey = "TGT_TDJSON"

    public var explicitPath: String?
    public var environment: [String: String]
    /// The running binary (its symbolic links are followed), whose folder and
    /// `../lib/tgtemplates/` are searched.
    public var executable: URL?

    public init(explicitPath: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
                executable: URL? = Bundle.main.executableURL)
    {
        self.explicitPath = explicitPath
        self.environment = environment
        self.executable = executable
    }

    #if os(macOS)
    public static let libraryNames = ["libtdjson.dylib"]
    static let folders = ["/opt/homebrew/lib", "/usr/local/lib"]
    #else
    public static let libraryNames = ["libtdjson.so", "libtdjson.so.1.8.69"]
    static let folders = ["/usr/local/lib", "/usr/lib", "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu"]
    #endif

    /// Paths to try with `dlopen` before the Python package, most specific first. When an explicit
    /// path or the environment variable is given, only that is tried: a wrong explicit path must
    /// not silently fall back to another library.
    public func candidates() -> [String] {
        if let explicitPath, !explicitPath.isEmpty { return [explicitPath] }
        if let fromEnv = environment[Self.environmentKey], !fromEnv.isEmpty { return [fromEnv] }
        var result = besideExecutable() + recorded()
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
        var places = ["the folder of the tgt binary and ../lib/tgtemplates from it"]
        if let file = recordedPathFile { places.append("the path recorded in \(file)") }
        return places + ["the system library path"] + Self.folders + ["the tdjson Python package"]
    }

    /// The file where `scripts/install-deps.sh` records libtdjson's path
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

    /// Beside the running binary, or in `../lib/tgtemplates/` from it (the archive's layout:
    /// `PREFIX/bin/tgt` and `PREFIX/lib/tgtemplates/libtdjson.so`), from the binary's real
    /// path, so a link to it elsewhere on `PATH` finds the same library.
    func besideExecutable() -> [String] {
        guard let binary = executable?.resolvingSymlinksInPath() else { return [] }
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
    /// Foundation's `Process` exists on macOS and Linux only; on iOS and watchOS (where the app
    /// links TDLibFramework) there is no Python to ask.
    private func pythonSiteFolders() -> [String] {
        #if os(macOS) || os(Linux)
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
        #else
        return []
        #endif
    }
}
