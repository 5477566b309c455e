import Foundation
import Hummingbird
import TgtDomain
import TgtQRCode
import TgtStore
import TgtTDLib
import TgtTelegram

/// `/api/status`, `/api/setup`, the login steps, `/api/logout`, `/api/chats`, `/api/sends`.
enum TelegramAPI {
    static func add(to api: RouterGroup<DashboardContext>, dashboard: Dashboard) {
        let host = dashboard.host
        let store = dashboard.store

        api.get("status") { _, _ -> Response in
            JSONReply.ok(await status(dashboard))
        }

        api.post("setup") { request, context -> Response in
            let input = try await JSONInput.read(request, context: context)
            try input.allowOnly(["api_id", "api_hash"])
            let apiID: String
            if let number = try? input.int64("api_id") { apiID = String(number) } else {
                apiID = try input.string("api_id", required: true, maxLength: 20) ?? ""
            }
            let hash = try input.string("api_hash", required: true, maxLength: 100) ?? ""
            let credentials = try APICredentials(apiID: apiID, apiHash: hash)
            try await host.saveCredentials(credentials)
            return JSONReply.ok(await status(dashboard))
        }

        api.get("login") { _, _ -> Response in
            JSONReply.ok(try await loginStep(host))
        }

        // API path → login step.
        let steps = [("phone", "phone_number"), ("code", "code"), ("password", "password"), ("email", "email_address"),
                     ("email-code", "email_code"), ("register", "registration"), ("qr", "qr")]
        for (path, step) in steps {
            let fields = LoginAnswers.fields[step] ?? []
            api.post("login/\(path)") { request, context -> Response in
                let input = try await JSONInput.read(request, context: context, allowEmpty: fields.isEmpty)
                try input.allowOnly(Set(fields))
                let flow = LoginFlow(session: try await host.requireSession(), timeout: 30)
                _ = try await LoginAnswers.submit(step, to: flow) { field in
                    try input.string(field, required: field != "last_name", maxLength: LoginAnswers.maxLength[field] ?? 256) ?? ""
                }
                return JSONReply.ok(try await loginStep(host))
            }
        }

        api.post("logout") { _, _ -> Response in
            try await host.logOut()
            return JSONReply.ok(await status(dashboard))
        }

        api.get("chats") { request, _ -> Response in
            let refresh = request.uri.queryParameters["refresh"].map { $0 == "true" || $0 == "1" } ?? false
            let search = request.uri.queryParameters["search"].map(String.init)?.trimmingCharacters(in: .whitespaces)
            var chats = try store.cachedChats(search: search?.isEmpty == false ? search : nil)
            let loggedIn = await host.session?.authorizationState == .ready
            if refresh || (chats.isEmpty && search?.isEmpty != false && loggedIn) {
                let fresh = try await host.refreshChats()
                chats = search?.isEmpty == false ? try store.cachedChats(search: search) : fresh
            }
            return JSONReply.ok(["chats": chats.map(APIModels.chat)])
        }

        api.get("sends") { request, _ -> Response in
            let limitText = request.uri.queryParameters["limit"].map(String.init) ?? "100"
            guard let limit = Int(limitText), (1...1000).contains(limit) else {
                throw APIError.badRequest("“limit” must be a number from 1 to 1000.")
            }
            return JSONReply.ok(["batches": APIModels.batches(try store.recentSends(limit: limit))])
        }
    }

    /// Everything the status line and first-run screens need.
    static func status(_ dashboard: Dashboard) async -> [String: Any] {
        let host = dashboard.host
        let session = await host.session
        let step = session.map { LoginStep($0.authorizationState) }
        var object: [String: Any] = [
            "version": TelegramEnvironment.applicationVersion,
            "demo": dashboard.options.isDemo,
            "credentials": await host.hasCredentials,
            "login": step.map(APIModels.loginStep) ?? NSNull(),
            "logged_in": step == .ready,
            "templates": (try? dashboard.store.templateCount()) ?? 0,
        ]
        if let state = session?.connection.current {
            object["connection"] = ["state": state.key, "label": state.label]
        } else {
            object["connection"] = NSNull()
        }
        if step == .ready, let session, let me = try? await session.account() {
            object["account"] = ["name": me.displayName]
            if (try? dashboard.store.setting(.accountName)) != me.displayName {
                try? dashboard.store.setSetting(.accountName, me.displayName)
            }
        } else {
            object["account"] = NSNull()
        }
        if let error = await host.lastStartError { object["error"] = ["code": error.code, "message": error.message] }
        return object
    }

    /// The current login step, with the QR code as an SVG when there is one.
    static func loginStep(_ host: SessionHost) async throws -> [String: Any] {
        let session = try await host.requireSession()
        let step = LoginStep(session.authorizationState)
        var object = APIModels.loginStep(step)
        if case .qrCode(let link) = step, let code = try? QRCode.encode(link) {
            object["qr_svg"] = code.svg()
        }
        return object
    }
}

