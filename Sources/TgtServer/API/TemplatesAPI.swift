import Foundation
import Hummingbird
import TgtDomain
import TgtStore
import TgtTelegram

/// `/api/templates…`: list with filter groups, create, read, change, delete, duplicate, reorder.
enum TemplatesAPI {
    static func add(to api: RouterGroup<DashboardContext>, dashboard: Dashboard) {
        let store = dashboard.store
        let events = dashboard.host.events
        let markup = dashboard.host.environment.backend.transport

        api.get("templates") { request, _ -> Response in
            let search = request.uri.queryParameters["search"].map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            var chatID: Int64?
            if let text = request.uri.queryParameters["chat_id"].map(String.init) {
                guard let id = Int64(text) else { throw APIError.badRequest("“chat_id” must be a chat id.") }
                chatID = id
            }
            let listing = try TemplateListing(store: store, search: search, chatID: chatID)
            let positions = listing.positions
            return JSONReply.ok([
                "templates": listing.listed.map { APIModels.template($0, position: positions[$0.id] ?? 0) },
                "total": listing.all.count,
                "groups": listing.groups.map { ["chat_id": $0.chatID, "title": $0.title, "count": $0.count] as [String: Any] },
            ])
        }

        api.post("templates") { request, context -> Response in
            let input = try await JSONInput.read(request, context: context)
            var template = Template(name: "", body: "")
            try TemplateInput.apply(input, to: &template, store: store, creating: true)
            let saved = try store.insert(template, validator: store.validator(checkingMarkupWith: markup))
            events.send(.templatesChanged)
            return JSONReply.ok(APIModels.template(saved, position: try store.position(of: saved.id)), status: .created)
        }

        api.get("templates/{id}") { _, context -> Response in
            let template = try find(context, store: store)
            return JSONReply.ok(APIModels.template(template, position: try store.position(of: template.id)))
        }

        api.patch("templates/{id}") { request, context -> Response in
            var template = try find(context, store: store)
            let input = try await JSONInput.read(request, context: context)
            try TemplateInput.apply(input, to: &template, store: store, creating: false)
            let saved = try store.update(template, validator: store.validator(checkingMarkupWith: markup))
            events.send(.templatesChanged)
            return JSONReply.ok(APIModels.template(saved, position: try store.position(of: saved.id)))
        }

        api.delete("templates/{id}") { _, context -> Response in
            let template = try find(context, store: store)
            try store.deleteTemplate(id: template.id)
            events.send(.templatesChanged)
            return JSONReply.ok(["deleted": APIModels.id(template.id)])
        }

        api.post("templates/{id}/duplicate") { _, context -> Response in
            let template = try find(context, store: store)
            let copy = try store.duplicateTemplate(id: template.id)
            events.send(.templatesChanged)
            return JSONReply.ok(APIModels.template(copy, position: try store.position(of: copy.id)), status: .created)
        }

        api.put("templates/order") { request, context -> Response in
            let input = try await JSONInput.read(request, context: context)
            try input.allowOnly(["ids"])
            guard let raw = try input.strings("ids") else { throw APIError.badRequest("“ids” is required: every template id, in the new order.") }
            let ids = try raw.map { text -> UUID in
                guard let id = UUID(uuidString: text) else { throw APIError.badRequest("“\(text)” is not a template id.") }
                return id
            }
            let existing = Set(try store.templates().map(\.id))
            guard Set(ids) == existing, ids.count == existing.count else {
                throw APIError.badRequest("“ids” must list every template exactly once (\(existing.count) templates).")
            }
            try store.reorderTemplates(ids)
            events.send(.templatesChanged)
            return JSONReply.ok(["ids": ids.map(APIModels.id)])
        }

        api.get("icons") { _, _ -> Response in
            JSONReply.ok(["icons": TemplateIcon.allCases.map { ["name": $0.rawValue, "label": $0.label, "glyph": $0.terminalGlyph] }])
        }
    }

    /// The template named by the `{id}` path parameter, or a 404.
    static func find(_ context: DashboardContext, store: AppDatabase) throws -> Template {
        let text = context.parameters.get("id") ?? ""
        guard let id = UUID(uuidString: text), let template = try store.template(id: id) else {
            throw APIError.notFound("There is no template with id “\(text)”.")
        }
        return template
    }
}
