import Foundation
import Hummingbird
import TgtApplication
import TgtDomain

/// Settings' forms for webhooks: add one (its secret shown on the page that answers, once),
/// send a test delivery, remove. `WebhookService` does the work; a refused form keeps what was
/// typed and saves nothing.
enum WebhookSettingsRoutes {
    static func add(to router: Router<DashboardContext>, dashboard: Dashboard) {
        router.post("/settings/webhooks") { request, context -> Response in
            var request = request
            let typed = typed(try await FormInput.read(&request, context: context))
            do {
                let added = try dashboard.workspace.webhooks.add(url: typed.url, events: typed.events.map(\.rawValue),
                                                                 includesText: typed.includesText, chats: Array(typed.chatIDs))
                // The secret is in this page only: never in a URL or a redirect (settings.js
                // then replaces this POST in the history, so a reload does not show it again).
                return try await SettingsRoutes.page(dashboard, context: context, section: "webhooks", addedWebhook: (added.webhook, added.secret))
            } catch let error as any UserFacingError {
                return try await SettingsRoutes.page(dashboard, context: context, error: message(for: error), section: "webhooks",
                                                     webhookForm: typed, status: .badRequest)
            }
        }

        router.post("/settings/webhooks/{id}/test") { _, context -> Response in
            do {
                let delivery = try await dashboard.workspace.webhooks.sendTest(try id(context), via: dashboard.webhookPoster)
                return HTMLReply.redirect("/settings?done=webhook-test&delivery=\(delivery.id)#webhooks")
            } catch let error as WebhookError {
                return try await SettingsRoutes.page(dashboard, context: context, error: message(for: error), section: "webhooks", status: .notFound)
            }
        }

        router.post("/settings/webhooks/{id}/remove") { _, context -> Response in
            do {
                try dashboard.workspace.webhooks.remove(try id(context))
            } catch let error as WebhookError {
                return try await SettingsRoutes.page(dashboard, context: context, error: message(for: error), section: "webhooks", status: .notFound)
            }
            return HTMLReply.redirect("/settings?done=webhook-removed#webhooks")
        }
    }

    /// What the form holds: the address, the ticked events (`event_<name>`), whether text goes,
    /// and the ticked chats (`chat_<id>`).
    static func typed(_ form: FormInput) -> Pages.WebhookForm {
        let chats = form.fields.keys.compactMap { key in key.hasPrefix("chat_") ? Int64(key.dropFirst("chat_".count)) : nil }
        return Pages.WebhookForm(url: form["url"] ?? "", events: Set(WebhookEvent.choosable.filter { form["event_\($0.rawValue)"] != nil }),
                                 includesText: form["include_text"] != nil, chatIDs: Set(chats))
    }

    /// The words for a refusal, with the dashboard's next step where the core's names the
    /// command line's way of doing it.
    static func message(for error: any UserFacingError) -> String {
        switch error as? WebhookError {
        case .noChats?: "\(error.message) Tick at least one under “Chats for messages received and reads”."
        case .notFound?: "That webhook is gone: it may have been removed in another window."
        default: error.description
        }
    }

    /// How the test delivery `text` (its id, from the redirect) went, for the notice above the
    /// section: an information when delivered, an error when not.
    static func testOutcome(_ dashboard: Dashboard, delivery text: String?) throws -> (message: String?, error: String?) {
        guard let id = text.flatMap({ Int64($0) }),
              let delivery = try dashboard.workspace.webhooks.deliveries(limit: 50).first(where: { $0.id == id })
        else { return (nil, nil) }
        let host = try dashboard.workspace.webhooks.list().first(where: { $0.id == delivery.webhookID }).map { Pages.webhookHost($0.endpoint.url) }
            ?? "the webhook"
        switch delivery.state {
        case .delivered:
            return ("Test delivered to \(host): it answered HTTP \(delivery.lastStatus.map(String.init) ?? "2xx").", nil)
        case .failed, .pending:
            return (nil, "The test delivery to \(host) failed. \(delivery.lastError ?? "No answer came.")")
        }
    }

    static func id(_ context: DashboardContext) throws -> String {
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)) else {
            throw WebhookError.notFound(context.parameters.get("id") ?? "")
        }
        return id.uuidString
    }
}
