import Foundation
import Hummingbird
import TgtApplication
import TgtDomain
import TgtQRCode

/// The HTML pages: sign-in, first-run setup and Telegram login, the grid, the editor, the
/// chats, the timers, what is scheduled, the send log and settings. Forms post here (CSRF checked by `AuthMiddleware`) and redirect.
enum PageRoutes {
    /// The template named by the `{id}` path parameter, or a 404.
    static func template(_ context: DashboardContext, workspace: Workspace) throws -> Template {
        let text = context.parameters.get("id") ?? ""
        guard let id = UUID(uuidString: text), let template = try workspace.templates().template(id: id) else {
            throw APIError.notFound("There is no template with id “\(text)”.")
        }
        return template
    }

    static func add(to router: Router<DashboardContext>, dashboard: Dashboard) {
        SignInRoutes.add(to: router, dashboard: dashboard)
        TriggerRoutes.add(to: router, dashboard: dashboard)
        let telegram = dashboard.telegram
        let workspace = dashboard.workspace

        router.get("/") { request, context -> Response in
            let csrf = try csrfToken(context)
            if let gate = await firstRunRedirect(dashboard) { return gate }
            let search = request.uri.queryParameters["q"].map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            let chat = request.uri.queryParameters["chat"].flatMap { Int64(String($0)) }
            let kind = request.uri.queryParameters["kind"].flatMap { TemplateKind(rawValue: String($0)) }
            let listing = try TemplateListing(templates: workspace.templates(), search: search, chatID: chat, kind: kind)
            let model = Pages.GridModel(templates: listing.listed, total: listing.all.count, groups: listing.groups, selectedChat: chat,
                                        kinds: listing.kinds, selectedKind: kind, search: search,
                                        demo: dashboard.options.isDemo && !Pages.Notices.isDismissed(Pages.Notices.demoGrid, in: request),
                                        undoHold: try workspace.sendRules.hold(for: .grid).seconds)
            return HTMLReply.page(Pages.templates(model, csrf: csrf))
        }

        router.get("/templates/new") { request, context -> Response in
            let kind = request.uri.queryParameters["kind"].flatMap { TemplateKind(rawValue: String($0)) } ?? .telegram
            return HTMLReply.page(Pages.editor(template: nil, kind: kind, chats: try workspace.cachedChats(), stale: !(try workspace.chatDirectoryIsCurrent()), csrf: try csrfToken(context), now: workspace.clock.now))
        }

        router.get("/templates/{id}/edit") { _, context -> Response in
            let template = try PageRoutes.template(context, workspace: workspace)
            return HTMLReply.page(Pages.editor(template: template, chats: try workspace.cachedChats(), stale: !(try workspace.chatDirectoryIsCurrent()), csrf: try csrfToken(context), now: workspace.clock.now))
        }

        // The Chats tab needs Telegram: first run and login come first. A shell the scripts fill.
        router.get("/chats") { _, context -> Response in
            let csrf = try csrfToken(context)
            if let gate = await firstRunRedirect(dashboard) { return gate }
            return HTMLReply.page(Pages.chats(csrf: csrf))
        }

        // Timers work without Telegram: no first-run redirect.
        router.get("/timers") { request, context -> Response in
            let demo = dashboard.options.isDemo && !Pages.Notices.isDismissed(Pages.Notices.demoTimers, in: request)
            return HTMLReply.page(Pages.timers(csrf: try csrfToken(context), demo: demo))
        }

        // What waits on Telegram's schedule; the list comes from the API (works logged out too).
        router.get("/scheduled") { _, context -> Response in
            HTMLReply.page(Pages.scheduled(csrf: try csrfToken(context)))
        }

        router.get("/sends") { _, context -> Response in
            let entries = try workspace.sendLog.recent(limit: 200)
            return HTMLReply.page(Pages.sends(entries, replies: try workspace.sendLog.replies(to: entries.map(\.id)),
                                              followUps: try workspace.followUps.forSends(entries.map(\.id)), csrf: try csrfToken(context), now: workspace.clock.now))
        }

        // The phone tab bar's More: Recent, Settings, installing, signing out.
        router.get("/more") { _, context -> Response in
            HTMLReply.page(Pages.more(csrf: try csrfToken(context)))
        }

        router.get("/setup") { _, context -> Response in
            if dashboard.options.isDemo { return HTMLReply.redirect("/telegram") }
            let apiID = (try? telegram.apiCredentials())?.map { String($0.apiID) } ?? ""
            return HTMLReply.page(Pages.setup(csrf: try csrfToken(context), error: nil, apiID: apiID))
        }

        router.post("/setup") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            do {
                let credentials = try APICredentials(apiID: form["api_id"] ?? "", apiHash: form["api_hash"] ?? "")
                try await telegram.saveCredentials(credentials)
                return HTMLReply.redirect("/telegram")
            } catch let error as CredentialsError {
                return HTMLReply.page(Pages.setup(csrf: try csrfToken(context), error: APIError.message(for: error), apiID: form["api_id"] ?? ""), status: .badRequest)
            }
        }

        router.get("/telegram") { _, context -> Response in
            if await !telegram.hasCredentials { return HTMLReply.redirect("/setup") }
            return try await telegramPage(dashboard, context: context, error: nil)
        }

        router.post("/telegram") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            let steps = try await telegram.loginSteps()
            let posted = form["step"] ?? ""
            // A form from an older page (the login moved on meanwhile): show where it is now.
            let now = try await steps.current()
            if posted != "qr", posted != now.key { return HTMLReply.redirect(now.isReady ? "/" : "/telegram") }
            do {
                let step = try await LoginAnswers.submit(posted, to: steps) { form[$0] ?? "" }
                return HTMLReply.redirect(step.isReady ? "/" : "/telegram")
            } catch {
                return try await telegramPage(dashboard, context: context, error: APIError.message(for: error), status: .badRequest)
            }
        }

        SettingsRoutes.add(to: router, dashboard: dashboard)
    }

    /// Sends a browser to setup or login until both are done.
    static func firstRunRedirect(_ dashboard: Dashboard) async -> Response? {
        if let step = await dashboard.telegram.state(accountName: false).step {
            return step == .ready ? nil : HTMLReply.redirect("/telegram")
        }
        return await dashboard.telegram.hasCredentials ? HTMLReply.redirect("/telegram") : HTMLReply.redirect("/setup")
    }

    static func telegramPage(_ dashboard: Dashboard, context: DashboardContext, error: String?, status: HTTPResponse.Status = .ok) async throws -> Response {
        let step = try await dashboard.telegram.loginStep()
        if step == .ready, error == nil { return HTMLReply.redirect("/") }
        var svg: String?
        if case .qrCode(let link) = step { svg = try? QRCode.encode(link).svg() }
        return HTMLReply.page(Pages.telegramLogin(csrf: try csrfToken(context), step: step, qrSVG: svg, error: error, demo: dashboard.options.isDemo), status: status)
    }

    /// The signed-in browser's CSRF token (pages are only rendered for signed-in browsers;
    /// API tokens get a page without one and cannot post its forms).
    static func csrfToken(_ context: DashboardContext) throws -> String {
        context.principal?.session?.csrfToken ?? ""
    }
}
