import Foundation
import TgtApplication
import Hummingbird
import TgtDomain

/// The settings page and its forms: default location, password, API tokens, Telegram logout.
enum SettingsRoutes {
    static func add(to router: Router<DashboardContext>, dashboard: Dashboard) {
        let workspace = dashboard.workspace

        router.get("/settings") { request, context -> Response in
            let done = request.uri.queryParameters["done"].map(String.init)
            // A webhook's test: how it went, from the delivery log.
            if done == "webhook-test" {
                let outcome = try WebhookSettingsRoutes.testOutcome(dashboard, delivery: request.uri.queryParameters["delivery"].map(String.init))
                return try await page(dashboard, context: context, message: outcome.message, error: outcome.error, section: "webhooks")
            }
            // What a form's redirect says, and in which section (where the browser lands).
            let (message, section): (String?, String?) = switch done {
            case "location": ("Default location saved.", "location")
            case "undo-hold": ("Undo hold saved.", "undo-hold")
            case "password": ("Password changed; other browsers were signed out.", "password")
            case "revoked": ("Token revoked.", "tokens")
            case "logout": ("Logged out of Telegram.", "telegram")
            case "media-cleared": ("Downloaded media deleted; photos and files download again when you open them. Chat photos and stickers stay, as in Telegram's apps.", "media")
            case "away": ("Away replies saved.", "away")
            case "snippets": ("Snippets saved.", "snippets")
            case "trigger-renamed": ("Trigger link renamed.", "triggers")
            case "trigger-revoked": ("Trigger link revoked: its link sends nothing any more.", "triggers")
            case "webhook-removed": ("Webhook removed: nothing more is sent to it.", "webhooks")
            default: (nil, nil)
            }
            return try await page(dashboard, context: context, message: message, section: section)
        }

        // Every template and timer as one file (the format `tgt templates import` and the
        // iPhone app's Settings → Import read): how templates made here, place rules included,
        // reach the phone, and a backup.
        router.get("/settings/export") { _, _ -> Response in
            let data = try workspace.templates().exportArchive().encoded()
            let day = Date.ISO8601FormatStyle().year().month().day().format(workspace.clock.now)
            return Response(status: .ok, headers: [
                .contentType: "application/json; charset=utf-8",
                .contentDisposition: "attachment; filename=\"tgtemplates-\(day).json\"",
                .cacheControl: "no-store",
            ], body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
        }

        router.post("/settings/location") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            do {
                try workspace.settings.setDefaultLocation(typed: form["default_location"] ?? "")
            } catch let error as SettingsError {
                return try await page(dashboard, context: context, error: error.description, section: "location", status: .badRequest)
            }
            return HTMLReply.redirect("/settings?done=location#location")
        }

        router.post("/settings/undo-hold") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            do {
                try workspace.settings.setUndoHold(typed: form["undo_hold"] ?? "")
            } catch let error as UndoHoldError {
                return try await page(dashboard, context: context, error: error.description, section: "undo-hold", status: .badRequest)
            }
            return HTMLReply.redirect("/settings?done=undo-hold#undo-hold")
        }

