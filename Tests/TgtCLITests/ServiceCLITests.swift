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

    func tgt(_ arguments: [String]) async throws -> TgtBinary.Result {
        try await TgtBinary.run(arguments + ["--data-dir", data.path], dataDir: data.path,
                                environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.url.appendingPathComponent("xdg").path])
    }

    /// `tool arguments`: its exit status and everything it printed; nil when it is not installed.
    func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String)? {
        guard let path = ["/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/swift/usr/bin/"].map({ $0 + tool }).first(where: FileManager.default.isExecutableFile)
        else { return nil }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("the systemd unit: this tgt serving this data folder, quoted for systemd, valid to systemd-analyze; status; uninstall")
    func systemdUnit() async throws {
        defer { home.remove() }
        let installed = try await tgt(["service", "install", "--no-start", "--manager", "systemd", "--port", "8099", "--trusted-proxy", "127.0.0.1"])
        #expect(installed.status == 0, "\(installed.stderr)")
        let unit = home.url.appendingPathComponent("xdg/systemd/user/tgtemplates.service")
        #expect(installed.stdout.contains("Wrote \(unit.path)") && installed.stdout.contains("systemctl --user enable --now tgtemplates.service"))
        let text = try String(contentsOf: unit, encoding: .utf8)
        let exec = try #require(text.split(separator: "\n").first { $0.hasPrefix("ExecStart=") })
        #expect(exec.hasPrefix("ExecStart=\(TgtBinary.url.resolvingSymlinksInPath().path) serve --data-dir "), "\(exec)")
        #expect(exec.contains(#""\#(home.path)/My \"Data\" 100%% $$HOME \\ 'x'""#), "\(exec)")
        #expect(exec.hasSuffix("--host 127.0.0.1 --port 8099 --trusted-proxy 127.0.0.1"), "\(exec)")
        #expect(text.contains("Restart=on-failure") && text.contains("WantedBy=default.target") && !text.lowercased().contains("password"))
        let attributes = try FileManager.default.attributesOfItem(atPath: unit.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        if let verified = try run("systemd-analyze", ["verify", "--man=no", unit.path]) {
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
        let installed = try await tgt(["service", "install", "--no-start", "--manager", "launchd", "--secure-cookies"])
        #expect(installed.status == 0, "\(installed.stderr)")
        let agent = home.url.appendingPathComponent("Library/LaunchAgents/org.tgtemplates.serve.plist")
        let plist = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: agent), format: nil) as? [String: Any])
        #expect(plist["Label"] as? String == "org.tgtemplates.serve" && plist["RunAtLoad"] as? Bool == true)
        #expect(plist["ProgramArguments"] as? [String] == [TgtBinary.url.resolvingSymlinksInPath().path, "serve", "--data-dir", data.path,
                                                            "--host", "127.0.0.1", "--port", "8080", "--secure-cookies"])
        #expect(plist["StandardErrorPath"] as? String == home.url.appendingPathComponent("Library/Logs/TgTemplates/serve.log").path)
        if let linted = try run("plutil", ["-lint", agent.path]) { #expect(linted.status == 0, "\(linted.output)") }
        #if os(Linux)
        let started = try await tgt(["service", "install", "--manager", "launchd"])
        #expect(started.status == 2 && started.stderr.contains("This system runs systemd, not launchd."), "\(started.stderr)")
        #endif
    }

    @Test("refused before anything is written: a network dashboard without a password, an unknown manager, a bad port")
    func refusals() async throws {
        defer { home.remove() }
        for (arguments, expected) in [
            (["service", "install", "--no-start", "--host", "0.0.0.0"], "needs a password first"),
            (["service", "install", "--no-start", "--manager", "upstart"], "“upstart” is not a service manager."),
            (["service", "install", "--no-start", "--port", "0"], "--port must be 1…65535."),
        ] {
            let refused = try await tgt(arguments)
            #expect(refused.status != 0 && refused.stderr.contains(expected), "\(arguments): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.url.appendingPathComponent("xdg/systemd").path))
    }
}
