import ArgumentParser
import Foundation
import TgtDomain
import TgtApplication

/// `tgt templates`: manage saved messages.
struct Templates: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates", abstract: "List, show, add, edit, remove, duplicate, reorder, export and import templates.",
        discussion: """
            A template is addressed by its name (any letter case), its id, or the first characters \
            of its id.
            """,
        subcommands: [TemplatesList.self, TemplatesShow.self, TemplatesAdd.self, TemplatesEdit.self, TemplatesRemove.self,
                      TemplatesDuplicate.self, TemplatesMove.self, TemplatesExport.self, TemplatesImport.self, TemplatesIcons.self],
        defaultSubcommand: TemplatesList.self)
}

/// A template as `--json` prints it.
struct TemplateJSON: Encodable {
    var id: String
    var name: String
    var icon: String
    var kind: String
    var body: String
    var targets: [TargetJSON]
    var to: [String]
    var cc: [String]
    var subject: String
    var locationMode: String
    var silent: Bool
    var position: Int
    var variables: [String]
    /// The custom variables a send needs, with defaults and choices.
    var sendVariables: [TemplateVariable]
    var createdAt: Date
    var updatedAt: Date
    /// Sent by itself on arriving or leaving (the iPhone app watches it); absent when none.
    var place: PlaceJSON?

    /// A template's place rule, as `GET /api/templates` writes it.
    struct PlaceJSON: Encodable {
        var crossing: String
        var latitude: Double
        var longitude: Double
        var placeName: String
        var radius: Int
        var summary: String
        var windowMinutes: Int

        enum CodingKeys: String, CodingKey {
            case crossing, latitude, longitude, radius, summary
            case placeName = "place_name"
            case windowMinutes = "window_minutes"
        }

        init(_ rule: PlaceRule) {
            crossing = rule.crossing.rawValue
            latitude = rule.center.latitude
            longitude = rule.center.longitude
            placeName = rule.placeName
            radius = rule.radius
            summary = rule.summary
            windowMinutes = rule.windowMinutes
        }

        func write(to w: inout JSONWriter) {
            w.beginObject()
            w.key("crossing"); w.value(crossing)
            w.key("latitude"); w.value(latitude)
            w.key("longitude"); w.value(longitude)
            w.key("place_name"); w.value(placeName)
            w.key("radius"); w.value(Int64(radius))
            w.key("summary"); w.value(summary)
            w.key("window_minutes"); w.value(Int64(windowMinutes))
            w.endObject()
        }
    }

    struct TargetJSON: Encodable {
        var chatID: Int64
        var topicID: Int32?
        var title: String
        enum CodingKeys: String, CodingKey {
            case chatID = "chat_id"
            case topicID = "topic_id"
            case title
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, icon, kind, body, targets, to, cc, subject, silent, position, variables, place
        case sendVariables = "send_variables"
        case locationMode = "location_mode"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// Writes this template exactly as its `Encodable` form would come out (keys sorted).
    func write(to w: inout JSONWriter) {
        w.beginObject()
        w.key("body"); w.value(body)
        w.key("cc"); writeStrings(cc, to: &w)
        w.key("created_at"); w.value(createdAt)
        w.key("icon"); w.value(icon)
        w.key("id"); w.value(id)
        w.key("kind"); w.value(kind)
        w.key("location_mode"); w.value(locationMode)
        w.key("name"); w.value(name)
        if let place {
            w.key("place")
            place.write(to: &w)
        }
        w.key("position"); w.value(Int64(position))
        w.key("send_variables")
        w.beginArray()
        for variable in sendVariables {
            w.beginObject()
            w.key("choices"); writeStrings(variable.choices, to: &w)
            if let value = variable.defaultValue { w.key("default"); w.value(value) }
            w.key("kind"); w.value(variable.kind.rawValue)
            w.key("name"); w.value(variable.name)
            w.endObject()
        }
        w.endArray()
        w.key("silent"); w.value(silent)
        w.key("subject"); w.value(subject)
        w.key("targets")
        w.beginArray()
        for target in targets {
            w.beginObject()
            w.key("chat_id"); w.value(target.chatID)
            w.key("title"); w.value(target.title)
            if let topic = target.topicID { w.key("topic_id"); w.value(Int64(topic)) }
            w.endObject()
        }
        w.endArray()
        w.key("to"); writeStrings(to, to: &w)
        w.key("updated_at"); w.value(updatedAt)
        w.key("variables")
        w.beginArray()
        for v in variables { w.value(v) }
        w.endArray()
        w.endObject()
    }

    private func writeStrings(_ list: [String], to w: inout JSONWriter) {
        w.beginArray()
        for item in list { w.value(item) }
        w.endArray()
    }

    /// A whole list, written directly (see `JSONWriter`).
    static func listJSON(_ templates: [Template]) -> [UInt8] {
        var writer = JSONWriter(reserving: templates.count * 512)
        writer.beginArray()
        for (i, t) in templates.enumerated() { TemplateJSON(t, position: i + 1).write(to: &writer) }
        writer.endArray()
        return writer.finishLine()
    }

