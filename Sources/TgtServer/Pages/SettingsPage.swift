import Foundation
import TgtDomain
import TgtApplication

extension Pages {
    /// What the settings page shows.
    struct SettingsModel {
        var account: String?
        var connection: String?
        var loggedIn: Bool
        var demo: Bool
        var defaultLocation: String?
        var undoHold: Int
        /// What downloaded media takes (nil: not logged in, or TDLib did not say).
        var mediaCache: MediaCacheUsage?
        var tokens: [APIToken]
        var triggers: TriggersModel
        var away: AwayModel
        var snippets: SnippetsModel
        var webhooks: WebhooksModel
        /// A token secret just created, shown once.
        var newSecret: String?
        var message: String?
        var error: String?
        /// The section (its element id) the message or error is about: shown there, where the
        /// browser lands (the forms post to `…#section`), not at the top of a long page.
        var section: String?
        var version: String

        /// The message and error, if they belong to section `id` (nil: the page's top).
        func notices(for id: String?) -> HTML {
            guard id == section else { return .empty }
            return "\(banner(message, kind: "info"))\(banner(error))"
        }
    }

    static func settings(_ model: SettingsModel, csrf: String) -> HTML {
        let tokens: [HTML] = model.tokens.map { token in
            """
            <li><span>\(token.name)</span> <span class="meta">created \(relative(token.createdAt, now: model.triggers.now))</span>
            <form method="post" action="/settings/tokens/\(token.id.uuidString.lowercased())/revoke#tokens" class="inline" data-confirm="Revoke the token “\(token.name)”? Scripts using it stop working.">\(csrfField(csrf))
            <button type="submit" class="danger">Revoke</button></form></li>
            """
        }
        return layout(title: "Settings", page: "settings", csrf: csrf, section: .settings, scripts: ["settings"], """
            <h1>Settings</h1>
            \(model.notices(for: nil))
            <section class="card" id="telegram"><h2>Telegram</h2>\(model.notices(for: "telegram"))
            <dl><dt>Account</dt><dd>\(model.account ?? "Not logged in")\(model.demo ? " (demo simulator)" : "")</dd>
            <dt>Connection</dt><dd id="settings-conn">\(model.connection ?? "Not started")</dd></dl>
            \(model.loggedIn ? """
                <form method="post" action="/settings/telegram-logout#telegram" data-confirm="Log out of Telegram? Templates stay; you will need to log in again to send.">\(csrfField(csrf))
                <button type="submit" class="danger">Log out of Telegram</button></form>
                """ : "<p><a class=\"button primary\" href=\"/telegram\">Log in to Telegram</a></p>" as HTML)</section>
            \(model.mediaCache.map { mediaCacheSection($0, model: model, csrf: csrf) } ?? .empty)
            <section class="card" id="export"><h2>Your templates</h2>
            <p>One file with every template (place rules included) and timer: open it on your iPhone and import it in \
            TgTemplates → Settings → Import templates, or keep it as a backup (<code>tgt templates import FILE</code> reads it too).</p>
            <p><a class="button" href="/settings/export" download>Download templates</a></p></section>
            <section class="card" id="location"><h2>Default location</h2>\(model.notices(for: "location"))
            <p>Used by templates that include a location when the browser cannot tell where you are.</p>
            <form method="post" action="/settings/location#location" class="stack">\(csrfField(csrf))
            <label for="default_location">Latitude,longitude</label>
            <div class="row"><input id="default_location" name="default_location" placeholder="45.4642,9.19" value="\(model.defaultLocation ?? "")" inputmode="decimal">
            <button type="button" id="use-here">Use where I am</button></div>
            <button type="submit" class="primary">Save location</button></form></section>
            <section class="card" id="undo-hold"><h2>Undo send</h2>\(model.notices(for: "undo-hold"))
            <p>After a tap on a template, wait this long before anything reaches Telegram, so a wrong tap can be undone. 0 sends at once.</p>
            <form method="post" action="/settings/undo-hold#undo-hold" class="stack">\(csrfField(csrf))
            <label for="undo_hold">Seconds (0 to \(UndoHold.maximumSeconds))</label>
            <div class="row"><input id="undo_hold" name="undo_hold" type="number" min="0" max="\(UndoHold.maximumSeconds)" step="1" value="\(model.undoHold)" inputmode="numeric" required></div>
            <button type="submit" class="primary">Save undo hold</button></form></section>
            \(awaySection(model.away, notices: model.notices(for: "away"), csrf: csrf))
            \(snippetsSection(model.snippets, notices: model.notices(for: "snippets"), csrf: csrf))
            \(triggersSection(model.triggers, notices: model.notices(for: "triggers"), csrf: csrf))
            \(webhooksSection(model.webhooks, notices: model.notices(for: "webhooks"), csrf: csrf))
            <section class="card" id="password"><h2>Dashboard password</h2>\(model.notices(for: "password"))
            <form method="post" action="/settings/password#password" class="stack">\(csrfField(csrf))
            <label for="current_password">Current password</label><input id="current_password" name="current_password" type="password" autocomplete="current-password" required>
            <label for="new_password">New password (at least \(DashboardSecrets.minimumPasswordLength) characters)</label>
            <input id="new_password" name="new_password" type="password" autocomplete="new-password" required minlength="\(DashboardSecrets.minimumPasswordLength)">
            <button type="submit">Change password</button></form>
            <p class="hint">Changing it signs out every other browser.</p></section>
            <section class="card" id="tokens"><h2>API tokens</h2>\(model.notices(for: "tokens"))
            <p>For scripts: send <code>Authorization: Bearer &lt;token&gt;</code> to the JSON API (described at <a href="/api/openapi.json">/api/openapi.json</a>).</p>
            \(model.newSecret.map { "<p class=\"banner info\">New token (shown only now, copy it): <code class=\"secret\">\($0)</code></p>" as HTML } ?? .empty)
            \(tokens.isEmpty ? "<p class=\"meta\">No tokens.</p>" : "<ul class=\"tokens\">\(tokens)</ul>" as HTML)
            <form method="post" action="/settings/tokens#tokens" class="row">\(csrfField(csrf))
            <label for="token_name" class="sr-only">Token name</label><input id="token_name" name="name" placeholder="Token name, e.g. Shortcuts" required maxlength="64">
            <button type="submit">Create token</button></form></section>
            <section class="card"><h2>This dashboard</h2><p class="meta">TgTemplates \(model.version)</p>
            <form method="post" action="/logout">\(csrfField(csrf))<button type="submit">Sign out of the dashboard</button></form></section>
            """)
    }

    /// Downloaded media: how much room it takes of its limit, and the button that deletes it.
    static func mediaCacheSection(_ usage: MediaCacheUsage, model: SettingsModel, csrf: String) -> HTML {
        let size = ByteSize.describe
        return """
            <section class="card" id="media"><h2>Downloaded media</h2>\(model.notices(for: "media"))
            <p id="media-usage">\(size(usage.bytes)) in \(usage.files) \(usage.files == 1 ? "file" : "files") (at most \(size(usage.limitBytes)); the least recently opened go first).</p>
            <form method="post" action="/settings/media-cache/clear#media" data-confirm="Delete downloaded photos, videos, voice messages and files? They download again when you open them. Chat photos and stickers stay.">\(csrfField(csrf))
            <button type="submit">Clear downloaded media</button></form></section>
            """
    }
}
