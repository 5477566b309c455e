import Foundation
import TgtDomain
import TgtTDLib

/// A message ready to go to one target: text already formatted by TDLib.
public struct PreparedMessage: Sendable, Equatable {
    public var target: Target
    /// The Markdown source after variables were filled in.
    public var markdown: String
    /// What TDLib will send (text plus entities).
    public var formatted: FormattedText
    public var location: Coordinate?

    public init(target: Target, markdown: String, formatted: FormattedText, location: Coordinate?) {
        self.target = target
        self.markdown = markdown
        self.formatted = formatted
        self.location = location
    }
}

/// What to send: the template and everything a send may supply.
public struct SendRequest: Sendable {
    public var template: Template
    public var variables: [String: String]
    public var location: Coordinate?
    /// Overrides the template's silent flag when set.
    public var silent: Bool?
    public var context: RenderContext
    /// What sent it, written on its send log rows when they are made ("follow_up"); nil: a person.
    public var origin: String?

    public init(template: Template, variables: [String: String] = [:], location: Coordinate? = nil, silent: Bool? = nil,
                context: RenderContext)
    {
        self.template = template
        self.variables = variables
        self.location = location
        self.silent = silent
        self.context = context
    }

    public var isSilent: Bool { silent ?? template.silent }
}

/// Renders a template per target and formats each text with TDLib's own Markdown parser
/// (`parseTextEntities` through `td_execute`, which needs no network), checking everything
/// before a single message is sent.
public struct MessagePreparer: Sendable {
    public let transport: any TDJSONTransport
    public var validator: TemplateValidator

    public init(transport: any TDJSONTransport, validator: TemplateValidator = TemplateValidator()) {
        self.transport = transport
        self.validator = validator
    }

    public func prepare(_ request: SendRequest) throws(SendError) -> [PreparedMessage] {
        let template = request.template
        guard template.kind == .telegram else { throw .notTelegram(template: template.name, kind: template.kind) }
        // The same text rules as saving (minus Markdown, which is parsed per target below),
        // so that dry run and send refuse what a save would.
        var bodyRules = validator
        bodyRules.markup = nil
        let sendingIssues = bodyRules.problems(inBody: template.body) + validator.problemsForSending(template)
            + validator.problems(variableValues: request.variables)
        guard sendingIssues.isEmpty else { throw .invalid(ValidationError(issues: sendingIssues)) }
        var context = request.context
        context.custom.merge(request.variables) { _, new in new }
        if let location = request.location { context.location = location }
        let rendered: [RenderedMessage]
        do { rendered = try Renderer().render(template, context: context) } catch { throw .render(error) }
        var prepared: [PreparedMessage] = []
        for message in rendered {
            let formatted = try format(message.text, template: template)
            let issues = validator.problems(renderedTextLength: formatted.text.unicodeScalars.count, target: message.target)
            guard issues.isEmpty else { throw .invalid(ValidationError(issues: issues)) }
            guard !TelegramText.isEffectivelyEmpty(formatted.text) else {
                throw .invalid(ValidationError(issues: [ValidationIssue(field: .body, message: "The message for “\(message.target.displayName)” is empty once formatted; Telegram would refuse it.")]))
            }
            prepared.append(PreparedMessage(target: message.target, markdown: message.text, formatted: formatted, location: message.nativeLocation))
        }
        return prepared
    }

    /// Formats Markdown with TDLib; a markup error points at the place in the text.
    public func format(_ markdown: String, template: Template) throws(SendError) -> FormattedText {
        do {
            return try TDClient.execute(TDFunctions.ParseMarkdown(markdown), on: transport)
        } catch {
            if case .tdlib(_, let message, _) = error {
                if message.localizedCaseInsensitiveContains("too long") {
                    throw .invalid(ValidationError(issues: [ValidationIssue(field: .body, message: "The message is too long for Telegram once its variables are filled in; Telegram allows \(validator.maxTextLength) characters.",
                                                                                  lengthLimit: validator.maxTextLength)]))
                }
                throw .markdown(template: template.name, detail: MarkupProblem.explain(message, in: markdown))
            }
            throw .request(error)
        }
    }

}

/// Why a send could not start or finish.
public enum SendError: UserFacingError, Equatable {
    case invalid(ValidationError)
    case render(RenderError)
    case markdown(template: String, detail: String)
    case notLoggedIn
    case request(TDError)
    case store(String)
    case notTelegram(template: String, kind: TemplateKind)
    /// A held send's id is already in the send log (a client gave the same id twice).
    case duplicateSend(String)

    public var message: String {
        switch self {
        case .duplicateSend(let message): message
        case .notTelegram(let name, let kind): "“\(name)” is \(kind == .email ? "an" : "a") \(kind.label) template: it is handed to another app as a draft, not sent through Telegram."
        case .invalid(let error): error.message
        case .render(let error): error.message
        case .markdown(let name, let detail): "The formatting in “\(name)” is broken at \(detail)."
        case .notLoggedIn: "You are not logged in to Telegram."
        case .request(let error): error.message
        case .store(let detail): "The send log could not be written: \(detail)"
        }
    }

    public var nextStep: String? {
        switch self {
        case .invalid: "Edit the template to fix it."
        case .render(let error): error.nextStep
        case .markdown: "Edit the template's text to fix the formatting."
        case .notLoggedIn: "Log in to Telegram first."
        case .request(let error): error.nextStep
        case .store: "Check that the data folder is writable."
        case .notTelegram: "Open it as a draft instead."
        case .duplicateSend: "Give each send a new id, or none."
        }
    }

    public var code: String {
        switch self {
        case .invalid: "invalid_template"
        case .render(let error): error.code
        case .markdown: "bad_markdown"
        case .duplicateSend: "send_exists"
        case .notLoggedIn: "not_logged_in"
        case .request(let error): error.code
        case .store: "store"
        case .notTelegram: "not_telegram"
        }
    }
}
