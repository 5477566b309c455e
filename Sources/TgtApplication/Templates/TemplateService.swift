import Foundation
import TgtDomain
import TgtStore
import TgtTDLib

/// Templates for every face: saved with the same rules everywhere (the store's validator with
/// the Markdown checked by TDLib's own parser when the face has libtdjson), copied, moved,
/// reordered, deleted. `tgt templates …`, the dashboard's API and the app's editor call it;
/// open screens hear of each change from the store.
public struct TemplateService: Sendable {
    let store: AppDatabase
    /// TDLib's offline `parseTextEntities`, to check Markdown when saving; nil leaves the
    /// Markdown to the send, which checks it again.
    public let markup: (any TDJSONTransport)?

    public init(store: AppDatabase, markup: (any TDJSONTransport)?) {
        self.store = store
        self.markup = markup
    }

    /// The rules a template must pass to be saved.
    public var validator: TemplateValidator {
        markup.map { store.validator(checkingMarkupWith: $0) } ?? store.validator()
    }

    /// Whether Markdown is checked when saving (false: libtdjson was not found).
    public var checksMarkup: Bool { markup != nil }

    /// Saves a new template (`StoreError.invalid` with each field's problem, nothing saved).
    public func create(_ template: Template) throws(StoreError) -> Template {
        try store.insert(template, validator: validator)
    }

    /// Saves changes to an existing template.
    public func update(_ template: Template) throws(StoreError) -> Template {
        try store.update(template, validator: validator)
    }

    /// Saves `template`, new when `isNew`.
    public func save(_ template: Template, isNew: Bool) throws(StoreError) -> Template {
        isNew ? try create(template) : try update(template)
    }

    public func delete(_ id: UUID) throws(StoreError) {
        try store.deleteTemplate(id: id)
    }

    /// A copy named "… copy" placed after the original.
    public func duplicate(_ id: UUID) throws(StoreError) -> Template {
        try store.duplicateTemplate(id: id)
    }

    /// Moves a template to a 0-based index; returns its position after the move (1 is first,
    /// as the grid numbers them).
    @discardableResult
    public func move(_ id: UUID, to position: Int) throws(StoreError) -> Int {
        try store.moveTemplate(id: id, to: position)
        return try store.position(of: id)
    }

    /// Puts the grid in this order: `ids` must list every template exactly once.
    public func reorder(_ ids: [UUID]) throws(TemplateOrderError) {
        let existing: Set<UUID>
        do { existing = Set(try store.templates().map(\.id)) } catch { throw .store(error) }
        guard Set(ids) == existing, ids.count == existing.count else { throw .notEveryTemplate(count: existing.count) }
        do { try store.reorderTemplates(ids) } catch { throw .store(error) }
    }
}

/// Why a new order of the templates was refused (nothing moved).
public enum TemplateOrderError: Error, Equatable, UserFacingError {
    case notEveryTemplate(count: Int)
    case store(StoreError)

    public var message: String {
        switch self {
        case .notEveryTemplate(let count): "The new order must list every template exactly once (\(count) templates)."
        case .store(let error): error.message
        }
    }

    public var nextStep: String? {
        switch self {
        case .notEveryTemplate: "Reload the list and try again."
        case .store(let error): error.nextStep
        }
    }

    public var code: String {
        switch self {
        case .notEveryTemplate: "invalid_input"
        case .store(let error): error.code
        }
    }
}
