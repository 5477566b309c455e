import Foundation
import TgtApplication

extension Pages {
    /// The send log: one card per tap, a line per target with its status and time, and the
    /// replies people sent to it ("Mum replied: …"). `sends.js` reloads it in place when a send
    /// moves on or a reply arrives; each card's `data-batch` (the tap's batch id) keeps the
    /// reader's place. A card with a Telegram message that went out or is on its way has
    /// **Follow up…**, which opens the follow-up dialog (`sends.js`, `POST /api/follow-ups`);
    /// the dialog and the status line that says "Follow-up set" are `data-keep`: a reload of
    /// the list leaves them as they are.
    static func sends(_ entries: [SendLogEntry], replies: [Int64: [SendReply]] = [:], followUps: [Int64: [FollowUpItem]] = [:], csrf: String,
                      now: Date) -> HTML
    {
        let cards: [HTML] = SendBatch.group(entries).map { batch in
            let rows: [HTML] = batch.entries.map { entry in
                let symbol = switch entry.status {
                case .sent: "✓"
                case .failed: "✗"
                case .queued, .sending, .cancelling: "…"
                case .handedOver: "↗"
                case .scheduled: "⏱"
                case .cancelled: "⊘"
                case .held: "⏳"
                case .undone: "↶"
                }
                let state: String = switch entry.status {
                case .handedOver: "handed over (not sent by TgTemplates)"
                case .scheduled: "scheduled for " + (entry.scheduledFor.map(Self.clockTime) ?? "later")
                case .held: "held for undo until " + (entry.holdUntil.map(Self.clockTime) ?? "soon")
                case .undone: "undone (nothing was sent)"
                case .sent where entry.origin == "snippet": "expanded"
                case .failed where entry.origin == "snippet": "left as typed"
                default: entry.status.rawValue
                }
                let answered: [HTML] = (replies[entry.id] ?? []).suffix(3).map { reply in
                    "<li class=\"reply\"><span aria-hidden=\"true\">↩︎</span> <bdi>\(reply.senderName)</bdi> replied: <bdi>\(reply.preview)</bdi></li>"
                }
                let following: [HTML] = (followUps[entry.id] ?? []).suffix(3).map { item in
                    "<li class=\"follow\"><span aria-hidden=\"true\">↪︎</span> <bdi>\(item.sentence)</bdi> <span class=\"meta\">· \(Self.followUpState(item, now: now))</span></li>"
                }
                let replyList: HTML = answered.isEmpty && following.isEmpty ? "" : "<ul class=\"replies\">\(answered)\(following)</ul>"
                // A message posted by a template links to its conversation.
                let link: HTML = entry.kind == .telegram && entry.status == .sent && entry.messageID != nil
                    ? " <a class=\"meta\" href=\"/chats#chat/\(String(entry.target.chatID))\">Open chat</a>" : ""
                return """
                    <li class="status-\(entry.status.rawValue)"><span class="mark" aria-hidden="true">\(symbol)</span> <span>\(entry.targetTitle)</span>
                    <span class="meta">\(state)\(entry.error.map { ": " + $0 } ?? "")</span>\(link)\(replyList)</li>
                    """
            }
            let followable = batch.entries.filter(Self.canFollowUp)
            let titles = followable.map(\.targetTitle)
            let followUp: HTML = followable.isEmpty ? "" : """
                <p class="batch-actions"><button type="button" data-follow-up="\(batch.id.uuidString.lowercased())" \
                data-follow-template="\(batch.first.templateName)" data-follow-targets="\(Self.listed(titles))" data-follow-count="\(titles.count)" \
                aria-label="Follow up on “\(Self.heading(batch.first))”">Follow up…</button></p>
                """
            return """
                <li class="card batch" data-batch="\(batch.id.uuidString.lowercased())"><h2>\(Self.heading(batch.first))</h2>
                <p class="meta">\(batch.first.origin == nil ? "" : "“\(batch.first.templateName)” · ")<time datetime="\(APIModels.date(batch.first.queuedAt))">\(relative(batch.first.queuedAt, now: now))</time></p><ul>\(rows)</ul>\(followUp)</li>
                """
        }
        let body: HTML = cards.isEmpty
            ? "<div class=\"empty\"><h2>Nothing sent yet</h2><p>Sends appear here with the result for each group.</p></div>"
            : "<ul class=\"batches\">\(cards)</ul>"
        return layout(title: "Recent sends", page: "sends", csrf: csrf, section: .sends, scripts: ["sends"],
                      "<h1>Recent sends</h1><div id=\"follow-status\" role=\"status\" data-keep></div>\(body)\(followUpDialog)")
    }

