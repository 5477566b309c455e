import AppIntents
import Foundation
import TgtAppModel
import TgtApplication

/// A template as Siri, Shortcuts and widgets see it.
struct TemplateAppEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Template"
    static let defaultQuery = TemplateEntityQuery()

    var id: UUID
    var name: String
    var symbol: String

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)", image: .init(systemName: symbol))
    }

    init(_ entity: TemplateEntityIndex.Entity) {
        id = entity.id
        name = entity.name
        symbol = entity.symbol
    }
}

/// Finds templates in the shared store (no TDLib: this also runs in the widget extension).
struct TemplateEntityQuery: EntityStringQuery {
    private func index() throws -> TemplateEntityIndex {
        try TemplateEntityIndex.load(from: AppGroup.openWorkspace())
    }

    func entities(for identifiers: [UUID]) async throws -> [TemplateAppEntity] {
        try index().entities(for: identifiers).map(TemplateAppEntity.init)
    }

    func entities(matching string: String) async throws -> [TemplateAppEntity] {
        try index().entities(matching: string).map(TemplateAppEntity.init)
    }

    func suggestedEntities() async throws -> [TemplateAppEntity] {
        try index().suggested().map(TemplateAppEntity.init)
    }
}
