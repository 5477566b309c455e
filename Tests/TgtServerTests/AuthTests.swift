import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TgtServer
import TgtStore
import TgtTestSupport

@Suite("Dashboard security")
struct AuthTests {
    @Test("Nothing but the sign-in page and assets answers without signing in")
    func everythingNeedsSignIn() async throws {
        try await ServerFixture().run { client in
            let api = try await client.api(.get, "templates", auth: false)
            #expect(api.status == .unauthorized)
            #expect(api.json["success"] as? Bool == false)
            #expect(api.errorCode == "unauthorized")
            let page = try await client.request(.get, "/settings")
            #expect(page.status == .seeOther)
            #expect(page.headers[.location] == "/login?next=%2Fsettings")
            for path in ["/login", "/assets/app.css", "/assets/app.js", "/assets/icon-192.png", "/manifest.webmanifest"] {
                #expect(try await client.request(.get, path).status == .ok, "\(path)")
            }
            let spec = try await client.api(.get, "openapi.json", auth: false)
            #expect(spec.status == .unauthorized)
            let wrong = try await client.request(.get, "/api/status", headers: [.authorization: "Bearer tgt_wrong"])
            #expect(wrong.status == .unauthorized)
            #expect(wrong.errorCode == "bad_token")
        }
    }

    @Test("Every response carries a CSP without inline script, and no-sniff/no-frame headers")
    func securityHeaders() async throws {
        try await ServerFixture().run { client in
            for path in ["/login", "/api/status", "/does-not-exist"] {
                let reply = try await client.request(.get, path)
                let csp = reply.headers[.contentSecurityPolicy] ?? ""
                #expect(csp.contains("script-src 'self'"), "\(path)")
                #expect(!csp.contains("unsafe-inline"))
                #expect(reply.headers[.xContentTypeOptions] == "nosniff")
                #expect(reply.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            }
            let missing = try await client.api(.get, "nope")
            #expect(missing.status == .notFound)
            #expect(!missing.text.contains("Error("), "no internals in replies")
        }
    }

    @Test("Signing in sets an HttpOnly, SameSite=Strict session cookie; signing out ends it")
    func signInAndOut() async throws {
        try await ServerFixture().run { client in
            let (cookie, csrf) = try await client.signIn()
            #expect(cookie.hasPrefix("tgt_session="))
            #expect(!csrf.isEmpty)
            let login = try await client.request(.post, "/login", headers: [.contentType: "application/x-www-form-urlencoded"],
                                                 body: "password=correct+horse+battery&next=%2F%2Fevil.example")
            let setCookie = login.headers[.setCookie] ?? ""
            #expect(setCookie.contains("HttpOnly"))
            #expect(setCookie.contains("SameSite=Strict"))
            #expect(login.headers[.location] == "/", "an off-site next= is replaced by /")
            #expect(try await client.request(.get, "/", headers: [.cookie: cookie]).status != .unauthorized)
            let out = try await client.request(.post, "/logout", headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                               body: "_csrf=\(csrf)")
            #expect(out.status == .seeOther)
            let after = try await client.request(.get, "/api/status", headers: [.cookie: cookie])
            #expect(after.status == .unauthorized)
        }
    }

    @Test("Cookie-authenticated writes need the CSRF token; other sites are refused")
    func csrf() async throws {
        try await ServerFixture().run { client in
            let (cookie, csrf) = try await client.signIn()
            let body = #"{"default_location": "45.4642,9.19"}"#
            let missing = try await client.api(.patch, "settings", raw: body, auth: false, headers: [.cookie: cookie])
            #expect(missing.status == .forbidden)
            #expect(missing.errorCode == "csrf")
            let wrong = try await client.api(.patch, "settings", raw: body, auth: false, headers: [.cookie: cookie, HTTPField.Name("X-CSRF-Token")!: "nope"])
            #expect(wrong.status == .forbidden)
            let right = try await client.api(.patch, "settings", raw: body, auth: false, headers: [.cookie: cookie, HTTPField.Name("X-CSRF-Token")!: csrf])
            #expect(right.status == .ok)
            #expect(right.data["default_location"] as? String == "45.464200,9.190000")
            let form = try await client.request(.post, "/settings/location", headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                                body: "default_location=1,2")
            #expect(form.status == .forbidden, "a form without _csrf")
            let crossSite = try await client.api(.patch, "settings", raw: body, auth: false,
                                                 headers: [.cookie: cookie, HTTPField.Name("X-CSRF-Token")!: csrf, .origin: "https://evil.example"])
            #expect(crossSite.status == .forbidden)
            #expect(crossSite.errorCode == "cross_site")
            let sameSite = try await client.api(.get, "settings", auth: false, headers: [.cookie: cookie])
            #expect(sameSite.data["default_location"] as? String == "45.464200,9.190000", "refused writes changed nothing")
        }
    }

    @Test("Wrong passwords are limited: the sixth try within the window gets 429 with Retry-After")
    func rateLimit() async throws {
        try await ServerFixture(throttle: LoginThrottle(limit: 5, window: 600)).run { client in
            for _ in 0..<5 {
                let reply = try await client.request(.post, "/login", headers: [.contentType: "application/x-www-form-urlencoded"], body: "password=nope")
                #expect(reply.status == .unauthorized)
                #expect(reply.text.contains("That password is not right."))
            }
            let blocked = try await client.request(.post, "/login", headers: [.contentType: "application/x-www-form-urlencoded"],
                                                   body: "password=correct+horse+battery")
            #expect(blocked.status == .tooManyRequests)
            #expect(Int(blocked.headers[.retryAfter] ?? "") ?? 0 > 0)
            #expect(blocked.headers[.setCookie] == nil, "even the right password waits")
        }
    }

    @Test("First run: the password can only be chosen with the printed setup code")
    func firstRun() async throws {
        let fixture = try await ServerFixture(password: nil)
        let code = try #require(fixture.dashboard.currentSetupCode)
        try await fixture.run { client in
            let page = try await client.request(.get, "/login?setup=\(code)")
            #expect(page.text.contains("Choose a dashboard password"))
            #expect(page.text.contains("value=\"\(code)\""))
            let wrongCode = try await client.request(.post, "/login", headers: [.contentType: "application/x-www-form-urlencoded"],
                                                     body: "setup_code=AAAA&password=abcdefgh1&confirm=abcdefgh1")
            #expect(wrongCode.status == .unauthorized)
            let short = try await client.request(.post, "/login", headers: [.contentType: "application/x-www-form-urlencoded"],
                                                 body: "setup_code=\(code)&password=short&confirm=short")
            #expect(short.status == .badRequest)
            #expect(short.text.contains("at least 8 characters"))
            let ok = try await client.request(.post, "/login", headers: [.contentType: "application/x-www-form-urlencoded"],
                                              body: "setup_code=\(code)&password=abcdefgh1&confirm=abcdefgh1&next=%2F")
            #expect(ok.status == .seeOther)
            #expect(ok.headers[.setCookie] != nil)
            #expect(fixture.dashboard.currentSetupCode == nil)
            #expect(fixture.dashboard.secrets.verifyPassword("abcdefgh1"))
        }
    }

    @Test("The password is stored as a bcrypt hash in a 0600 file; listening beyond loopback needs one")
    func passwordStorage() throws {
        let folder = try TestDirectory("secrets")
        defer { folder.remove() }
        let secrets = try DashboardSecrets(directory: DataDirectory(url: folder.url), bcryptCost: 4)
        #expect(throws: DashboardServer.StartError.self) {
            try DashboardServer.checkBinding(DashboardOptions(host: "0.0.0.0"), secrets: secrets)
        }
        try DashboardServer.checkBinding(DashboardOptions(host: "127.0.0.1"), secrets: secrets)
        try secrets.replacePassword("a long secret")
        try DashboardServer.checkBinding(DashboardOptions(host: "0.0.0.0"), secrets: secrets)
        let text = try String(contentsOf: secrets.file, encoding: .utf8)
        #expect(!text.contains("a long secret"))
        #expect(text.contains("$2b$") || text.contains("$2a$") || text.contains("$2y$"))
        #expect(SecureFile.permissions(of: secrets.file) == 0o600)
        #expect(throws: DashboardSecretError.self) { try secrets.setPassword("another long one", current: "wrong") }
        #expect(secrets.verifyPassword("a long secret"))
    }

