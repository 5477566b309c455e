import Foundation
import HTTPTypes
import OpenAPIRuntime
import TgtApplication
import TgtDomain
import TgtWire

/// An error the running dashboard answered with (or the reason it could not be asked).
public struct DashboardClientError: UserFacingError, Equatable {
    public var code: String
    public var message: String
    public var nextStep: String?
}

/// How other `tgt` commands talk to a running `tgt serve` on the same data folder: over
/// loopback HTTP with the run's own token from `server.json` (readable only by this user),
/// so TDLib is never opened twice. It uses the client swift-openapi-generator makes from the
/// same `openapi.yaml` as the server, so the two cannot drift apart.
public struct DashboardClient: Sendable {
    public let descriptor: ServerDescriptor
    /// How much of a file one request downloads (`saveMessageFile`): well under what the
    /// transport collects of one reply.
    public var downloadRangeBytes: Int64 = 8 << 20

    public init(descriptor: ServerDescriptor) { self.descriptor = descriptor }

    /// The client for the server holding this folder's Telegram session, if one does.
    public static func forRunningServer(in directory: DataDirectory) -> DashboardClient? {
        guard let descriptor = ServerDescriptor.read(in: directory), let holder = SessionHolder.processID(holding: directory),
              holder == descriptor.pid
        else { return nil }
        return DashboardClient(descriptor: descriptor)
    }

    /// One Telegram login step, as the dashboard describes it.
    public struct LoginStepReply: Sendable, Equatable {
        public var step: String
        public var prompt: String
        public var hint: String?
        public var qrLink: String?
    }

    /// One target's outcome of a send made by the dashboard.
    public struct SendResultReply: Sendable, Equatable {
        public var target: String
        public var title: String
        public var status: String
        public var messageID: Int64?
        public var error: String?
    }

    /// What a send made by the dashboard did.
    public struct SendReply: Sendable, Equatable {
        public var templateName: String
        public var batchID: String
        public var results: [SendResultReply]
        /// Taken back during its undo hold: nothing reached Telegram.
        public var undone: Bool = false
    }

    /// The dashboard's Telegram login and connection, as `tgt status` shows them.
    public struct StatusReply: Sendable, Equatable {
        public var loggedIn: Bool
        public var accountName: String?
        public var connectionLabel: String?
    }

    /// The dashboard's Telegram login and connection.
    public func status() async throws(DashboardClientError) -> StatusReply {
        try await call { client in
            let status = try await client.getStatus().ok.body.json.data
            return StatusReply(loggedIn: status.loggedIn, accountName: status.account?.name, connectionLabel: status.connection?.label)
        }
    }

    /// The current login step.
    public func loginStep() async throws(DashboardClientError) -> LoginStepReply {
        try await call { client in Self.reply(try await client.getLoginStep().ok.body.json.data) }
    }

    /// Answers the login step `step` (`LoginStep.key`, or "qr" to switch to a QR code) with
    /// `values` by field name; returns the next step.
    public func answerLogin(_ step: String, _ values: [String: String]) async throws(DashboardClientError) -> LoginStepReply {
        try await call { client in
            func value(_ name: String) -> String { values[name] ?? "" }
            let data: Components.Schemas.LoginStep
            switch step {
            case "phone_number": data = try await client.submitPhoneNumber(body: .json(.init(phoneNumber: value("phone_number")))).ok.body.json.data
            case "code": data = try await client.submitCode(body: .json(.init(code: value("code")))).ok.body.json.data
            case "password": data = try await client.submitPassword(body: .json(.init(password: value("password")))).ok.body.json.data
            case "email_address": data = try await client.submitEmailAddress(body: .json(.init(emailAddress: value("email_address")))).ok.body.json.data
            case "email_code": data = try await client.submitEmailCode(body: .json(.init(code: value("code")))).ok.body.json.data
            case "registration":
                data = try await client.submitRegistration(body: .json(.init(firstName: value("first_name"), lastName: value("last_name")))).ok.body.json.data
            case "qr": data = try await client.requestQRCode().ok.body.json.data
            default: data = try await client.getLoginStep().ok.body.json.data
            }
            return Self.reply(data)
        }
    }

    /// Logs the dashboard's session out of Telegram.
    public func logOut() async throws(DashboardClientError) {
        try await call { client in _ = try await client.logOut().ok }
    }

    /// Reloads the chat list from Telegram into the dashboard's store.
    public func refreshChats() async throws(DashboardClientError) {
        try await call { client in _ = try await client.listChats(query: .init(refresh: ._true)).ok }
    }

    /// Sends a template through the dashboard (one tap) and waits for every target's outcome;
    /// `onlyTargets` retries those target keys only. `silent` nil keeps the template's flag.
    public func send(templateID: UUID, variables: [String: String], location: Coordinate?, silent: Bool?,
                     onlyTargets: [String]? = nil, hold: UndoHold = .off, batchID: UUID? = nil) async throws(DashboardClientError) -> SendReply
    {
        try await call { client in
            let body = Components.Schemas.SendInput(
                batchId: batchID?.uuidString.lowercased(), hold: hold.isOff ? nil : hold.seconds,
                location: location.map { .text($0.description) }, silent: silent, targets: onlyTargets,
                variables: .init(additionalProperties: variables))
            return Self.reply(try await client.sendTemplate(path: .init(id: templateID.uuidString.lowercased()), body: .json(body)).ok.body.json.data)
        }
    }

