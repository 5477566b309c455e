import Foundation
import HTTPTypes
import Hummingbird
import TgtApplication
import TgtDomain

extension Pages {
    /// A trigger link opened in a browser (a home-screen bookmark, an NFC tag, a link preview):
    /// the template's name and one Send button. A GET never sends; only the button does.
    static func trigger(templateName: String) -> HTML {
        layout(title: "Send \(templateName)", page: "trigger", csrf: nil, scripts: ["trigger"], """
            <section class="card narrow"><h1>Send “\(templateName)”?</h1>
            <p>This link sends one message from your Telegram account.</p>
            <button type="button" class="primary big" id="trigger-send">Send</button>
            <p id="trigger-result" role="status" aria-live="polite"></p></section>
            """)
    }
}

/// `GET /t/{secret}`: the confirmation page of a trigger link. Anything that is not a live
/// trigger is the same "no such trigger" page, and counts as a wrong guess from that address.
/// `HEAD` answers the same (its body left out by `ErrorAndHeadersMiddleware`): it sends nothing.
enum TriggerRoutes {
    static func add(to router: Router<DashboardContext>, dashboard: Dashboard) {
        router.get("/t/{secret}") { _, context in try await page(context, dashboard: dashboard) }
        router.head("/t/{secret}") { _, context in try await page(context, dashboard: dashboard) }
    }

    private static func page(_ context: DashboardContext, dashboard: Dashboard) async throws -> Response {
        let client = context.clientKey
        let clock = dashboard.telegram.clock
        if let wait = await dashboard.triggerThrottle.retryAfter(for: client, now: clock.now) {
            throw APIError(.tooManyRequests, code: "rate_limited", message: "Too many wrong trigger links from here. Try again in \(wait) seconds.",
                           headers: [.retryAfter: "\(wait)"])
        }
        let secret = context.parameters.get("secret") ?? ""
        // Names only: nothing here needs a session.
        let service = dashboard.workspace.triggers
        do {
            return HTMLReply.page(Pages.trigger(templateName: try service.templateName(forSecret: secret)),
                                  headers: [.cacheControl: "no-store", HTTPField.Name("Referrer-Policy")!: "no-referrer"])
        } catch TriggerError.notFound {
            await dashboard.triggerThrottle.recordFailure(for: client, now: clock.now)
            return HTMLReply.page(Pages.errorPage(APIError(.notFound, code: "not_found", message: TriggerError.notFound.message)),
                                  status: .notFound, headers: [.cacheControl: "no-store"])
        }
    }
}
