import Foundation
import TgtDomain
import TgtApplication

extension Pages {
    /// What the webhook form holds: blank, or what was typed when it was refused.
    struct WebhookForm {
        var url = ""
        var events: Set<WebhookEvent> = []
        var includesText = false
        var chatIDs: Set<Int64> = []
    }

    /// What Settings shows of webhooks.
    struct WebhooksModel {
        var webhooks: [WebhookRecord]
        /// The latest deliveries of every webhook, newest first.
        var deliveries: [WebhookDelivery]
        /// The chats a webhook can follow for messages and reads.
        var chats: [(id: Int64, title: String)]
        /// A webhook just added, with its secret: shown this once.
        var added: (webhook: WebhookRecord, secret: String)?
        var form = WebhookForm()
        var now: Date
    }

    /// How many deliveries Settings lists.
    static let webhookLogLength = 20

    /// Settings → Webhooks: what they do and where they run, the form that adds one (its secret
    /// shown once, after), the list with Send test and Remove, and the delivery log.
    static func webhooksSection(_ model: WebhooksModel, notices: HTML = .empty, csrf: String) -> HTML {
        let hosts = Dictionary(model.webhooks.map { ($0.id, webhookHost($0.endpoint.url)) }, uniquingKeysWith: { first, _ in first })
        let titles = Dictionary(model.chats.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let rows: [HTML] = model.webhooks.map { hook in
            let id = hook.id.uuidString.lowercased()
            let host = webhookHost(hook.endpoint.url)
            let events = hook.endpoint.orderedEvents.map(\.label).joined(separator: "; ")
            let chats = hook.endpoint.chatIDs.sorted().map { titles[$0] ?? String($0) }
            let inChats: HTML = chats.isEmpty ? .empty : "<div class=\"meta\">In \(chats.count == 1 ? "the chat" : "the chats") \(chats.joined(separator: ", "))</div>"
            return """
                <li class="webhook" data-webhook="\(id)"><div><code class="url">\(hook.endpoint.url.absoluteString)</code></div>
                <div>\(events)</div>\(inChats)
                <div class="meta">\(hook.endpoint.includesText ? "Message text included" : "No message text") · secret ends in …\(hook.secretHint) · added \(relative(hook.createdAt, now: model.now))</div>
                <div class="row"><form method="post" action="/settings/webhooks/\(id)/test#webhooks" class="inline">\(csrfField(csrf))
                <button type="submit">Send test<span class="sr-only"> to \(host)</span></button></form>
                <form method="post" action="/settings/webhooks/\(id)/remove#webhooks" class="inline" data-confirm="Remove the webhook to \(host)? Nothing more is sent there, and its delivery log goes too.">\(csrfField(csrf))
                <button type="submit" class="danger">Remove<span class="sr-only"> the webhook to \(host)</span></button></form></div></li>
                """
        }
        let log: [HTML] = model.deliveries.map { delivery in
            let state: HTML = switch delivery.state {
            case .delivered: "Delivered"
            case .failed: "Failed"
            case .pending: delivery.nextAttemptAt.map { "Will retry \(webhookMoment($0, now: model.now))" } ?? "Waiting to be sent"
            }
            let answer = delivery.lastError ?? delivery.lastStatus.map { "HTTP \($0)" } ?? "Not tried yet"
            let iso = delivery.createdAt.formatted(.iso8601)
            return """
                <li class="delivery" data-delivery="\(String(delivery.id))" data-state="\(delivery.state.rawValue)"><div><strong class="state">\(state)</strong> · \(delivery.event.label) <code>\(delivery.event.rawValue)</code> to \(hosts[delivery.webhookID] ?? "a removed webhook")</div>
                <div class="meta"><time datetime="\(iso)">\(relative(delivery.createdAt, now: model.now))</time> · \(delivery.attempts) \(delivery.attempts == 1 ? "attempt" : "attempts") · <span class="answer">\(answer)</span></div></li>
                """
        }
        let added: HTML = model.added.map { added in
            """
            <div class="banner info webhook-made" role="status" id="webhook-made"><p>The webhook to \(webhookHost(added.webhook.endpoint.url)) is added. \
            Give the receiver its secret: every delivery carries a <code>\(WebhookSigner.signatureHeader)</code> header signed with it. \
            The secret is shown only now and will not be shown again; keep it like a password.</p>
            <p><code class="secret" id="webhook-secret">\(added.secret)</code> <button type="button" id="copy-webhook-secret">Copy</button></p></div>
            """
        } ?? .empty
        let form = model.form
        let boxes: [HTML] = WebhookEvent.choosable.map { event in
            "<label class=\"check\"><input type=\"checkbox\" name=\"event_\(event.rawValue)\" value=\"\(event.rawValue)\"\(form.events.contains(event) ? " checked" : "")> \(event.label)</label>"
        }
        let chatBoxes: [HTML] = model.chats.map { chat in
            "<label class=\"check\"><input type=\"checkbox\" name=\"chat_\(String(chat.id))\"\(form.chatIDs.contains(chat.id) ? " checked" : "")> \(chat.title)</label>"
        }
        let chatsOpen = !form.chatIDs.isEmpty || form.events.contains(where: \.needsChats)
        let chatPicker: HTML = chatBoxes.isEmpty
            ? "<p class=\"hint\">Messages received and reads are sent for the chats you choose; the chats appear here once the dashboard has loaded them from Telegram.</p>"
            : """
                <details class="guide"\(chatsOpen ? " open" : "")><summary>Chats for messages received and reads</summary>
                <fieldset><legend>Chats (at most \(WebhookEndpoint.maxChats))</legend><div class="stack">\(chatBoxes)</div></fieldset></details>
                """
        return """
            <section class="card" id="webhooks"><h2>Webhooks</h2>\(notices)
            <p>Each event you choose is sent as a signed JSON POST to your URL, for Home Assistant, n8n, Node-RED or a server of yours; the format and how to check the signature are in <code>docs/automations.md</code>.</p>
            <p class="banner info" id="webhooks-status">Deliveries go out only while this dashboard (<code>tgt serve</code>) runs; what happens meanwhile waits and goes out when it starts again.</p>
            \(added)
            <div id="webhook-list">\(rows.isEmpty ? "<p class=\"meta\">No webhooks.</p>" : "<ul class=\"webhooks\">\(rows)</ul>" as HTML)</div>
            <form method="post" action="/settings/webhooks#webhooks" class="stack" id="webhook-form">\(csrfField(csrf))
            <label for="webhook_url">Address (URL) the deliveries go to</label>
            <input id="webhook_url" name="url" type="url" required maxlength="\(WebhookEndpoint.maxURLLength)" placeholder="https://example.org/hooks/tgt" value="\(form.url)" autocomplete="off" autocapitalize="off" spellcheck="false">
            <fieldset><legend>Events</legend><div class="stack">\(boxes)</div></fieldset>
            \(chatPicker)
            <label class="check"><input type="checkbox" name="include_text" id="webhook_include_text" aria-describedby="webhook-text-hint"\(form.includesText ? " checked" : "")> Include message text</label>
            <p class="hint" id="webhook-text-hint">The text of templates sent (and of messages received) then travels to that server. Without it, names, titles and ids go, no text.</p>
            <button type="submit" class="primary">Add webhook</button></form>
            <h3>Delivery log</h3>
            <div id="webhook-log-region">\(log.isEmpty ? "<p class=\"meta\" id=\"webhook-log-empty\">No deliveries yet.</p>" : "<ul class=\"webhook-log\" id=\"webhook-log\">\(log)</ul>" as HTML)</div>
            <p class="hint">The latest \(webhookLogLength). A delivery the receiver did not take (no 2xx answer) is tried again up to \(WebhookRetry.maxAttempts) times over about 11 hours, then marked failed; a test is tried once.</p></section>
            """
    }

    /// The host of a webhook's address, which names it on buttons and in the log.
    static func webhookHost(_ url: URL) -> String {
        url.host(percentEncoded: false).flatMap { $0.isEmpty ? nil : $0 } ?? url.absoluteString
    }

    /// "at 14:05" today, else with the day.
    static func webhookMoment(_ date: Date, now: Date) -> String {
        Calendar.current.isDate(date, inSameDayAs: now)
            ? "at " + date.formatted(date: .omitted, time: .shortened)
            : "on " + date.formatted(date: .abbreviated, time: .shortened)
    }
}