    init(_ t: Template, position: Int) {
        id = t.id.uuidString
        name = t.name
        icon = t.icon.rawValue
        kind = t.kind.rawValue
        body = t.body
        to = t.to
        cc = t.cc
        subject = t.subject
        sendVariables = (try? t.variables()) ?? []
        targets = t.targets.map { TargetJSON(chatID: $0.chatID, topicID: $0.topicID, title: $0.displayName) }
        locationMode = t.locationMode.rawValue
        silent = t.silent
        self.position = position
        variables = (try? t.variableNames()) ?? []
        createdAt = t.createdAt
        updatedAt = t.updatedAt
        place = t.place.map(PlaceJSON.init)
    }
}

struct TemplatesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List templates in grid order.",
        discussion: "Examples:\n  tgt templates list\n  tgt templates list --search coffee --json\n  tgt templates list --kind email")

    @OptionGroup var global: GlobalOptions
    @Option(help: "Only templates whose name or text contains this.") var search: String?
    @Option(help: "Only templates of this kind.") var kind: TemplateKind?

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            var templates = try search.map { try workspace.templates().search($0) } ?? workspace.templates().all()
            if let kind { templates = templates.filter { $0.kind == kind } }
            if global.json {
                global.console.raw(TemplateJSON.listJSON(templates))
                return
            }
            guard !templates.isEmpty else {
                if let kind, search == nil {
                    global.console.line("No \(kind.label) templates yet. Add one with `tgt templates add --kind \(kind.rawValue) --name NAME --body TEXT`.")
                } else {
                    global.console.line(search == nil ? "No templates yet. Add one with `tgt templates add --name NAME --body TEXT --target CHAT`." : "No templates match “\(search ?? "")”.")
                }
                return
            }
            var table = Table(headers: ["#", "", "NAME", "KIND", "TO", "ID"])
            for (i, t) in templates.enumerated() {
                let destinations = t.kind.usesTargets ? t.targets.map(\.displayName) : t.to + t.cc
                let to = destinations.isEmpty ? (t.kind == .x ? "(your X account)" : "(none)") : destinations.joined(separator: ", ")
                table.rows.append(["\(i + 1)", t.icon.terminalGlyph, t.name + (t.silent ? " 🔕" : ""), t.kind.label, to, String(t.id.uuidString.prefix(8))])
            }
            global.console.line(table.render())
        }
    }
}

struct TemplatesShow: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one template in full.",
                                                    discussion: "Example:\n  tgt templates show \"Leaving work\"")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "Template name or id.") var template: String

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            let t = try workspace.templates().resolve(template)
            let position = try workspace.templates().position(of: t.id)
            if global.json {
                global.console.emit(TemplateJSON(t, position: position))
                return
            }
            let c = global.console
            c.line("\(t.icon.terminalGlyph)  \(t.name)")
            c.line("id:        \(t.id.uuidString)")
            c.line("icon:      \(t.icon.rawValue)")
            c.line("position:  \(position)")
            c.line("kind:      \(t.kind.label)")
            if t.kind.usesTargets {
                c.line("targets:   \(t.targets.isEmpty ? "(none)" : t.targets.map { "\($0.displayName) [\($0.key)]" }.joined(separator: ", "))")
            }
            if t.kind.usesRecipients { c.line("to:        \(t.to.isEmpty ? "(chosen in the app)" : t.to.joined(separator: ", "))") }
            if t.kind.usesSubject {
                if !t.cc.isEmpty { c.line("cc:        \(t.cc.joined(separator: ", "))") }
                c.line("subject:   \(t.subject)")
            }
            c.line("location:  \(t.locationMode.label)")
            if t.kind == .telegram { c.line("silent:    \(t.silent ? "yes" : "no")") }
            if let place = t.place { c.line("place:     \(place.summary), at \(place.center) (the iPhone app sends it)") }
            let variables = (try? t.variableNames()) ?? []
            if !variables.isEmpty { c.line("variables: \(variables.map { "{{\($0)}}" }.joined(separator: " "))") }
            for variable in (try? t.variables()) ?? [] {
                switch variable.kind {
                case .choice: c.line("  {{\(variable.name)}}: one of \(variable.choices.joined(separator: " | "))")
                case .text: if let value = variable.defaultValue { c.line("  {{\(variable.name)}}: default “\(value)”") }
                }
            }
            c.line("---")
            c.line(t.body)
        }
    }
}

struct TemplatesIcons: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "icons", abstract: "List the icons a template can use.")
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run {
            if global.json {
                global.console.emit(TemplateIcon.allCases.map { ["name": $0.rawValue, "label": $0.label] })
                return
            }
            var table = Table(headers: ["", "ICON", "LABEL"])
            for icon in TemplateIcon.allCases { table.rows.append([icon.terminalGlyph, icon.rawValue, icon.label]) }
            global.console.line(table.render())
        }
    }
}
