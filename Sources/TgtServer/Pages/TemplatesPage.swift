import Foundation
import TgtDomain

extension Pages {
    /// What the grid page shows.
    struct GridModel {
        var templates: [Template]
        var total: Int
        /// Filter chips: chat id, title, how many templates post there.
        var groups: [TemplateListing.Group]
        var selectedChat: Int64?
        /// Kind chips: the kinds that have templates, with counts.
        var kinds: [(kind: TemplateKind, count: Int)] = []
        var selectedKind: TemplateKind?
        var search: String
        /// Whether to show the demo banner (a demo, and not dismissed in this browser).
        var demo: Bool
        /// Seconds a tap waits, undoable, before the send goes out (Settings).
        var undoHold: Int = 0
    }

    /// The home screen: one big button per template, filter chips, search, empty states.
    static func templates(_ model: GridModel, csrf: String) -> HTML {
        let chips: [HTML] = [chip(href: "/", title: "All", count: model.total, current: model.selectedChat == nil && model.selectedKind == nil)]
            + model.groups.map { chip(href: "/?chat=\($0.chatID)", title: $0.title, count: $0.count, current: model.selectedChat == $0.chatID) }
        // Kind chips only once there is more than one kind to tell apart (or one is chosen).
        let kindChips: [HTML] = model.kinds.count > 1 || model.selectedKind != nil
            ? model.kinds.map { chip(href: "/?kind=\($0.kind.rawValue)", title: $0.kind.label, count: $0.count, current: model.selectedKind == $0.kind) }
            : []
        // The grid is there even when it shows nothing (`.grid:empty` hides it), so the page's
        // script follows changes made elsewhere from the first template on.
        let grid: HTML = "<ul class=\"grid\" id=\"grid\" data-undo-hold=\"\(model.undoHold)\" aria-label=\"Templates: tap one to send it\">\(model.templates.map(tile))</ul>"
        let empty: HTML
        if let kind = model.selectedKind, model.templates.isEmpty, model.search.isEmpty, model.selectedChat == nil {
            empty = """
                <div class="empty"><h2>No \(kind.label.lowercased()) templates yet</h2>
                <p>\(Self.kindPitch(kind))</p>
                <a class="button primary" href="/templates/new?kind=\(kind.rawValue)">New \(kind.label.lowercased()) template</a></div>
                """
        } else if model.total == 0 {
            empty = """
                <div class="empty"><p class="big" aria-hidden="true">✉️</p><h2>No templates yet</h2>
                <p>A template is a message you send often (“Leaving work”, “Arrived 📍”), with the groups it goes to. Then one tap sends it.</p>
                <a class="button primary" href="/templates/new">Create your first template</a></div>
                """
        } else if model.templates.isEmpty {
            empty = """
                <div class="empty"><h2>Nothing matches</h2><p>No template \(model.search.isEmpty ? "posts to this group" : "matches “\(model.search)”").</p>
                <a class="button" href="/">Show all templates</a></div>
                """
        } else {
            empty = ""
        }
        let content: HTML = "\(empty)\(grid)"
        let kindNav: HTML = kindChips.isEmpty ? "" : "<nav class=\"chips\" aria-label=\"Filter by kind\">\(kindChips)</nav>"
        return layout(title: "Templates", page: "templates", csrf: csrf, section: .templates, scripts: ["grid"], """
            <h1 class="sr-only">Templates</h1>
            \(HTML.when(model.demo, dismissibleNotice("Demo mode: messages go to the built-in Telegram simulator, not to real chats.", id: Notices.demoGrid)))
            <div class="toolbar">
            <form role="search" method="get" action="/" class="search"><label for="q" class="sr-only">Search templates</label>
            <input id="q" type="search" name="q" placeholder="Search templates" value="\(model.search)"></form>
            <a class="button primary" href="/templates/new">New template</a></div>
            <div id="grid-area" aria-busy="false">
            <p id="grid-error" class="banner error" role="alert" hidden><span id="grid-error-text"></span> <button type="button" id="grid-retry">Retry</button></p>
            \(HTML.when(model.total > 0, "<nav class=\"chips\" aria-label=\"Filter by group\">\(chips)</nav>"))
            \(kindNav)
            \(content)
            </div>
            <dialog id="vars-dialog" aria-labelledby="vars-title"><form method="dialog" class="stack" id="vars-form">
            <h2 id="vars-title">Fill in</h2><div id="vars-fields" class="stack"></div>
            <div class="actions"><button value="cancel" type="button" data-close>Cancel</button><button value="send" type="submit" class="primary">Send</button></div></form></dialog>
            \(laterDialog)
            <dialog id="confirm-dialog" aria-labelledby="confirm-title"><form method="dialog" class="stack">
            <h2 id="confirm-title">Delete?</h2><p id="confirm-text"></p>
            <div class="actions"><button value="cancel" type="button" data-close>Cancel</button><button value="ok" type="submit" class="danger">Delete</button></div></form></dialog>
            """)
    }

