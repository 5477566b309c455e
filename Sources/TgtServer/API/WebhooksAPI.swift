import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// `/api/webhooks`: add (the secret in that reply only), list, remove, the delivery log and a
/// test delivery, through `WebhookService`.
extension DashboardAPI {
    var webhooks: WebhookService { workspace.webhooks }

    func listWebhooks(_ input: Operations.ListWebhooks.Input) async throws -> Operations.ListWebhooks.Output {
        .ok(.init(body: .json(.init(success: true, data: .init(webhooks: try webhooks.list().map(APIModels.webhook))))))
    }

    func createWebhook(_ input: Operations.CreateWebhook.Input) async throws -> Operations.CreateWebhook.Output {
        guard case .json(let body) = input.body else {
            throw APIError.badRequest("The request needs a JSON body with “url” and “events”.", code: "invalid_json")
        }
        let added = try webhooks.add(url: body.url, events: body.events.map(\.rawValue), includesText: body.includeText ?? false,
                                     chats: body.chatIds ?? [])
        return .created(.init(body: .json(.init(success: true, data: .init(
            webhook: APIModels.webhook(added.webhook), secret: added.secret, signatureHeader: WebhookSigner.signatureHeader)))))
    }

    func deleteWebhook(_ input: Operations.DeleteWebhook.Input) async throws -> Operations.DeleteWebhook.Output {
        let removed = try webhooks.remove(try Self.webhookID(input.path.id).uuidString)
        return .ok(.init(body: .json(.init(success: true, data: .init(deleted: APIModels.id(removed.id))))))
    }

    func testWebhook(_ input: Operations.TestWebhook.Input) async throws -> Operations.TestWebhook.Output {
        let delivery = try await webhooks.sendTest(try Self.webhookID(input.path.id).uuidString, via: dashboard.webhookPoster)
        return .ok(.init(body: .json(.init(success: true, data: APIModels.webhookDelivery(delivery)))))
    }

    func listWebhookDeliveries(_ input: Operations.ListWebhookDeliveries.Input) async throws -> Operations.ListWebhookDeliveries.Output {
        var hook: UUID?
        if let text = input.query.webhookId {
            hook = try webhooks.find(try Self.webhookID(text).uuidString).id
        }
        let deliveries = try webhooks.deliveries(webhookID: hook, limit: input.query.limit ?? 50)
        return .ok(.init(body: .json(.init(success: true, data: .init(deliveries: deliveries.map(APIModels.webhookDelivery))))))
    }

    static func webhookID(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw WebhookError.notFound(text) }
        return id
    }
}

extension APIModels {
    static func webhook(_ record: WebhookRecord) -> Components.Schemas.Webhook {
        .init(id: id(record.id), url: record.endpoint.url.absoluteString,
              events: record.endpoint.orderedEvents.compactMap { .init(rawValue: $0.rawValue) },
              includeText: record.endpoint.includesText, secretHint: record.secretHint, chatIds: record.endpoint.chatIDs.sorted(),
              createdAt: record.createdAt)
    }

    static func webhookDelivery(_ delivery: WebhookDelivery) -> Components.Schemas.WebhookDelivery {
        .init(id: delivery.id, webhookId: id(delivery.webhookID), event: .init(rawValue: delivery.event.rawValue) ?? .test,
              eventId: delivery.eventID, state: .init(rawValue: delivery.state.rawValue) ?? .failed, attempts: delivery.attempts,
              nextAttemptAt: delivery.state == .pending ? delivery.nextAttemptAt : nil, lastStatus: delivery.lastStatus,
              lastError: delivery.lastError, payload: delivery.payload, createdAt: delivery.createdAt, updatedAt: delivery.updatedAt)
    }
}
