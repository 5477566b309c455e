import Foundation
import Hummingbird
import TgtDomain
import TgtStore

/// `/api/settings`, `/api/password` and `/api/tokens`.
enum SettingsAPI {
    static func add(to api: RouterGroup<DashboardContext>, dashboard: Dashboard) {
        let store = dashboard.store
        let secrets = dashboard.secrets

        api.get("settings") { _, _ -> Response in
            JSONReply.ok(try settings(store))
        }

        api.patch("settings") { request, context -> Response in
            let input = try await JSONInput.read(request, context: context)
            try input.allowOnly(["default_location"])
            if input.has("default_location") {
                try store.setDefaultLocation(try defaultLocation(from: try input.string("default_location", maxLength: 100) ?? ""))
            }
            return JSONReply.ok(try settings(store))
        }

        api.post("password") { request, context -> Response in
            let input = try await JSONInput.read(request, context: context)
            try input.allowOnly(["current_password", "new_password"])
            let current = try input.string("current_password", maxLength: 1000)
            let new = try input.string("new_password", required: true, maxLength: 1000) ?? ""
            try secrets.setPassword(new, current: current)
            // Every other browser must sign in again with the new password.
            await dashboard.sessions.endAll(keeping: context.principal?.session?.token)
            return JSONReply.ok(["password_set": true])
        }

        api.get("tokens") { _, _ -> Response in
            JSONReply.ok(["tokens": secrets.tokens.map(token)])
        }

        api.post("tokens") { request, context -> Response in
            let input = try await JSONInput.read(request, context: context)
            try input.allowOnly(["name"])
            let (created, secret) = try secrets.createToken(name: try input.string("name", required: true, maxLength: 1000) ?? "")
            var object = token(created)
            object["secret"] = secret
            return JSONReply.ok(object, status: .created)
        }

        api.delete("tokens/{id}") { _, context -> Response in
            let text = context.parameters.get("id") ?? ""
            guard let id = UUID(uuidString: text), try secrets.revokeToken(id: id) else {
                throw APIError.notFound("There is no API token with id “\(text)”.")
            }
            return JSONReply.ok(["deleted": APIModels.id(id)])
        }
    }

    /// A default location as typed: blank forgets it, anything else must be "LAT,LON".
    static func defaultLocation(from text: String) throws -> Coordinate? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let coordinate = Coordinate(parsing: trimmed) else {
            throw APIError.badRequest("“\(trimmed)” is not a location: write latitude,longitude, e.g. 45.4642,9.19.")
        }
        return coordinate
    }

    static func settings(_ store: AppDatabase) throws -> [String: Any] {
        [
            "default_location": try store.defaultLocation()?.description ?? NSNull(),
            "account_name": try store.setting(.accountName) ?? NSNull(),
            "message_text_length_max": store.validator().maxTextLength,
        ]
    }

    static func token(_ token: APIToken) -> [String: Any] {
        ["id": APIModels.id(token.id), "name": token.name, "created_at": APIModels.date(token.createdAt)]
    }
}
