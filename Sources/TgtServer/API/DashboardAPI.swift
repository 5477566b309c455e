import Foundation
import TgtApplication
import Hummingbird
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import TgtDomain
import TgtWire

/// The JSON API under `/api`: the handlers of the `APIProtocol` that swift-openapi-generator
/// makes from `API/Spec/openapi.yaml`, one extension per area (templates, sending, Telegram,
/// settings, events). Requests and replies are the generated types; the route middlewares
/// (auth, CSRF, body limit, headers, the error envelope) wrap every operation.
struct DashboardAPI: APIProtocol {
    let dashboard: Dashboard
    var workspace: Workspace { dashboard.workspace }
    var telegram: LiveSession { dashboard.telegram }

    /// How the generated code writes JSON and dates (`APIConfiguration`, shared with the client).
    static let configuration = APIConfiguration.generated

    /// Registers every operation of the spec on `router` (its paths carry the `/api` prefix).
    static func register(on router: Router<DashboardContext>, dashboard: Dashboard) throws {
        try DashboardAPI(dashboard: dashboard).registerHandlers(on: AbsentBodyTransport(base: router), configuration: configuration,
                                                                middlewares: [ResponseHeaderValues()])
    }

    /// The Hummingbird context of the request being handled (who is asking): the generated
    /// handlers do not see it, so `RequestContextMiddleware` puts it here.
    @TaskLocal static var requestContext: DashboardContext?

    /// The scheme and address the request came to (`http://192.168.1.5:8080`), for links the
    /// reply hands out; nil when its Host header is missing or not a plain host and port.
    @TaskLocal static var requestOrigin: String?

    /// The request's query parameters, for the one operation whose query names are not fixed
    /// (`POST /t/{secret}?eta=10`: the document describes them as a free-form `values` object,
    /// which the generated code does not decode).
    @TaskLocal static var requestQuery: [String: [String]] = [:]

    /// A string field, refused when longer than `max` characters (the generated code does not
    /// check `maxLength`).
    static func limited(_ value: String?, _ field: String, max: Int) throws -> String? {
        guard let value else { return nil }
        guard value.count <= max else { throw APIError.badRequest("“\(field)” is too long (at most \(max) characters).") }
        return value
    }

    /// The template with the id in the path, or a 404.
    func template(_ text: String) throws -> Template {
        guard let id = UUID(uuidString: text), let template = try workspace.templates().template(id: id) else {
            throw APIError.notFound("There is no template with id “\(text)”.")
        }
        return template
    }
}

/// Puts the request's context in `DashboardAPI.requestContext` for the generated handlers;
/// it must be the last middleware before them.
struct RequestContextMiddleware: RouterMiddleware {
    typealias Context = DashboardContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await DashboardAPI.$requestContext.withValue(context) {
            try await DashboardAPI.$requestOrigin.withValue(Self.origin(request, secure: secure)) {
                var query: [String: [String]] = [:]
                if request.uri.path.hasPrefix("/t/") {
                    for (name, value) in request.uri.queryParameters { query[String(name), default: []].append(String(value)) }
                }
                return try await DashboardAPI.$requestQuery.withValue(query) { try await next(request, context) }
            }
        }
    }

    /// Whether the dashboard is reached over HTTPS (through a proxy): `tgt serve --secure-cookies`.
    let secure: Bool

    static func origin(_ request: Request, secure: Bool) -> String? {
        guard let authority = request.head.authority, !authority.isEmpty, authority.utf8.count <= 255,
              authority.utf8.allSatisfy(isHostByte)
        else { return nil }
        return (secure ? "https://" : "http://") + authority
    }

    /// A byte a host and port may hold: ASCII letters, digits, `.`, `-`, `:` and an IPv6
    /// address's brackets. (Checked on bytes: building a `CharacterSet` for each request
    /// cost 12 % of `/api/status`' time.)
    static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }
}

