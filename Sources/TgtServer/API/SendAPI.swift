import Foundation
import TgtDomain
import TgtStore
import TgtTDLib
import TgtTelegram

/// `POST /api/templates/{id}/send` (one tap) and `POST /api/preview` (the editor's live preview).
extension DashboardAPI {
    func sendTemplate(_ input: Operations.SendTemplate.Input) async throws -> Operations.SendTemplate.Output {
        var template = try template(input.path.id)
        var body = Schemas.SendInput()
        if case .json(let given)? = input.body { body = given }
        if let keys = body.targets {
            // A retry of some targets only (the others already got the message).
            let known = Set(template.targets.map(\.key.description))
            if let unknown = keys.first(where: { !known.contains($0) }) {
                throw APIError.badRequest("“\(unknown)” is not one of this template's targets.")
            }
            guard !keys.isEmpty else { throw APIError.badRequest("“targets” must name at least one target.") }
            template.targets = template.targets.filter { keys.contains($0.key.description) }
        }
        let variables = body.variables?.additionalProperties ?? [:]
        for (name, value) in variables {
            guard TemplateText.isValidName(name) else { throw APIError.badRequest("“\(name)” is not a variable name.") }
            guard BuiltinVariable(rawValue: name) == nil else { throw APIError.badRequest("{{\(name)}} is filled in automatically; it cannot be given.") }
            guard value.count <= 4096 else { throw APIError.badRequest("The value of “\(name)” is too long.") }
        }
        var location = try Self.coordinate(body.location)
        if location == nil { location = try store.defaultLocation() }
        let request = SendRequest(template: template, variables: variables, location: location, silent: body.silent)
        let report = try await host.send(request)
        return .ok(.init(body: .json(.init(success: true, data: APIModels.report(report, templateID: template.id)))))
    }

    func previewBody(_ input: Operations.PreviewBody.Input) async throws -> Operations.PreviewBody.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let text = try Self.limited(body.body, "body", max: 50_000) ?? ""
        let chat = try Self.limited(body.chatTitle, "chat_title", max: 255) ?? "Family"
        let preview = try await render(body: text, values: body.variables?.additionalProperties ?? [:], mode: body.locationMode ?? LocationMode.none,
                                       chatTitle: chat)
        return .ok(.init(body: .json(.init(success: true, data: preview))))
    }

    /// `location: {latitude, longitude}` or `"lat,lon"`.
    static func coordinate(_ input: WireLocationInput?) throws -> Coordinate? {
        switch input {
        case nil:
            return nil
        case .text(let text)?:
            guard let parsed = Coordinate(parsing: text) else { throw APIError.badRequest("“location” is not a valid “lat,lon”.") }
            return parsed
        case .coordinate(let latitude, let longitude)?:
            guard let latitude, let longitude, let coordinate = Coordinate(latitude: latitude, longitude: longitude) else {
                throw APIError.badRequest("“location” needs a latitude (-90…90) and a longitude (-180…180).")
            }
            return coordinate
        }
    }

    /// Renders a body the way a send would (sample values where the editor has none yet) and
    /// formats it with TDLib's own Markdown parser; entity offsets are UTF-16, as in browsers.
    func render(body: String, values: [String: String], mode: LocationMode, chatTitle: String) async throws -> WirePreview {
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
        context.me = (try? store.setting(.accountName)) ?? nil ?? "You"
        context.location = ((try? store.defaultLocation()) ?? nil) ?? Coordinate(latitude: 45.4642, longitude: 9.19)
        let template = Template(name: "Preview", body: body, targets: [Target(chatID: 1, chatTitle: chatTitle)], locationMode: mode)
        let rendered: [RenderedMessage]
        do { rendered = try Renderer().render(template, context: context) } catch {
            throw APIError(.unprocessableContent, code: error.code, message: error.message, issues: [ValidationIssue(field: .body, message: error.message)])
        }
        guard let message = rendered.first else { throw APIError.badRequest("Nothing to preview.") }
        let preparer = MessagePreparer(transport: host.environment.backend.transport, validator: store.validator())
        let formatted: FormattedText
        do { formatted = try preparer.format(message.text, template: template) } catch {
            throw APIError(.unprocessableContent, code: error.code, message: error.message, issues: [ValidationIssue(field: .body, message: error.message)])
        }
        return WirePreview(
            text: formatted.text,
            entities: formatted.entities.map { entity in
                var url: String?
                if case .string(let link)? = entity.type["url"] { url = link }
                return .init(offset: Int(entity.offset), length: Int(entity.length), type: entity.typeName, url: url)
            },
            length: formatted.text.unicodeScalars.count, maxLength: store.validator().maxTextLength,
            nativeLocation: message.nativeLocation.map { $0.description })
    }
}
