import AppIntents
import Foundation
import TgtAppModel
import TgtStore

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
        let containers = try AppGroup.containers()
        return try TemplateEntityIndex.load(from: AppDatabase.open(at: containers.databaseFile, shared: true))
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

/// "Send Leaving work with TgTemplates": runs in the app (TDLib lives there), queues the
/// template in the shared queue, sends it, and answers with what happened.
struct SendTemplateIntent: AppIntent {
    static let title: LocalizedStringResource = "Send Template"
    static let description = IntentDescription("Sends one of your TgTemplates messages to its chats.")
    /// The app must run for TDLib; from a widget this opens the app for the moment of the send.
    static let openAppWhenRun = true

    @Parameter(title: "Template")
    var template: TemplateAppEntity

    init() {}

    init(template: TemplateAppEntity) {
        self.template = template
    }

    @MainActor
    func perform() async throws -> some IntentResult & ProvidesDialog {
        guard let app = AppRuntime.shared.model else {
            // Not started (no App Group): keep the tap in the queue for the next launch.
            let store = try AppDatabase.open(at: try AppGroup.containers().databaseFile, shared: true)
            let job = try store.enqueueSend(templateID: template.id, source: .siri)
            return .result(dialog: "\(TemplateEntityIndex.reply(for: .queued(job), templateName: template.name).localized)")
        }
        let outcome = await app.tap(templateID: template.id, source: .siri)
        return .result(dialog: "\(TemplateEntityIndex.reply(for: outcome, templateName: template.name).localized)")
    }
}
