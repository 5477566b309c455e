import ArgumentParser
import Foundation
import TgtApplication
import TgtDomain
import TgtServer

/// `tgt webhooks`: signed JSON POSTs of chosen events to an automation tool (Home Assistant,
/// n8n, Node-RED; docs/automations.md): add one (its secret printed once), list, remove, read
/// the delivery log, send a test (`WebhookService`, the dashboard's rules).
struct Webhooks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhooks", abstract: "Send events (a send's outcome, an away reply, a trigger link used, …) to your automations as signed JSON POSTs.",
        discussion: """
            Each event is a JSON POST to your address, signed in the TgTemplates-Signature \
            header (HMAC-SHA256 with the webhook's secret, shown once when you add it), \
            retried with backoff when the receiver does not answer 2xx. Deliveries go out while \
            `tgt serve` runs (or `tgt service install`); events that happen while it is stopped \
            wait and go out at its next start. docs/automations.md has the format and examples.

            Events: \(WebhookEvent.choosable.map(\.rawValue).joined(separator: ", ")).

            Examples:
              tgt webhooks
              tgt webhooks add https://ha.example.org/api/webhook/tgt-8c1f --event send.outcome --event away.reply
              tgt webhooks test 3f2a
              tgt webhooks log 3f2a
              tgt webhooks remove 3f2a
            """,
        subcommands: [WebhooksList.self, WebhooksAdd.self, WebhooksRemove.self, WebhooksLog.self, WebhooksTest.self],
        defaultSubcommand: WebhooksList.self)

    /// A webhook as `--json` gives it (the API's field names).
    struct HookJSON: Encodable {
        var id: String
        var url: String
        var events: [String]
        var includeText: Bool
        var secretHint: String
        var chatIDs: [Int64]
        var createdAt: Date
        enum CodingKeys: String, CodingKey {
            case id, url, events
            case includeText = "include_text"
            case secretHint = "secret_hint"
            case chatIDs = "chat_ids"
            case createdAt = "created_at"
        }

        init(_ record: WebhookRecord) {
            id = record.id.uuidString.lowercased()
            url = record.endpoint.url.absoluteString
            events = record.endpoint.orderedEvents.map(\.rawValue)
            includeText = record.endpoint.includesText
            secretHint = record.secretHint
            chatIDs = record.endpoint.chatIDs.sorted()
            createdAt = record.createdAt
        }
    }

    /// A delivery as `--json` gives it (the API's field names).
    struct DeliveryJSON: Encodable {
        var id: Int64
        var webhookID: String
        var event: String
        var eventID: String
        var state: String
        var attempts: Int
        var nextAttemptAt: Date?
        var lastStatus: Int?
        var lastError: String?
        var payload: String
        var createdAt: Date
        var updatedAt: Date
        enum CodingKeys: String, CodingKey {
            case id, event, state, attempts, payload
            case webhookID = "webhook_id"
            case eventID = "event_id"
            case nextAttemptAt = "next_attempt_at"
            case lastStatus = "last_status"
            case lastError = "last_error"
            case createdAt = "created_at"
            case updatedAt = "updated_at"
        }

        init(_ delivery: WebhookDelivery) {
            id = delivery.id
            webhookID = delivery.webhookID.uuidString.lowercased()
            event = delivery.event.rawValue
            eventID = delivery.eventID
            state = delivery.state.rawValue
            attempts = delivery.attempts
            nextAttemptAt = delivery.state == .pending ? delivery.nextAttemptAt : nil
            lastStatus = delivery.lastStatus
            lastError = delivery.lastError
            payload = delivery.payload
            createdAt = delivery.createdAt
            updatedAt = delivery.updatedAt
        }
    }

    /// "3f2a9c1e  https://…  send.outcome, away.reply  (text included)".
    static func line(_ record: WebhookRecord) -> String {
        let events = record.endpoint.orderedEvents.map(\.rawValue).joined(separator: ", ")
        let text = record.endpoint.includesText ? ", with text" : ""
        let chats = record.endpoint.chatIDs.isEmpty ? "" : " in chats \(record.endpoint.chatIDs.sorted().map(String.init).joined(separator: ", "))"
        return "\(record.id.uuidString.lowercased().prefix(8))  \(record.endpoint.url.absoluteString)  \(events)\(chats)\(text)  (secret …\(record.secretHint))"
    }

    /// "✓ 12:04 send.outcome → ha.example.org: delivered (HTTP 200)".
    static func line(_ delivery: WebhookDelivery, hooks: [WebhookRecord], now: Date) -> String {
        let host = hooks.first { $0.id == delivery.webhookID }?.endpoint.url.host ?? "removed webhook"
        let when = delivery.createdAt.formatted(date: .abbreviated, time: .shortened)
        let answer = delivery.lastStatus.map { "HTTP \($0)" } ?? delivery.lastError ?? ""
        switch delivery.state {
        case .delivered:
            return "✓ \(when) \(delivery.event.rawValue) → \(host): delivered (\(answer))"
        case .failed:
            return "✗ \(when) \(delivery.event.rawValue) → \(host): failed after \(delivery.attempts) attempt\(delivery.attempts == 1 ? "" : "s"). \(delivery.lastError ?? answer)"
        case .pending:
            let retry = delivery.nextAttemptAt.map { " next try \($0.formatted(date: .omitted, time: .shortened))" } ?? ""
            let last = delivery.attempts > 0 ? " after \(delivery.attempts) failed attempt\(delivery.attempts == 1 ? "" : "s"): \(delivery.lastError ?? answer)" : ""
            return "… \(when) \(delivery.event.rawValue) → \(host): waiting\(retry)\(last)"
        }
    }
}

