import Foundation
import TgtApplication

extension Pages {
    /// The send log: one card per tap, a line per target with its status and time, and the
    /// replies people sent to it ("Mum replied: …"). `sends.js` reloads it in place when a send
    /// moves on or a reply arrives; each card's `data-batch` (the tap's batch id) keeps the
    /// reader's place.
    static func sends(_ entries: [SendLogEntry], replies: [Int64: [SendReply]] = [:], csrf: String, now: Date) -> HTML {
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
                let replyList: HTML = answered.isEmpty ? "" : "<ul class=\"replies\">\(answered)</ul>"
                // A message posted by a template links to its conversation.
                let link: HTML = entry.kind == .telegram && entry.status == .sent && entry.messageID != nil
                    ? " <a class=\"meta\" href=\"/chats#chat/\(String(entry.target.chatID))\">Open chat</a>" : ""
                return """
                    <li class="status-\(entry.status.rawValue)"><span class="mark" aria-hidden="true">\(symbol)</span> <span>\(entry.targetTitle)</span>
                    <span class="meta">\(state)\(entry.error.map { ": " + $0 } ?? "")</span>\(link)\(replyList)</li>
                    """
            }
            return """
                <li class="card batch" data-batch="\(batch.id.uuidString.lowercased())"><h2>\(Self.heading(batch.first))</h2>
                <p class="meta">\(batch.first.origin == nil ? "" : "“\(batch.first.templateName)” · ")<time datetime="\(APIModels.date(batch.first.queuedAt))">\(relative(batch.first.queuedAt, now: now))</time></p><ul>\(rows)</ul></li>
                """
        }
        let body: HTML = cards.isEmpty
            ? "<div class=\"empty\"><h2>Nothing sent yet</h2><p>Sends appear here with the result for each group.</p></div>"
            : "<ul class=\"batches\">\(cards)</ul>"
        return layout(title: "Recent sends", page: "sends", csrf: csrf, section: .sends, scripts: ["sends"], "<h1>Recent sends</h1>\(body)")
    }
}

extension Pages {
    /// "Sun 22 Nov, 18:30" in the server's time zone, for scheduled times.
    static func clockTime(_ date: Date) -> String {
        date.formatted(.dateTime.weekday(.abbreviated).day().month(.abbreviated).hour().minute())
    }

    /// A card's title: the template's name, or what sent it when no one tapped ("Away reply to
    /// Alice", "Snippet in Family": a snippet typed in another app, expanded or left as typed).
    static func heading(_ entry: SendLogEntry) -> String {
        switch entry.origin {
        case "away": "Away reply to \(entry.targetTitle)"
        case "greeting": "Greeting to \(entry.targetTitle)"
        case "snippet": "Snippet in \(entry.targetTitle)"
        default: entry.templateName
        }
    }
}
