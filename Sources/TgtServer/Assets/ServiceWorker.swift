import Foundation
import HTTPTypes
import Hummingbird

/// The installed app's service worker and offline page (issue 24).
///
/// `GET /sw.js` is `Web/sw.js` with this binary's files filled in: `ASSETS`, the hashed names of
/// every stylesheet and script plus the icon, and `VERSION`, a hash of those names and of the
/// offline page, which names its cache. A new binary therefore serves a different worker (browsers
/// compare its bytes on every page load), which installs with a fresh cache and deletes the old
/// one: an old file is never served. The worker is answered with `no-cache` (checked again each
/// time, never kept for a year) from the root, so its scope is the whole dashboard.
///
/// `GET /offline` is the page the worker stands in with when the server cannot be reached. Both
/// are public: the worker checks for updates and caches the page whether or not anyone is signed
/// in, and neither holds anything about the person.
enum ServiceWorker {
    /// The paths the worker caches when it installs, besides the offline page.
    static let assets: [String] = WebAssets.all.values.map(\.url).sorted() + ["/assets/icon.svg"]

    /// A hash of everything the worker caches: the assets' names (content-hashed already) and the
    /// offline page's bytes.
    static let version: String = WebAssets.contentHash(Array((assets + [Pages.offline.raw, AppIcon.svg]).joined(separator: "\n").utf8))

    /// What `Web/sw.js` has in place of the list and the version.
    static let assetsPlaceholder = "const ASSETS = /** @type {string[]} */ ([]);"
    static let versionPlaceholder = "const VERSION = 'development';"

    /// The worker as served: the source with `VERSION` and `ASSETS` filled in.
    static let script: String = render(String(decoding: WebAssets.serviceWorkerSource, as: UTF8.self), version: version, assets: assets)

    /// Fills the placeholders of `source` in (each must be there once).
    static func render(_ source: String, version: String, assets: [String]) -> String {
        let list = assets.map { "'\($0)'" }.joined(separator: ", ")
        return source
            .replacingOccurrences(of: versionPlaceholder, with: "const VERSION = '\(version)';")
            .replacingOccurrences(of: assetsPlaceholder, with: "const ASSETS = /** @type {string[]} */ ([\(list)]);")
    }

    static func add(to router: Router<DashboardContext>) {
        let body = ByteBuffer(string: script)
        let etag = "\"\(version)\""
        router.get("/sw.js") { request, _ in
            if request.headers[.ifNoneMatch] == etag {
                return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: "no-cache"])
            }
            var response = AssetRoutes.reply(body, type: "text/javascript; charset=utf-8", cache: "no-cache")
            response.headers[.eTag] = etag
            return response
        }
        router.get("/offline") { _, _ in
            // The worker fetches it past the HTTP cache when it installs; browsers need not keep it.
            HTMLReply.page(Pages.offline, headers: [.cacheControl: "no-cache"])
        }
    }
}
