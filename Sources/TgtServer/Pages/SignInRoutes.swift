import Foundation
import Hummingbird

/// `/login` (sign in, or choose the first password with the setup code) and `/logout`.
enum SignInRoutes {
    static func add(to router: Router<DashboardContext>, dashboard: Dashboard) {
        router.get("/login") { request, context -> Response in
            if context.principal?.session != nil { return HTMLReply.redirect("/") }
            let next = safeNext(request.uri.queryParameters["next"].map(String.init))
            let code = request.uri.queryParameters["setup"].map(String.init)
            return HTMLReply.page(Pages.signIn(firstRun: !dashboard.secrets.hasPassword, next: next, setupCode: code, error: nil))
        }

        router.post("/login") { request, context -> Response in
            var request = request
            let form = try await FormInput.read(&request, context: context)
            let next = safeNext(form["next"])
            let firstRun = !dashboard.secrets.hasPassword
            func again(_ message: String, _ status: HTTPResponse.Status) -> Response {
                HTMLReply.page(Pages.signIn(firstRun: firstRun, next: next, setupCode: form["setup_code"], error: message), status: status)
            }
            if let wait = await dashboard.throttle.retryAfter(for: context.clientKey, now: dashboard.telegram.clock.now) {
                var reply = again("Too many wrong attempts. Try again in \(wait) seconds.", .tooManyRequests)
                reply.headers[.retryAfter] = "\(wait)"
                return reply
            }
            let password = form["password"] ?? ""
            if firstRun {
                let expected = dashboard.currentSetupCode ?? ""
                let given = (form["setup_code"] ?? "").trimmingCharacters(in: .whitespaces).uppercased()
                guard !expected.isEmpty, SecretToken.constantTimeEqual(given, expected) else {
                    await dashboard.throttle.recordFailure(for: context.clientKey, now: dashboard.telegram.clock.now)
                    return again("That setup code is not right: use the one `tgt serve` printed.", .unauthorized)
                }
                guard password == form["confirm"] else { return again("The two passwords are different.", .badRequest) }
                do {
                    try dashboard.secrets.setPassword(password, current: nil)
                } catch {
                    return again(APIError.message(for: error), .badRequest)
                }
                dashboard.setupCode.withLock { $0 = nil }
            } else if !dashboard.secrets.verifyPassword(password) {
                await dashboard.throttle.recordFailure(for: context.clientKey, now: dashboard.telegram.clock.now)
                return again("That password is not right.", .unauthorized)
            }
            await dashboard.throttle.recordSuccess(for: context.clientKey)
            let session = await dashboard.sessions.create(now: dashboard.telegram.clock.now)
            return HTMLReply.redirect(next, headers: [.setCookie: sessionCookie(session.token, secure: dashboard.options.secureCookies)])
        }

        router.post("/logout") { _, context -> Response in
            if let token = context.principal?.session?.token { await dashboard.sessions.end(token) }
            return HTMLReply.redirect("/login", headers: [.setCookie: sessionCookie("", secure: dashboard.options.secureCookies, maxAge: 0)])
        }
    }

    /// The session cookie: HttpOnly (no script can read it), SameSite=Strict (never sent by
    /// other sites' requests), Secure behind HTTPS.
    static func sessionCookie(_ value: String, secure: Bool, maxAge: Int = 30 * 24 * 3600) -> String {
        "\(WebSessions.cookieName)=\(value); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Strict\(secure ? "; Secure" : "")"
    }

    /// Only same-site paths: "/x" yes; "//evil.example", "https://…" or "/\\…" no.
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"), !next.contains("\n") else { return "/" }
        return next
    }
}
