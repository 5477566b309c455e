import Foundation
import Hummingbird
import TgtApplication
import TgtDomain

/// Settings' forms for trigger links: make one (its link and QR code shown once), rename,
/// revoke. `TriggerService` does the work; a refused form keeps what was typed.
enum TriggerSettingsRoutes {
    static func add(to router: Router<DashboardContext>, dashboard: Dashboard) {
        router.post("/settings/triggers") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            let typed = ["name", "template_id", "allow", "pin", "min_interval", "per_day", "expires"]
                .reduce(into: [String: String]()) { $0[$1] = form[$1] ?? "" }
            do {
                let made = try make(form, dashboard: dashboard)
                let origin = RequestContextMiddleware.origin(request, secure: dashboard.options.secureCookies) ?? dashboard.options.origin
                return try await SettingsRoutes.page(dashboard, context: context, madeTrigger: (made.trigger.name, origin + made.path))
            } catch let error as any UserFacingError {
                return try await SettingsRoutes.page(dashboard, context: context, error: error.description, section: "triggers", triggerForm: typed, status: .badRequest)
            }
        }

        router.post("/settings/triggers/{id}/rename") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            do {
                try dashboard.workspace.triggers.rename(try id(context), to: form["name"] ?? "")
            } catch let error as TriggerError where error != .notFound {
                return try await SettingsRoutes.page(dashboard, context: context, error: error.description, section: "triggers", status: .badRequest)
            }
            return HTMLReply.redirect("/settings?done=trigger-renamed#triggers")
        }

        router.post("/settings/triggers/{id}/revoke") { _, context -> Response in
            try dashboard.workspace.triggers.revoke(try id(context))
            return HTMLReply.redirect("/settings?done=trigger-revoked#triggers")
        }
    }

    static func make(_ form: FormInput, dashboard: Dashboard) throws -> TriggerService.Created {
        let now = dashboard.telegram.clock.now
        guard let template = UUID(uuidString: form["template_id"] ?? "") else { throw TriggerError.badLimit("Choose the template the link sends.") }
        let interval = try number(form["min_interval"], default: Int(TriggerPolicy.standardInterval), "The seconds between sends must be a whole number, 0 to 86400.")
        let perDay = try number(form["per_day"], default: TriggerPolicy.standardPerDay, "Sends a day must be a whole number, 1 to 1,000.")
        let expiry = (form["expires"] ?? "").trimmingCharacters(in: .whitespaces)
        let policy = TriggerPolicy(
            variables: try TriggerPolicy.variables(parsing: form["allow"] ?? ""),
            pinned: try TriggerPolicy.pinned(parsing: (form["pin"] ?? "").components(separatedBy: .newlines)),
            minimumInterval: TimeInterval(interval), perDay: perDay,
            expires: expiry.isEmpty ? nil : try TriggerPolicy.expiry(parsing: expiry, timeZone: .current, now: now))
        return try dashboard.workspace.triggers.create(templateID: template, name: form["name"] ?? "", policy: policy)
    }

    static func number(_ text: String?, default value: Int, _ message: String) throws -> Int {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return value }
        guard let number = Int(trimmed) else { throw TriggerError.badLimit(message) }
        return number
    }

    static func id(_ context: DashboardContext) throws -> UUID {
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)) else { throw TriggerError.notFound }
        return id
    }
}
