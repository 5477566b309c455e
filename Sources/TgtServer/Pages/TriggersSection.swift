import Foundation
import TgtDomain
import TgtQRCode
import TgtApplication

extension Pages {
    /// What Settings shows of trigger links.
    struct TriggersModel {
        var triggers: [(trigger: TriggerRecord, templateName: String)]
        /// The Telegram templates a trigger can be made for.
        var templates: [(id: UUID, name: String)]
        /// A trigger just made: its link, shown this once.
        var made: (name: String, link: String)?
        /// What was typed in the form, kept when it was refused.
        var form: [String: String] = [:]
        var now: Date
    }

    /// Settings → Trigger links: the list (last used, how often, limits, rename, revoke), the
    /// form that makes one, and a link just made with its QR code.
    static func triggersSection(_ model: TriggersModel, notices: HTML = .empty, csrf: String) -> HTML {
        let rows: [HTML] = model.triggers.map { item in
            let trigger = item.trigger
            let id = trigger.id.uuidString.lowercased()
            let used: String = trigger.useCount == 0 ? "Never used"
                : "Used \(trigger.useCount) \(trigger.useCount == 1 ? "time" : "times"), last \(relative(trigger.lastUsed ?? trigger.createdAt, now: model.now)); \(trigger.usesInLastDay(at: model.now)) in the last 24 h"
            return """
                <li class="trigger" data-trigger="\(id)"><div><strong>\(trigger.name)</strong> → “\(item.templateName)”</div>
                <div class="meta">\(used) · \(trigger.policy.summary(timeZone: .current))</div>
                <div class="row"><form method="post" action="/settings/triggers/\(id)/rename#triggers" class="row">\(csrfField(csrf))
                <label for="rename-\(id)" class="sr-only">New name for \(trigger.name)</label>
                <input id="rename-\(id)" name="name" value="\(trigger.name)" required maxlength="64">
                <button type="submit">Rename</button></form>
                <form method="post" action="/settings/triggers/\(id)/revoke#triggers" class="inline" data-confirm="Revoke “\(trigger.name)”? Whatever uses its link stops sending.">\(csrfField(csrf))
                <button type="submit" class="danger">Revoke</button></form></div></li>
                """
        }
        let options: [HTML] = model.templates.map { template in
            let id = template.id.uuidString.lowercased()
            return "<option value=\"\(id)\"\(model.form["template_id"] == id ? " selected" : "")>\(template.name)</option>"
        }
        let made: HTML = model.made.map { made in
            let svg = (try? QRCode.encode(made.link).svg(moduleSize: 4)) ?? ""
            return """
                <div class="banner info trigger-made" role="status"><p>“\(made.name)” is ready. Its link is shown only now; anyone with it can send this template, so keep it like a password:</p>
                <p><code class="secret" id="trigger-link">\(made.link)</code> <button type="button" id="copy-trigger-link">Copy</button></p>
                <img class="qr" alt="QR code of the link" width="200" height="200" src="data:image/svg+xml;base64,\(Data(svg.utf8).base64EncodedString())">
                <p class="hint">Send with <code>curl -fsS -X POST '\(made.link)'</code>; opening it in a browser shows a Send button.</p></div>
                """
        } ?? .empty
        let form = model.form
        return """
            <section class="card" id="triggers"><h2>Trigger links</h2>\(notices)
            <p>A secret link that sends one template from your account when Shortcuts, Home Assistant, cron or an NFC tag opens it. Links work while this dashboard runs. Recipes: <code>docs/triggers.md</code>.</p>
            \(made)
            \(rows.isEmpty ? "<p class=\"meta\">No trigger links.</p>" : "<ul class=\"triggers\">\(rows)</ul>" as HTML)
            \(model.templates.isEmpty ? "<p class=\"meta\">Add a Telegram template first: a link sends one.</p>" as HTML : """
                <form method="post" action="/settings/triggers#triggers" class="stack" id="trigger-form">\(csrfField(csrf))
                <label for="trigger_name">Name (what fires it)</label>
                <input id="trigger_name" name="name" placeholder="Home Assistant: arrived" required maxlength="64" value="\(form["name"] ?? "")">
                <label for="trigger_template">Template</label><select id="trigger_template" name="template_id" required>\(options)</select>
                <details class="guide"\(form.isEmpty ? "" : " open")><summary>Values and limits</summary><div class="stack">
                <label for="trigger_allow">Values a request may give: any, none, or names</label>
                <input id="trigger_allow" name="allow" value="\(form["allow"] ?? "any")" placeholder="any · none · eta, who">
                <label for="trigger_pin">Pinned values, one name=value a line</label>
                <textarea id="trigger_pin" name="pin" rows="2" placeholder="who=Ann">\(form["pin"] ?? "")</textarea>
                <label for="trigger_interval">Seconds between sends, at least (0 to 86400)</label>
                <input id="trigger_interval" name="min_interval" type="number" min="0" max="86400" step="1" inputmode="numeric" value="\(form["min_interval"] ?? "\(Int(TriggerPolicy.standardInterval))")">
                <label for="trigger_per_day">Sends in any 24 hours, at most (1 to 1000)</label>
                <input id="trigger_per_day" name="per_day" type="number" min="1" max="1000" step="1" inputmode="numeric" value="\(form["per_day"] ?? "\(TriggerPolicy.standardPerDay)")">
                <label for="trigger_expires">Last day it works (optional; to the end of that day, the dashboard's time)</label>
                <input id="trigger_expires" name="expires" type="date" value="\(form["expires"] ?? "")"></div></details>
                <button type="submit" class="primary">Make trigger link</button></form>
                """)</section>
            """
    }
}
