import Foundation
import TgtApplication
import TgtDomain

/// What the grid shows, for the page and for `GET /api/templates` alike: all templates, those
/// a search and a chat filter leave, and the filter chips.
struct TemplateListing {
    typealias Group = TemplateGroup

    let all: [Template]
    let listed: [Template]
    let groups: [Group]
    /// The kinds that have templates, in `TemplateKind` order, with their counts.
    let kinds: [(kind: TemplateKind, count: Int)]

    init(templates: TemplateService, search: String, chatID: Int64?, kind: TemplateKind? = nil) throws {
        all = try templates.all()
        var listed = search.isEmpty ? all : try templates.search(search)
        if let chatID { listed = listed.filter { $0.targets.contains { $0.chatID == chatID } } }
        if let kind { listed = listed.filter { $0.kind == kind } }
        self.listed = listed
        groups = Self.groups(all)
        var counts: [TemplateKind: Int] = [:]
        for template in all { counts[template.kind, default: 0] += 1 }
        kinds = TemplateKind.allCases.compactMap { kind in counts[kind].map { (kind, $0) } }
    }

    /// 1-based grid positions of all templates.
    var positions: [UUID: Int] { Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.id, $0 + 1) }) }

    static func groups(_ templates: [Template]) -> [Group] { TemplateGroup.groups(of: templates) }
}

/// Send-log entries grouped by tap (batch), newest batch first, targets in send order.
struct SendBatch {
    let id: UUID
    let entries: [SendLogEntry]

    var first: SendLogEntry { entries[0] }

    static func group(_ entries: [SendLogEntry]) -> [SendBatch] {
        var order: [UUID] = []
        var byBatch: [UUID: [SendLogEntry]] = [:]
        for entry in entries {
            if byBatch[entry.batchID] == nil { order.append(entry.batchID) }
            byBatch[entry.batchID, default: []].append(entry)
        }
        return order.compactMap { id in
            guard let items = byBatch[id], !items.isEmpty else { return nil }
            return SendBatch(id: id, entries: items.sorted { $0.id < $1.id })
        }
    }
}