    /// Sends a template into one chat (or forum topic) instead of its targets.
    public func send(templateID: UUID, intoChat chatID: Int64, topicID: Int32?, variables: [String: String], location: Coordinate?,
                     silent: Bool?) async throws(DashboardClientError) -> SendReply
    {
        try await call { client in
            let body = Components.Schemas.ConversationTemplateInput(
                location: location.map { .text($0.description) }, silent: silent, topicId: topicID.map(Int.init),
                variables: .init(additionalProperties: variables))
            let path = Operations.SendTemplateToConversation.Input.Path(chatId: chatID, templateId: templateID.uuidString.lowercased())
            return Self.reply(try await client.sendTemplateToConversation(path: path, body: .json(body)).ok.body.json.data)
        }
    }

    private static func reply(_ report: Components.Schemas.SendReport) -> SendReply {
        SendReply(templateName: report.templateName, batchID: report.batchId, results: report.results.map {
            SendResultReply(target: $0.target, title: $0.title, status: $0.status, messageID: $0.messageID, error: $0.error)
        }, undone: report.undone)
    }

    /// Takes back a send in its undo hold. Nil when it had already been undone.
    public func undo(batchID: UUID) async throws(DashboardClientError) -> [String]? {
        try await call { client in
            let result = try await client.undoSend(path: .init(batch: batchID.uuidString.lowercased())).ok.body.json.data
            return result.result == .undone ? result.targets : nil
        }
    }

    // MARK: - Transport

    private static func reply(_ step: Components.Schemas.LoginStep) -> LoginStepReply {
        LoginStepReply(step: step.step, prompt: step.prompt, hint: step.hint, qrLink: step.qrLink)
    }

    /// Runs `body` with a generated client; every failure becomes a `DashboardClientError`.
    func call<T: Sendable>(_ body: (Client) async throws -> T) async throws(DashboardClientError) -> T {
        guard let url = URL(string: descriptor.url) else {
            throw DashboardClientError(code: "bad_request", message: "The dashboard's address \(descriptor.url) is not a URL.", nextStep: nil)
        }
        let client = Client(serverURL: url, configuration: APIConfiguration.generated, transport: LoopbackTransport(),
                            middlewares: [Authorization(token: descriptor.token)])
        do {
            return try await body(client)
        } catch let error as ClientError {
            if let refused = error.underlyingError as? DashboardClientError { throw refused }
            if error.underlyingError as? LoopbackTransport.Failure == .bodyChanged {
                throw DashboardClientError(code: "bad_file", message: "A file changed or could not be read while it was being sent to the dashboard; it was not sent.",
                                           nextStep: "Check that the file is there and nothing is writing to it, then send it again.")
            }
            if error.underlyingError as? LoopbackTransport.Failure == .timedOut {
                let seconds = LoopbackTransport.idleTimeout.nanoseconds / 1_000_000_000
                throw DashboardClientError(code: "unreachable", message: "The running dashboard (pid \(descriptor.pid)) at \(descriptor.url) did not answer within \(seconds) s.",
                                           nextStep: "Check what it shows (its terminal or its Recent page); stop it to use the session directly.")
            }
            if error.response == nil {
                throw DashboardClientError(code: "unreachable", message: "The running dashboard (pid \(descriptor.pid)) at \(descriptor.url) did not answer.",
                                           nextStep: "Check that `tgt serve` is still running, or stop it to use the session directly.")
            }
            throw DashboardClientError(code: "bad_reply", message: "The dashboard's reply could not be read.", nextStep: nil)
        } catch let error as DashboardClientError {
            throw error
        } catch {
            throw DashboardClientError(code: "bad_reply", message: "The dashboard answered something this tgt does not expect (a different version?).", nextStep: nil)
        }
    }

    /// Adds the run's bearer token, and turns the API's error envelope into a
    /// `DashboardClientError` carrying its code, message and next step.
    private struct Authorization: ClientMiddleware {
        let token: String

        func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                       next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)) async throws -> (HTTPResponse, HTTPBody?)
        {
            var request = request
            request.headerFields[.authorization] = "Bearer \(token)"
            let (response, responseBody) = try await next(request, body, baseURL)
            guard response.status.kind != .successful else { return (response, responseBody) }
            var data = Data()
            if let responseBody { data = try await Data(collecting: responseBody, upTo: 1 << 20) }
            let envelope = try? JSONDecoder().decode(Components.Schemas.ErrorEnvelope.self, from: data)
            throw DashboardClientError(code: envelope?.error.code ?? "failed",
                                       message: envelope?.error.message ?? "The dashboard refused the request (\(response.status.code)).",
                                       nextStep: envelope?.error.nextStep)
        }
    }
}