    /// Send later (`send-later.js`, which `grid.js` loads on first use, fills it in for the tile): the template's variables, the date
    /// and time in the browser's time zone with quick choices, and the API's refusal in place. "Repeat" turns it into a series:
    /// the rule in its compact form, read back in words with its next dates as it is typed, and an end.
    static let laterDialog: HTML = """
        <dialog id="later-dialog" aria-labelledby="later-title"><form class="stack" id="later-form" novalidate>
        <h2 id="later-title">Send later</h2><p id="later-name" class="meta"></p>
        <div id="later-vars" class="stack"></div>
        <div class="field" id="later-once"><label for="later-at">Date and time</label>
        <input id="later-at" name="send_at" type="datetime-local" required aria-describedby="later-zone later-at-error">
        <p class="hint" id="later-zone"></p>\(fieldError("later-at", nil))
        <div class="row" role="group" aria-label="Quick choices"><button type="button" data-later="15">In 15 min</button>
        <button type="button" data-later="60">In 1 hour</button><button type="button" data-later="tomorrow">Tomorrow 9:00</button></div></div>
        <label class="check"><input type="checkbox" id="later-repeat" aria-controls="later-repeat-fields"> Repeat</label>
        <fieldset id="later-repeat-fields" class="stack" hidden><legend class="sr-only">Repeat</legend>
        <div class="field"><label for="later-every">Repeats</label>
        <input id="later-every" name="every" type="text" autocomplete="off" spellcheck="false" placeholder="mon,fri 10:00" aria-describedby="later-every-hint later-every-words later-every-error">
        <p class="hint" id="later-every-hint">For example “mon,fri 10:00”, “weekdays 08:30”, “day 09:00”, “2 weeks mon 10:00”, “month 31 09:00”. In your time zone; 09:00 stays 09:00 across daylight saving.</p>
        <p class="meta" id="later-every-words" aria-live="polite"></p>\(fieldError("later-every", nil))</div>
        <div class="field"><label for="later-end">Ends</label><select id="later-end"><option value="never">Never</option><option value="until">On a day</option><option value="times">After a number of sends</option></select></div>
        <div class="field" id="later-until-field" hidden><label for="later-until">Last day</label><input id="later-until" type="date"></div>
        <div class="field" id="later-times-field" hidden><label for="later-times">Number of sends</label><input id="later-times" type="number" min="1" max="999" inputmode="numeric" value="5"></div>
        <p class="hint">Each send is an ordinary message on Telegram's schedule: it posts with every device off. The next 14 days (at most 10 sends) are kept scheduled and topped up whenever TgTemplates runs.</p>
        </fieldset>
        <p id="later-error" class="banner error" role="alert" hidden></p>
        <div class="actions"><button value="cancel" type="button" data-close>Cancel</button><button type="submit" class="primary" id="later-submit">Schedule</button></div>
        </form></dialog>
        """

    private static func chip(href: String, title: String, count: Int, current: Bool) -> HTML {
        "<a class=\"chip\" href=\"\(href)\"\(HTML.when(current, " aria-current=\"true\""))>\(title) <span class=\"count\">\(count)</span></a>"
    }

    /// What a kind's empty state says.
    static func kindPitch(_ kind: TemplateKind) -> String {
        switch kind {
        case .telegram: "Telegram templates are sent from your account with one tap."
        case .email: "An email template opens your mail app with the recipients, subject and text filled in."
        case .text: "A text message template opens your messages app with the numbers and text filled in."
        case .x: "An X template opens a new post with the text filled in (links count 23 characters)."
        }
    }

    /// One template's button and its menu. (Its buttons are in no form, so they need no
    /// `type="button"`: 50 tiles save 4 KB of the page's budget; `data-vars` and `data-location`
    /// are left out when there are none, as grid.js reads them, another 1.6 KB.)
    static func tile(_ template: Template) -> HTML {
        let names = (try? template.variableNames()) ?? []
        let variables = (try? template.variables()) ?? []
        let usesLocation = template.locationMode.needsLocation || names.contains { BuiltinVariable(rawValue: $0)?.needsLocation == true }
        let varsJSON = (try? JSONEncoder().encode(variables)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        let id = template.id.uuidString.lowercased()
        let destination: String
        switch template.kind {
        case .telegram: destination = template.targets.isEmpty ? "No targets yet" : template.targets.map(\.displayName).joined(separator: ", ")
        case .email, .text: destination = template.to.isEmpty ? "Recipients chosen in the app" : (template.to + template.cc).joined(separator: ", ")
        case .x: destination = "A new post"
        }
        let badge: HTML = template.kind == .telegram ? "" : "<span class=\"kind-badge\">\(template.kind.label)</span>"
        return """
            <li class="tile" draggable="true" data-id="\(id)" data-name="\(template.name)" data-kind="\(template.kind.rawValue)"\(HTML.when(!variables.isEmpty, " data-vars=\"\(varsJSON)\""))\(HTML.when(usesLocation, " data-location=\"yes\""))>
            <button class="tap" aria-describedby="targets-\(id)"><span class="glyph" aria-hidden="true">\(template.icon.terminalGlyph)</span>
            <span class="name">\(template.name)</span>\(badge)<span class="targets" id="targets-\(id)">\(destination)\(template.silent ? " · silent" : "")</span></button>
            <ul class="results" aria-live="polite"></ul>
            <details class="menu"><summary aria-label="More actions for \(template.name)"><span aria-hidden="true">⋯</span></summary><div class="menu-items">
            <a href="/templates/\(id)/edit">Edit</a><button data-action="duplicate">Duplicate</button>
            \(HTML.when(template.kind == .telegram, "<button data-action=\"later\">Send later…</button>"))
            <button data-action="up">Move up</button><button data-action="down">Move down</button>
            <button data-action="delete" class="danger">Delete</button></div></details></li>
            """
    }
}
