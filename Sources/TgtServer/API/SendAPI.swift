import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// `POST /api/templates/{id}/send` (one tap), `POST /api/templates/{id}/draft` (email, text
/// message and X templates) and `POST /api/preview` (the editor's live preview).
extension DashboardAPI {
    func sendTemplate(_ input: Operations.SendTemplate.Input) async throws -> Operations.SendTemplate.Output {
        let template = try template(input.path.id)
        var body = Schemas.SendInput()
        if case .json(let given)? = input.body { body = given }
        let order = SendOrder(templateID: template.id, variables: body.variables?.additionalProperties ?? [:],
                              location: try Self.coordinate(body.location), silent: body.silent, onlyTargets: body.targets,
                              hold: try workspace.sendRules.hold(for: .api, asked: Self.hold(body.hold)), batchID: try body.batchId.map { try Self.uuid($0, "batch_id") })
        let outcome: SendOutcome
        do { outcome = try await sending.send(order) } catch let error as SendError {
            // The dashboard's next step names this template's draft link.
            guard case .notTelegram = error, var reply = APIError.from(error) else { throw error }
            reply.nextStep = "POST /api/templates/\(APIModels.id(template.id))/draft renders it and returns the link that opens it."
            throw reply
        }
        return .ok(.init(body: .json(.init(success: true, data: APIModels.report(outcome, templateID: template.id)))))
    }

    /// `hold`: whole seconds 0…30; nil when absent (the API's send then goes at once:
    /// `SendSource.api`).
    static func hold(_ seconds: Int?) throws -> UndoHold? {
        guard let seconds else { return nil }
        guard let hold = UndoHold(seconds: seconds) else { throw UndoHoldError(text: "\(seconds)") }
        return hold
    }

    static func uuid(_ text: String, _ field: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw APIError.badRequest("“\(field)” is not an id (a UUID).") }
        return id
    }

    func draftTemplate(_ input: Operations.DraftTemplate.Input) async throws -> Operations.DraftTemplate.Output {
        let template = try template(input.path.id)
        var body = Schemas.DraftInput()
        if case .json(let given)? = input.body { body = given }
        let variables = body.variables?.additionalProperties ?? [:]
        let order = SendOrder(templateID: template.id, variables: variables, location: try Self.coordinate(body.location))
        let (prepared, entry) = try workspace.drafts.handOver(order)
        return .ok(.init(body: .json(.init(success: true, data: APIModels.draft(prepared.draft, entry: entry, template: prepared.template)))))
    }

    /// What a send would post, sent nowhere (`SendPreview`), formatted by the session's TDLib.
    var preview: SendPreview { telegram.preview }

    /// A preview's refusal, outlined on the field at fault.
    static func unprocessable(_ error: SendPreviewError) -> APIError {
        APIError(.unprocessableContent, code: error.code, message: error.message, issues: [ValidationIssue(field: error.field, message: error.message)])
    }

    /// Sending now and later, on the dashboard's session (its progress goes out as events;
    /// logged out, a send later is refused rather than left waiting).
    var sending: SendService { dashboard.sending }

    func previewBody(_ input: Operations.PreviewBody.Input) async throws -> Operations.PreviewBody.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let text = try Self.limited(body.body, "body", max: 50_000) ?? ""
        let chat = try Self.limited(body.chatTitle, "chat_title", max: 255) ?? "Family"
        let subject = try Self.limited(body.subject, "subject", max: 1000) ?? ""
        let kind = body.kind ?? .telegram
        let values = body.variables?.additionalProperties ?? [:]
        let mode = body.locationMode ?? LocationMode.none
        let preview = kind.isDraft
            ? try draftPreview(body: text, subject: subject, kind: kind, values: values, mode: mode)
            : try await render(body: text, values: values, mode: mode, chatTitle: chat)
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

    /// The plain text an email, text message or X draft would carry, measured for its channel.
    func draftPreview(body: String, subject: String, kind: TemplateKind, values: [String: String], mode: LocationMode) throws -> WirePreview {
        let draft: Draft
        do { draft = try preview.draft(body: body, subject: subject, kind: kind, values: values, mode: mode) } catch {
            throw Self.unprocessable(error)
        }
        let length = MessageLength.measure(draft.body, kind: kind)
        return WirePreview(text: draft.body, entities: [], length: length.count, maxLength: length.limit, nativeLocation: nil,
                           counter: APIModels.counter(length), subject: draft.subject)
    }

    /// Renders a body the way a send would (`SendPreview`) and formats it with TDLib's own
    /// Markdown parser; entity offsets are UTF-16, as in browsers.
    func render(body: String, values: [String: String], mode: LocationMode, chatTitle: String) async throws -> WirePreview {
        let message: PreparedMessage
        do { message = try preview.message(body: body, values: values, mode: mode, chatTitle: chatTitle) } catch {
            throw Self.unprocessable(error)
        }
        let formatted = message.formatted
        let limit = workspace.settings.messageLengthLimit
        return WirePreview(
            text: formatted.text,
            entities: formatted.entities.map { entity in
                var url: String?
                if case .string(let link)? = entity.type["url"] { url = link }
                return .init(offset: Int(entity.offset), length: Int(entity.length), type: entity.typeName, url: url)
            },
            length: formatted.text.unicodeScalars.count, maxLength: limit,
            nativeLocation: message.location.map { $0.description },
            counter: APIModels.counter(MessageLength.measure(formatted.text, kind: .telegram, telegramLimit: limit)))
    }
}
