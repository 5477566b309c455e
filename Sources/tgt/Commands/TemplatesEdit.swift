import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain

/// Fields shared by `templates add` and `templates edit`.
struct TemplateFieldOptions: ParsableArguments {
    @Option(help: "Template name (1–64 characters, unique).") var name: String?
    @Option(help: "Message text: Telegram Markdown (*bold*, _italic_, [link](url), `code`) with {{variables}}.") var body: String?
    @Option(help: ArgumentHelp("Read the message text from a file ('-' for standard input).", valueName: "path")) var bodyFile: String?
    @Option(help: "Icon: an SF Symbol name (`tgt templates icons` shows them).") var icon: TemplateIcon?
    @Option(name: .customLong("target"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A target chat: CHAT_ID or CHAT_ID/TOPIC_ID, as `tgt chats` shows (repeatable).", valueName: "target"))
    var targets: [String] = []
    @Option(help: "Location: map-link appends a map link to the text; native sends a Telegram location after it.") var locationMode: LocationMode?
    @Option(help: "Kind: telegram is sent by tgt; email, text (a text message) and x (an X post) are handed to another app as drafts.") var kind: TemplateKind?
    @Option(name: .customLong("to"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A recipient: an email address (email) or phone number (text); repeatable, replaces the recipients.", valueName: "address-or-phone"))
    var to: [String] = []
    @Option(name: .customLong("cc"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A Cc address (email; repeatable, replaces the Cc list).", valueName: "address"))
    var cc: [String] = []
    @Option(help: "The subject line (email), with {{variables}}.") var subject: String?
    @Flag(inversion: .prefixedNo, help: "Send without notification sound.") var silent: Bool?
    @Option(help: ArgumentHelp("Send by itself when the iPhone arrives at or leaves a place: arrive:NAME@LAT,LON or leave:NAME@LAT,LON (the iPhone app watches it).", valueName: "rule"))
    var place: String?
    @Option(help: ArgumentHelp("The place's radius in metres (100–5000; 150 unless given).", valueName: "metres")) var placeRadius: Int?
    @Option(help: ArgumentHelp("At most one send in this many minutes (5–10080; 60 unless given).", valueName: "minutes")) var placeWindow: Int?

    /// The place rule `--place` (with `--place-radius` and `--place-window`) describes, applied
    /// onto `existing` (a radius or window alone changes the template's rule).
    func placeRule(existing: PlaceRule?) throws -> PlaceRule? {
        guard let place else {
            guard placeRadius != nil || placeWindow != nil else { return existing }
            guard var rule = existing else { throw InputError("--place-radius and --place-window need a place: --place arrive:Home@45.4642,9.19.") }
            if let placeRadius { rule.radius = placeRadius }
            if let placeWindow { rule.windowMinutes = placeWindow }
            return rule
        }
        let usage = "--place is arrive:NAME@LAT,LON or leave:NAME@LAT,LON, such as arrive:Home@45.4642,9.19."
        guard let colon = place.firstIndex(of: ":"), let at = place.lastIndex(of: "@"), colon < at,
              let crossing = PlaceRule.Crossing(rawValue: place[..<colon].trimmingCharacters(in: .whitespaces).lowercased())
        else { throw InputError(usage) }
        guard let center = Coordinate(parsing: String(place[place.index(after: at)...])) else {
            throw InputError("“\(place[place.index(after: at)...])” is not a place: latitude -90…90, longitude -180…180, such as 45.4642,9.19.")
        }
        return PlaceRule(crossing: crossing, center: center, radius: placeRadius ?? existing?.radius ?? PlaceRule.defaultRadius,
                         placeName: String(place[place.index(after: colon)..<at]),
                         windowMinutes: placeWindow ?? existing?.windowMinutes ?? PlaceRule.defaultWindowMinutes)
    }

    func bodyText() throws -> String? {
        if body != nil, bodyFile != nil { throw InputError("Give either --body or --body-file, not both.") }
        guard let bodyFile else { return body }
        if bodyFile == "-" {
            return String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        guard let data = FileManager.default.contents(atPath: bodyFile) else { throw InputError("Cannot read \(bodyFile).") }
        guard let text = String(data: data, encoding: .utf8) else { throw InputError("\(bodyFile) is not UTF-8 text.") }
        return text
    }

    /// Recipients as typed, trimmed (the store checks each one).
    static func recipients(_ values: [String]) -> [String] {
        values.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Resolves `--target` values with `TemplateService.resolveTargets` (the cached chat
    /// directory; a command has no live session to ask about other chats).
    static func resolveTargets(_ values: [String], workspace: Workspace, keeping existing: [Target] = []) async throws -> [Target] {
        guard !values.isEmpty else { return [] }
        let requests = try values.map { value in
            guard let key = TargetKey(parsing: value.trimmingCharacters(in: .whitespaces)) else {
                throw InputError("“\(value)” is not a target: use CHAT_ID or CHAT_ID/TOPIC_ID (see `tgt chats`).")
            }
            return TemplateService.TargetRequest(key: key)
        }
        return try await workspace.templates().resolveTargets(requests, keeping: existing)
    }
}

struct TemplatesAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a template.",
        discussion: """
            Examples:
              tgt templates add --name "Leaving work" --icon car.fill --body "Leaving now 🚗 home by {{eta=18:30}}" --target -1001234567890
              tgt templates add --name "Arrived" --icon location.fill --body "Arrived 📍" --target -100123/11 --location-mode native
              tgt templates add --name "Home" --body "Home 🏠" --target -1001234567890 --place arrive:Home@45.4642,9.19 --place-window 720
              tgt templates add --name "Running late" --kind email --to boss@example.com --subject "Late today" --body "Be there by {{time+30m}}."
              tgt templates add --name "On my way" --kind text --to "+39 333 123 4567" --body "On my way, {{mood|fine|tired}}"
              tgt templates add --name "Shipped" --kind x --body "Shipped today! https://example.com"
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var fields: TemplateFieldOptions

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            guard let name = fields.name else { throw InputError("A template needs a name: --name NAME.") }
            guard let body = try fields.bodyText() else { throw InputError("A template needs a text: --body TEXT or --body-file PATH.") }
            let template = Template(name: name, icon: fields.icon ?? .default, kind: fields.kind ?? .telegram, body: body,
                                    targets: try await TemplateFieldOptions.resolveTargets(fields.targets, workspace: workspace),
                                    to: TemplateFieldOptions.recipients(fields.to), cc: TemplateFieldOptions.recipients(fields.cc),
                                    subject: fields.subject ?? "",
                                    locationMode: fields.locationMode ?? .none, silent: fields.silent ?? false,
                                    place: try fields.placeRule(existing: nil), createdAt: workspace.clock.now)
            let saved = try global.templates(workspace, saving: true).create(template)
            if global.json { global.console.emit(TemplateJSON(saved, position: try workspace.templates().position(of: saved.id))) } else {
                let hint = saved.kind.usesTargets && saved.targets.isEmpty
                    ? ". It has no targets yet: add one with `tgt templates edit \"\(saved.name)\" --target CHAT`."
                    : saved.kind.isDraft ? " (\(saved.kind.label); `tgt send` prints its draft link)." : "."
                global.console.line("Added “\(saved.name)” (\(saved.id.uuidString.prefix(8)))\(hint)")
            }
        }
    }
}

struct TemplatesEdit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a template's fields (only those given).",
        discussion: """
            --target replaces all targets; --add-target and --remove-target change them one by one. \
            --to and --cc replace the recipients; --clear-recipients removes them all. --kind converts \
            the template: fields the new kind does not use (targets, recipients, subject) are dropped. \
            --place sets when the iPhone app sends it by itself; --no-place removes that.

            Examples:
              tgt templates edit "Leaving work" --body "Leaving now, home at {{eta}}"
              tgt templates edit "Leaving work" --add-target -100999/3 --no-silent
              tgt templates edit "Running late" --kind email --to boss@example.com --subject "Late: {{eta=10 min}}"
              tgt templates edit "Leaving work" --place leave:Office@45.4781,9.2252 --place-radius 200
              tgt templates edit "Leaving work" --no-place
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Template name or id.") var template: String
    @OptionGroup var fields: TemplateFieldOptions
    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Add a target (CHAT_ID or CHAT_ID/TOPIC_ID).", valueName: "target")) var addTarget: [String] = []
    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Remove a target (CHAT_ID or CHAT_ID/TOPIC_ID).", valueName: "target")) var removeTarget: [String] = []
    @Flag(help: "Remove every To and Cc recipient.") var clearRecipients = false
    @Flag(help: "Stop sending it on arriving or leaving (removes the place rule).") var noPlace = false

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            let stored = try workspace.templates().resolve(template)
            var edit = TemplateEdit()
            edit.kind = fields.kind
            edit.clearRecipients = clearRecipients
            if !fields.to.isEmpty { edit.to = TemplateFieldOptions.recipients(fields.to) }
            if !fields.cc.isEmpty { edit.cc = TemplateFieldOptions.recipients(fields.cc) }
            edit.subject = fields.subject
            edit.name = fields.name
            edit.body = try fields.bodyText()
            edit.icon = fields.icon
            edit.locationMode = fields.locationMode
            edit.silent = fields.silent
            if noPlace {
                guard fields.place == nil, fields.placeRadius == nil, fields.placeWindow == nil else {
                    throw InputError("Give --no-place or --place, not both.")
                }
                edit.place = .remove
            } else if let rule = try fields.placeRule(existing: stored.place), rule != stored.place {
                edit.place = .set(rule)
            }
            // The targets the template keeps once the new kind applies, then --target,
            // --remove-target and --add-target in that order.
            var targets = edit.targetsKept(by: stored)
            if !fields.targets.isEmpty { targets = try await TemplateFieldOptions.resolveTargets(fields.targets, workspace: workspace, keeping: targets) }
            for value in removeTarget {
                guard let key = TargetKey(parsing: value), targets.contains(where: { $0.key == key }) else {
                    throw InputError("“\(fields.name ?? stored.name)” has no target \(value).")
                }
                targets.removeAll { $0.key == key }
            }
            targets += try await TemplateFieldOptions.resolveTargets(addTarget, workspace: workspace, keeping: targets)
            if !fields.targets.isEmpty || !removeTarget.isEmpty || !addTarget.isEmpty { edit.targets = targets }
            let t = edit.applied(to: stored)
            let saved = try global.templates(workspace, saving: true).update(t)
            if global.json { global.console.emit(TemplateJSON(saved, position: try workspace.templates().position(of: saved.id))) } else {
                global.console.line("Saved “\(saved.name)”.")
            }
        }
    }
}
