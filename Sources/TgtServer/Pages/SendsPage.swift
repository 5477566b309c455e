import Foundation
import TgtStore

extension Pages {
    /// The send log: one card per tap, a line per target with its status and time.
    static func sends(_ entries: [SendLogEntry], csrf: String) -> HTML {
        var order: [UUID] = []
        var groups: [UUID: [SendLogEntry]] = [:]
        for entry in entries {
            if groups[entry.batchID] == nil { order.append(entry.batchID) }
            groups[entry.batchID, default: []].append(entry)
        }
        let cards: [HTML] = order.compactMap { batch in
            guard let items = groups[batch]?.sorted(by: { $0.id < $1.id }), let first = items.first else { return nil }
            let rows: [HTML] = items.map { entry in
                let symbol = switch entry.status {
                case .sent: "✓"
                case .failed: "✗"
                case .queued, .sending: "…"
                }
                return """
                    <li class="status-\(entry.status.rawValue)"><span class="mark" aria-hidden="true">\(symbol)</span> <span>\(entry.targetTitle)</span>
                    <span class="meta">\(entry.status.rawValue)\(entry.error.map { ": " + $0 } ?? "")</span></li>
                    """
            }
            return """
                <li class="card batch"><h2>\(first.templateName)</h2>
                <p class="meta"><time datetime="\(APIModels.date(first.queuedAt))">\(relative(first.queuedAt))</time></p><ul>\(rows)</ul></li>
                """
        }
        let body: HTML = cards.isEmpty
            ? "<div class=\"empty\"><h2>Nothing sent yet</h2><p>Sends appear here with the result for each group.</p></div>"
            : "<ul class=\"batches\">\(cards)</ul>"
        return layout(title: "Recent sends", page: "sends", csrf: csrf, section: .sends, "<h1>Recent sends</h1>\(body)")
    }
}
