import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain
import TgtQRCode
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `tgt triggers add`: makes a trigger link and shows its link once (with a QR code on a
/// terminal), never again.
struct TriggersAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Make a trigger link for a template; its link is shown only now.",
        discussion: """
            Anything that can POST to the link sends the template from your account: \
            curl -fsS -X POST LINK, with values as ?name=value or a JSON body \
            {"variables": {"name": "value"}}. Opening the link in a browser (a GET) shows a page \
            with a Send button and sends nothing.

            Examples:
              tgt triggers add "Home Assistant: arrived" --template "Arrived 📍"
              tgt triggers add "Running late" --template "Late" --allow eta --per-day 5
              tgt triggers add "Front door tag" --template Home --allow none --pin who=Ann --expires 2026-12-31
              tgt triggers add Cron --template Standup --base-url https://home.example.net --json
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "What fires it, e.g. \"Home Assistant: arrived\" (1 to 64 characters).") var name: String
    @Option(help: ArgumentHelp("The Telegram template it sends (name or id).", valueName: "template")) var template: String
    @Option(help: ArgumentHelp("Which values a request may give: any (default), none, or names (eta,who).", valueName: "any|none|names"))
    var allow = "any"
    @Option(help: ArgumentHelp("A value it always sends (repeatable); a request may not give it.", valueName: "name=value"))
    var pin: [String] = []
    @Option(help: ArgumentHelp("Seconds between two sends at the least (0 to 86400).", valueName: "seconds"))
    var minInterval = Int(TriggerPolicy.standardInterval)
    @Option(help: ArgumentHelp("Sends in any 24 hours at most (1 to 1000).", valueName: "count")) var perDay = TriggerPolicy.standardPerDay
    @Option(help: ArgumentHelp("The last day it works (2026-12-31, to the end of that day here) or a moment (2026-12-31T18:00:00Z).", valueName: "day"))
    var expires: String?
    @Option(help: ArgumentHelp("The dashboard's address as your devices reach it (default: the running dashboard's, or http://127.0.0.1:8080).",
                               valueName: "url"))
    var baseURL: String?

    struct CreatedJSON: Encodable {
        var trigger: TriggerText.JSON
        var secret: String
        var path: String
        var url: String
    }

    func run() async throws {
        try await global.run {
            let base = try Self.base(baseURL ?? global.dashboard?.descriptor.url ?? "http://127.0.0.1:8080")
            let workspace = try global.workspace()
            let now = global.clock.now
            let template = try workspace.templates().resolve(self.template)
            let policy = TriggerPolicy(
                variables: try TriggerPolicy.variables(parsing: allow), pinned: try TriggerPolicy.pinned(parsing: pin),
                minimumInterval: TimeInterval(minInterval), perDay: perDay,
                expires: try expires.map { try TriggerPolicy.expiry(parsing: $0, timeZone: .current, now: now) })
            let made = try workspace.triggers.create(templateID: template.id, name: name, policy: policy)
            let link = base + made.path
            if global.json {
                global.console.emit(CreatedJSON(trigger: TriggerText.JSON(made.trigger, templateName: template.name, now: now),
                                                secret: made.secret, path: made.path, url: link))
                return
            }
            global.console.line("Made the trigger “\(made.trigger.name)” for “\(template.name)”.")
            global.console.line("Its link, shown only now (anyone with it can send this template; keep it like a password):")
            global.console.line("  \(link)")
            if isatty(STDOUT_FILENO) == 1, let code = try? QRCode.encode(link) { global.console.line(TerminalQR.render(code)) }
            global.console.line("Send with: curl -fsS -X POST '\(link)'")
            global.console.line("Limits: \(made.trigger.policy.summary(timeZone: .current)).")
            if let host = URL(string: base)?.host, ["127.0.0.1", "localhost", "::1"].contains(host) {
                global.console.note("note: \(host) reaches this computer only; from a phone or another machine use the address you open the dashboard with (--base-url).")
            }
            global.console.note("The link works while `tgt serve` runs. Revoke it with: tgt triggers revoke \"\(made.trigger.name)\"")
        }
    }

    /// "http(s)://host[:port][/prefix]" without a trailing slash.
    static func base(_ text: String) throws -> String {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let url = URL(string: trimmed), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false,
              url.query == nil, url.fragment == nil
        else {
            throw InputError("“\(text)” is not the dashboard's address.", next: "Give it as http://HOST:PORT or https://HOST, e.g. --base-url http://192.168.1.5:8080.")
        }
        return trimmed
    }
}
