import Foundation
import TgtDomain
import TgtStore

// What the faces read of the templates, and the archive they export and import: through the
// service, so a face never holds the store.
extension TemplateService {
    /// Every template, in the grid's order.
    public func all() throws(StoreError) -> [Template] { try store.templates() }

    /// The first `limit` templates, in the grid's order (a widget's or CarPlay's buttons).
    public func first(_ limit: Int) throws(StoreError) -> [Template] { try store.templates(limit: limit) }

    /// How many templates there are.
    public func count() throws(StoreError) -> Int { try store.templateCount() }

    /// Templates whose name or text contains `text`.
    public func search(_ text: String) throws(StoreError) -> [Template] { try store.searchTemplates(text) }

    /// The template `id`, or nil.
    public func template(id: UUID) throws(StoreError) -> Template? { try store.template(id: id) }

    /// The template a person named: its name, its position (1-based) or a prefix of its id
    /// (`StoreError.templateNotFound` or `.ambiguous` otherwise).
    public func resolve(_ key: String) throws(StoreError) -> Template { try store.resolveTemplate(key) }

    /// The template's position in the grid (1-based).
    public func position(of id: UUID) throws(StoreError) -> Int { try store.position(of: id) }

    /// Every template and timer as an archive (`tgt templates export`, the dashboard's export).
    public func exportArchive() throws(StoreError) -> TemplateArchive { try store.exportTemplates() }

    /// Writes an export to `url` atomically, readable by others (0644: it holds no secret).
    public static func write(_ data: Data, to url: URL) throws(StoreError) {
        try SecureFile.write(data, to: url, mode: 0o644)
    }

    /// Adds or replaces templates (and timers) from an archive; all or nothing.
    public func importArchive(_ data: Data) throws(StoreError) -> ImportSummary { try store.importTemplates(data) }
}
