import Foundation
import TgtApplication
import TgtDomain

/// `tgt send` for email, text message and X templates: renders the draft, prints its link
/// (and fields), optionally hands it to the desktop's opener, and logs it as handed over.
struct DraftCommand {
    let global: GlobalOptions
    let openDraft: Bool
    let dryRun: Bool

    /// A draft as `--json` prints it.
    struct DraftJSON: Encodable {
        var template: String
        var kind: String
        var status: String
        var url: String
        var to: [String]
        var cc: [String]
        var subject: String?
        var body: String
        var opened: Bool
    }

    func run(_ order: SendOrder, drafts: DraftService) throws {
        let prepared = try drafts.prepare(order)
        let (template, draft) = (prepared.template, prepared.draft)
        let console = global.console
        let opening = openDraft && !dryRun
        if global.json {
            // Opened (and logged) first: the JSON says what happened.
            if opening { try DesktopOpener.open(draft.url) }
            if !dryRun { try drafts.record(prepared) }
            console.emit(DraftJSON(template: template.name, kind: draft.kind.rawValue, status: dryRun ? "not_sent" : "handed_over",
                                   url: draft.url, to: draft.to, cc: draft.cc, subject: draft.subject, body: draft.body, opened: opening))
            return
        }
        if !draft.to.isEmpty { console.note("To:      \(draft.to.joined(separator: ", "))") }
        if !draft.cc.isEmpty { console.note("Cc:      \(draft.cc.joined(separator: ", "))") }
        if let subject = draft.subject { console.note("Subject: \(subject)") }
        console.note(draft.body.split(separator: "\n", omittingEmptySubsequences: false).map { "  │ \($0)" }.joined(separator: "\n"))
        console.note("  \(prepared.length.summary)")
        // The link goes to standard output first, so it is there even if the opener fails.
        console.line(draft.url)
        if dryRun {
            console.note("Dry run: the draft was not handed over.")
            return
        }
        if opening { try DesktopOpener.open(draft.url) }
        try drafts.record(prepared)
        if opening {
            console.note("Opened the \(draft.kind.label) draft; send it from there.")
        } else {
            let app = switch draft.kind {
            case .email: "mail app"
            case .text: "messages app"
            default: "browser or X app"
            }
            console.note("Open the link above (or add --open) to send it from your \(app).")
        }
    }
}

/// Hands a URL to the desktop's opener: `open` on macOS, `xdg-open` elsewhere.
enum DesktopOpener {
    static func open(_ url: String) throws {
        #if os(macOS)
        let names = ["open"]
        #else
        let names = ["xdg-open", "gio", "open"]
        #endif
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let directories = path.split(separator: ":").map(String.init)
        guard let (name, executable) = names.lazy.compactMap({ name in
            directories.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }.map { (name, $0) }
        }).first else {
            throw InputError("No program to open links was found (xdg-open or open).",
                             next: "Copy the link tgt prints without --open, or install xdg-utils.")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = name == "gio" ? ["open", url] : [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        // The opener's messages go to a file, not a pipe: a mail client or browser it starts
        // inherits the descriptor, and reading a pipe to its end would wait for that app to quit.
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tgt-open-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil), let errors = try? FileHandle(forWritingTo: log) else {
            throw InputError("A temporary file for \(name)'s messages could not be made.", next: "Copy the link tgt printed.")
        }
        defer {
            try? errors.close()
            try? FileManager.default.removeItem(at: log)
        }
        process.standardError = errors
        do { try process.run() } catch {
            throw InputError("\(name) could not be started: \(error.localizedDescription).", next: "Copy the link tgt printed.")
        }
        process.waitUntilExit()
        let output = (try? Data(contentsOf: log)) ?? Data()
        guard process.terminationStatus == 0 else {
            // The opener's own last line says why (no browser, no handler for sms:, …).
            let reason = String(decoding: output, as: UTF8.self).split(separator: "\n").last.map { ": \($0)" } ?? ""
            throw InputError("\(name) could not open the link (exit status \(process.terminationStatus))\(reason).",
                             next: "Open the link tgt printed on a device that can, or copy it.")
        }
    }
}