    @Test("API tokens: created once with a secret, usable, revocable; changing the password signs other browsers out")
    func tokensAndPasswordChange() async throws {
        try await ServerFixture().run { client in
            let created = try await client.api(.post, "tokens", json: ["name": "Shortcuts"])
            #expect(created.status == .created)
            let secret = try #require(created.data["secret"] as? String)
            let id = try #require(created.data["id"] as? String)
            #expect(try await client.request(.get, "/api/status", headers: [.authorization: "Bearer \(secret)"]).status == .ok)
            let list = try await client.api(.get, "tokens")
            #expect(!list.text.contains(secret), "secrets are never listed")
            #expect(try await client.api(.delete, "tokens/\(id)").status == .ok)
            #expect(try await client.request(.get, "/api/status", headers: [.authorization: "Bearer \(secret)"]).status == .unauthorized)
            #expect(try await client.api(.delete, "tokens/\(id)").status == .notFound)

            let (other, _) = try await client.signIn()
            let (mine, csrf) = try await client.signIn()
            let change = try await client.api(.post, "password", json: ["current_password": ServerFixture.password, "new_password": "even better one"],
                                              auth: false, headers: [.cookie: mine, HTTPField.Name("X-CSRF-Token")!: csrf])
            #expect(change.status == .ok)
            #expect(try await client.request(.get, "/api/status", headers: [.cookie: other]).status == .unauthorized)
            #expect(try await client.request(.get, "/api/status", headers: [.cookie: mine]).status == .ok)
            let wrongCurrent = try await client.api(.post, "password", json: ["current_password": "nope", "new_password": "whatever123"])
            #expect(wrongCurrent.status == .badRequest)
            #expect(wrongCurrent.errorCode == "wrong_password")
        }
    }
}
