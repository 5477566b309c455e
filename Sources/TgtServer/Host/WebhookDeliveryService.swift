import Foundation
import ServiceLifecycle
import TgtApplication

/// Webhook deliveries while `tgt serve` runs (`WebhookDispatcher.keepRunning`, following the
/// store's changes from every process), and the chat events webhooks follow
/// (`LiveSession.watchForWebhookChatEvents`), until the server shuts down. Deliveries wait in the
/// store while nothing runs and go out at the next start.
struct WebhookDeliveryService: Service {
    let dashboard: Dashboard

    func run() async throws {
        let dispatcher = dashboard.workspace.webhooks.dispatcher(poster: dashboard.webhookPoster)
        let changes = dashboard.telegram.storeChanges()
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await dispatcher.keepRunning(following: changes) }
            group.addTask { await dashboard.telegram.watchForWebhookChatEvents() }
            try? await gracefulShutdown()
            group.cancelAll()
        }
    }
}
