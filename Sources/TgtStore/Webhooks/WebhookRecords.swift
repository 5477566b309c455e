import Foundation
import TgtDomain

/// A webhook as stored: its endpoint, when it was added, and the end of its secret (the secret
/// itself is in a 0600 file, `WebhookSecrets`, and shown to the person once).
public struct WebhookRecord: Sendable, Hashable, Identifiable {
    public var id: UUID
    public var endpoint: WebhookEndpoint
    public var createdAt: Date
    /// The secret's last four characters, to tell which one a receiver holds.
    public var secretHint: String

    public init(id: UUID = UUID(), endpoint: WebhookEndpoint, createdAt: Date, secretHint: String) {
        self.id = id
        self.endpoint = endpoint
        self.createdAt = createdAt
        self.secretHint = secretHint
    }
}

/// One event on its way to one webhook, as the delivery log keeps it: what it carries, how many
/// attempts it took and how the last one went.
public struct WebhookDelivery: Sendable, Hashable, Identifiable {
    /// Where a delivery stands.
    public enum State: String, Sendable, Codable, CaseIterable {
        /// Not delivered yet: due at `nextAttemptAt`.
        case pending
        /// The receiver answered 2xx.
        case delivered
        /// Every attempt failed (`WebhookRetry`), or its webhook's secret is gone.
        case failed
    }

    public var id: Int64
    public var webhookID: UUID
    public var event: WebhookEvent
    /// The event's id, the same on every attempt (`TgTemplates-Delivery`), for receivers that
    /// ignore repeats.
    public var eventID: String
    /// The JSON body, exactly as sent (and signed).
    public var payload: String
    public var state: State
    public var attempts: Int
    public var nextAttemptAt: Date?
    /// The last answer's HTTP status, when one came.
    public var lastStatus: Int?
    /// Why the last attempt failed, in words.
    public var lastError: String?
    public var createdAt: Date
    public var updatedAt: Date
}

/// A delivery to be recorded: `dedupeKey` names the event's source (a send log row and its
/// status, a trigger use) so the same event is never queued twice for one webhook.
public struct NewWebhookDelivery: Sendable, Hashable {
    public var webhookID: UUID
    public var event: WebhookEvent
    public var dedupeKey: String
    /// The event's id (`payload` names it too).
    public var eventID: String
    public var payload: String

    public init(webhookID: UUID, event: WebhookEvent, dedupeKey: String, eventID: String, payload: String) {
        self.webhookID = webhookID
        self.event = event
        self.eventID = eventID
        self.dedupeKey = dedupeKey
        self.payload = payload
    }
}

/// A row of the webhook outbox: something happened (`source` "send": a send log row reached
/// an outcome or got its origin; "trigger": a trigger link was used) that deliveries are to be
/// made from.
public struct WebhookOutboxItem: Sendable, Hashable {
    public var id: Int64
    public var source: String
    public var sourceID: String
    public var at: Date
}
