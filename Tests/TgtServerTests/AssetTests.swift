import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import TgtServer

@Suite("Front-end files: embedded, hashed, cached")
struct AssetTests {
    static let immutable = "public, max-age=31536000, immutable"

    @Test("Pages link the stylesheet and scripts by content hash; each is served immutable, its hash matches its bytes, a stale hash is refused")
    func hashedAssets() async throws {
        try await ServerFixture().run { client in
            let (cookie, _) = try await client.signIn()
            try await client.logInToTelegram()
            var links: Set<String> = []
            for page in ["/", "/templates/new", "/scheduled", "/sends", "/settings", "/chats"] {
                let reply = try await client.request(.get, page, headers: [.cookie: cookie])
                #expect(reply.status == .ok, "\(page)")
                #expect(reply.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true, "\(page)")
                let found = Self.assetLinks(in: reply.text)
                #expect(found.contains { $0.hasSuffix(".css") }, "\(page) links a stylesheet")
                #expect(found.contains { $0.hasSuffix(".js") }, "\(page) loads a script")
                #expect(Self.inlineScripts(in: reply.text) == 0, "\(page) has no inline script")
                links.formUnion(found)
            }
            let names = Set(links.compactMap { Self.split($0)?.name })
            #expect(names == ["app.css", "app.js", "grid.js", "editor.js", "scheduled.css", "scheduled.js", "sends.js", "settings.js", "chats.css", "chats.js"])

            for link in links.sorted() {
                guard let (name, hash) = Self.split(link) else {
                    Issue.record("\(link) has no content hash")
                    continue
                }
                let response = try await client.raw.execute(uri: link, method: .get, headers: [:], body: nil)
                let bytes = Array(response.body.readableBytesView)
                #expect(response.status == .ok, "\(link)")
                #expect(response.headers[.contentType] == (name.hasSuffix(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8"))
                #expect(response.headers[.cacheControl] == Self.immutable, "\(link)")
                #expect(Self.sha256Prefix(bytes, length: hash.count) == hash, "\(link): the hash is the SHA-256 of the bytes served")
                #expect(bytes.count > 100, "\(link) is not empty")

                // Imports between scripts use hashed names that exist too.
                for imported in Self.imports(in: String(decoding: bytes, as: UTF8.self)) {
                    #expect(Self.split(imported) != nil, "\(link) imports \(imported) by its hashed name")
                    if !links.contains(imported) {
                        #expect(try await client.request(.get, imported).status == .ok, "\(imported)")
                    }
                }

                let stale = link.replacingOccurrences(of: ".\(hash).", with: ".\(Self.otherHash(hash)).")
                let refused = try await client.request(.get, stale)
                #expect(refused.status == .notFound, "\(stale)")
                #expect(refused.headers[.cacheControl] != Self.immutable, "a refusal is not cached for a year")

                let plain = try await client.request(.get, "/assets/\(name)")
                #expect(plain.status == .ok, "the plain name stays as an alias")
                #expect(plain.headers[.cacheControl] == "no-cache")
                #expect(plain.headers[.eTag] == "\"\(hash)\"")
                let revalidated = try await client.request(.get, "/assets/\(name)", headers: [.ifNoneMatch: "\"\(hash)\""])
                #expect(revalidated.status == .notModified)
            }
        }
    }

    @Test("Icons and the manifest keep working with a short cache", arguments: [
        ("/assets/icon.svg", "image/svg+xml"), ("/assets/icon-192.png", "image/png"), ("/assets/icon-512.png", "image/png"),
        ("/assets/icon-180.png", "image/png"), ("/manifest.webmanifest", "application/manifest+json"), ("/favicon.ico", "image/svg+xml"),
    ])
    func iconsAndManifest(path: String, type: String) async throws {
        try await ServerFixture().run { client in
            let reply = try await client.request(.get, path)
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType] == type)
            #expect(reply.headers[.cacheControl] == "public, max-age=300")
            #expect(try await client.request(.get, "/assets/nothing.1234abcd.js").status == .notFound)
            #expect(try await client.request(.get, "/assets/icon-100.png").status == .notFound)
        }
    }

    /// `/assets/…css` and `/assets/…js` in `href="…"` and `src="…"`.
    static func assetLinks(in html: String) -> Set<String> {
        var links: Set<String> = []
        for attribute in ["href=\"", "src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let value = rest[start.upperBound...].prefix { $0 != "\"" }
                if value.hasPrefix("/assets/"), value.hasSuffix(".css") || value.hasSuffix(".js") { links.insert(String(value)) }
                rest = rest[start.upperBound...]
            }
        }
        return links
    }

    /// `<script>` elements without a `src`.
    static func inlineScripts(in html: String) -> Int {
        html.components(separatedBy: "<script").dropFirst().filter { tag in
            !(tag.prefix { $0 != ">" }.contains("src="))
        }.count
    }

    /// `from './x.js'` specifiers, as absolute `/assets/…` paths.
    static func imports(in script: String) -> [String] {
        // Static imports and dynamic ones (`import('./send-later.js')`, loaded on first use; not
        // the JSDoc types' `import('./types')`).
        ["from './", "import('./"].flatMap { marker in
            script.components(separatedBy: marker).dropFirst().map { "/assets/" + $0.prefix { $0 != "'" } }.filter { $0.hasSuffix(".js") }
        }
    }

    /// `/assets/app.3f2a9c1e.css` → (`app.css`, `3f2a9c1e`).
    static func split(_ link: String) -> (name: String, hash: String)? {
        let parts = link.dropFirst("/assets/".count).split(separator: ".")
        guard parts.count == 3, parts[1].count >= 8, parts[1].allSatisfy(\.isHexDigit) else { return nil }
        return ("\(parts[0]).\(parts[2])", String(parts[1]))
    }

    static func sha256Prefix(_ bytes: [UInt8], length: Int) -> String {
        String(SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined().prefix(length))
    }

    /// A hash of the same shape that is not this one.
    static func otherHash(_ hash: String) -> String {
        String(hash.map { $0 == "0" ? "1" : "0" })
    }
}
