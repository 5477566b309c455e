import Foundation
import TgtApplication
import TgtDomain
import OpenAPIRuntime
import TgtWire

/// `/api/settings`, `/api/password` and `/api/tokens`.
extension DashboardAPI {
    func getSettings(_ input: Operations.GetSettings.Input) async throws -> Operations.GetSettings.Output {
        .ok(.init(body: .json(.init(success: true, data: try settings()))))
    }

    func updateSettings(_ input: Operations.UpdateSettings.Input) async throws -> Operations.UpdateSettings.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        if let given = body.defaultLocation {
            let text = try Self.limited(given.wrapped, "default_location", max: 100) ?? ""
            try workspace.settings.setDefaultLocation(typed: text)
        }
        if let seconds = body.undoHold {
            try workspace.settings.setUndoHold(seconds: seconds)
        }
        return .ok(.init(body: .json(.init(success: true, data: try settings()))))
    }

    func changePassword(_ input: Operations.ChangePassword.Input) async throws -> Operations.ChangePassword.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let current = try Self.limited(body.currentPassword, "current_password", max: 1000)
        let new = try Self.limited(body.newPassword, "new_password", max: 1000) ?? ""
        try dashboard.secrets.setPassword(new, current: current)
        // Every other browser must sign in again with the new password.
        await dashboard.sessions.endAll(keeping: Self.requestContext?.principal?.session?.token)
        return .ok(.init(body: .json(.init(success: true, data: .init(passwordSet: true)))))
    }

    func listTokens(_ input: Operations.ListTokens.Input) async throws -> Operations.ListTokens.Output {
        .ok(.init(body: .json(.init(success: true, data: .init(tokens: dashboard.secrets.tokens.map(APIModels.token))))))
    }

    func createToken(_ input: Operations.CreateToken.Input) async throws -> Operations.CreateToken.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let (created, secret) = try dashboard.secrets.createToken(name: try Self.limited(body.name, "name", max: 1000) ?? "", now: workspace.clock.now)
        return .created(.init(body: .json(.init(success: true, data: .init(
            createdAt: created.createdAt, id: APIModels.id(created.id), name: created.name, secret: secret)))))
    }

    func revokeToken(_ input: Operations.RevokeToken.Input) async throws -> Operations.RevokeToken.Output {
        let text = input.path.id
        guard let id = UUID(uuidString: text), try dashboard.secrets.revokeToken(id: id) else {
            throw APIError.notFound("There is no API token with id “\(text)”.")
        }
        return .ok(.init(body: .json(.init(success: true, data: .init(deleted: APIModels.id(id))))))
    }

    func getOpenAPIDocument(_ input: Operations.GetOpenAPIDocument.Input) async throws -> Operations.GetOpenAPIDocument.Output {
        .ok(.init(body: .json(try JSONDecoder().decode(OpenAPIObjectContainer.self, from: OpenAPIDocument.json))))
    }

    func settings() throws -> Schemas.Settings {
        WireSettings(defaultLocation: try workspace.settings.defaultLocation()?.description, accountName: try workspace.settings.accountName(),
                     messageTextLengthMax: workspace.settings.messageLengthLimit, undoHold: try workspace.settings.undoHold().seconds)
    }
}