        router.post("/settings/password") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            do {
                try dashboard.secrets.setPassword(form["new_password"] ?? "", current: form["current_password"] ?? "")
            } catch {
                return try await page(dashboard, context: context, error: APIError.message(for: error), section: "password", status: .badRequest)
            }
            await dashboard.sessions.endAll(keeping: context.principal?.session?.token)
            return HTMLReply.redirect("/settings?done=password#password")
        }

        router.post("/settings/tokens") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            do {
                let (_, secret) = try dashboard.secrets.createToken(name: form["name"] ?? "", now: workspace.clock.now)
                return try await page(dashboard, context: context, section: "tokens", newSecret: secret)
            } catch {
                return try await page(dashboard, context: context, error: APIError.message(for: error), section: "tokens", status: .badRequest)
            }
        }

        router.post("/settings/tokens/{id}/revoke") { _, context -> Response in
            guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)), try dashboard.secrets.revokeToken(id: id) else {
                throw APIError.notFound("There is no such API token.")
            }
            return HTMLReply.redirect("/settings?done=revoked#tokens")
        }

        TriggerSettingsRoutes.add(to: router, dashboard: dashboard)
        AwaySettingsRoutes.add(to: router, dashboard: dashboard)
        SnippetSettingsRoutes.add(to: router, dashboard: dashboard)
        WebhookSettingsRoutes.add(to: router, dashboard: dashboard)

        router.post("/settings/media-cache/clear") { _, context -> Response in
            do {
                _ = try await dashboard.telegram.chats().mediaCache(clear: true)
            } catch {
                return try await page(dashboard, context: context, error: APIError.message(for: error), section: "media", status: .conflict)
            }
            return HTMLReply.redirect("/settings?done=media-cleared#media")
        }

        router.post("/settings/telegram-logout") { _, context -> Response in
            do {
                try await dashboard.telegram.logOut()
            } catch {
                return try await page(dashboard, context: context, error: APIError.message(for: error), section: "telegram", status: .badGateway)
            }
            return HTMLReply.redirect("/settings?done=logout#telegram")
        }
    }

    static func page(_ dashboard: Dashboard, context: DashboardContext, message: String? = nil, error: String? = nil, section: String? = nil,
                     newSecret: String? = nil, madeTrigger: (name: String, link: String)? = nil, triggerForm: [String: String] = [:],
                     awayForm: AwaySettings? = nil, snippetsForm: SnippetSettings? = nil,
                     addedWebhook: (webhook: WebhookRecord, secret: String)? = nil, webhookForm: Pages.WebhookForm? = nil,
                     status: HTTPResponse.Status = .ok) async throws -> Response
    {
        let now = dashboard.telegram.clock.now
        // The Telegram templates, which both a trigger and an away reply may send: read once.
        let telegram = try dashboard.workspace.templates().all().filter { $0.kind == .telegram }.map { ($0.id, $0.name) }
        let triggers = Pages.TriggersModel(
            triggers: try dashboard.workspace.triggers.listWithTemplates(),
            templates: telegram, made: madeTrigger, form: triggerForm, now: now)
        let awaySettings = try awayForm ?? dashboard.workspace.away.settings()
        // Read once: away replies exclude people, webhooks follow chats.
        let chats = try dashboard.workspace.cachedChats()
        var people = chats.filter { $0.kind == .privateChat }.map { AwayPerson(userID: $0.id, name: $0.title) }
        for person in awaySettings.excluded where !people.contains(where: { $0.userID == person.userID }) { people.append(person) }
        let awayStatus = try dashboard.workspace.away.status()
        let away = Pages.AwayModel(settings: awaySettings, templates: telegram, people: people, checkedAt: awayStatus.checkedAt,
                                   answersLastHour: awayStatus.answersLastHour, now: now)
        let snippets = Pages.SnippetsModel(settings: try snippetsForm ?? dashboard.workspace.snippets.settings(),
                                           checkedAt: try dashboard.workspace.snippets.checkedAt(), example: telegram.first?.1, now: now)
        let webhooks = Pages.WebhooksModel(
            webhooks: try dashboard.workspace.webhooks.list(), deliveries: try dashboard.workspace.webhooks.deliveries(limit: Pages.webhookLogLength),
            chats: chats.filter { $0.kind != .savedMessages }.map { ($0.id, $0.title) }, added: addedWebhook,
            form: webhookForm ?? Pages.WebhookForm(), now: now)
        let state = await dashboard.telegram.state()
        let loggedIn = state.isLoggedIn
        let account = state.accountName
        let mediaCache = loggedIn ? try? await dashboard.telegram.chats().mediaCache(clear: false) : nil
        let model = Pages.SettingsModel(
            account: account, connection: state.connection?.label, loggedIn: loggedIn, demo: dashboard.options.isDemo,
            defaultLocation: try dashboard.workspace.settings.defaultLocation()?.description, undoHold: try dashboard.workspace.settings.undoHold().seconds,
            mediaCache: mediaCache, tokens: dashboard.secrets.tokens, triggers: triggers, away: away, snippets: snippets, webhooks: webhooks,
            newSecret: newSecret, message: message, error: error, section: section, version: TelegramConnection.applicationVersion)
        return HTMLReply.page(Pages.settings(model, csrf: try PageRoutes.csrfToken(context)), status: status)
    }
}
