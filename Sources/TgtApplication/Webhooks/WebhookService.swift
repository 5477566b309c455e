import Foundation
import TgtDomain
import TgtStore

/// Webhooks for every face (the dashboard's Settings, the API, `tgt webhooks`): add one (its
/// secret shown once), list, remove, read the delivery log, and send a test delivery.
public struct WebhookService: Sendable {
    let store: AppDatabase
    let secrets: WebhookSecrets
    public var clock: any AppClock { store.clock }

    init(store: AppDatabase, directory: DataDirectory) {
        self.store = store
        self.secrets = WebhookSecrets(directory: directory)
    }

    /// A webhook just added, with its secret: the only time the secret is shown.
    public struct Added: Sendable {
        public var webhook: WebhookRecord
        public var secret: String
    }

    /// Adds a webhook for `url` and `events` (names as `WebhookEvent(named:)` reads them), and
    /// for messages and reads the chats `chats`, after checking them all; nothing changes when
    /// any is refused.
    public func add(url: String, events names: [String], includesText: Bool, chats: [Int64] = []) throws -> Added {
        var events = Set<WebhookEvent>()
        for name in names.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let event = WebhookEvent(named: name), event != .test else { throw WebhookError.unknownEvent(name) }
            events.insert(event)
        }
        let endpoint = try WebhookEndpoint(url: url, events: events, includesText: includesText, chatIDs: Set(chats))
        let limit = WebhookEndpoint.maxWebhooks
        guard try store.webhooks().count < limit else { throw WebhookError.tooMany(limit) }
        let secret = WebhookSigner.newSecret()
        let record = WebhookRecord(endpoint: endpoint, createdAt: clock.now, secretHint: String(secret.suffix(4)))
        try secrets.save(secret, for: record.id)
        do {
            guard try store.addWebhook(record, limit: limit) else {
                secrets.remove(for: record.id)
                throw WebhookError.tooMany(limit)
            }
        } catch {
            secrets.remove(for: record.id)
            throw error
        }
        return Added(webhook: record, secret: secret)
    }

    /// Every webhook, oldest first.
    public func list() throws(StoreError) -> [WebhookRecord] { try store.webhooks() }

    /// The webhook whose id is `text`, or starts with it (at least four characters, one match).
    public func find(_ text: String) throws -> WebhookRecord {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        let matches = try store.webhooks().filter { hook in
            let id = hook.id.uuidString.lowercased()
            return id == key || (key.count >= 4 && id.hasPrefix(key))
        }
        guard matches.count == 1, let found = matches.first else { throw WebhookError.notFound(text) }
        return found
    }

    /// Removes the webhook `text` names, its delivery log and its secret.
    @discardableResult
    public func remove(_ text: String) throws -> WebhookRecord {
        let hook = try find(text)
        guard try store.removeWebhook(id: hook.id) else { throw WebhookError.notFound(text) }
        secrets.remove(for: hook.id)
        return hook
    }

    /// The delivery log, newest first: of one webhook, or of all; `limit` is 1 to
    /// `WebhookEndpoint.maxLogPage`.
    public func deliveries(webhookID: UUID? = nil, limit: Int = 50) throws -> [WebhookDelivery] {
        guard (1...WebhookEndpoint.maxLogPage).contains(limit) else { throw WebhookError.badLimit(WebhookEndpoint.maxLogPage) }
        return try store.webhookDeliveries(webhookID: webhookID, limit: limit)
    }

    /// Sends a test delivery to the webhook `text` names, through `poster`, once, and returns
    /// how it went (it is in the delivery log too).
    public func sendTest(_ text: String, via poster: any WebhookPosting) async throws -> WebhookDelivery {
        let hook = try find(text)
        let id = WebhookEventID.make()
        let body = WebhookPayload(id: id, type: WebhookEvent.test.rawValue, createdAt: clock.now, data: WebhookTestData(
            webhookID: hook.id.uuidString.lowercased(), message: "A test delivery from TgTemplates: the signature checks out if you can read this."
        )).encoded()
        guard let delivery = try store.addTestDelivery(
            NewWebhookDelivery(webhookID: hook.id, event: .test, dedupeKey: "test:\(id)", eventID: id, payload: String(decoding: body, as: UTF8.self)),
            at: clock.now)
        else { throw WebhookError.notFound(text) }
        await dispatcher(poster: poster).attempt(delivery)
        return try store.webhookDelivery(id: delivery.id) ?? delivery
    }

    /// The dispatcher that delivers through `poster` (`tgt serve` keeps one running).
    public func dispatcher(poster: any WebhookPosting) -> WebhookDispatcher {
        WebhookDispatcher(store: store, secrets: secrets, poster: poster)
    }
}
