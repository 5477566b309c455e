import Foundation

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
        Documentation=man:tgt(1)
        After=network-online.target
        Wants=network-online.target

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
            case "\n", "\r", "\t": escaped += " "
            default: escaped.append(character)
            }
        }
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "/._-:=,+@".contains($0) } && word.unicodeScalars.allSatisfy(\.isASCII)
        return plain ? escaped : "\"\(escaped)\""
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
        var processType = "Background"
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
