import Foundation
import TgtDomain
import TgtStore
import TgtTDLib
import TgtTelegram

/// What a send would post, sent nowhere: the one renderer behind `tgt send --dry-run` and the
/// dashboard's live preview (`POST /api/preview`). It runs the send's own checks (`SendRules`)
/// and formatting (`MessagePreparer`: TDLib's Markdown parser, which answers offline), with
/// `{{me}}` as previews show it (`AppDatabase.previewSenderName()`).
public struct SendPreview: Sendable {
    let store: AppDatabase
    /// Answers TDLib's offline requests (`parseTextEntities`): the real libtdjson, or a running
    /// session's backend.
    public let transport: any TDJSONTransport

    public init(store: AppDatabase, transport: any TDJSONTransport) {
        self.store = store
        self.transport = transport
    }

    /// A stored template sent as `order` would be, per target: the request (its silent flag
    /// and template) and each target's message. Throws what the send would throw.
    public func messages(for order: SendOrder) throws -> (request: SendRequest, messages: [PreparedMessage]) {
        var request = try SendRules(store: store).request(for: order)
        // The rules read the name a session last saw; none seen yet, a preview's stand-in.
        if request.context.me == nil { request.context.me = RenderContext.previewSenderName }
        let preparer = MessagePreparer(transport: transport, validator: store.validator())
        return (request, try preparer.prepare(request))
    }

    /// Unsaved Telegram text as the editor shows it: sample values where it has none yet (what
    /// was typed, else the default, else the first choice, else ‹name›), formatted as a send
    /// would format it for a chat called `chatTitle`.
    public func message(body: String, values: [String: String], mode: LocationMode, chatTitle: String) throws(SendPreviewError) -> PreparedMessage {
        let context = try sampleContext([body], values: values)
        let template = Template(name: "Preview", body: body, targets: [Target(chatID: 1, chatTitle: chatTitle)], locationMode: mode,
                                createdAt: context.now)
        let rendered: [RenderedMessage]
        do { rendered = try Renderer().render(template, context: context) } catch {
            throw SendPreviewError(field: .body, code: error.code, message: error.message)
        }
        guard let message = rendered.first else { throw SendPreviewError(field: .body, code: "empty_preview", message: "Nothing to preview.") }
        let formatted: FormattedText
        do {
            formatted = try MessagePreparer(transport: transport, validator: store.validator()).format(message.text, template: template)
        } catch {
            throw SendPreviewError(field: .body, code: error.code, message: error.message)
        }
        return PreparedMessage(target: message.target, markdown: message.text, formatted: formatted, location: message.nativeLocation)
    }

    /// Unsaved email, text message or X text as its draft would carry it (plain text, the
    /// subject for an email), with the same sample values.
    public func draft(body: String, subject: String, kind: TemplateKind, values: [String: String], mode: LocationMode) throws(SendPreviewError) -> Draft {
        let context = try sampleContext(kind.usesSubject ? [subject, body] : [body], values: values)
        let template = Template(name: "Preview", kind: kind, body: body, subject: kind.usesSubject ? subject : "",
                                locationMode: mode == .native ? .mapLink : mode, createdAt: context.now)
        do { return try Renderer().renderDraft(template, context: context) } catch {
            let field: ValidationIssue.Field = kind.usesSubject && (try? TemplateText(parsing: subject)) == nil ? .subject : .body
            throw SendPreviewError(field: field, code: error.code, message: error.message)
        }
    }

    /// Where a preview points `{{location}}` when Settings has no default: Milan's centre.
    public static let sampleLocation = Coordinate(latitude: 45.4642, longitude: 9.19)

    /// The context of a preview of `texts` (the subject first, when there is one): now on the
    /// store's clock, `{{me}}` and the default location as a preview shows them, and sample
    /// values for the custom variables.
    private func sampleContext(_ texts: [String], values: [String: String]) throws(SendPreviewError) -> RenderContext {
        var context = RenderContext(now: store.clock.now)
        context.me = store.previewSenderName()
        context.location = ((try? store.defaultLocation()) ?? nil) ?? Self.sampleLocation
        for text in texts {
            do { _ = try TemplateText(parsing: text) } catch {
                throw SendPreviewError(field: texts.count > 1 && text == texts[0] ? .subject : .body, code: error.code, message: error.message)
            }
        }
        // Subject and text together: a default given in one counts in the other.
        let variables = (try? TemplateText(parsing: texts.joined(separator: "\n")).variables) ?? []
        for variable in variables where context.custom[variable.name] == nil {
            let given = values[variable.name] ?? ""
            if !given.isEmpty, variable.check(given) == nil {
                context.custom[variable.name] = given
            } else if variable.kind == .choice, let first = variable.choices.first {
                context.custom[variable.name] = first
            } else if variable.defaultValue == nil {
                context.custom[variable.name] = "‹\(variable.name)›"
            }
        }
        return context
    }
}

/// Why a preview could not be made: the field at fault (the text or, for an email, the subject)
/// and what is wrong there.
public struct SendPreviewError: UserFacingError, Equatable {
    public var field: ValidationIssue.Field
    public var code: String
    public var message: String
    public var nextStep: String? { nil }

    public init(field: ValidationIssue.Field, code: String, message: String) {
        self.field = field
        self.code = code
        self.message = message
    }
}
