import Foundation
import TgtDomain

/// Turns an email, text message or X template into the draft its app opens, with the same
/// checks everywhere (CLI, dashboard, apps), and records the hand-over in the send log.
public struct DraftHandOff: Sendable {
    public let store: AppDatabase

    public init(store: AppDatabase) { self.store = store }

    /// Renders `template` with `values` for its custom variables: the body's Markdown becomes
    /// plain text, the counters are checked on the rendered text. Nothing is recorded.
    public func prepare(_ template: Template, values: [String: String], context: RenderContext) throws(DraftError) -> Draft {
        guard template.kind.isDraft else { throw .notADraft(template.name) }
        let validator = store.validator()
        let issues = validator.problems(inBody: template.body, kind: template.kind) + validator.problems(variableValues: values)
        guard issues.isEmpty else { throw .invalid(ValidationError(issues: issues)) }
        var context = context
        context.custom.merge(values) { _, new in new }
        if context.me == nil { context.me = try? store.senderName() }
        let draft: Draft
        do { draft = try Renderer().renderDraft(template, context: context) } catch { throw .render(error) }
        let rendered = validator.problems(draft: draft)
        guard rendered.isEmpty else { throw .invalid(ValidationError(issues: rendered)) }
        return draft
    }

    /// Prepares the draft and logs it as handed over (never as sent).
    public func handOver(_ template: Template, values: [String: String], context: RenderContext) throws(DraftError) -> (Draft, SendLogEntry) {
        let draft = try prepare(template, values: values, context: context)
        do { return (draft, try store.recordHandedOver(template, draft: draft)) } catch { throw .store(error) }
    }
}

/// Why a draft could not be made.
public enum DraftError: UserFacingError, Equatable {
    case notADraft(String)
    case invalid(ValidationError)
    case render(RenderError)
    case store(StoreError)

    public var message: String {
        switch self {
        case .notADraft(let name): "“\(name)” is a Telegram template; it is sent, not handed to another app."
        case .invalid(let error): error.message
        case .render(let error): error.message
        case .store(let error): error.message
        }
    }

    public var nextStep: String? {
        switch self {
        case .notADraft: nil
        case .invalid: "Edit the template to fix it."
        case .render(let error): error.nextStep
        case .store(let error): error.nextStep
        }
    }

    public var code: String {
        switch self {
        case .notADraft: "not_a_draft"
        case .invalid: "invalid_template"
        case .render(let error): error.code
        case .store(let error): error.code
        }
    }
}
