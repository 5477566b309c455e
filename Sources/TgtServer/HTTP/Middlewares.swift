import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Outermost middleware: adds the security headers to every response and turns every error
/// into the API envelope (under `/api`) or an HTML error page. Unknown errors are logged and
/// answered with a generic message: no stack traces or internals reach the client. A `HEAD`
/// is answered with the headers of its `GET` and no body.
struct ErrorAndHeadersMiddleware: RouterMiddleware {
    typealias Context = DashboardContext
    let logger = Logger(label: "tgt.server.http")

    /// `blob:` images are the previews of the user's own files picked to send (attach.js).
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
        "connect-src 'self'", "manifest-src 'self'", "object-src 'none'", "base-uri 'none'",
        "frame-ancestors 'none'", "form-action 'self'",
    ].joined(separator: "; ")

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            response = Self.render(error, request: request, logger: logger)
        }
        Self.addSecurityHeaders(&response)
        return request.method == .head ? response.createHeadResponse() : response
    }

    static func render(_ error: any Error, request: Request, logger: Logger) -> Response {
        let apiError: APIError
        if let known = APIError.from(error) {
            apiError = known
        } else {
            logger.error("unexpected error", metadata: ["path": "\(request.uri.path)", "error": "\(String(describing: type(of: error)))"])
            logger.debug("unexpected error detail", metadata: ["error": "\(error)"])
            apiError = APIError(.internalServerError, code: "internal", message: "Something went wrong on the server; the details are in its log.")
        }
        // The API, and a trigger link's POST (the JSON operation `fireTrigger`; its GET is a page).
        if request.uri.path.hasPrefix("/api/") || request.uri.path == "/api" || (request.uri.path.hasPrefix("/t/") && request.method == .post) {
            return JSONReply.error(apiError)
        }
        return HTMLReply.page(Pages.errorPage(apiError), status: apiError.status, headers: apiError.headers)
    }

    static func addSecurityHeaders(_ response: inout Response) {
        // A response that set its own policy (a message's file: a sandbox) keeps it.
        if response.headers[.contentSecurityPolicy] == nil { response.headers[.contentSecurityPolicy] = contentSecurityPolicy }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[HTTPField.Name("Permissions-Policy")!] = "geolocation=(self), camera=(), microphone=()"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
    }
}

/// Decides who is asking (API token or session cookie), keeps everyone else out of all but
/// the sign-in page and static assets, and checks the origin and CSRF token of every
/// state-changing request made with a cookie.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = DashboardContext
    let dashboard: Dashboard

    static func isPublic(_ path: String) -> Bool {
        path == "/login" || path.hasPrefix("/assets/") || path == "/manifest.webmanifest" || path == "/favicon.ico"
            || path == "/sw.js" || path == "/offline"
    }

    static func isSafe(_ method: HTTPRequest.Method) -> Bool {
        method == .get || method == .head || method == .options
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var request = request
        var context = context
        let path = request.uri.path
        let isAPI = path.hasPrefix("/api/")
        if !Self.isSafe(request.method) { try checkOrigin(request, trigger: path.hasPrefix("/t/")) }
        // A trigger link's secret is its only credential: no token, session or CSRF token is
        // asked for or taken (a signed-in browser gets nothing more there).
        if path.hasPrefix("/t/") { return try await next(request, context) }

        if let authorization = request.headers[.authorization] {
            guard authorization.lowercased().hasPrefix("bearer ") else {
                throw APIError(.unauthorized, code: "unauthorized", message: "Use “Authorization: Bearer <token>”.")
            }
            let secret = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            if let wait = await dashboard.throttle.retryAfter(for: context.clientKey, now: dashboard.telegram.clock.now) {
                throw Self.tooManyAttempts(wait)
            }
            if SecretToken.constantTimeEqual(secret, dashboard.localToken) {
                context.principal = .token(name: "tgt (this machine)")
            } else if let token = dashboard.secrets.token(forSecret: secret) {
                context.principal = .token(name: token.name)
            } else {
                await dashboard.throttle.recordFailure(for: context.clientKey, now: dashboard.telegram.clock.now)
                throw APIError(.unauthorized, code: "bad_token", message: "That API token is not valid (revoked or mistyped).",
                               nextStep: "Create a new token on the dashboard's settings page.")
            }
            return try await next(request, context)
        }

        if let cookie = request.cookies[WebSessions.cookieName]?.value,
           let session = await dashboard.sessions.session(for: cookie, now: dashboard.telegram.clock.now)
        {
            context.principal = .browser(session)
            if !Self.isSafe(request.method) {
                if isAPI {
                    guard let sent = request.headers[HTTPField.Name("X-CSRF-Token")!], SecretToken.constantTimeEqual(sent, session.csrfToken) else {
                        throw APIError.badCSRF
                    }
                } else {
                    let form = try await FormInput.read(&request, context: context)
                    guard let sent = form["_csrf"], SecretToken.constantTimeEqual(sent, session.csrfToken) else {
                        throw APIError.badCSRF
                    }
                }
            }
            return try await next(request, context)
        }

        if Self.isPublic(path) { return try await next(request, context) }
        if isAPI || path == "/api" { throw APIError.unauthorized }
        let target = request.method == .get ? path + (request.uri.query.map { "?\($0)" } ?? "") : "/"
        return HTMLReply.redirect("/login?next=" + (target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"))
    }

    /// Browsers say where a request comes from; a page on another site must not drive this one.
    /// For a trigger link, whose secret is its only credential (no CSRF token behind the
    /// origin), `Origin: null` (a sandboxed page, a `data:` URL, a redirect across sites) is
    /// another site too.
    private func checkOrigin(_ request: Request, trigger: Bool) throws {
        if request.headers[HTTPField.Name("Sec-Fetch-Site")!] == "cross-site" {
            throw APIError(.forbidden, code: "cross_site", message: "Requests from other sites are not accepted.")
        }
        guard let origin = request.headers[.origin] else { return }
        if origin == "null" {
            guard !trigger else { throw APIError(.forbidden, code: "cross_site", message: "Requests from other sites are not accepted.") }
            return
        }
        let host = request.head.authority
        let originURL = URL(string: origin)
        let originAuthority = originURL?.host.map { h in h + (originURL?.port.map { ":\($0)" } ?? "") }
        guard let host, let originAuthority, host.lowercased() == originAuthority.lowercased() else {
            throw APIError(.forbidden, code: "cross_site", message: "Requests from other sites are not accepted.")
        }
    }

    static func tooManyAttempts(_ seconds: Int) -> APIError {
        APIError(.tooManyRequests, code: "rate_limited", message: "Too many wrong passwords or tokens. Try again in \(seconds) seconds.",
                 headers: [.retryAfter: "\(seconds)"])
    }
}
