import Foundation

/// The folder holding everything TgTemplates keeps: the database, TDLib's files, its log and the
/// secret files. Chosen by `--data-dir`, else `TGT_DATA_DIR`, else the platform's data folder
/// (`$XDG_DATA_HOME/tgtemplates`, default `~/.local/share/tgtemplates`; on macOS
/// `~/Library/Application Support/TgTemplates`).
public struct DataDirectory: Sendable, Hashable {
    public static let environmentKey = "TGT_DATA_DIR"

    public let url: URL

    public init(url: URL) { self.url = url.standardizedFileURL }

    /// Resolves the folder from a flag value and the environment (not created yet).
    public static func resolve(flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> DataDirectory {
        if let flag, !flag.isEmpty { return DataDirectory(url: URL(fileURLWithPath: expand(flag, environment))) }
        if let env = environment[environmentKey], !env.isEmpty {
            return DataDirectory(url: URL(fileURLWithPath: expand(env, environment)))
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        #if os(macOS) || os(iOS)
        return DataDirectory(url: URL(fileURLWithPath: home).appendingPathComponent("Library/Application Support/TgTemplates"))
        #else
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return DataDirectory(url: URL(fileURLWithPath: xdg).appendingPathComponent("tgtemplates"))
        }
        return DataDirectory(url: URL(fileURLWithPath: home).appendingPathComponent(".local/share/tgtemplates"))
        #endif
    }

    private static func expand(_ path: String, _ environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
    }

    /// Creates the folder (mode 0700) if needed.
    public func create() throws(StoreError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .dataDirectory("\(url.path): \(error.localizedDescription)")
        }
    }

    public var databaseFile: URL { url.appendingPathComponent("tgtemplates.sqlite") }
    public var tdlibDatabaseFolder: URL { url.appendingPathComponent("tdlib", isDirectory: true) }
    public var tdlibFilesFolder: URL { url.appendingPathComponent("tdlib-files", isDirectory: true) }
    /// Files uploaded to the dashboard to send, each kept until it is sent (at most an hour).
    public var uploadsFolder: URL { url.appendingPathComponent("uploads", isDirectory: true) }
    /// Files picked in the app to send, each kept until its message is sent (at most a day).
    public var outgoingFolder: URL { url.appendingPathComponent("outgoing", isDirectory: true) }
    /// Voice notes moved into a file the system player plays, each deleted when its player
    /// closes (any left behind, at the next one opened after a day).
    public var playbackFolder: URL { url.appendingPathComponent("playback", isDirectory: true) }
    public var tdlibLogFile: URL { url.appendingPathComponent("tdlib.log") }
    public var credentialsFile: URL { url.appendingPathComponent("credentials.json") }
    public var tdlibKeyFile: URL { url.appendingPathComponent("tdlib.key") }
    public var lockFile: URL { url.appendingPathComponent("tdlib.lock") }
}
