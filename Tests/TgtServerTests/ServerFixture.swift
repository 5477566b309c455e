import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TgtApplication
import TgtDashboardClient
import TgtDomain
import TgtServer
import TgtSimulator
import TgtStore
import TgtTelegram
import TgtTestSupport
import TgtWire
import Testing

/// A dashboard over the Telegram simulator and a real SQLite store in a temporary folder,
/// served on a real loopback port for the length of one test.
struct ServerFixture {
    static let password = "correct horse battery"
    let sim: SimulatedTelegram
    let dashboard: Dashboard
    /// The session behind the dashboard's `LiveSession`, for what a test checks below the faces.
    let host: SessionHost
    let apiToken: String

    init(scenario: SimulatorScenario = SimulatorScenario(sendBehaviours: [-4002: .fail(code: 403, message: "CHAT_WRITE_FORBIDDEN")]),
         password: String? = ServerFixture.password, throttle: LoginThrottle = LoginThrottle(),
         clock: any AppClock = TestClock(), options: DashboardOptions = DashboardOptions(port: 0, isDemo: true)) async throws
    {
        sim = try SimulatedTelegram(scenario: scenario, clock: clock)
        let secrets = try DashboardSecrets(directory: DataDirectory(url: sim.folder.url), bcryptCost: 4)
        if let password { try secrets.replacePassword(password) }
        apiToken = try secrets.createToken(name: "tests", now: clock.now).secret
        host = try SessionHost(environment: sim.environment, store: sim.store, clock: clock)
        dashboard = Dashboard(telegram: LiveSession(host: host), secrets: secrets, options: options, throttle: throttle)
        await host.start()
    }

    /// The same data folder, store and simulated Telegram with a new dashboard and session, as
    /// after a restart of `tgt serve` (run the first with `keepingData`).
    init(restarting earlier: ServerFixture, clock: any AppClock) async throws {
        sim = earlier.sim
        let secrets = try DashboardSecrets(directory: DataDirectory(url: sim.folder.url), bcryptCost: 4)
        apiToken = earlier.apiToken
        host = try SessionHost(environment: sim.environment, store: sim.store, clock: clock)
        dashboard = Dashboard(telegram: LiveSession(host: host), secrets: secrets, options: DashboardOptions(port: 0, isDemo: true), throttle: LoginThrottle())
        await host.start()
    }

    /// Serves the dashboard, runs `body` against it, then shuts the host down (and removes the
    /// data folder unless `keepingData`).
    func run(keepingData: Bool = false, _ body: @Sendable (Client) async throws -> Void) async throws {
        let app = DashboardServer.buildApplication(dashboard, shutdownGrace: 1)
        do {
            try await app.test(.live) { client in try await body(Client(raw: client, token: apiToken)) }
        } catch {
            await host.shutdown(grace: 1)
            sim.remove()
            throw error
        }
        await host.shutdown(grace: 1)
        if !keepingData { sim.remove() }
    }

    /// Test client helpers: JSON with the API token, forms and cookies for the pages.
    struct Client: Sendable {
        let raw: any TestClientProtocol
        let token: String

        struct Reply: Sendable {
            let status: HTTPResponse.Status
            let headers: HTTPFields
            let text: String
            var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:] }
            var data: [String: Any] { json["data"] as? [String: Any] ?? [:] }
            var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
            var errorMessage: String? { (json["error"] as? [String: Any])?["message"] as? String }
            var issues: [[String: String]] { ((json["error"] as? [String: Any])?["issues"] as? [[String: String]]) ?? [] }
        }

        func request(_ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = [:], body: String? = nil) async throws -> Reply {
            let response = try await raw.execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
            return Reply(status: response.status, headers: response.headers, text: String(buffer: response.body))
        }

        /// An API call with the bearer token (`auth: false` for none).
        func api(_ method: HTTPRequest.Method, _ path: String, json: Any? = nil, raw body: String? = nil, auth: Bool = true,
                 headers extra: HTTPFields = [:]) async throws -> Reply
        {
            var headers = extra
            if auth { headers[.authorization] = "Bearer \(token)" }
            var text = body
            if let json {
                text = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
            }
            if text != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
            return try await request(method, "/api/" + path, headers: headers, body: text)
        }

        /// A GET of the API with the bearer token, its body as bytes (a file's: `text` would
        /// decode them as UTF-8).
        func bytes(_ path: String, range: String? = nil) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, body: [UInt8]) {
            var headers: HTTPFields = [.authorization: "Bearer \(token)"]
            if let range { headers[.range] = range }
            let response = try await raw.execute(uri: "/api/" + path, method: .get, headers: headers, body: nil)
            return (response.status, response.headers, Array(response.body.readableBytesView))
        }

        /// Signs in with the dashboard password; returns the cookie and the page's CSRF token.
        func signIn(password: String = ServerFixture.password) async throws -> (cookie: String, csrf: String) {
            let reply = try await request(.post, "/login", headers: [.contentType: "application/x-www-form-urlencoded"],
                                          body: "password=\(password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&next=%2Fsettings")
            guard let setCookie = reply.headers[.setCookie], let pair = setCookie.split(separator: ";").first else { return ("", "") }
            let cookie = String(pair)
            let page = try await request(.get, "/settings", headers: [.cookie: cookie])
            return (cookie, Self.csrf(in: page.text) ?? "")
        }

        static func csrf(in html: String) -> String? {
            guard let range = html.range(of: "name=\"csrf-token\" content=\"") else { return nil }
            return String(html[range.upperBound...].prefix { $0 != "\"" })
        }

        /// Logs in to the simulated Telegram through the API.
        /// A `tgt` command's client of this dashboard (its own connections, over real HTTP).
        func dashboardClient(token: String) throws -> DashboardClient {
            let port = try #require(raw.port)
            return DashboardClient(descriptor: ServerDescriptor(pid: getpid(), url: "http://127.0.0.1:\(port)", token: token))
        }

        func logInToTelegram() async throws {
            _ = try await api(.post, "login/phone", json: ["phone_number": "+15550001234"])
            _ = try await api(.post, "login/code", json: ["code": "12345"])
        }
    }
}
