import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain
import TgtServer
import TgtWire
#if canImport(Glibc)
import Glibc
#endif

/// `tgt serve`: the web dashboard. It owns the data folder's Telegram session while it runs;
/// other `tgt` commands then go through it.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the web dashboard: one-tap send buttons for any browser, also on your phone.",
        discussion: """
            Open the printed address in a browser. The first time, the printed link carries a setup code \
            for choosing the dashboard password. While the dashboard runs it owns the Telegram session: \
            `tgt send`, `tgt chats` and `tgt status` go through it. Stop it with Ctrl-C; sends in flight \
            finish first and Telegram is closed cleanly.

            Listening beyond this machine (e.g. --host 0.0.0.0 for your phone) needs a dashboard password.

            Examples:
              tgt serve
              tgt serve --demo                   # the built-in Telegram simulator
              tgt serve --set-password           # choose the password at the terminal
              tgt serve --host 0.0.0.0 --port 8080
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "Address to listen on (127.0.0.1: this machine only; 0.0.0.0: your network).") var host = "127.0.0.1"
    @Option(help: "Port to listen on (0: any free port).") var port = 8080
    @Flag(help: "Choose the dashboard password (read from the terminal or standard input), then exit.") var setPassword = false
    @Flag(help: "Mark cookies Secure (when the dashboard is behind an HTTPS proxy).") var secureCookies = false
    @Option(help: ArgumentHelp(
        "A reverse proxy (address or network) whose X-Forwarded-For names the client, for rate limits; repeat it for several. Also $TGT_TRUSTED_PROXIES, comma-separated.",
        valueName: "address"))
    var trustedProxy: [String] = []

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535.") }
    }

    func run() async throws {
        try await global.run {
            let directory = global.directory
            try directory.create()
            let secrets = try DashboardSecrets(directory: directory)
            if setPassword {
                try choosePassword(secrets)
                return
            }
            let proxies = try Self.trustedProxies(trustedProxy, environment: ProcessInfo.processInfo.environment).proxies
            let options = DashboardOptions(host: host, port: port, isDemo: global.demo, secureCookies: secureCookies, trustedProxies: proxies)
            do {
                try DashboardServer.checkBinding(options, secrets: secrets)
            } catch let error as DashboardServer.StartError {
                throw InputError(error.message, next: error.nextStep)
            }
            let dashboard = try Dashboard(connection: try global.telegram(), workspace: try global.workspace(), secrets: secrets, options: options)
            let console = global.console
            let app = DashboardServer.buildApplication(dashboard) { actualPort in
                let local = "http://\(options.isLoopback ? (host == "localhost" ? "localhost" : host) : "127.0.0.1"):\(actualPort)"
                let descriptor = ServerDescriptor(pid: getpid(), url: local, token: dashboard.localToken)
                do { try descriptor.write(in: directory) } catch { console.note("warning: \((error as? any UserFacingError)?.message ?? "\(error)")") }
                if global.demo { console.note("Demo mode: the built-in Telegram simulator stands in for Telegram (code 12345, password demo).") }
                console.line("Dashboard: \(local)/")
                if !options.isLoopback {
                    for address in Self.networkAddresses() { console.line("  on your network: http://\(address):\(actualPort)/") }
                }
                if let code = dashboard.currentSetupCode {
                    console.line("First run: choose a dashboard password at \(local)/login?setup=\(code)  (setup code \(code))")
                }
                console.line("Press Ctrl-C to stop.")
            }
            // SIGTERM or Ctrl-C: the server stops taking requests, then the session service
            // finishes sends in flight and closes the Telegram session.
            do {
                try await app.runService()
            } catch {
                console.note("error: the dashboard stopped: \(error)")
            }
            // Whatever ended the service group, the session is closed before the folder is let go.
            await dashboard.shutdown(processEnvironment: ProcessInfo.processInfo.environment)
            ServerDescriptor.remove(in: directory)
            console.note("Stopped.")
        }
    }

    /// The trusted proxies `--trusted-proxy` and `TGT_TRUSTED_PROXIES` name (for `tgt serve` and
    /// the service it runs as), and the entries as given; a bad one is refused, naming where it
    /// came from.
    static func trustedProxies(_ flags: [String], environment: [String: String]) throws -> (proxies: TrustedProxies, entries: [String]) {
        let fromEnvironment = (environment["TGT_TRUSTED_PROXIES"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        do throws(TrustedProxyError) {
            return (try TrustedProxies(parsing: flags + fromEnvironment), flags + fromEnvironment)
        } catch {
            throw InputError(error.message, next: flags.isEmpty
                ? "Correct TGT_TRUSTED_PROXIES (comma-separated addresses of your reverse proxies), or unset it."
                : "Give --trusted-proxy the exact address your reverse proxy connects from, e.g. 127.0.0.1.")
        }
    }

    private func choosePassword(_ secrets: DashboardSecrets) throws {
        let console = global.console
        let first: String?
        let second: String?
        if Console.isInteractive {
            first = console.ask("New dashboard password (at least \(DashboardSecrets.minimumPasswordLength) characters): ", secret: true)
            second = console.ask("Type it again: ", secret: true)
        } else {
            first = readLine(strippingNewline: true)
            second = first
        }
        guard let first, !first.isEmpty else { throw InputError("No password given; nothing changed.") }
        guard first == second else { throw InputError("The two passwords are different; nothing changed.") }
        try secrets.replacePassword(first)
        console.line("Dashboard password saved (as a bcrypt hash in \(secrets.file.path)).")
    }

    /// This machine's IPv4 addresses other than loopback, to print for phones on the network.
    static func networkAddresses() -> [String] {
        var result: [String] = []
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            if let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) {
                var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
                if getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                    let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    if !text.hasPrefix("127.") { result.append(text) }
                }
            }
            cursor = entry.pointee.ifa_next
        }
        return result
    }
}