/// Reads an API request's body up to the limit before the generated code sees it, so that
/// an oversized body is a 413 whatever the operation. A body that turns out empty (sent
/// chunked, with no length) is marked `Content-Length: 0`, so that `AbsentBodyTransport`
/// hands the operation no body.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = DashboardContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/api/") || request.uri.path.hasPrefix("/t/"), !AuthMiddleware.isSafe(request.method) else { return try await next(request, context) }
        // A file upload streams to disk under its own limit (`UploadStore`).
        if request.method == .post, request.uri.path == "/api/uploads" { return try await next(request, context) }
        var request = request
        do {
            let body = try await request.collectBody(upTo: context.maxUploadSize)
            if body.readableBytes == 0, request.headers[.contentLength] == nil {
                var head = request.head
                head.headerFields[.transferEncoding] = nil
                head.headerFields[.contentLength] = "0"
                request = Request(head: head, body: RequestBody(buffer: body))
            }
        } catch is NIOTooManyBytesError {
            throw APIError.tooLarge
        }
        return try await next(request, context)
    }
}

extension APIError {
    /// The envelope's error for what the generated code throws: a request it could not read
    /// (a field with the wrong type, an unknown or missing field, broken JSON, the wrong
    /// content type), or whatever a handler threw.
    static func from(openAPI error: ServerError) -> APIError? {
        let underlying = error.underlyingError
        if let decoding = underlying as? DecodingError { return from(decoding: decoding) }
        if let known = from(underlying) { return known }
        switch error.httpStatus {
        case .unsupportedMediaType:
            return APIError(.unsupportedMediaType, code: "unsupported_media_type", message: "Send the body as JSON (Content-Type: application/json).")
        case .badRequest where error.causeDescription.contains("request body") && error.operationID == "createUpload":
            return APIError(.unprocessableContent, code: "bad_file", message: "That cannot be sent: the file is empty.",
                            nextStep: "Pick a file with something in it.")
        case .badRequest where error.causeDescription.contains("request body"):
            return APIError.badRequest("The request needs a JSON body.", code: "invalid_json")
        case .badRequest:
            return APIError.badRequest("A parameter of the request is not valid: \(error.causeDescription)")
        case .notAcceptable:
            return APIError(.notAcceptable, code: "not_acceptable", message: "This API answers in JSON (Accept: application/json).")
        default:
            return nil
        }
    }

    /// "“targets[0].chat_id” must be a whole number." and the like, naming the field.
    static func from(decoding error: DecodingError) -> APIError {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce("") { text, key in
                if let index = key.intValue { return text + "[\(index)]" }
                return text.isEmpty ? key.stringValue : text + "." + key.stringValue
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .badRequest("“\(path(context.codingPath + [key]))” is required.")
        case .typeMismatch(let type, let context):
            let field = path(context.codingPath)
            if field.isEmpty { return .badRequest("The body must be a JSON object.", code: "invalid_json") }
            return .badRequest("“\(field)” must be \(describe(type)).")
        case .valueNotFound(let type, let context):
            return .badRequest("“\(path(context.codingPath))” must be \(describe(type)), not null.")
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            if field.isEmpty { return .badRequest("The body is not valid JSON.", code: "invalid_json") }
            if context.debugDescription.hasPrefix("Additional properties are disabled") {
                return .badRequest("Unknown field “\(field)”.")
            }
            // An icon or location mode outside the spec's list is a template problem (422),
            // shown beside its field, as before the API was generated.
            switch context.codingPath.last?.stringValue {
            case "icon":
                return APIError(.unprocessableContent, code: "invalid_template", message: "That is not one of the icons.",
                                nextStep: "GET /api/icons lists them.", issues: [ValidationIssue(field: .icon, message: "Pick one of the icons.")])
            case "location_mode":
                return APIError(.unprocessableContent, code: "invalid_template", message: "“location_mode” must be none, map_link or native.",
                                issues: [ValidationIssue(field: .location, message: "Choose none, a map link, or a native location.")])
            default:
                return .badRequest("“\(field)” is not a valid value.")
            }
        @unknown default:
            return .badRequest("The request could not be read.")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "true or false"
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type, is Int32.Type: "a whole number"
        case is Double.Type: "a number"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
