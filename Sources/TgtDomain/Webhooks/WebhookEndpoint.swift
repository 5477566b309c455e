import Foundation

/// A webhook as the person sets it up: where deliveries go, which events they want, and whether
/// message text may travel in them.
public struct WebhookEndpoint: Sendable, Hashable, Codable {
    public var url: URL
    public var events: Set<WebhookEvent>
    /// Whether deliveries carry message text (a template's name and a chat's title always go).
    public var includesText: Bool
    /// The chats whose messages and reads are sent (`WebhookEvent.needsChats`); empty without
    /// those events.
    public var chatIDs: Set<Int64> = []

    public static let maxURLLength = 2_000
    public static let maxChats = 50
    /// The most webhooks there can be.
    public static let maxWebhooks = 20
    /// The most deliveries one read of the log gives.
    public static let maxLogPage = 500

    /// Checks `url` and `events`: an absolute http or https address with a host, no user name
    /// or password in it (they would show in every list), no spaces or control characters,
    /// and at least one event.
    public init(url text: String, events: Set<WebhookEvent>, includesText: Bool, chatIDs: Set<Int64> = []) throws(WebhookError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .badURL("The address is empty.") }
        guard trimmed.count <= Self.maxURLLength else { throw .badURL("The address is longer than \(Self.maxURLLength) characters.") }
        guard !trimmed.unicodeScalars.contains(where: { CharacterSet.whitespacesAndNewlines.contains($0) || CharacterSet.controlCharacters.contains($0) }) else {
            throw .badURL("The address holds spaces or control characters.")
        }
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw .badURL("“\(Self.shown(trimmed))” is not a web address.")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .badURL("Only http:// and https:// addresses can receive webhooks, not \(Self.shown(scheme)):.")
        }
        guard let host = components.host, !host.isEmpty else { throw .badURL("The address has no host name.") }
        guard components.user == nil, components.password == nil else {
            throw .badURL("Put no user name or password in the address: every delivery is signed instead.")
        }
        guard components.fragment == nil else { throw .badURL("The address has a #fragment, which is never sent to a server.") }
        if let port = components.port, !(1...65_535).contains(port) { throw .badURL("The port must be 1 to 65535.") }
        guard let url = components.url else { throw .badURL("“\(Self.shown(trimmed))” is not a web address.") }
        let chosen = events.subtracting([.test])
        guard !chosen.isEmpty else { throw .noEvents }
        let inChats = chosen.contains(where: \.needsChats)
        if inChats, chatIDs.isEmpty { throw .noChats }
        guard chatIDs.count <= Self.maxChats else { throw .tooManyChats(Self.maxChats) }
        guard !chatIDs.contains(0) else { throw .noChats }
        self.url = url
        self.events = chosen
        self.includesText = includesText
        self.chatIDs = inChats ? chatIDs : []
    }

    /// The chosen events in the order screens list them (`WebhookEvent.choosable`).
    public var orderedEvents: [WebhookEvent] { WebhookEvent.choosable.filter(events.contains) }

    /// Whether the webhook wants `event` in chat `chatID`.
    public func wants(_ event: WebhookEvent, inChat chatID: Int64) -> Bool {
        events.contains(event) && (!event.needsChats || chatIDs.contains(chatID))
    }

    /// At most 80 characters of what was typed, for a message.
    static func shown(_ text: String) -> String { text.count > 80 ? "\(text.prefix(80))…" : text }
}

/// Why a webhook was refused or could not be found.
public enum WebhookError: UserFacingError, Equatable {
    case badURL(String)
    case noEvents
    case unknownEvent(String)
    case notFound(String)
    case tooMany(Int)
    case noChats
    case tooManyChats(Int)
    case badLimit(Int)

    public var message: String {
        switch self {
        case .badURL(let why): "That webhook address cannot be used. \(why)"
        case .noEvents: "Choose at least one event to send to the webhook."
        case .unknownEvent(let name):
            "“\(WebhookEndpoint.shown(name))” is not an event. The events are \(WebhookEvent.choosable.map(\.rawValue).joined(separator: ", "))."
        case .notFound(let id): "No webhook has the id \(WebhookEndpoint.shown(id))."
        case .tooMany(let limit): "There are already \(limit) webhooks, the most there can be."
        case .noChats: "Messages and reads are sent only for the chats you choose: choose at least one chat."
        case .tooManyChats(let limit): "A webhook can follow at most \(limit) chats."
        case .badLimit(let most): "Ask for 1 to \(most) deliveries of the log."
        }
    }

    public var nextStep: String? {
        switch self {
        case .badURL: "Copy the address your automation tool shows for its webhook, starting with https://."
        case .noEvents, .unknownEvent: nil
        case .notFound: "List the webhooks to see their ids."
        case .tooMany: "Remove a webhook you no longer use first."
        case .noChats: "Give the chats by their ids, as the chat list shows them."
        case .tooManyChats, .badLimit: nil
        }
    }

    public var code: String {
        switch self {
        case .badURL: "bad_webhook_url"
        case .noEvents: "no_webhook_events"
        case .unknownEvent: "unknown_webhook_event"
        case .notFound: "webhook_not_found"
        case .tooMany: "too_many_webhooks"
        case .noChats: "no_webhook_chats"
        case .tooManyChats: "too_many_webhook_chats"
        case .badLimit: "bad_limit"
        }
    }
}

extension WebhookEndpoint {
    /// An endpoint read back from the store, checked when it was saved.
    public init(stored url: URL, events: Set<WebhookEvent>, includesText: Bool, chatIDs: Set<Int64>) {
        self.url = url
        self.events = events
        self.includesText = includesText
        self.chatIDs = chatIDs
    }
}
