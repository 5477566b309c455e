import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// `/api/templates…` and `/api/icons`: the grid's templates, created, changed, copied,
/// reordered and deleted; open pages hear of every change from the store.
extension DashboardAPI {
    typealias Schemas = Components.Schemas

    func listTemplates(_ input: Operations.ListTemplates.Input) async throws -> Operations.ListTemplates.Output {
        let search = (input.query.search ?? "").trimmingCharacters(in: .whitespaces)
        let listing = try TemplateListing(templates: workspace.templates(), search: search, chatID: input.query.chatId.map(Int64.init), kind: input.query.kind)
        let positions = listing.positions
        return .ok(.init(body: .json(.init(success: true, data: .init(
            groups: listing.groups.map { .init(chatId: Int($0.chatID), count: $0.count, title: $0.title) },
            kinds: listing.kinds.map { .init(count: $0.count, kind: $0.kind, label: $0.kind.label) },
            templates: listing.listed.map { APIModels.template($0, position: positions[$0.id] ?? 0) },
            total: listing.all.count)))))
    }

    func createTemplate(_ input: Operations.CreateTemplate.Input) async throws -> Operations.CreateTemplate.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let fields = TemplateInput.Fields(name: body.name, icon: body.icon, body: body.body, targets: body.targets,
                                          locationMode: body.locationMode, silent: body.silent, kind: body.kind, to: body.to, cc: body.cc,
                                          subject: body.subject, place: body.place)
        return .created(.init(body: .json(.init(success: true, data: try await save(fields, onto: nil)))))
    }

    func getTemplate(_ input: Operations.GetTemplate.Input) async throws -> Operations.GetTemplate.Output {
        let template = try template(input.path.id)
        return .ok(.init(body: .json(.init(success: true, data: APIModels.template(template, position: try workspace.templates().position(of: template.id))))))
    }

    func updateTemplate(_ input: Operations.UpdateTemplate.Input) async throws -> Operations.UpdateTemplate.Output {
        let template = try template(input.path.id)
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let fields = TemplateInput.Fields(name: body.name, icon: body.icon, body: body.body, targets: body.targets,
                                          locationMode: body.locationMode, silent: body.silent, kind: body.kind, to: body.to, cc: body.cc,
                                          subject: body.subject, place: body.place, removePlace: body.removePlace)
        return .ok(.init(body: .json(.init(success: true, data: try await save(fields, onto: template)))))
    }

    func deleteTemplate(_ input: Operations.DeleteTemplate.Input) async throws -> Operations.DeleteTemplate.Output {
        let template = try template(input.path.id)
        try templates.delete(template.id)
        return .ok(.init(body: .json(.init(success: true, data: .init(deleted: APIModels.id(template.id))))))
    }

    func duplicateTemplate(_ input: Operations.DuplicateTemplate.Input) async throws -> Operations.DuplicateTemplate.Output {
        let template = try template(input.path.id)
        let copy = try templates.duplicate(template.id)
        return .created(.init(body: .json(.init(success: true, data: APIModels.template(copy, position: try workspace.templates().position(of: copy.id))))))
    }

    func reorderTemplates(_ input: Operations.ReorderTemplates.Input) async throws -> Operations.ReorderTemplates.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let ids = try body.ids.map { text -> UUID in
            guard let id = UUID(uuidString: text) else { throw APIError.badRequest("“\(text)” is not a template id.") }
            return id
        }
        try templates.reorder(ids)
        return .ok(.init(body: .json(.init(success: true, data: .init(ids: ids.map(APIModels.id))))))
    }

    /// Applies `fields` to `template` (a new one when nil) and saves it with the rules a send
    /// applies (Markdown checked by TDLib).
    private func save(_ fields: TemplateInput.Fields, onto template: Template?) async throws -> Schemas.Template {
        var changed = template ?? Template(name: "", body: "", createdAt: telegram.clock.now)
        try await TemplateInput.apply(fields, to: &changed, workspace: workspace) { chatID in await liveChat(chatID) }
        let saved = try templates.save(changed, isNew: template == nil)
        return APIModels.template(saved, position: try workspace.templates().position(of: saved.id))
    }

    /// Asks the live session about a target's chat that the cached directory does not list:
    /// whether Telegram knows it and whether the account may post there. Nil when logged out
    /// or Telegram did not answer (the send checks it then).
    private func liveChat(_ chatID: Int64) async -> TemplateService.LiveChat? {
        guard let chats = try? await telegram.chats() else { return nil }
        return await chats.liveChat(chatID)
    }

    /// Templates saved with the Markdown checked by the session's TDLib.
    var templates: TemplateService {
        telegram.templates
    }

    func listIcons(_ input: Operations.ListIcons.Input) async throws -> Operations.ListIcons.Output {
        .ok(.init(body: .json(.init(success: true, data: .init(
            icons: TemplateIcon.allCases.map { .init(glyph: $0.terminalGlyph, label: $0.label, name: $0.rawValue) })))))
    }
}
