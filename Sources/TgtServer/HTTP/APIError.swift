import Foundation
import Hummingbird
import NIOCore
import OpenAPIRuntime
import TgtApplication
import TgtDomain

/// An error an HTTP route answers with: status, stable code and a sentence for the person.
public struct APIError: Error, Sendable {
    public var status: HTTPResponse.Status
    public var code: String
    public var message: String
    public var nextStep: String?
    /// Field-by-field validation messages, for forms.
    public var issues: [ValidationIssue]
    /// The same for the timer form, whose fields are not a template's.
    public var timerIssues: [TimerIssue]
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, code: String, message: String, nextStep: String? = nil,
                issues: [ValidationIssue] = [], timerIssues: [TimerIssue] = [], headers: HTTPFields = [:])
    {
        self.status = status
        self.code = code
        self.message = message
        self.nextStep = nextStep
        self.issues = issues
        self.timerIssues = timerIssues
        self.headers = headers
    }

    static func badRequest(_ message: String, code: String = "invalid_input") -> APIError {
        APIError(.badRequest, code: code, message: message)
    }

    static func notFound(_ what: String) -> APIError {
        APIError(.notFound, code: "not_found", message: what)
    }

    static let unauthorized = APIError(.unauthorized, code: "unauthorized", message: "Sign in to the dashboard first.",
                                       nextStep: "Open the dashboard's sign-in page, or send an API token as “Authorization: Bearer …”.")
    static let badCSRF = APIError(.forbidden, code: "csrf", message: "This request is missing the page's security token.",
                                  nextStep: "Reload the page and try again.")
    static let tooLarge = APIError(.contentTooLarge, code: "too_large", message: "The request body is too large.")

    /// The sentence to show for any error (a generic one for unknown errors).
    static func message(for error: any Error) -> String {
        from(error)?.message ?? "Something went wrong on the server; the details are in its log."
    }

    /// Maps any error the core throws to a status and a message; unknown errors become a
    /// generic 500 (details go to the log, never to the client). The next step is the
    /// dashboard's own where it has one (`DashboardNextStep`), else the core's.
    static func from(_ error: any Error) -> APIError? {
        guard var reply = mapped(error) else { return nil }
        if let next = DashboardNextStep.forError(error) { reply.nextStep = next }
        return reply
    }

    private static func mapped(_ error: any Error) -> APIError? {
        switch error {
        case let error as APIError:
            return error
        case let error as ServerError:
            return from(openAPI: error)
        case let error as ValidationError:
            return APIError(.unprocessableContent, code: error.code, message: error.message, issues: error.issues)
        case let error as StoreError:
            switch error {
            case .templateNotFound, .timerNotFound, .todoNotFound: return APIError(.notFound, code: error.code, message: error.message)
            case .invalidTimer(let validation):
                return APIError(.unprocessableContent, code: error.code, message: error.message, timerIssues: validation.issues)
            case .timerState: return APIError(.conflict, code: error.code, message: error.message, nextStep: error.nextStep)
            case .ambiguousTimer: return APIError(.badRequest, code: error.code, message: error.message)
            case .invalid(let validation):
                return APIError(.unprocessableContent, code: error.code, message: error.message, issues: validation.issues)
            case .ambiguousTemplate, .importFailed: return APIError(.badRequest, code: error.code, message: error.message)
            case .exportFailed, .database, .dataDirectory: return APIError(.internalServerError, code: error.code, message: error.message)
            case .sendExists: return APIError(.conflict, code: error.code, message: error.message, nextStep: error.nextStep)
            }
        case let error as TelegramError:
            switch error {
            case .notLoggedIn: return APIError(.conflict, code: error.code, message: error.message, nextStep: DashboardNextStep.logIn)
            case .notSetUp: return APIError(.conflict, code: error.code, message: error.message, nextStep: DashboardNextStep.setUp)
            case .login: return APIError(.badRequest, code: error.code, message: error.message, nextStep: error.nextStep)
            case .unreachable: return APIError(.serviceUnavailable, code: error.code, message: error.message, nextStep: error.nextStep)
            case .sessionInUse, .startFailed, .request: return APIError(.serviceUnavailable, code: error.code, message: error.message, nextStep: error.nextStep)
            }
        case let error as SendError:
            switch error {
            case .invalid(let validation): return APIError(.unprocessableContent, code: error.code, message: error.message, issues: validation.issues)
            case .render, .markdown, .notTelegram: return APIError(.unprocessableContent, code: error.code, message: error.message, nextStep: error.nextStep)
            case .notLoggedIn: return APIError(.conflict, code: error.code, message: error.message, nextStep: DashboardNextStep.logIn)
            case .request, .store: return APIError(.serviceUnavailable, code: error.code, message: error.message)
            case .duplicateSend: return APIError(.conflict, code: error.code, message: error.message, nextStep: error.nextStep)
            }
        case let error as TriggerError:
            switch error {
            case .notFound: return APIError(.notFound, code: error.code, message: error.message)
            case .tooSoon, .dailyLimit:
                return APIError(.tooManyRequests, code: error.code, message: error.message, nextStep: error.nextStep,
                                headers: [.retryAfter: "\(error.retryAfter ?? 1)"])
            case .variableNotAllowed, .badName, .badLimit, .notTelegram, .ambiguous:
                return APIError(.badRequest, code: error.code, message: error.message, nextStep: error.nextStep)
            case .messageTooLong, .cannotSend, .notAChoice:
                return APIError(.unprocessableContent, code: error.code, message: error.message, nextStep: error.nextStep)
            }
        case let error as UndoError:
            return APIError(.notFound, code: error.code, message: error.message, nextStep: error.nextStep)
        case let error as DraftError:
            switch error {
            case .invalid(let validation): return APIError(.unprocessableContent, code: error.code, message: error.message, issues: validation.issues)
            case .render, .notADraft: return APIError(.unprocessableContent, code: error.code, message: error.message, nextStep: error.nextStep)
            case .store: return APIError(.internalServerError, code: error.code, message: error.message)
            }
        case let error as ScheduleError:
            switch error {
            case .send(let send): return from(send)
            case .notLoggedIn: return APIError(.conflict, code: error.code, message: error.message, nextStep: DashboardNextStep.logIn)
            case .store: return APIError(.internalServerError, code: error.code, message: error.message)
            case .tooSoon, .tooFar, .inThePast, .tooMany:
                return APIError(.unprocessableContent, code: error.code, message: error.message, nextStep: "Pick a time at least 15 s and at most a year ahead.")
            }
        case let error as ChatError:
            return from(chat: error)
        case let error as SeriesError:
            let status: HTTPResponse.Status = switch error {
            case .notFound: .notFound
            case .finished, .noSuchOccurrence: .conflict
            case .noOccurrence: .unprocessableContent
            case .targetsAreTheTemplates: .badRequest
            }
            return APIError(status, code: error.code, message: error.message, nextStep: error.nextStep)
        case let error as DashboardSecretError:
            let status: HTTPResponse.Status = error.code == "store" ? .internalServerError : .badRequest
            return APIError(status, code: error.code, message: error.message, nextStep: error.nextStep)
        case let error as CredentialsError:
            return APIError(.badRequest, code: error.code, message: error.message, nextStep: error.nextStep)
        case let error as WebhookError:
            let status: HTTPResponse.Status = switch error {
            case .notFound: .notFound
            case .tooMany: .unprocessableContent
            case .badURL, .noEvents, .unknownEvent, .noChats, .tooManyChats, .badLimit: .badRequest
            }
            return APIError(status, code: error.code, message: error.message, nextStep: error.nextStep)
        case let error as FollowUpError:
            let status: HTTPResponse.Status = switch error {
            case .notFound, .templateNotFound: .notFound
            case .alreadyEnded: .conflict
            case .tooMany, .nothingToFollow, .alreadyPast: .unprocessableContent
            case .badWait, .templateUnusable: .badRequest
            }
            return APIError(status, code: error.code, message: error.message, nextStep: error.nextStep)
        case let error as AwayError:
            return APIError(error.code == "not_found" ? .notFound : .badRequest, code: error.code, message: error.message, nextStep: error.nextStep)
        case let error as any UserFacingError:
            return APIError(.badRequest, code: error.code, message: error.message, nextStep: error.nextStep)
        case is NIOTooManyBytesError:
            return .tooLarge
        case let error as HTTPError:
            return APIError(error.status, code: "http_\(error.status.code)", message: error.body ?? error.status.reasonPhrase)
        default:
            return nil
        }
    }
}

