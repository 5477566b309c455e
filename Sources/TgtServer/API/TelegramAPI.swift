import Foundation
import TgtApplication
import TgtDomain
import TgtQRCode
import TgtWire

/// `/api/status`, `/api/setup`, the login steps, `/api/logout`, `/api/chats`, `/api/sends`.
extension DashboardAPI {
    func getStatus(_ input: Operations.GetStatus.Input) async throws -> Operations.GetStatus.Output {
        .ok(.init(body: .json(.init(success: true, data: await status()))))
    }

    func saveSetup(_ input: Operations.SaveSetup.Input) async throws -> Operations.SaveSetup.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let credentials = try APICredentials(apiID: try Self.limited(body.apiID, "api_id", max: 20) ?? "",
                                             apiHash: try Self.limited(body.apiHash, "api_hash", max: 100) ?? "")
        try await telegram.saveCredentials(credentials)
        return .ok(.init(body: .json(.init(success: true, data: await status()))))
    }

    func getLoginStep(_ input: Operations.GetLoginStep.Input) async throws -> Operations.GetLoginStep.Output {
        .ok(.init(body: .json(.init(success: true, data: try await loginStep()))))
    }

    func submitPhoneNumber(_ input: Operations.SubmitPhoneNumber.Input) async throws -> Operations.SubmitPhoneNumber.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        return .ok(.init(body: .json(.init(success: true, data: try await answer("phone_number", ["phone_number": body.phoneNumber])))))
    }

    func submitCode(_ input: Operations.SubmitCode.Input) async throws -> Operations.SubmitCode.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        return .ok(.init(body: .json(.init(success: true, data: try await answer("code", ["code": body.code])))))
    }

    func submitPassword(_ input: Operations.SubmitPassword.Input) async throws -> Operations.SubmitPassword.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        return .ok(.init(body: .json(.init(success: true, data: try await answer("password", ["password": body.password])))))
    }

    func submitEmailAddress(_ input: Operations.SubmitEmailAddress.Input) async throws -> Operations.SubmitEmailAddress.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        return .ok(.init(body: .json(.init(success: true, data: try await answer("email_address", ["email_address": body.emailAddress])))))
    }

    func submitEmailCode(_ input: Operations.SubmitEmailCode.Input) async throws -> Operations.SubmitEmailCode.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        return .ok(.init(body: .json(.init(success: true, data: try await answer("email_code", ["code": body.code])))))
    }

    func submitRegistration(_ input: Operations.SubmitRegistration.Input) async throws -> Operations.SubmitRegistration.Output {
        guard case .json(let body) = input.body else { throw APIError.badRequest("The request needs a JSON body.", code: "invalid_json") }
        let answers = ["first_name": body.firstName, "last_name": body.lastName ?? ""]
        return .ok(.init(body: .json(.init(success: true, data: try await answer("registration", answers)))))
    }

    func requestQRCode(_ input: Operations.RequestQRCode.Input) async throws -> Operations.RequestQRCode.Output {
        .ok(.init(body: .json(.init(success: true, data: try await answer("qr", [:])))))
    }

    func logOut(_ input: Operations.LogOut.Input) async throws -> Operations.LogOut.Output {
        try await telegram.logOut()
        return .ok(.init(body: .json(.init(success: true, data: await status()))))
    }

    func listChats(_ input: Operations.ListChats.Input) async throws -> Operations.ListChats.Output {
        let refresh = input.query.refresh.map { $0 == ._true || $0 == ._1 } ?? false
        let search = input.query.search?.trimmingCharacters(in: .whitespaces)
        var chats = try workspace.cachedChats(search: search?.isEmpty == false ? search : nil)
        let loggedIn = await telegram.isLoggedIn
        // An empty cache, or one written before every chat kind could be a target, is refreshed.
        let stale = try chats.isEmpty || !workspace.chatDirectoryIsCurrent()
        if refresh || (stale && search?.isEmpty != false && loggedIn) {
            do {
                let fresh = try await telegram.refreshChats()
                chats = search?.isEmpty == false ? try workspace.cachedChats(search: search) : fresh
            } catch where !refresh && !chats.isEmpty {
                // Not asked for: an out-of-date list beats none (the next call tries again).
            }
        }
        return .ok(.init(body: .json(.init(success: true, data: .init(chats: chats.map(APIModels.chat))))))
    }

    func listSends(_ input: Operations.ListSends.Input) async throws -> Operations.ListSends.Output {
        let limit = input.query.limit ?? 100
        guard (1...1000).contains(limit) else { throw APIError.badRequest("“limit” must be a number from 1 to 1000.") }
        return .ok(.init(body: .json(.init(success: true, data: .init(batches: APIModels.batches(try workspace.sendLog.recent(limit: limit)))))))
    }

    func listHeldSends(_ input: Operations.ListHeldSends.Input) async throws -> Operations.ListHeldSends.Output {
        let holds = SendBatch.group(try workspace.sendLog.held()).map { batch in
            Schemas.HeldSend(batchId: APIModels.id(batch.id), holdUntil: batch.first.holdUntil ?? batch.first.queuedAt,
                             templateId: APIModels.id(batch.first.templateID ?? batch.id), templateName: batch.first.templateName,
                             targets: batch.entries.map(\.targetTitle))
        }
        return .ok(.init(body: .json(.init(success: true, data: .init(holds: holds)))))
    }

    func undoSend(_ input: Operations.UndoSend.Input) async throws -> Operations.UndoSend.Output {
        let batch = try Self.uuid(input.path.batch, "batch")
        switch try await sending.undo(batchID: batch) {
        case .undone(let targets):
            return .ok(.init(body: .json(.init(success: true, data: .init(result: .undone, targets: targets)))))
        case .alreadyUndone:
            let targets = try workspace.sendLog.batch(batch).map(\.targetTitle)
            return .ok(.init(body: .json(.init(success: true, data: .init(result: .alreadyUndone, targets: targets)))))
        case .tooLate(let status):
            throw APIError(.conflict, code: "too_late", message: status == .failed
                ? "Too late to undo: its hold had ended (it failed; see the send log)."
                : "Too late to undo: its hold had ended and it went to Telegram.",
                nextStep: "Delete the message in the chat if it should not be there.")
        }
    }

    // MARK: - Shared

    /// Submits one login step's answer (the same dispatch as the login page's form).
    private func answer(_ step: String, _ values: [String: String]) async throws -> Schemas.LoginStep {
        _ = try await LoginAnswers.submit(step, to: try await telegram.loginSteps()) { field in
            try Self.limited(values[field], field, max: LoginAnswers.maxLength[field] ?? 256) ?? ""
        }
        return try await loginStep()
    }

    /// Everything the status line and first-run screens need.
    func status() async -> Schemas.Status {
        let state = await telegram.state()
        let step = state.step
        let account = state.accountName.map { WireStatus.Account(name: $0) }
        let connection = state.connection.map { WireStatus.Connection(state: $0.key, label: $0.label) }
        let startError = await telegram.lastStartError.map { WireStatus.StartError(code: $0.code, message: $0.message) }
        return WireStatus(
            version: TelegramConnection.applicationVersion, demo: dashboard.options.isDemo, credentials: await telegram.hasCredentials,
            loggedIn: step == .ready, templates: (try? workspace.templates().count()) ?? 0, login: step.map(APIModels.loginStep),
            connection: connection, account: account, error: startError)
    }

    /// The current login step, with the QR code as an SVG when there is one.
    func loginStep() async throws -> Schemas.LoginStep {
        let step = try await telegram.loginStep()
        var wire = APIModels.loginStep(step)
        if case .qrCode(let link) = step, let code = try? QRCode.encode(link) {
            wire.qrSVG = code.svg()
        }
        return wire
    }
}