    /// Where a follow-up set on a card's message stands, in a few words: "judged at 18:42",
    /// "done", "not needed" (the scheduled page says why).
    static func followUpState(_ item: FollowUpItem, now: Date) -> String {
        guard item.state == .watching, let due = item.dueAt else { return item.state.words }
        return (item.condition == .read ? "gives up at " : "judged at ") + Self.clockTime(due)
    }

    /// Whether a follow-up can be set on `entry`: a Telegram message that went out (with its
    /// message id) or is on its way (held, queued, being sent, scheduled), as the store takes it.
    static func canFollowUp(_ entry: SendLogEntry) -> Bool {
        guard entry.kind == .telegram else { return false }
        switch entry.status {
        case .sent: return entry.messageID != nil
        case .held, .queued, .sending, .scheduled: return true
        case .failed, .handedOver, .cancelling, .cancelled, .undone: return false
        }
    }

    /// "Alice", "Alice and Family", "Alice, Family and Work".
    static func listed(_ titles: [String]) -> String {
        guard let last = titles.last else { return "" }
        return titles.count == 1 ? last : titles.dropLast().joined(separator: ", ") + " and " + last
    }

    /// The Follow up dialog (filled and sent by `sends.js`): the condition, the wait (a number
    /// and a unit; optional for "When read"), and what to do (a reminder in Saved Messages, or
    /// a Telegram template into the same chat). A refusal is shown in it with what was typed kept.
    static let followUpDialog: HTML = """
        <dialog id="follow-dialog" aria-labelledby="follow-title" aria-describedby="follow-about" data-keep><form class="stack" id="follow-form" novalidate>
        <h2 id="follow-title">Follow up</h2><p id="follow-about" class="meta"></p>
        <div class="field"><label for="follow-condition">Condition</label>
        <select id="follow-condition" aria-describedby="follow-condition-hint"><option value="not_read">If not read</option><option value="no_reply">If no reply</option><option value="read">When read</option></select>
        <p class="hint" id="follow-condition-hint"></p></div>
        <div class="field"><label for="follow-within" id="follow-within-label">Within</label>
        <div class="row follow-within"><input id="follow-within" name="within" type="number" min="1" step="1" inputmode="numeric" autocomplete="off" aria-describedby="follow-within-hint follow-within-error">
        <label for="follow-unit" class="sr-only">Unit of the wait</label><select id="follow-unit" name="unit"><option value="1">minutes</option><option value="60">hours</option><option value="1440">days</option></select></div>
        <p class="hint" id="follow-within-hint"></p>\(fieldError("follow-within", nil))</div>
        <fieldset class="field"><legend>Then</legend>
        <div><label class="check"><input type="radio" name="follow-action" id="follow-remind" value="remind" checked> Remind me in Saved Messages</label>
        <label class="check"><input type="radio" name="follow-action" id="follow-send" value="send" aria-controls="follow-template-field"> Send a template</label></div>
        <div class="field" id="follow-template-field" hidden><label for="follow-template">Template</label>
        <select id="follow-template" name="template_id" aria-describedby="follow-template-hint follow-template-error"></select>
        <p class="hint" id="follow-template-hint">Telegram templates, sent into the same chat (and topic) with their default values.</p>\(fieldError("follow-template", nil))</div>
        </fieldset>
        <p class="hint">Judged while the dashboard (<code>tgt serve</code>) or the service runs; Scheduled lists it.</p>
        <p id="follow-error" class="banner error" role="alert" hidden></p>
        <div class="actions"><button value="cancel" type="button" data-close>Cancel</button><button type="submit" class="primary" id="follow-submit">Save</button></div>
        </form></dialog>
        """
}

extension Pages {
    /// "Sun 22 Nov, 18:30" in the server's time zone, for scheduled times.
    static func clockTime(_ date: Date) -> String {
        date.formatted(.dateTime.weekday(.abbreviated).day().month(.abbreviated).hour().minute())
    }

    /// A card's title: the template's name, or what sent it when no one tapped ("Away reply to
    /// Alice", "Snippet in Family": a snippet typed in another app, expanded or left as typed;
    /// "Follow-up to Alice": a follow-up's template, its name in the line below).
    static func heading(_ entry: SendLogEntry) -> String {
        switch entry.origin {
        case "away": "Away reply to \(entry.targetTitle)"
        case "greeting": "Greeting to \(entry.targetTitle)"
        case "snippet": "Snippet in \(entry.targetTitle)"
        case "follow_up": "Follow-up to \(entry.targetTitle)"
        default: entry.templateName
        }
    }
}