extension APIError {
    /// A chat request's error: not logged in 409 (as for sends), unknown chat, message or
    /// forum topic 404, topics of a chat that is not a forum 409, not allowed to post 403, a
    /// message that cannot be edited or deleted 409, text that cannot be sent 422, Telegram
    /// refusing 409, Telegram unreachable 503.
    static func from(chat error: ChatError) -> APIError {
        let status: HTTPResponse.Status = switch error {
        case .notLoggedIn, .cannotEdit, .cannotDelete, .onlyForEveryone, .sendFailed, .notForum, .cannotReact, .cannotPin, .cannotForward, .cannotListMembers,
             .notBeingSent, .stillBeingSent, .selfDestructing: .conflict
        case .chatNotFound, .messageNotFound, .topicNotFound, .folderNotFound, .contactNotFound, .noFile: .notFound
        case .downloadFailed: .serviceUnavailable
        case .ambiguous, .badPage: .badRequest
        case .notAPerson: .conflict
        case .cannotWrite: .forbidden
        case .emptyText, .tooLong, .markdown, .reactionNotAvailable, .badContactName, .badFile: .unprocessableContent
        case .request(let underlying):
            switch underlying.tdlibCode {
            case 400: .badRequest
            case 404: .notFound
            default: .serviceUnavailable
            }
        }
        return APIError(status, code: error.code, message: error.message, nextStep: DashboardNextStep.forError(error) ?? error.nextStep)
    }
}
