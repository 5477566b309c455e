import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// Applies a template body (POST: all fields, PATCH: any subset, as the generated types
/// decoded them) onto a template: lengths the spec cannot enforce, and targets resolved
/// against the cached chat list.
struct TemplateInput {
    /// The fields of `TemplateCreate` and `TemplatePatch`.
    struct Fields {
        var name: String?
        var icon: TemplateIcon?
        var body: String?
        var targets: [Components.Schemas.TargetInput]?
        var locationMode: LocationMode?
        var silent: Bool?
        var kind: TemplateKind?
        var to: [String]?
        var cc: [String]?
        var subject: String?
        var place: Components.Schemas.PlaceRuleInput?
        var removePlace: Bool?
    }

    static func apply(_ fields: Fields, to template: inout Template, workspace: Workspace,
                      live: @escaping TemplateService.LiveLookup = { _ in nil }) async throws
    {
        var edit = TemplateEdit()
        edit.kind = fields.kind
        edit.to = try fields.to.map { try recipients($0, "to") }
        edit.cc = try fields.cc.map { try recipients($0, "cc") }
        edit.subject = try DashboardAPI.limited(fields.subject, "subject", max: 1000)
        edit.name = try DashboardAPI.limited(fields.name, "name", max: 1000)
        edit.body = try DashboardAPI.limited(fields.body, "body", max: 50_000)
        edit.icon = fields.icon
        edit.locationMode = fields.locationMode
        edit.silent = fields.silent
        if fields.removePlace == true {
            guard fields.place == nil else { throw APIError.badRequest("Give “place” or “remove_place”, not both.") }
            edit.place = .remove
        }
        if let place = fields.place { edit.place = .set(try placeRule(place)) }
        if let items = fields.targets { edit.targets = try await targets(items, workspace: workspace, keeping: edit.targetsKept(by: template), live: live) }
        template = edit.applied(to: template)
    }

    /// A place rule from its JSON; the store's rules check the rest (radius, window, name).
    static func placeRule(_ input: Components.Schemas.PlaceRuleInput) throws -> PlaceRule {
        guard let center = Coordinate(latitude: input.latitude, longitude: input.longitude) else {
            let message = "The place's latitude must be -90…90 and its longitude -180…180."
            throw APIError(.unprocessableContent, code: "invalid_template", message: message, issues: [ValidationIssue(field: .place, message: message)])
        }
        let crossing: PlaceRule.Crossing = input.crossing == .leave ? .leave : .arrive
        return PlaceRule(crossing: crossing, center: center, radius: input.radius ?? PlaceRule.defaultRadius,
                         placeName: try DashboardAPI.limited(input.placeName, "place.place_name", max: 1000) ?? "",
                         windowMinutes: input.windowMinutes ?? PlaceRule.defaultWindowMinutes)
    }

    /// Recipients as given, trimmed; the store's rules check each one.
    static func recipients(_ items: [String], _ field: String) throws -> [String] {
        guard items.count <= TemplateKind.maxRecipients else {
            throw APIError.badRequest("“\(field)” can list at most \(TemplateKind.maxRecipients) recipients.")
        }
        return try items.enumerated().map { index, item in
            try DashboardAPI.limited(item, "\(field)[\(index)]", max: 254)?.trimmingCharacters(in: .whitespaces) ?? ""
        }
    }

    /// `{chat_id, topic_id?, chat_title?, topic_title?}` items checked as JSON, then resolved
    /// by `TemplateService.resolveTargets` (the rules every face shares).
    static func targets(_ items: [Components.Schemas.TargetInput], workspace: Workspace, keeping existing: [Target] = [],
                        live: @escaping TemplateService.LiveLookup = { _ in nil }) async throws -> [Target]
    {
        var requests: [TemplateService.TargetRequest] = []
        for (index, item) in items.prefix(TemplateService.maxTargets + 1).enumerated() {
            let chatID = Int64(item.chatId)
            guard chatID != 0 else { throw APIError.badRequest("“targets[\(index)].chat_id” is required.") }
            var topicID: Int32?
            if let topic = item.topicId {
                guard topic > 0, topic <= Int(Int32.max) else { throw APIError.badRequest("“targets[\(index)].topic_id” must be a positive topic id.") }
                topicID = Int32(topic)
            }
            requests.append(TemplateService.TargetRequest(
                key: TargetKey(chatID: chatID, topicID: topicID),
                chatTitle: try DashboardAPI.limited(item.chatTitle, "targets[\(index)].chat_title", max: 255),
                topicTitle: try DashboardAPI.limited(item.topicTitle, "targets[\(index)].topic_title", max: 255)))
        }
        do {
            return try await workspace.templates().resolveTargets(requests, keeping: existing, live: live)
        } catch .tooMany {
            throw APIError.badRequest(TargetError.tooMany.message)
        } catch .store(let error) {
            throw error
        } catch {
            throw APIError(.unprocessableContent, code: error.code, message: error.message, nextStep: error.nextStep,
                           issues: [ValidationIssue(field: .targets, message: error.message)])
        }
    }
}
