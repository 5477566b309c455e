import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// `tgt send`: posts a template to every target and reports each outcome.
struct Send: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send", abstract: "Send a template to all its targets.",
        discussion: """
            Variables: built-ins ({{date}} {{time}} {{datetime}} {{location}} {{latitude}} {{longitude}} \
            {{me}} {{chat}}) are filled in; give any other with --var NAME=VALUE. Nothing is sent if a \
            value is missing or the Markdown is broken. The location comes from --location, else the \
            default location setting.

            A variable with a default ({{eta=18:30}}) uses it unless --var gives another value; one \
            with choices ({{mood|fine|tired}}) needs --var with one of them.

            Email, text message and X templates are not sent by tgt: their draft is rendered (plain \
            text, variables filled in) and its link (mailto:, sms:, X's post intent) printed on \
            standard output; --open hands it to the desktop's opener; --json gives the kind, the \
            link and the fields. The send log records it as handed over, not as sent.

            Examples:
              tgt send "Leaving work"
              tgt send "Running late" --var minutes=10
              tgt send Arrived --location 45.4642,9.19 --silent
              tgt send "Leaving work" --dry-run
              tgt send "Late email" --var mood=tired --open

            Send later: --at 18:30 (today, or tomorrow once it has passed), --at "2026-12-24 09:00" \
            or --in 15m schedules the message on Telegram's own servers, which post it then even \
            if this computer is off. At least 15 s and at most a year ahead; at most 100 scheduled \
            messages per chat. `tgt scheduled` lists and cancels them.

            Repeat: --every "mon,fri 10:00" posts it on every occurrence, each an ordinary \
            message on Telegram's schedule (it posts with this computer off); --until 2026-12-24 \
            or --times 5 ends it; --tz Europe/Rome sets the time's zone (09:00 stays 09:00 across \
            daylight saving). The next 14 days (at most 10 sends) are kept scheduled, topped up by \
            every tgt command that reaches Telegram and by a running dashboard. `tgt scheduled \
            series` lists series; skip, pause, resume, change and cancel them there.

            Undo: on a terminal a tap waits the undo hold from settings (default 5 s; `tgt \
            settings --undo-hold 0` turns it off) and counts down; Ctrl-C during the countdown \
            takes it back and nothing reaches Telegram. On a pipe or with --json there is no hold \
            unless --hold N asks for one (SIGINT undoes it then).

            Exit code 5 means some targets failed (the summary says which); 8 means the send \
            was undone.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Template name or id.") var template: String
    @Option(name: .customLong("var"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A value for a custom variable (repeatable).", valueName: "name=value")) var variables: [String] = []
    @Option(parsing: .unconditional, help: ArgumentHelp("Where you are, for {{location}} and location modes.", valueName: "lat,lon")) var location: String?
    @Flag(help: "Send without notification sound (overrides the template).") var silent = false
    @Flag(help: "Show what would be sent to each target, send nothing.") var dryRun = false
    @Option(help: ArgumentHelp("Send later, at this time (18:30, or \"2026-12-24 09:00\"; local time).", valueName: "time")) var at: String?
    @Option(name: .customLong("in"), help: ArgumentHelp("Send later, after this delay (15m, 1h30m, 90).", valueName: "delay")) var delay: String?
    @Option(help: ArgumentHelp("Repeat on Telegram's schedule: \"mon,fri 10:00\", \"weekdays 08:30\", \"day 09:00\", \"2 weeks mon 10:00\", \"month 31 09:00\".", valueName: "rule")) var every: String?
    @Option(help: ArgumentHelp("With --every: the last day (2026-12-24).", valueName: "day")) var until: String?
    @Option(help: ArgumentHelp("With --every: stop after this many sends.", valueName: "n")) var times: String?
    @Option(name: .customLong("tz"), help: ArgumentHelp("With --every: the time zone of its time (default: this computer's).", valueName: "zone")) var timeZone: String?
    @Option(help: ArgumentHelp("Wait this many seconds (0–30) before sending, undoable with Ctrl-C. Default: the undo hold setting on a terminal, none on a pipe or with --json.", valueName: "seconds")) var hold: String?
    @Flag(name: .customLong("open"), help: "Email, text and X templates: hand the draft to the desktop's opener (xdg-open, open) as well as printing its link.") var openDraft = false
    @OptionGroup(title: "Follow-up") var followUp: FollowUpOptions

    struct ResultJSON: Encodable {
        var template: String
        var batchID: String?
        var dryRun: Bool
        var results: [Item]
        var followUps: [FollowUps.ItemJSON]?
        struct Item: Encodable {
            var target: String
            var title: String
            var status: String
            var messageID: Int64?
            var error: String?
            var text: String?
            enum CodingKeys: String, CodingKey {
                case target, title, status, error, text
                case messageID = "message_id"
            }
        }
        enum CodingKeys: String, CodingKey {
            case template, results
            case batchID = "batch_id"
            case dryRun = "dry_run"
            case followUps = "follow_ups"
        }
    }

    /// The `--var` values: each name once, split at the first "=" by Unicode scalars.
    func parsedVariables() throws -> [String: String] {
        try VariableAssignment.parseAll(variables)
    }

    func run() async throws {
        try await global.run {
            let values = try parsedVariables()
            var coordinate: Coordinate?
            if let location {
                guard let parsed = Coordinate(parsing: location) else {
                    throw InputError("“\(location)” is not a location.", next: "Write --location LAT,LON with latitude -90…90 and longitude -180…180, e.g. 45.4642,9.19.")
                }
                coordinate = parsed
            }
            let workspace = try global.workspace()
            let t = try workspace.templates().resolve(template)
            try SendRules.check(values, for: t)
            if t.kind.isDraft {
                guard !followUp.isGiven else { throw InputError("--follow-up is for Telegram templates; “\(t.name)” is handed to another app, where nothing can be followed.") }
                guard !silent else { throw InputError("--silent is for Telegram templates; “\(t.name)” is handed to another app.") }
                guard at == nil, delay == nil, every == nil else {
                    throw InputError("--at, --in and --every are for Telegram templates; “\(t.name)” is handed to another app as a draft.", next: "Send it when you want it, with `tgt send \"\(t.name)\"`.")
                }
                try DraftCommand(global: global, openDraft: openDraft, dryRun: dryRun)
                    .run(SendOrder(templateID: t.id, variables: values, location: coordinate), drafts: workspace.drafts)
                return
            }
            guard !openDraft else { throw InputError("--open is for email, text and X templates; “\(t.name)” is sent through Telegram.") }
            if at != nil, delay != nil { throw InputError("--at and --in both say when.", next: "Give one of them.") }
            if every != nil, at != nil || delay != nil {
                throw InputError("--every says when a series posts; --at and --in are for one send.", next: "Give the time in --every, e.g. --every \"mon,fri 10:00\".")
            }
            if every == nil, until != nil || times != nil || timeZone != nil {
                throw InputError("--until, --times and --tz go with --every.", next: "For example: tgt send \"\(t.name)\" --every \"mon,fri 10:00\" --times 5")
            }
            let followUpRule = try followUp.rule(workspace)
            let rule = try every.map { try SeriesText.rule(every: $0, until: until, times: times, timeZone: timeZone, now: global.clock.now) }
            let now = workspace.clock.now
            let sendAt: Date? = try at.map { try SendTime.at($0, now: now) } ?? delay.map { try SendTime.in($0, now: now) }
            var order = SendOrder(templateID: t.id, variables: values, location: coordinate, silent: silent ? true : nil)
            if dryRun {
                try dryRunReport(order, workspace: workspace)
                return
            }
            if let rule {
                try await SendRepeat(global: global).run(order, rule: rule, followUp: followUpRule, service: global.series(workspace))
                return
            }
            let sending = global.sending(workspace)
            if let sendAt {
                try await SendLater(global: global).run(order, template: t, at: sendAt, sending: sending, followUp: followUpRule, workspace: workspace)
                return
            }
            let console = global.console
            order.hold = try workspace.sendRules.hold(for: SendHoldTerminal.source(global), asked: hold.map { try UndoHold(parsing: $0) })
            let terminal = SendHoldTerminal(global: global, templateName: t.name, targets: t.targets.map(\.displayName))
            let holding = Locked(false)
            let outcome: SendOutcome
            do {
                defer { terminal.end(wasShown: holding.withLock { $0 }) }
                if order.hold != .off {
                    let batch = order.batchID ?? UUID()
                    order.batchID = batch
                    terminal.arm(batch: batch, sending: sending)
                }
                outcome = try await sending.send(order) { step in
                    switch step {
                    case .holding(let batchID, _, let secondsLeft):
                        let first = holding.withLock { was in defer { was = true }; return !was }
                        terminal.show(batchID: batchID, secondsLeft: secondsLeft, first: first, sending: sending)
                    case .sending(let title):
                        if holding.withLock({ $0 }), terminal.interactive { console.status(nil) }
                        console.note("→ \(title) …")
                    case .waiting(let title, let seconds): console.note("  \(title): Telegram asks to wait \(seconds) s (flood limit); retrying then.")
                    case .sent(let title): console.note("  ✓ \(title)")
                    case .failed(let title, let message): console.note("  ✗ \(title): \(message)")
                    }
                }
            }
            if outcome.undone {
                if global.json {
                    console.emit(ResultJSON(template: outcome.templateName, batchID: outcome.batchID, dryRun: false, results: outcome.items.map {
                        .init(target: $0.target, title: $0.title, status: "undone", messageID: nil, error: nil, text: nil)
                    }))
                } else {
                    console.line("Undone: “\(outcome.templateName)” was not sent (\(outcome.items.map(\.title).joined(separator: ", "))).")
                }
                throw ExitCode(ExitStatus.undone.rawValue)
            }
            let failed = outcome.failed
            var followUps: [FollowUpItem]?
            if let followUpRule, let batch = outcome.batchID.flatMap(UUID.init(uuidString:)), outcome.items.contains(where: \.sent) {
                followUps = FollowUpOptions.setAfterSend(followUpRule, batch: batch, global: global, workspace: workspace)
            }
            if global.json {
                console.emit(ResultJSON(template: outcome.templateName, batchID: outcome.batchID, dryRun: false, results: outcome.items.map {
                    .init(target: $0.target, title: $0.title, status: $0.sent ? "sent" : "failed", messageID: $0.messageID, error: $0.error, text: nil)
                }, followUps: followUps?.map(FollowUps.ItemJSON.init)))
            } else {
                let sent = outcome.items.count - failed.count
                console.line(failed.isEmpty
                    ? "Sent “\(outcome.templateName)” to \(sent) of \(outcome.items.count) target\(outcome.items.count == 1 ? "" : "s")."
                    : "Sent “\(outcome.templateName)” to \(sent) of \(outcome.items.count) targets; failed: \(failed.map(\.title).joined(separator: ", ")).")
            }
            if !failed.isEmpty { throw ExitCode(ExitStatus.partialSend.rawValue) }
        }
    }

    /// Renders and formats for every target (TDLib's Markdown parser, offline), sends nothing.
    private func dryRunReport(_ order: SendOrder, workspace: Workspace) throws {
        let (request, messages) = try workspace.preview(with: global.library()).messages(for: order)
        if global.json {
            global.console.emit(ResultJSON(template: request.template.name, batchID: nil, dryRun: true, results: messages.map {
                .init(target: $0.target.key.description, title: $0.target.displayName, status: "not_sent", messageID: nil, error: nil, text: $0.formatted.text)
            }))
            return
        }
        for message in messages {
            global.console.line("→ \(message.target.displayName)\(request.isSilent ? " (silent)" : "")")
            global.console.line(message.formatted.text.split(separator: "\n", omittingEmptySubsequences: false).map { "  │ \($0)" }.joined(separator: "\n"))
            if let location = message.location { global.console.line("  + location \(location)") }
        }
        global.console.line("Dry run: nothing was sent.")
    }
}
