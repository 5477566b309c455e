import Foundation
import Hummingbird
import TgtApplication
import TgtDomain

/// Settings' snippets form: saved by `SnippetService`; a refused prefix shows what was typed
/// with the reason.
enum SnippetSettingsRoutes {
    static func add(to router: Router<DashboardContext>, dashboard: Dashboard) {
        router.post("/settings/snippets") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            let typed = SnippetSettings(isOn: form["on"] != nil, prefix: form["prefix"] ?? "")
            do {
                try dashboard.workspace.snippets.save(typed)
            } catch let error as any UserFacingError {
                return try await SettingsRoutes.page(dashboard, context: context, error: error.description, section: "snippets", snippetsForm: typed,
                                                     status: .badRequest)
            }
            return HTMLReply.redirect("/settings?done=snippets#snippets")
        }
    }
}
