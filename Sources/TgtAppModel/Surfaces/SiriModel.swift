import Foundation
import TgtApplication
import TgtDomain

/// Templates as App Intents entities: found by name whatever the letter case or accents,
/// suggested in grid order, and what Siri says after a send.
public struct TemplateEntityIndex: Sendable {
    /// What App Intents shows for one template.
    public struct Entity: Sendable, Equatable, Identifiable {
        public var id: UUID
        public var name: String
        public var symbol: String

        public init(id: UUID, name: String, symbol: String) {
            self.id = id
            self.name = name
            self.symbol = symbol
        }
    }

    public let entities: [Entity]

    public init(templates: [Template]) {
        entities = templates.map { Entity(id: $0.id, name: $0.name, symbol: $0.icon.symbolName) }
    }

    public static func load(from workspace: Workspace) throws(StoreError) -> TemplateEntityIndex {
        TemplateEntityIndex(templates: try workspace.templates().all())
    }

    /// Entities by id (the order of `ids`, unknown ones left out).
    public func entities(for ids: [UUID]) -> [Entity] {
        ids.compactMap { id in entities.first { $0.id == id } }
    }

    /// The template called `name`: exact match first (ignoring case, accents and width),
    /// else the only one whose name contains it.
    public func entity(named name: String) -> Entity? {
        let folded = Self.fold(name)
        guard !folded.isEmpty else { return nil }
        if let exact = entities.first(where: { Self.fold($0.name) == folded }) { return exact }
        let partial = entities.filter { Self.fold($0.name).contains(folded) }
        return partial.count == 1 ? partial[0] : nil
    }

    /// Entities whose names contain `text` (all of them for an empty text), for the picker.
    public func entities(matching text: String) -> [Entity] {
        let folded = Self.fold(text)
        return folded.isEmpty ? entities : entities.filter { Self.fold($0.name).contains(folded) }
    }

    /// The suggestions Shortcuts and Siri offer: the first templates in grid order.
    public func suggested(limit: Int = 10) -> [Entity] { Array(entities.prefix(limit)) }

    static func fold(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// What Siri answers after "send <template>".
    public static func reply(for outcome: AppModel.TapOutcome, templateName: String) -> AppText {
        switch AppModel.summary(of: outcome) {
        case .sent: AppText("siri.sent", templateName)
        case .partly(let sent, let total): AppText("siri.partly", templateName, String(sent), String(total))
        case .failed(let why): AppText("siri.failed", templateName, why)
        case .waitingForLogin: AppText("siri.notLoggedIn", templateName)
        case .waitingForConnection: AppText("siri.queued", templateName)
        case .notFound: AppText("siri.notFound", templateName)
        case .undone: AppText("siri.undone", templateName)
        }
    }
}
