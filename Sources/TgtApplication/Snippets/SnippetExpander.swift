import Foundation
import Logging
import TgtDomain
import TgtStore
import TgtTDLib
import TgtTelegram

/// Turns the person's own message `;leaving eta=10` into the template's text, as `tgt serve`
/// sees messages arrive from any of their devices: only their own sent text messages of the
/// last few minutes, only when a template has that name, only where Telegram allows editing,
/// once per message (claimed in the store first, so restarts and a second process never act
/// again). A snippet that names a template but cannot become its text (values missing, another
/// kind of template, two templates of that name) stays as typed, and Recent says why.
public struct SnippetExpander: Sendable {
    /// What became of one message.
    public enum Outcome: Sendable, Equatable {
        /// Snippets are off.
        case inactive
        /// Not a snippet of the person's (someone else's message, not text, an ordinary
        /// message, no template of that name, too old): left alone, nothing recorded.
        case ignored
        /// Acted on before (this run or an earlier one).
        case alreadyHandled
        /// The message now holds the template's text.
        case expanded(template: String)
        /// Left as typed, for this reason (also in Recent).
        case leftAsTyped(String)
    }

    /// Messages older than this when they reach the dashboard (typed while nothing ran) are
    /// left alone: others may have read them as typed long ago.
    public static let maxAge: TimeInterval = 300

    let store: AppDatabase
    public let clock: any AppClock
    private let render: @Sendable (SendOrder) throws -> FormattedText
    private let place: @Sendable (Message) async -> (chatTitle: String, canEdit: Bool)?
    private let edit: @Sendable (_ chatID: Int64, _ messageID: Int64, FormattedText) async throws -> Void
    private let logger = Logger(label: "tgt.snippets")

    /// `render`: the order's text as a send would format it; `place`: the chat's title and
    /// whether Telegram lets the account edit the message, nil when it is not the person's own
    /// (another sender, a channel post, a business bot's) or cannot be read; `edit`: replaces its text.
    public init(store: AppDatabase, clock: any AppClock, render: @escaping @Sendable (SendOrder) throws -> FormattedText,
                place: @escaping @Sendable (Message) async -> (chatTitle: String, canEdit: Bool)?,
                edit: @escaping @Sendable (_ chatID: Int64, _ messageID: Int64, FormattedText) async throws -> Void)
    {
        self.store = store
        self.clock = clock
        self.render = render
        self.place = place
        self.edit = edit
    }

    public func handle(_ message: Message) async -> Outcome {
        guard let settings = try? store.snippetSettings(), settings.isOn else { return .inactive }
        let now = clock.now
        try? store.noteSnippetsCheck(at: now)
        guard message.isOutgoing, !message.isScheduled, message.sendingState == nil, message.forwardOrigin == nil,
              case .text? = message.content, let text = message.text,
              let command = SnippetCommand(parsing: text, prefix: settings.prefix)
        else { return .ignored }
        guard now.timeIntervalSince1970 - TimeInterval(message.date) <= Self.maxAge else { return .ignored }
        guard let templates = try? store.templates() else { return .ignored }
        let match = command.match(in: templates)
        if case .none = match { return .ignored }
        // Only the person's own message (checked with TDLib) is claimed: once claimed, it is never acted on again.
        guard let place = await place(message) else { return .ignored }
        do {
            guard try store.claimSnippet(chatID: message.chatID, messageID: message.id, at: now) else { return .alreadyHandled }
        } catch {
            logger.error("could not claim a snippet", metadata: ["error": "\(error)"])
            return .ignored
        }
        let target = Target(chatID: message.chatID, chatTitle: place.chatTitle)
        let typed = settings.prefix + command.name
        switch match {
        case .none: return .ignored
        case .ambiguous(let names):
            return leave("Several templates are called “\(names[0])”; give each its own name.", name: names[0], id: nil, target: target, message: message)
        case .template(let template):
            guard place.canEdit else {
                return leave("Telegram does not let you edit this message here.", name: template.name, id: template.id, target: target, message: message)
            }
            let formatted: FormattedText
            do {
                formatted = try render(SendOrder(templateID: template.id, variables: command.values, destination: target))
            } catch {
                return leave(Self.reason(error, typed: typed), name: template.name, id: template.id, target: target, message: message)
            }
            do {
                try await edit(message.chatID, message.id, formatted)
            } catch {
                let detail = (error as? any UserFacingError)?.message ?? "no reason given."
                return leave("Telegram refused the edit: \(detail)", name: template.name, id: template.id, target: target, message: message)
            }
            try? store.logSnippet(templateID: template.id, templateName: template.name, target: target, messageID: message.id, error: nil, at: now)
            logger.info("snippet expanded")
            return .expanded(template: template.name)
        }
    }

    /// Records why a snippet stays as typed (Recent shows it as "left as typed: …"), and says it.
    private func leave(_ reason: String, name: String, id: UUID?, target: Target, message: Message) -> Outcome {
        try? store.logSnippet(templateID: id, templateName: name, target: target, messageID: message.id, error: reason, at: clock.now)
        logger.notice("snippet left as typed")
        logger.debug("snippet left as typed", metadata: ["reason": "\(reason)"])
        return .leftAsTyped(reason)
    }

    /// A send's refusal as a snippet's reason: missing values name the words to type.
    static func reason(_ error: any Error, typed: String) -> String {
        var missing: [String]?
        if case .missingVariables(let names)? = error as? RenderError { missing = names }
        if case .render(.missingVariables(let names))? = error as? SendError { missing = names }
        if let missing, !missing.isEmpty {
            let words = missing.map { "\($0)=…" }.joined(separator: " ")
            return (missing.count == 1 ? "It needs a value for {{\(missing[0])}}" : "It needs values for " + missing.map { "{{\($0)}}" }.joined(separator: ", "))
                + ": type “\(typed) \(words)”."
        }
        return (error as? any UserFacingError)?.message ?? "It could not be made into the template's text."
    }
}
