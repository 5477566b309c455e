import Foundation

/// The OpenAPI 3.1 description of `/api`, served at `/api/openapi.json`. A test holds it to
/// the router's routes; schemathesis fuzzes the server with it.
public enum OpenAPIDocument {
    /// The document as JSON bytes (sorted keys, stable between runs).
    public static var json: Data {
        (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    static var document: [String: Any] {
        [
            "openapi": "3.1.0",
            "info": [
                "title": "TgTemplates dashboard API", "version": "1",
                "description": "Every reply is an envelope: {\"success\": true, \"data\": …} or {\"success\": false, \"error\": {\"code\", \"message\"}}. Authenticate with “Authorization: Bearer <token>” (tokens are made on the settings page) or, from the dashboard's pages, with the session cookie plus the X-CSRF-Token header on state-changing requests.",
            ],
            "servers": [["url": "/"]],
            "security": [["bearerAuth": [String]()], ["cookieAuth": [String]()]],
            "paths": paths,
            "components": ["schemas": Schemas.all, "securitySchemes": [
                "bearerAuth": ["type": "http", "scheme": "bearer"],
                "cookieAuth": ["type": "apiKey", "in": "cookie", "name": WebSessions.cookieName],
            ]],
        ]
    }

    // MARK: - Paths

    static var paths: [String: Any] {
        let id = parameter("id", in: "path", schema: ["type": "string", "format": "uuid"], required: true)
        let login: (String, String?) -> [String: Any] = { summary, body in
            ["post": op(summary, tag: "login", body: body.map(ref), data: "LoginStep", errors: telegramErrors)]
        }
        return [
            "/api/status": ["get": op("Dashboard, Telegram login and connection state", tag: "status", data: "Status", errors: [])],
            "/api/setup": ["post": op("Save the Telegram API credentials (from my.telegram.org) and start TDLib", tag: "login",
                                      body: ref("SetupInput"), data: "Status", errors: [422, 500])],
            "/api/login": ["get": op("The current Telegram login step", tag: "login", data: "LoginStep", errors: telegramErrors)],
            "/api/login/phone": login("Submit the phone number", "PhoneInput"),
            "/api/login/code": login("Submit the login code", "CodeInput"),
            "/api/login/password": login("Submit the two-step verification password", "PasswordInput"),
            "/api/login/email": login("Submit the login email address", "EmailInput"),
            "/api/login/email-code": login("Submit the code sent by email", "CodeInput"),
            "/api/login/register": login("Create the account for a new phone number", "RegisterInput"),
            "/api/login/qr": login("Switch to QR-code login (scan with Telegram on a phone)", nil),
            "/api/logout": ["post": op("Log out of Telegram", tag: "login", data: "Status", errors: telegramErrors)],
            "/api/chats": ["get": op("Groups and forum topics that templates can target", tag: "chats", parameters: [
                parameter("search", in: "query", schema: ["type": "string"]),
                parameter("refresh", in: "query", schema: ["type": "string", "enum": ["true", "false", "1", "0"]]),
            ], data: "ChatList", errors: telegramErrors)],
            "/api/sends": ["get": op("Recent sends, grouped by tap, newest first", tag: "sends", parameters: [
                parameter("limit", in: "query", schema: ["type": "integer", "minimum": 1, "maximum": 1000]),
            ], data: "SendLog", errors: [])],
            "/api/templates": [
                "get": op("Templates in grid order, with filter groups", tag: "templates", parameters: [
                    parameter("search", in: "query", schema: ["type": "string"]),
                    parameter("chat_id", in: "query", schema: ["type": "integer"]),
                ], data: "TemplateList", errors: []),
                "post": op("Create a template", tag: "templates", body: ref("TemplateCreate"), data: "Template", status: "201", errors: [422]),
            ],
            "/api/templates/order": ["put": op("Reorder the grid", tag: "templates", body: ref("OrderInput"), data: "OrderResult", errors: [])],
            "/api/templates/{id}": [
                "parameters": [id],
                "get": op("One template", tag: "templates", data: "Template", errors: [404]),
                "patch": op("Change some fields of a template", tag: "templates", body: ref("TemplatePatch"), data: "Template", errors: [404, 422]),
                "delete": op("Delete a template", tag: "templates", data: "Deleted", errors: [404]),
            ],
            "/api/templates/{id}/duplicate": ["parameters": [id], "post": op("Copy a template", tag: "templates", data: "Template", status: "201", errors: [404, 422])],
            "/api/templates/{id}/send": ["parameters": [id], "post": op(
                "Send the template to all its targets (one tap); waits for Telegram's confirmation of each",
                tag: "send", body: ref("SendInput"), bodyRequired: false, data: "SendReport", errors: [404, 422] + telegramErrors)],
            "/api/preview": ["post": op("Render a body as it would be sent (TDLib's Markdown parser)", tag: "send", body: ref("PreviewInput"), data: "Preview", errors: [422])],
            "/api/icons": ["get": op("The icon set", tag: "templates", data: "IconList", errors: [])],
            "/api/settings": [
                "get": op("Settings", tag: "settings", data: "Settings", errors: []),
                "patch": op("Change settings", tag: "settings", body: ref("SettingsPatch"), data: "Settings", errors: []),
            ],
            "/api/password": ["post": op("Set or change the dashboard password", tag: "settings", body: ref("PasswordChange"), data: "PasswordResult", errors: [500])],
            "/api/tokens": [
                "get": op("API tokens (never their secrets)", tag: "settings", data: "TokenList", errors: []),
                "post": op("Create an API token; its secret is in this reply only", tag: "settings", body: ref("TokenInput"), data: "TokenCreated", status: "201", errors: [500]),
            ],
            "/api/tokens/{id}": ["parameters": [id], "delete": op("Revoke an API token", tag: "settings", data: "Deleted", errors: [404, 500])],
            "/api/events": ["get": [
                "summary": "Server-sent events: connection, login, send (per-target progress), templates",
                "tags": ["events"],
                "responses": ["200": ["description": "An endless text/event-stream", "content": ["text/event-stream": ["schema": ["type": "string"]]]],
                              "401": errorResponse],
            ]],
            "/api/openapi.json": ["get": [
                "summary": "This document", "tags": ["meta"],
                "responses": ["200": ["description": "OpenAPI 3.1", "content": ["application/json": ["schema": ["type": "object"]]]],
                              "401": errorResponse],
            ]],
        ]
    }

    static let telegramErrors = [409, 503]
    static let commonErrors = [400, 401, 403, 413, 415, 429]

    static func op(_ summary: String, tag: String, parameters: [[String: Any]] = [], body: [String: Any]? = nil,
                   bodyRequired: Bool = true, data: String, status: String = "200", errors: [Int]) -> [String: Any]
    {
        var responses: [String: Any] = [status: [
            "description": "Success", "content": ["application/json": ["schema": envelope(data)]],
        ]]
        for code in Set(commonErrors + errors) { responses[String(code)] = errorResponse }
        var operation: [String: Any] = ["summary": summary, "tags": [tag], "responses": responses, "operationId": operationID(summary)]
        if !parameters.isEmpty { operation["parameters"] = parameters }
        if let body {
            operation["requestBody"] = ["required": bodyRequired, "content": ["application/json": ["schema": body]]]
        }
        return operation
    }

    static func operationID(_ summary: String) -> String {
        summary.split { !$0.isLetter }.prefix(6).map { $0.lowercased().capitalized }.joined()
    }

    static func parameter(_ name: String, in location: String, schema: [String: Any], required: Bool = false) -> [String: Any] {
        ["name": name, "in": location, "required": required, "schema": schema]
    }

    static func ref(_ name: String) -> [String: Any] { ["$ref": "#/components/schemas/\(name)"] }

    static func envelope(_ data: String) -> [String: Any] {
        ["type": "object", "required": ["success", "data"], "properties": ["success": ["const": true], "data": ref(data)]]
    }

    static var errorResponse: [String: Any] {
        ["description": "Failure", "content": ["application/json": ["schema": ref("ErrorEnvelope")]]]
    }
}
