import Foundation
import Hummingbird
import TgtDomain
import TgtStore
import TgtTDLib
import TgtTelegram

/// `POST /api/templates/{id}/send` (one tap) and `POST /api/preview` (the editor's live preview).
enum SendAPI {
    static func add(to api: RouterGroup<DashboardContext>, dashboard: Dashboard) {
        let store = dashboard.store
        let host = dashboard.host

        api.post("templates/{id}/send") { request, context -> Response in
            var template = try TemplatesAPI.find(context, store: store)
            let input = try await JSONInput.read(request, context: context, allowEmpty: true)
            try input.allowOnly(["variables", "location", "silent", "targets"])
            if let keys = try input.strings("targets") {
                // A retry of some targets only (the others already got the message).
                let known = Set(template.targets.map(\.key.description))
                if let unknown = keys.first(where: { !known.contains($0) }) {
                    throw APIError.badRequest("“\(unknown)” is not one of this template's targets.")
                }
                guard !keys.isEmpty else { throw APIError.badRequest("“targets” must name at least one target.") }
                template.targets = template.targets.filter { keys.contains($0.key.description) }
            }
            let variables = try input.stringMap("variables") ?? [:]
            for name in variables.keys {
                guard TemplateText.isValidName(name) else { throw APIError.badRequest("“\(name)” is not a variable name.") }
                guard BuiltinVariable(rawValue: name) == nil else { throw APIError.badRequest("{{\(name)}} is filled in automatically; it cannot be given.") }
                guard (variables[name]?.count ?? 0) <= 4096 else { throw APIError.badRequest("The value of “\(name)” is too long.") }
            }
            var location = try coordinate(input)
            if location == nil { location = try store.defaultLocation() }
            let request = SendRequest(template: template, variables: variables, location: location, silent: try input.bool("silent"))
            let report = try await host.send(request)
            return JSONReply.ok(APIModels.report(report, templateID: template.id))
        }

        api.post("preview") { request, context -> Response in
            let input = try await JSONInput.read(request, context: context)
            try input.allowOnly(["body", "variables", "location_mode", "chat_title"])
            let body = try input.string("body", required: true, maxLength: 50_000) ?? ""
            let values = try input.stringMap("variables") ?? [:]
            let mode = try input.string("location_mode").map { text -> LocationMode in
                guard let mode = LocationMode(rawValue: text) else { throw APIError.badRequest("“location_mode” must be none, map_link or native.") }
                return mode
            } ?? LocationMode.none
            let chat = try input.string("chat_title", maxLength: 255) ?? "Family"
            let preview = try await render(body: body, values: values, mode: mode, chatTitle: chat, dashboard: dashboard)
            return JSONReply.ok(preview)
        }
    }

    /// `location: {latitude, longitude}` or `"lat,lon"`.
    static func coordinate(_ input: JSONInput) throws -> Coordinate? {
        switch input.object["location"] {
        case nil, .null?:
            return nil
        case .string(let text)?:
            guard let parsed = Coordinate(parsing: text) else { throw APIError.badRequest("“location” is not a valid “lat,lon”.") }
            return parsed
        case .object(let raw)?:
            let object = JSONInput(raw)
            try object.allowOnly(["latitude", "longitude", "accuracy"])
            guard let latitude = try object.double("latitude"), let longitude = try object.double("longitude"),
                  let coordinate = Coordinate(latitude: latitude, longitude: longitude)
            else {
                throw APIError.badRequest("“location” needs a latitude (-90…90) and a longitude (-180…180).")
            }
            return coordinate
        default:
            throw APIError.badRequest("“location” must be {\"latitude\": …, \"longitude\": …} or “lat,lon”.")
        }
    }

    /// Renders a body the way a send would (sample values where the editor has none yet) and
    /// formats it with TDLib's own Markdown parser; entity offsets are UTF-16, as in browsers.
    static func render(body: String, values: [String: String], mode: LocationMode, chatTitle: String,
                       dashboard: Dashboard) async throws -> [String: Any]
    {
        let names: [String]
        do { names = try TemplateText(parsing: body).variableNames } catch {
            throw APIError(.unprocessableContent, code: error.code, message: error.message,
                           issues: [ValidationIssue(field: .body, message: error.message)])
        }
        var context = RenderContext()
        for name in names where BuiltinVariable(rawValue: name) == nil {
            let given = values[name] ?? ""
            context.custom[name] = given.isEmpty ? "‹\(name)›" : given
        }
        context.me = (try? dashboard.store.setting(.accountName)) ?? nil ?? "You"
        context.location = ((try? dashboard.store.defaultLocation()) ?? nil) ?? Coordinate(latitude: 45.4642, longitude: 9.19)
        let template = Template(name: "Preview", body: body, targets: [Target(chatID: 1, chatTitle: chatTitle)], locationMode: mode)
        let rendered: [RenderedMessage]
        do { rendered = try Renderer().render(template, context: context) } catch {
            throw APIError(.unprocessableContent, code: error.code, message: error.message, issues: [ValidationIssue(field: .body, message: error.message)])
        }
        guard let message = rendered.first else { throw APIError.badRequest("Nothing to preview.") }
        let preparer = MessagePreparer(transport: dashboard.host.environment.backend.transport, validator: dashboard.store.validator())
        let formatted: FormattedText
        do { formatted = try preparer.format(message.text, template: template) } catch {
            throw APIError(.unprocessableContent, code: error.code, message: error.message, issues: [ValidationIssue(field: .body, message: error.message)])
        }
        return [
            "text": formatted.text,
            "entities": formatted.entities.map { entity -> [String: Any] in
                var object: [String: Any] = ["offset": Int(entity.offset), "length": Int(entity.length), "type": entity.typeName]
                if case .string(let url)? = entity.type["url"] { object["url"] = url }
                return object
            },
            "length": formatted.text.unicodeScalars.count,
            "max_length": dashboard.store.validator().maxTextLength,
            "native_location": message.nativeLocation.map { $0.description } ?? NSNull(),
        ]
    }
}
