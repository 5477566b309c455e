import Foundation
import TgtServer

/// The files that keep `tgt serve` running as a user service: a systemd user unit on Linux, a
/// launchd agent on macOS. They name the binary, the data folder and the serve options, and
/// hold no secret (the dashboard password and the Telegram session stay in the data folder).
enum ServiceFiles {
    /// Which service manager a file is for.
    enum Manager: String, CaseIterable {
        case systemd, launchd

        /// This system's.
        static var current: Manager {
            #if os(macOS)
            .launchd
            #else
            .systemd
            #endif
        }
    }

    static let unitName = "tgtemplates.service"
    static let agentLabel = "org.tgtemplates.serve"

    /// Where the file goes for the user whose home is `home` (systemd honours `XDG_CONFIG_HOME`).
    static func path(_ manager: Manager, home: URL, environment: [String: String]) -> URL {
        switch manager {
        case .systemd:
            let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil }
                ?? home.appendingPathComponent(".config", isDirectory: true)
            return config.appendingPathComponent("systemd/user/\(unitName)")
        case .launchd:
            return home.appendingPathComponent("Library/LaunchAgents/\(agentLabel).plist")
        }
    }

    /// Where launchd writes the dashboard's output (systemd's goes to the journal).
    static func logPath(home: URL) -> URL {
        home.appendingPathComponent("Library/Logs/TgTemplates/serve.log")
    }

    /// The unit: started with the user's session, restarted when it fails, stopped with SIGTERM
    /// (the dashboard then finishes sends in flight and closes the Telegram session).
    static func systemdUnit(arguments: [String]) -> String {
        """
        [Unit]
        Description=TgTemplates dashboard (tgt serve): away replies, trigger links, repeats

        [Service]
        Type=simple
        ExecStart=\(arguments.map(systemdQuoted).joined(separator: " "))
        Restart=on-failure
        RestartSec=10
        KillSignal=SIGTERM
        TimeoutStopSec=60
        UMask=0077
        NoNewPrivileges=true

        [Install]
        WantedBy=default.target

        """
    }

    /// One ExecStart word: in double quotes when it has anything systemd reads specially, with
    /// `\\` and `"` escaped, `%` (specifiers) doubled and `$` (variables) doubled.
    static func systemdQuoted(_ word: String) -> String {
        var escaped = ""
        for character in word {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "%": escaped += "%%"
            case "$": escaped += "$$"
            default: escaped.append(character)
            }
        }
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "/._-:=,+@".contains($0) } && word.unicodeScalars.allSatisfy(\.isASCII)
        return plain ? escaped : "\"\(escaped)\""
    }

    /// The path the service runs this tgt by: the one it was invoked by, as typed or found on
    /// `PATH`, symlinks kept (a package manager's `bin/tgt` stays right after an upgrade moves
    /// the versioned file it points at); else `fallback`.
    static func binaryPath(invokedAs command: String, environment: [String: String], fallback: String?) -> String? {
        let manager = FileManager.default
        var candidates: [String] = []
        if command.contains("/") {
            candidates.append(command.hasPrefix("/") ? command : manager.currentDirectoryPath + "/" + command)
        } else if !command.isEmpty {
            candidates += (environment["PATH"] ?? "").split(separator: ":").filter { $0.hasPrefix("/") }.map { "\($0)/\(command)" }
        }
        let found = candidates.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.first(where: manager.isExecutableFile)
        return (found ?? fallback).flatMap { $0.hasPrefix("/") ? $0 : nil }
    }

    /// `tgt serve`'s command line for the service. Refuses a word with a control character (a
    /// line break in a folder name): no service file can carry one faithfully.
    static func serveArguments(binary: String, dataDirectory: String, options: DashboardOptions, trustedProxies: [String],
                               tdjson: String?) throws -> [String] {
        var arguments = [binary, "serve", "--data-dir", dataDirectory, "--host", options.host, "--port", String(options.port)]
        if options.isDemo { arguments.append("--demo") }
        if options.secureCookies { arguments.append("--secure-cookies") }
        for proxy in trustedProxies { arguments += ["--trusted-proxy", proxy] }
        // The service starts in another folder: a relative library path is made absolute here.
        if let tdjson { arguments += ["--tdjson", URL(fileURLWithPath: tdjson).standardizedFileURL.path] }
        if let bad = arguments.first(where: { $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) {
            throw InputError("“\(bad.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined())” has a control character (a line break or tab), which a service file cannot hold.",
                             next: "Rename the folder, or use one without such characters (--data-dir).")
        }
        return arguments
    }

    /// What this shell's environment gives `tgt` that the service will not see, worded as warnings.
    static func unseenEnvironment(_ environment: [String: String], credentialsSaved: Bool) -> [String] {
        var warnings: [String] = []
        if environment["TGT_API_ID"] != nil || environment["TGT_API_HASH"] != nil, !credentialsSaved {
            warnings.append("the service will not see TGT_API_ID and TGT_API_HASH (secrets stay out of service files); run `tgt setup` to save them in the data folder.")
        }
        if let site = environment["TGT_PYTHON_SITE"] {
            warnings.append("the service will not see TGT_PYTHON_SITE=\(site); give --tdjson with the library's path if it finds none.")
        }
        if let level = environment["TGT_LOG_LEVEL"] {
            warnings.append("the service will not see TGT_LOG_LEVEL=\(level); it logs at the default level.")
        }
        if environment.keys.contains(where: { $0.hasPrefix("TGT_DEMO_") || $0.hasPrefix("TGT_SIMULATOR_") }) {
            warnings.append("the service will not see the TGT_DEMO_ and TGT_SIMULATOR_ settings of this shell.")
        }
        return warnings
    }

    /// The agent's keys (launchd.plist(5)), as a typed value.
    struct LaunchAgent: Encodable {
        struct KeepAlive: Encodable {
            var successfulExit = false
            enum CodingKeys: String, CodingKey { case successfulExit = "SuccessfulExit" }
        }

        var label = agentLabel
        var programArguments: [String]
        var runAtLoad = true
        var keepAlive = KeepAlive()
        var throttleInterval = 10
        var exitTimeOut = 60
        var processType = "Standard"
        var umask = 0o077
        var standardOutPath: String
        var standardErrorPath: String

        enum CodingKeys: String, CodingKey {
            case label = "Label", programArguments = "ProgramArguments", runAtLoad = "RunAtLoad", keepAlive = "KeepAlive"
            case throttleInterval = "ThrottleInterval", exitTimeOut = "ExitTimeOut", processType = "ProcessType", umask = "Umask"
            case standardOutPath = "StandardOutPath", standardErrorPath = "StandardErrorPath"
        }
    }

    /// The agent: started at login, started again unless it exited cleanly.
    static func launchdAgent(arguments: [String], log: URL) throws -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return try encoder.encode(LaunchAgent(programArguments: arguments, standardOutPath: log.path, standardErrorPath: log.path))
    }
}
