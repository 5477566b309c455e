import Foundation
import TgtApplication
import TgtDomain
import TgtWire

/// `GET|PUT /api/snippets`: snippets on or off and their prefix (`SnippetService`), with when the
/// running dashboard last looked for them.
extension DashboardAPI {
    var snippets: SnippetService { workspace.snippets }

    func getSnippets(_ input: Operations.GetSnippets.Input) async throws -> Operations.GetSnippets.Output {
        .ok(.init(body: .json(.init(success: true, data: try snippetsReply()))))
    }

    func setSnippets(_ input: Operations.SetSnippets.Input) async throws -> Operations.SetSnippets.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body with “on”.", code: "invalid_json") }
        let current = try snippets.settings()
        try snippets.save(SnippetSettings(isOn: body.on, prefix: body.prefix ?? current.prefix))
        return .ok(.init(body: .json(.init(success: true, data: try snippetsReply()))))
    }

    func snippetsReply() throws -> Components.Schemas.Snippets {
        let settings = try snippets.settings()
        return .init(on: settings.isOn, prefix: settings.prefix, checkedAt: settings.isOn ? try snippets.checkedAt() : nil)
    }
}