/// `tgt webhooks list`.
struct WebhooksList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the webhooks.",
        discussion: """
            Examples:
              tgt webhooks
              tgt webhooks list --json
            """)
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run {
            let hooks = try global.workspace().webhooks.list()
            if global.json { return global.console.emit(hooks.map(Webhooks.HookJSON.init)) }
            guard !hooks.isEmpty else {
                return global.console.line("No webhooks. `tgt webhooks add URL --event send.outcome` adds one.")
            }
            for hook in hooks { global.console.line(Webhooks.line(hook)) }
        }
    }
}

/// `tgt webhooks add`.
struct WebhooksAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a webhook: an http(s) address and the events to send it. Prints its secret, once.",
        discussion: """
            Events: \(WebhookEvent.choosable.map(\.rawValue).joined(separator: ", ")).

            Examples:
              tgt webhooks add https://n8n.example.org/webhook/tgt --event send.outcome
              tgt webhooks add http://homeassistant.local:8123/api/webhook/tgt-8c1f --event away.reply,trigger.used --include-text
              tgt webhooks add https://n8n.example.org/webhook/family --event message.received,chat.read --chat -1001000000001

            message.received and chat.read need the chats to follow (--chat, by the ids `tgt chats` lists).
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Where deliveries go (http:// or https://).", valueName: "url")) var url: String
    @Option(name: .customLong("event"), help: ArgumentHelp("An event to send (repeat it, or separate with commas).", valueName: "event"))
    var events: [String] = []
    @Option(name: .customLong("chat"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A chat whose messages and reads to send (its id, as `tgt chats` shows; repeat it).", valueName: "chat-id"))
    var chats: [Int64] = []
    @Flag(help: "Include message text in deliveries (it then travels to that server).") var includeText = false

    func run() async throws {
        try await global.run {
            let added = try global.workspace().webhooks.add(url: url, events: events, includesText: includeText, chats: chats)
            if global.json {
                struct Added: Encodable {
                    var webhook: Webhooks.HookJSON
                    var secret: String
                    var signatureHeader: String
                    enum CodingKeys: String, CodingKey { case webhook, secret, signatureHeader = "signature_header" }
                }
                return global.console.emit(Added(webhook: .init(added.webhook), secret: added.secret, signatureHeader: WebhookSigner.signatureHeader))
            }
            global.console.line("Added: \(Webhooks.line(added.webhook))")
            global.console.line("Secret (shown only now; give it to the receiver to check the \(WebhookSigner.signatureHeader) header):")
            global.console.line("  \(added.secret)")
            global.console.line("Try it: tgt webhooks test \(added.webhook.id.uuidString.lowercased().prefix(8))")
        }
    }
}

/// `tgt webhooks remove`.
struct WebhooksRemove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a webhook, its delivery log and its secret.",
        discussion: """
            Example:
              tgt webhooks remove 3f2a
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The webhook's id, or its first characters (at least 4).", valueName: "id")) var id: String

    func run() async throws {
        try await global.run {
            let removed = try global.workspace().webhooks.remove(id)
            if global.json { return global.console.emit(["deleted": removed.id.uuidString.lowercased()]) }
            global.console.line("Removed the webhook to \(removed.endpoint.url.absoluteString).")
        }
    }
}

/// `tgt webhooks log`.
struct WebhooksLog: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Show the delivery log, newest first: delivered, waiting to retry, or failed, with why.",
        discussion: """
            Examples:
              tgt webhooks log
              tgt webhooks log 3f2a --limit 100 --json
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Only this webhook's deliveries (its id or first characters).", valueName: "id")) var id: String?
    @Option(help: "How many deliveries (1 to \(WebhookEndpoint.maxLogPage)).") var limit = 20

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            let service = workspace.webhooks
            let hooks = try service.list()
            let only = try id.map { try service.find($0).id }
            let deliveries = try service.deliveries(webhookID: only, limit: limit)
            if global.json { return global.console.emit(deliveries.map(Webhooks.DeliveryJSON.init)) }
            guard !deliveries.isEmpty else { return global.console.line("No deliveries yet.") }
            for delivery in deliveries { global.console.line(Webhooks.line(delivery, hooks: hooks, now: workspace.clock.now)) }
        }
    }
}

/// `tgt webhooks test`.
struct WebhooksTest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test", abstract: "Send a test delivery to a webhook now, once, and say how it went.",
        discussion: """
            Example:
              tgt webhooks test 3f2a
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The webhook's id, or its first characters (at least 4).", valueName: "id")) var id: String

    func run() async throws {
        try await global.run {
            let workspace = try global.workspace()
            let delivery = try await workspace.webhooks.sendTest(id, via: HTTPWebhookPoster.shared)
            if global.json {
                global.console.emit(Webhooks.DeliveryJSON(delivery))
            } else {
                global.console.line(Webhooks.line(delivery, hooks: try workspace.webhooks.list(), now: workspace.clock.now))
            }
            if delivery.state != .delivered { throw WebhookTestFailed(reason: delivery.lastError ?? "no answer") }
        }
    }
}

/// A test delivery that was not taken: the command exits non-zero so a script notices.
struct WebhookTestFailed: UserFacingError {
    var reason: String
    var message: String { "The test delivery was not taken: \(reason)" }
    var nextStep: String? { "Check the address and that the receiver answers 2xx, then test again." }
    var code: String { "webhook_test_failed" }
}
