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
        var search: String
        var demo: Bool
    }

    /// The home screen: one big button per template, filter chips, search, empty states.
    static func templates(_ model: GridModel, csrf: String) -> HTML {
        let chips: [HTML] = [chip(href: "/", title: "All", count: model.total, current: model.selectedChat == nil)]
            + model.groups.map { chip(href: "/?chat=\($0.chatID)", title: $0.title, count: $0.count, current: model.selectedChat == $0.chatID) }
        let content: HTML
        if model.total == 0 {
            content = """
                <div class="empty"><p class="big" aria-hidden="true">✉️</p><h2>No templates yet</h2>
                <p>A template is a message you send often (“Leaving work”, “Arrived 📍”), with the groups it goes to. Then one tap sends it.</p>
                <a class="button primary" href="/templates/new">Create your first template</a></div>
                """
        } else if model.templates.isEmpty {
            content = """
                <div class="empty"><h2>Nothing matches</h2><p>No template \(model.search.isEmpty ? "posts to this group" : "matches “\(model.search)”").</p>
                <a class="button" href="/">Show all templates</a></div>
                """
        } else {
            content = "<ul class=\"grid\" id=\"grid\" aria-label=\"Templates: tap one to send it\">\(model.templates.map(tile))</ul>"
        }
        return layout(title: "Templates", page: "templates", csrf: csrf, section: .templates, scripts: ["grid"], """
            <h1 class="sr-only">Templates</h1>
            \(HTML.when(model.demo, "<p class=\"banner info\">Demo mode: messages go to the built-in Telegram simulator, not to real chats.</p>"))
            <div class="toolbar">
            <form role="search" method="get" action="/" class="search"><label for="q" class="sr-only">Search templates</label>
            <input id="q" type="search" name="q" placeholder="Search templates" value="\(model.search)"></form>
            <a class="button primary" href="/templates/new">New template</a></div>
            \(HTML.when(model.total > 0, "<nav class=\"chips\" aria-label=\"Filter by group\">\(chips)</nav>"))
            \(content)
            <dialog id="vars-dialog" aria-labelledby="vars-title"><form method="dialog" class="stack" id="vars-form">
            <h2 id="vars-title">Fill in</h2><div id="vars-fields" class="stack"></div>
            <div class="actions"><button value="cancel" type="button" data-close>Cancel</button><button value="send" type="submit" class="primary">Send</button></div></form></dialog>
            <dialog id="confirm-dialog" aria-labelledby="confirm-title"><form method="dialog" class="stack">
            <h2 id="confirm-title">Delete?</h2><p id="confirm-text"></p>
            <div class="actions"><button value="cancel" type="button" data-close>Cancel</button><button value="ok" type="submit" class="danger">Delete</button></div></form></dialog>
            """)
    }

    private static func chip(href: String, title: String, count: Int, current: Bool) -> HTML {
        "<a class=\"chip\" href=\"\(href)\"\(HTML.when(current, " aria-current=\"true\""))>\(title) <span class=\"count\">\(count)</span></a>"
    }

    /// One template's button and its menu.
    static func tile(_ template: Template) -> HTML {
        let names = (try? template.variableNames()) ?? []
        let custom = names.filter { BuiltinVariable(rawValue: $0) == nil }
        let usesLocation = template.locationMode.needsLocation || names.contains { BuiltinVariable(rawValue: $0)?.needsLocation == true }
        let varsJSON = (try? JSONSerialization.data(withJSONObject: custom)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        let id = template.id.uuidString.lowercased()
        let targets = template.targets.isEmpty ? "No targets yet" : template.targets.map(\.displayName).joined(separator: ", ")
        return """
            <li class="tile" draggable="true" data-id="\(id)" data-name="\(template.name)" data-vars="\(varsJSON)" data-location="\(usesLocation ? "yes" : "no")">
            <button type="button" class="tap" aria-describedby="targets-\(id)"><span class="glyph" aria-hidden="true">\(template.icon.terminalGlyph)</span>
            <span class="name">\(template.name)</span><span class="targets" id="targets-\(id)">\(targets)\(template.silent ? " · silent" : "")</span></button>
            <ul class="results" aria-live="polite"></ul>
            <details class="menu"><summary aria-label="More actions for \(template.name)"><span aria-hidden="true">⋯</span></summary><div class="menu-items">
            <a href="/templates/\(id)/edit">Edit</a><button type="button" data-action="duplicate">Duplicate</button>
            <button type="button" data-action="up">Move up</button><button type="button" data-action="down">Move down</button>
            <button type="button" data-action="delete" class="danger">Delete</button></div></details></li>
            """
    }
}
