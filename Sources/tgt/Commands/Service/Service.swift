import ArgumentParser
import Foundation
import TgtApplication
import TgtDashboardClient
import TgtServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tgt service`: keeps `tgt serve` running without a terminal (a systemd user unit on Linux,
/// a launchd agent on macOS), so away replies, trigger links and repeats work all the time.
struct Service: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "service", abstract: "Run the dashboard (tgt serve) as a user service, so away replies, trigger links and repeats work without a terminal open.",
        discussion: """
            install writes a systemd user unit (Linux) or a launchd agent (macOS) that runs this \
            tgt with this data folder, and starts it; uninstall stops it and removes the file; \
            status says whether it is installed and running. Choose the dashboard password first \
            (`tgt serve --set-password`) and log in to Telegram (`tgt login`): the service has \
            no terminal to ask on.

            Logs: `journalctl --user -u tgtemplates` on Linux; ~/Library/Logs/TgTemplates/serve.log \
            on macOS.

            Examples:
              tgt service install
              tgt service install --host 0.0.0.0 --port 8080
              tgt service install --trusted-proxy 127.0.0.1 --secure-cookies
              tgt service status
              tgt service uninstall
            """,
        subcommands: [ServiceInstall.self, ServiceUninstall.self, ServiceStatus.self],
        defaultSubcommand: ServiceStatus.self)

    /// Which service manager a command is for (every service command takes it).
    struct Target: ParsableArguments {
        @Option(help: ArgumentHelp("The service manager: systemd or launchd (default: this system's).", valueName: "manager"))
        var manager: String?

        /// The manager and its file; another system's only when `asking` is false (nothing is
        /// asked of a service manager this system does not run).
        func located(asking: Bool) throws -> (manager: ServiceFiles.Manager, file: URL) {
            var chosen = ServiceFiles.Manager.current
            if let manager {
                guard let named = ServiceFiles.Manager(rawValue: manager.lowercased()) else {
                    throw InputError("“\(manager)” is not a service manager.", next: "Give --manager systemd or --manager launchd.")
                }
                chosen = named
            }
            if chosen != .current, asking {
                throw InputError("This system runs \(ServiceFiles.Manager.current.rawValue), not \(chosen.rawValue).",
                                 next: "Add --no-start to only write or remove the file, for another computer.")
            }
            return (chosen, ServiceFiles.path(chosen, home: Service.home, environment: ProcessInfo.processInfo.environment))
        }
    }

    /// The user's home: `$HOME`, as systemd and launchd take it, else the account's.
    static var home: URL {
        if let home = ProcessInfo.processInfo.environment["HOME"], home.hasPrefix("/") { return URL(fileURLWithPath: home, isDirectory: true) }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    /// Runs a service manager's command, up to `attempts` times a second apart; its output when
    /// it failed every time, nil when it worked.
    static func control(_ arguments: [String], attempts: Int = 1) async -> String? {
        var failure: String?
        for attempt in 1...max(1, attempts) {
            failure = controlOnce(arguments)
            guard failure != nil, attempt < attempts else { break }
            try? await Task.sleep(for: .seconds(1))
        }
        return failure
    }

    private static func controlOnce(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { return "\(arguments[0]) could not be run." }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static var userDomain: String { "gui/\(getuid())" }
}

/// `tgt service install`.
struct ServiceInstall: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install", abstract: "Write the user service for tgt serve and start it (again, when it is there: the file is rewritten).",
        discussion: """
            Examples:
              tgt service install
              tgt service install --host 0.0.0.0
              tgt service install --no-start
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: Service.Target
    @Flag(help: "Only write the file; do not ask the service manager to start it.") var noStart = false
    @Option(help: "Address the dashboard listens on (127.0.0.1: this machine only; 0.0.0.0: your network).") var host = "127.0.0.1"
    @Option(help: "Port to listen on.") var port = 8080
    @Flag(help: "Mark cookies Secure (behind an HTTPS proxy).") var secureCookies = false
    @Option(help: ArgumentHelp("A reverse proxy whose X-Forwarded-For names the client; repeat for several.", valueName: "address"))
    var trustedProxy: [String] = []

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port must be 1…65535.") }
    }

    func run() async throws {
        try await global.run {
            let (manager, file) = try target.located(asking: !noStart)
            let environment = ProcessInfo.processInfo.environment
            guard let binary = ServiceFiles.binaryPath(invokedAs: CommandLine.arguments.first ?? "", environment: environment,
                                                       fallback: Bundle.main.executableURL?.path)
            else { throw InputError("The path of this tgt could not be found.", next: "Run tgt by its full path, e.g. /usr/local/bin/tgt service install.") }
            let directory = global.directory
            // Everything is checked before anything is written.
            let proxies = try Serve.trustedProxies(trustedProxy, environment: environment).entries
            let options = DashboardOptions(host: host, port: port, isDemo: global.demo, secureCookies: secureCookies)
            // The data folder as given: `serve --demo` adds its own `demo` subfolder.
            let arguments = try ServiceFiles.serveArguments(binary: binary, dataDirectory: DataDirectory.resolve(flag: global.dataDir).url.path, options: options,
                                                            trustedProxies: proxies,
                                                            tdjson: global.tdjson ?? environment["TGT_TDJSON"])
            // The service has no terminal: nobody could read a first-run setup code or answer a prompt.
            guard try DashboardSecrets(directory: directory).hasPassword else {
                throw InputError("The service needs a dashboard password first: it has no terminal to choose one on.",
                                 next: "Run `tgt serve --set-password\(global.demo ? " --demo" : "")\(global.dataDir.map { " --data-dir \(GlobalOptions.shellQuoted($0))" } ?? "")`, then install again.")
            }
            for unseen in ServiceFiles.unseenEnvironment(environment, credentialsSaved: FileManager.default.fileExists(atPath: directory.credentialsFile.path)) {
                global.console.note("warning: \(unseen)")
            }
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            let contents: Data
            switch manager {
            case .systemd: contents = Data(ServiceFiles.systemdUnit(arguments: arguments).utf8)
            case .launchd:
                let log = ServiceFiles.logPath(home: Service.home)
                try FileManager.default.createDirectory(at: log.deletingLastPathComponent(), withIntermediateDirectories: true)
                contents = try ServiceFiles.launchdAgent(arguments: arguments, log: log)
            }
            try contents.write(to: file, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
            global.console.line("Wrote \(file.path)")
            guard !noStart else {
                global.console.line(manager == .systemd
                    ? "Start it with: systemctl --user daemon-reload && systemctl --user enable --now \(ServiceFiles.unitName)"
                    : "Start it with: launchctl bootstrap \(Service.userDomain) \(file.path)")
                return
            }
            let steps: [[String]] = switch manager {
            case .systemd: [["systemctl", "--user", "daemon-reload"], ["systemctl", "--user", "enable", ServiceFiles.unitName],
                            ["systemctl", "--user", "restart", ServiceFiles.unitName]]
            case .launchd: [["launchctl", "bootout", "\(Service.userDomain)/\(ServiceFiles.agentLabel)"], ["launchctl", "bootstrap", Service.userDomain, file.path]]
            }
            for (index, step) in steps.enumerated() {
                // Booting out an agent that is not loaded fails, and is fine; launchd finishes a
                // bootout after it returns, so a bootstrap right after it is tried again.
                if manager == .launchd, index == 0 { _ = await Service.control(step); continue }
                if let failure = await Service.control(step, attempts: manager == .launchd ? 5 : 1) {
                    throw InputError("The service file is written, but `\(step.joined(separator: " "))` failed: \(failure)",
                                     next: manager == .systemd
                                         ? "Without a user session bus (a container, an SSH session without lingering), run `loginctl enable-linger` or start `tgt serve` yourself."
                                         : "Check `launchctl print \(Service.userDomain)/\(ServiceFiles.agentLabel)`.")
                }
            }
            global.console.line("Started: the dashboard runs now and at every login (http://\(host.contains(":") ? "[\(host)]" : host):\(port)/).")
            global.console.line(manager == .systemd ? "Logs: journalctl --user -u tgtemplates" : "Logs: \(ServiceFiles.logPath(home: Service.home).path)")
        }
    }
}

/// `tgt service uninstall`.
struct ServiceUninstall: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uninstall", abstract: "Stop the user service and remove its file (your data stays).",
        discussion: """
            Example:
              tgt service uninstall
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: Service.Target
    @Flag(help: "Only remove the file; do not ask the service manager to stop it.") var noStart = false

    func run() async throws {
        try await global.run {
            let (manager, file) = try target.located(asking: !noStart)
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw InputError("No service is installed (\(file.path) is not there).", next: "`tgt service install` installs one.")
            }
            if !noStart {
                switch manager {
                case .systemd: _ = await Service.control(["systemctl", "--user", "disable", "--now", ServiceFiles.unitName])
                case .launchd: _ = await Service.control(["launchctl", "bootout", "\(Service.userDomain)/\(ServiceFiles.agentLabel)"])
                }
            }
            try FileManager.default.removeItem(at: file)
            if !noStart, manager == .systemd { _ = await Service.control(["systemctl", "--user", "daemon-reload"]) }
            global.console.line("Removed \(file.path); your templates and the Telegram session are still in \(global.directory.url.path).")
        }
    }
}

/// `tgt service status`.
struct ServiceStatus: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Whether the user service is installed, and whether a dashboard runs for this data folder.",
        discussion: """
            Example:
              tgt service status
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: Service.Target

    func run() async throws {
        try await global.run {
            let file = try target.located(asking: false).file
            let installed = FileManager.default.fileExists(atPath: file.path)
            let running = DashboardClient.forRunningServer(in: global.directory)?.descriptor
            if global.json {
                global.console.emit(["installed": installed ? file.path : nil, "dashboard": running.map(\.url), "pid": running.map { String($0.pid) }])
                return
            }
            global.console.line(installed ? "Installed: \(file.path)" : "Not installed (`tgt service install` installs it).")
            global.console.line(running.map { "Dashboard running: \($0.url)/ (pid \($0.pid))" } ?? "No dashboard is running for \(global.directory.url.path).")
        }
    }
}
