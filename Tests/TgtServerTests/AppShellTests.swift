import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
@testable import TgtServer

/// Issue 24's app shell: the service worker and its offline page, the phone's tab bar and More,
/// dismissible notices, the icons an install asks for.
@Suite("App shell: service worker, offline page, tab bar, notices, icons")
struct AppShellTests {
    @Test("/sw.js: JavaScript from the root, revalidated every time, public; its cache is named by the hashed assets it lists")
    func serviceWorker() async throws {
        try await ServerFixture().run { client in
            let reply = try await client.request(.get, "/sw.js")
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(reply.headers[.cacheControl] == "no-cache", "never the assets' year-long immutable cache")
            #expect(reply.headers[HTTPField.Name("Service-Worker-Allowed")!] == nil, "served from the root: its scope is / already")

            let version = try #require(Self.quoted(after: "const VERSION = ", in: reply.text))
            #expect(version.count == 8 && version.allSatisfy(\.isHexDigit), "\(version)")
            #expect(!reply.text.contains("'development'") && !reply.text.contains("([])"), "both placeholders are filled in")
            #expect(reply.headers[.eTag] == "\"\(version)\"")
            #expect(try await client.request(.get, "/sw.js", headers: [.ifNoneMatch: "\"\(version)\""]).status == .notModified)

            // The list is every stylesheet and script of this binary by its hashed name, and the icon.
            let listed = Self.assetList(in: reply.text)
            let expected = Set(WebAssets.all.values.map(\.url)).union(["/assets/icon.svg"])
            #expect(Set(listed) == expected)
            #expect(listed.count == expected.count, "no duplicates")
            for path in listed {
                let asset = try await client.request(.get, path)
                #expect(asset.status == .ok, "\(path)")
                if path != "/assets/icon.svg" { #expect(asset.headers[.cacheControl] == AssetTests.immutable, "\(path)") }
            }

            // What the pages link is in it (so a page offline finds its files)…
            let (cookie, _) = try await client.signIn()
            try await client.logInToTelegram()
            for page in ["/", "/timers", "/chats", "/more", "/offline"] {
                let html = try await client.request(.get, page, headers: [.cookie: cookie]).text
                let links = AssetTests.assetLinks(in: html)
                #expect(!links.isEmpty && links.isSubset(of: Set(listed)), "\(page): \(links.subtracting(listed))")
            }
            // …and the version is the hash of the list and the offline page.
            let offline = try await client.request(.get, "/offline").text
            let svg = try await client.request(.get, "/assets/icon.svg").text
            #expect(version == WebAssets.contentHash(Array((listed + [offline, svg]).joined(separator: "\n").utf8)))
        }
    }

    @Test("A different file set makes a different worker: new version, new list")
    func versionFollowsAssets() throws {
        let source = String(decoding: WebAssets.serviceWorkerSource, as: UTF8.self)
        #expect(source.contains(ServiceWorker.versionPlaceholder) && source.contains(ServiceWorker.assetsPlaceholder))
        let changed = WebAssets.resolve(WebAssets.sources.map { $0.name == "app.css" ? ($0.name, $0.bytes + Array("a{}".utf8)) : $0 })
        let before = WebAssets.all.values.map(\.url).sorted(), after = changed.values.map(\.url).sorted()
        #expect(before != after)
        let old = ServiceWorker.render(source, version: "11111111", assets: before)
        let new = ServiceWorker.render(source, version: "22222222", assets: after)
        #expect(old != new)
        #expect(Self.assetList(in: new) == after)
        #expect(Self.quoted(after: "const VERSION = ", in: new) == "22222222")
    }

    @Test("Scripts are served without their comment-only lines (JSDoc, // notes); a comment with code after it keeps its line, strings and code stay as written")
    func commentLines() throws {
        let source = """
            // @ts-check
            /**
             * Says hi.
             * @param {string} who
             */
            export function hi(who) {
              /** @type {HTMLElement} */ (document.body).title = 'https://example.com/a//b'; // a trailing note stays
              /* one line */
              const url = "//cdn"; /* inline */ return who;
            }
            """
        #expect(WebAssets.withoutCommentLines(source) == """
            export function hi(who) {
              /** @type {HTMLElement} */ (document.body).title = 'https://example.com/a//b'; // a trailing note stays
              const url = "//cdn"; /* inline */ return who;
            }
            """)
        // What the dashboard serves: every script lost its comment-only lines, and still has its code.
        let conversation = try #require(WebAssets.all["conversation.js"])
        let text = String(decoding: conversation.bytes, as: UTF8.self)
        #expect(!text.split(separator: "\n").contains { $0.drop { $0 == " " }.hasPrefix("//") || $0.drop { $0 == " " }.hasPrefix("/**") })
        #expect(text.contains("export async function refresh()") && conversation.bytes.count < WebFiles.bytes("conversation.js").count * 9 / 10)
    }

    @Test("The binary carries every stylesheet and script of Web/ and openapi.yaml, byte for byte as in the repository")
    func filesCompiledIn() throws {
        let server = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/TgtServer")
        let web = server.appendingPathComponent("Web")
        let names = try FileManager.default.contentsOfDirectory(atPath: web.path)
            .filter { $0.hasSuffix(".js") || $0.hasSuffix(".css") }
        #expect(Set(WebFiles.all.keys) == Set(names + ["openapi.yaml"]), "a new file of Web/ is listed in Sources/TgtWebFiles/web_files.c")
        for name in names.sorted() {
            let data = try Data(contentsOf: web.appendingPathComponent(name))
            #expect(WebFiles.bytes(name) == Array(data), "\(name)")
        }
        let spec = try Data(contentsOf: server.appendingPathComponent("API/Spec/openapi.yaml"))
        #expect(WebFiles.bytes("openapi.yaml") == Array(spec) && OpenAPIDocument.yaml.utf8.count == spec.count)
        #expect(WebAssets.sources.count == names.count - 1 && WebAssets.all["sw.js"] == nil, "every file but the worker is served under /assets/")
    }

    @Test("/offline: the app's own words, a Retry button, nothing about anyone; public and not kept")
    func offlinePage() async throws {
        try await ServerFixture().run { client in
            let reply = try await client.request(.get, "/offline")
            #expect(reply.status == .ok, "no sign-in needed: the worker caches it for whoever opens the app")
            #expect(reply.headers[.contentType] == "text/html; charset=utf-8")
            #expect(reply.headers[.cacheControl] == "no-cache")
            #expect(reply.text.contains("TgTemplates can't reach its server"))
            #expect(reply.text.contains("<button type=\"button\" class=\"primary\" id=\"retry\">Retry</button>"))
            #expect(reply.text.contains("nothing waits to be sent later"))
            #expect(!reply.text.contains("csrf-token") && !reply.text.contains("<nav"), "no session, no navigation")
            #expect(AssetTests.inlineScripts(in: reply.text) == 0)
            #expect(AssetTests.assetLinks(in: reply.text).contains { $0.hasPrefix("/assets/offline.") })
            // Signed in, it is the same page, byte for byte.
            let (cookie, _) = try await client.signIn()
            #expect(try await client.request(.get, "/offline", headers: [.cookie: cookie]).text == reply.text)
        }
    }

    @Test("The nav: four tabs and More with icons for a phone, Recent and Settings for the top bar; the current one marked")
    func tabBar() async throws {
        try await ServerFixture().run { client in
            let (cookie, _) = try await client.signIn()
            try await client.logInToTelegram()
            let grid = try await client.request(.get, "/", headers: [.cookie: cookie]).text
            let nav = try #require(Self.element("nav aria-label=\"Main\"", in: grid))
            #expect(nav.components(separatedBy: "<svg aria-hidden=\"true\">").count - 1 == 5, "Templates, Chats, Timers, Scheduled, More")
            #expect(nav.contains("<a href=\"/\" aria-current=\"page\"><svg"))
            #expect(nav.contains("<a href=\"/sends\" class=\"wide\">Recent</a>") && nav.contains("<a href=\"/settings\" class=\"wide\">Settings</a>"))
            #expect(nav.contains("<a href=\"/more\" class=\"more-tab\"><svg"))
            #expect(nav.components(separatedBy: "aria-current").count - 1 == 1)

            for (page, link) in [("/settings", "/settings"), ("/sends", "/sends")] {
                let html = try #require(Self.element("nav aria-label=\"Main\"", in: try await client.request(.get, page, headers: [.cookie: cookie]).text))
                #expect(html.contains("<a href=\"\(link)\" class=\"wide\" aria-current=\"page\">"), "\(page)")
                #expect(html.contains("<a href=\"/more\" class=\"more-tab\" aria-current=\"true\">"), "\(page): More is current on a phone")
            }
            let more = try await client.request(.get, "/more", headers: [.cookie: cookie])
            #expect(more.status == .ok)
            #expect(more.text.contains("<a href=\"/more\" class=\"more-tab\" aria-current=\"page\">"))
            #expect(more.text.contains("href=\"/sends\"><strong>Recent</strong>") && more.text.contains("href=\"/settings\"><strong>Settings</strong>"))
            #expect(more.text.contains("<form method=\"post\" action=\"/logout\">"))
            #expect(more.text.contains("<h1>More</h1>"))

            let signedOut = try await client.request(.get, "/more")
            #expect(signedOut.status == .seeOther && signedOut.headers[.location] == "/login?next=%2Fmore")
        }
    }

    @Test("The demo banners can be put away for good in a browser (a cookie per notice); a form's notice for the view; errors cannot")
    func dismissibleNotices() async throws {
        try await ServerFixture().run { client in
            let (cookie, csrf) = try await client.signIn()
            try await client.logInToTelegram()
            for (page, id) in [("/", "demo"), ("/timers", "demo-timers")] {
                let shown = try await client.request(.get, page, headers: [.cookie: cookie]).text
                #expect(shown.contains("<p class=\"banner info\" data-notice=\"\(id)\"><span>Demo mode:"), "\(page)")
                #expect(shown.contains("<button type=\"button\" class=\"dismiss\" data-dismiss aria-label=\"Dismiss\">"), "\(page)")
                let hidden = try await client.request(.get, page, headers: [.cookie: cookie + "; tgt_hide_\(id)=1"]).text
                #expect(!hidden.contains("Demo mode:"), "\(page) without its demo banner once dismissed")
            }
            let other = try await client.request(.get, "/", headers: [.cookie: cookie + "; tgt_hide_demo-timers=1"]).text
            #expect(other.contains("data-notice=\"demo\""), "each notice by its own id")

            let form: HTTPFields = [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
            let savedPage = try await client.request(.get, "/settings?done=undo-hold", headers: [.cookie: cookie]).text
            #expect(savedPage.contains("<p class=\"banner info\" role=\"status\"><span>Undo hold saved.</span><button"),
                    "a saved notice has its ✕ (no id: this view only)")
            let refused = try await client.request(.post, "/settings/undo-hold", headers: form, body: "_csrf=\(csrf)&undo_hold=99")
            #expect(refused.status == .badRequest)
            let error = try #require(Self.element("p class=\"banner error\"", in: refused.text))
            #expect(!error.contains("data-dismiss"), "an error stays said")
        }
    }

    @Test("Icons: 180 for iOS, 192 and 512 for installs, both also maskable; small PNGs of the right size", arguments: [
        ("/assets/icon-180.png", 180), ("/assets/icon-192.png", 192), ("/assets/icon-512.png", 512),
        ("/assets/icon-maskable-192.png", 192), ("/assets/icon-maskable-512.png", 512),
    ])
    func icons(path: String, size: Int) async throws {
        try await ServerFixture().run { client in
            let response = try await client.raw.execute(uri: path, method: .get, headers: [:], body: nil)
            let bytes = Array(response.body.readableBytesView)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == size && height == size)
            #expect(bytes.count < size * size * 4 / 20, "compressed: \(bytes.count) bytes, under 5 % of the raw \(size * size * 4)")
        }
    }

    @Test("The manifest: maskable icons, light theme colour, splash background, shortcuts")
    func manifest() async throws {
        try await ServerFixture().run { client in
            let manifest = try #require(try JSONSerialization.jsonObject(with: Data(try await client.request(.get, "/manifest.webmanifest").text.utf8)) as? [String: Any])
            let icons = try #require(manifest["icons"] as? [[String: String]])
            #expect(icons.contains { $0["purpose"] == "maskable" && $0["sizes"] == "512x512" })
            #expect(icons.contains { $0["purpose"] == "any" && $0["sizes"] == "192x192" })
            #expect(manifest["id"] as? String == "/" && manifest["display"] as? String == "standalone")
            #expect(manifest["theme_color"] as? String == "#ffffff" && manifest["background_color"] as? String == "#f4f6f9")
            #expect((manifest["shortcuts"] as? [[String: String]])?.map { $0["url"] ?? "" } == ["/chats", "/timers", "/scheduled"])
            let page = try await client.request(.get, "/login").text
            #expect(page.contains("<meta name=\"theme-color\" content=\"#1b232c\" media=\"(prefers-color-scheme:dark)\"><meta name=\"theme-color\" content=\"#fff\">"))
        }
    }

    /// `'…'` right after `marker`.
    static func quoted(after marker: String, in text: String) -> String? {
        guard let range = text.range(of: marker + "'") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "'" })
    }

    /// The paths in sw.js's `ASSETS = … ([…])`.
    static func assetList(in script: String) -> [String] {
        guard let start = script.range(of: "const ASSETS = /** @type {string[]} */ (["),
              let end = script[start.upperBound...].range(of: "]);") else { return [] }
        return script[start.upperBound..<end.lowerBound].split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " '"))
        }
    }

    /// The text from `<opening…` to the end of that element's line (enough for one-line elements).
    static func element(_ opening: String, in html: String) -> String? {
        guard let start = html.range(of: "<" + opening) else { return nil }
        return String(html[start.lowerBound...].prefix { $0 != "\n" })
    }
}
