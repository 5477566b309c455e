import Foundation
import Testing
import TgtTestSupport

/// `tgt service` through the real binary, writing into a home of its own: the systemd unit
/// (checked by `systemd-analyze verify`, leaving out the man page a clone has not installed) and the launchd agent (read back as a property list,
/// and by `plutil -lint` where there is one) run this tgt with this data folder; a data folder
/// with spaces, `%`, `$` and quotes survives; a network dashboard without a password is refused
/// before anything is written; uninstall removes the file and keeps the data.
@Suite("tgt service", .serialized)
struct ServiceCLITests {
    let home: TestDirectory
    /// A data folder named as badly as a folder can be.
    let data: URL

    init() throws {
        home = try TestDirectory("cli-service")
        data = home.url.appendingPathComponent("My \"Data\" 100% $HOME \\ 'x'", isDirectory: true)
    }

    func tgt(_ arguments: [String], input: String = "", extraEnvironment: [String: String] = [:]) async throws -> TgtBinary.Result {
        try await TgtBinary.run(arguments + ["--data-dir", data.path], dataDir: data.path, input: input,
                                environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.url.appendingPathComponent("xdg").path].merging(extraEnvironment) { $1 })
    }

    /// `tool arguments`: its exit status and everything it printed; nil when it is not installed.
    func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String)? {
        guard let path = ["/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/swift/usr/bin/"].map({ $0 + tool }).first(where: FileManager.default.isExecutableFile)
        else { return nil }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Chooses the dashboard password the service needs, as `tgt serve --set-password` does from a pipe.
    func choosePassword(demo: Bool = false) async throws {
        let chosen = try await tgt(["serve", "--set-password"] + (demo ? ["--demo"] : []), input: "correct horse battery\n")
        #expect(chosen.status == 0, "\(chosen.stderr)")
    }

    /// The path the service runs tgt by: the one the test ran, symlinks kept.
    var binaryPath: String { TgtBinary.url.standardizedFileURL.path }

    @Test("the systemd unit: this tgt serving this data folder, quoted for systemd, valid to systemd-analyze; status; uninstall")
    func systemdUnit() async throws {
        defer { home.remove() }
        try await choosePassword()
        let installed = try await tgt(["service", "install", "--no-start", "--manager", "systemd", "--port", "8099", "--trusted-proxy", "127.0.0.1"],
                                      extraEnvironment: ["TGT_API_ID": "12345", "TGT_API_HASH": "0123456789abcdef0123456789abcdef"])
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stderr.contains("the service will not see TGT_API_ID and TGT_API_HASH") && !installed.stderr.contains("0123456789abcdef"),
                "\(installed.stderr)")
        let unit = home.url.appendingPathComponent("xdg/systemd/user/tgtemplates.service")
        #expect(installed.stdout.contains("Wrote \(unit.path)") && installed.stdout.contains("systemctl --user enable --now tgtemplates.service"))
        let text = try String(contentsOf: unit, encoding: .utf8)
        let exec = try #require(text.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        #expect(exec.hasPrefix("ExecStart=\(binaryPath) serve --data-dir "), "\(exec)")
        #expect(exec.contains(#""\#(home.path)/My \"Data\" 100%% $$HOME \\ 'x'""#), "\(exec)")
        #expect(exec.hasSuffix("--host 127.0.0.1 --port 8099 --trusted-proxy 127.0.0.1"), "\(exec)")
        #expect(text.contains("Restart=on-failure") && text.contains("WantedBy=default.target") && !text.lowercased().contains("password"))
        let attributes = try FileManager.default.attributesOfItem(atPath: unit.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        // Verified as a user unit, which needs a runtime folder of its own here.
        let runtime = home.url.appendingPathComponent("runtime", isDirectory: true)
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if let verified = try run("systemd-analyze", ["verify", "--user", "--man=no", unit.path], environment: ["XDG_RUNTIME_DIR": runtime.path]) {
            #expect(verified.status == 0 && verified.output.isEmpty, "systemd-analyze verify: \(verified.output)")
        } else {
            Issue.record("systemd-analyze is missing: scripts/install-test-deps.sh installs systemd")
        }

        let status = try await tgt(["service", "status"])
        #expect(status.status == 0 && status.stdout.contains("Installed: \(unit.path)") && status.stdout.contains("No dashboard is running"), "\(status.stdout)")
        let removed = try await tgt(["service", "uninstall", "--no-start"])
        #expect(removed.status == 0 && !FileManager.default.fileExists(atPath: unit.path) && FileManager.default.fileExists(atPath: data.path))
        let again = try await tgt(["service", "uninstall", "--no-start"])
        #expect(again.status == 2 && again.stderr.contains("No service is installed"), "\(again.stderr)")
    }

    @Test("the launchd agent: the same program and arguments, a property list plutil accepts; refused without --no-start off macOS")
    func launchdAgent() async throws {
        defer { home.remove() }
        try await choosePassword(demo: true)
        let installed = try await tgt(["service", "install", "--no-start", "--manager", "launchd", "--secure-cookies", "--demo"])
        #expect(installed.status == 0, "\(installed.stderr)")
        let agent = home.url.appendingPathComponent("Library/LaunchAgents/org.tgtemplates.serve.plist")
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: agent), format: nil) as? [String: Any])
        #expect(plist["Label"] as? String == "org.tgtemplates.serve" && plist["RunAtLoad"] as? Bool == true)
        #expect(plist["ProgramArguments"] as? [String] == [binaryPath, "serve", "--data-dir", data.path,
                                                            "--host", "127.0.0.1", "--port", "8080", "--demo", "--secure-cookies"])
        #expect(plist["ProcessType"] as? String == "Standard")
        #expect(plist["StandardErrorPath"] as? String == home.url.appendingPathComponent("Library/Logs/TgTemplates/serve.log").path)
        if let linted = try run("plutil", ["-lint", agent.path]) { #expect(linted.status == 0, "\(linted.output)") }
        #if os(Linux)
        let started = try await tgt(["service", "install", "--manager", "launchd"])
        #expect(started.status == 2 && started.stderr.contains("This system runs systemd, not launchd."), "\(started.stderr)")
        #endif
    }

    @Test("refused before anything is written: no dashboard password, a bad trusted proxy, a folder name with a line break, an unknown manager, a bad port")
    func refusals() async throws {
        defer { home.remove() }
        for arguments in [["service", "install", "--no-start", "--host", "0.0.0.0"], ["service", "install", "--no-start"]] {
            let refused = try await tgt(arguments)
            let quoted = "'" + data.path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
            #expect(refused.status == 2 && refused.stderr.contains("needs a dashboard password first")
                    && refused.stderr.contains("tgt serve --set-password --data-dir \(quoted)`"),
                    "\(arguments): \(refused.stderr)")
        }
        try await choosePassword()
        let proxied = try await tgt(["service", "install", "--no-start"], extraEnvironment: ["TGT_TRUSTED_PROXIES": "10.0.0.0/99"])
        #expect(proxied.status == 2 && proxied.stderr.contains("TGT_TRUSTED_PROXIES"), "\(proxied.stderr)")
        let broken = home.url.appendingPathComponent("line\nbreak", isDirectory: true)
        let folder = try await TgtBinary.run(["service", "install", "--no-start", "--data-dir", broken.path], dataDir: broken.path,
                                             environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.url.appendingPathComponent("xdg").path])
        #expect(folder.status == 2 && folder.stderr.contains("control character"), "\(folder.stderr)")
        for (arguments, expected) in [
            (["service", "install", "--no-start", "--trusted-proxy", "proxy.example"], "--trusted-proxy"),
            (["service", "install", "--no-start", "--manager", "upstart"], "“upstart” is not a service manager."),
            (["service", "install", "--no-start", "--port", "0"], "--port must be 1…65535."),
        ] {
            let refused = try await tgt(arguments)
            #expect(refused.status != 0 && refused.stderr.contains(expected), "\(arguments): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("xdg/systemd").path))
    }
}
