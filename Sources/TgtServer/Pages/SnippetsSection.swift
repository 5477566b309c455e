import Foundation
import TgtDomain
import TgtApplication

extension Pages {
    /// What Settings shows of snippets.
    struct SnippetsModel {
        var settings: SnippetSettings
        var checkedAt: Date?
        /// A Telegram template's name to show in the example, when there is one.
        var example: String?
        var now: Date
    }

    /// Settings → Snippets: what typing `;name` in any Telegram app does, honest about where it
    /// runs (only while this dashboard runs and is logged in; when it last looked) and about
    /// Telegram marking the message "edited"; the switch and the prefix.
    static func snippetsSection(_ model: SnippetsModel, notices: HTML = .empty, csrf: String) -> HTML {
        let settings = model.settings
        let name = model.example.map { SnippetCommand.suggestedSpelling(of: $0) } ?? "leaving"
        let example = settings.prefix + name
        let checked = model.checkedAt.map { "It last looked \(relative($0, now: model.now))." } ?? "It has not looked yet."
        let status: HTML = settings.isOn
            ? "<p class=\"banner info\" id=\"snippets-status\">Snippets are on. They work only while this dashboard (<code>tgt serve</code>) runs and is logged in to Telegram. \(checked)</p>"
            : "<p class=\"banner info\" id=\"snippets-status\">Snippets are off.</p>"
        return """
            <section class="card" id="snippets"><h2>Snippets</h2>\(notices)
            \(status)
            <p>In any Telegram app, on any of your devices, send <code>\(example)</code>: within a second the message becomes that template's text, in the same chat. \
            Give values after the name: <code>\(example) eta=10</code>, or <code>eta="10 min"</code> with spaces. \
            Telegram shows the message as “edited”, and whoever saw it in the meantime saw what you typed.</p>
            <p class="hint">Only your own messages, only where Telegram lets you edit them, each message once. A name that is not a template is left alone. \
            A template that needs values you did not give stays as typed, and Recent says why.</p>
            <form method="post" action="/settings/snippets#snippets" class="stack" id="snippets-form">\(csrfField(csrf))
            <label class="check"><input type="checkbox" name="on" id="snippets_on"\(settings.isOn ? " checked" : "")> Turn my messages that start with the prefix into templates</label>
            <label for="snippets_prefix">Prefix (1 to \(String(SnippetSettings.maxPrefixLength)) characters, no letters, digits or spaces)</label>
            <input id="snippets_prefix" name="prefix" value="\(settings.prefix)" maxlength="16" required autocomplete="off" autocapitalize="off" spellcheck="false">
            <button type="submit" class="primary">Save snippets</button></form></section>
            """
    }
}
