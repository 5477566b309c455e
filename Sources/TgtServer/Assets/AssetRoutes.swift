import Foundation
import Hummingbird

/// Static files: the stylesheet and scripts (`WebAssets`), icons and the web app manifest,
/// all compiled into the binary so `tgt` is one file to install.
///
/// Pages link the stylesheet and scripts by content-hashed names (`/assets/app.3f2a9c1e.css`),
/// served with a year-long immutable cache; a name with any other hash answers 404 (a page from
/// an older binary asks for a file this one does not have; reloading the page fixes it). The
/// plain names (`/assets/app.css`) stay as aliases for scripts and tools, revalidated each time
/// (`no-cache` with the hash as ETag). Icons and the manifest keep a short cache.
///
/// The icons are the sizes platforms ask for: 180 px for iOS's home screen (`apple-touch-icon`),
/// 192 and 512 px for Android and desktop installs (the 512 one is also Android's splash), each
/// of those two also maskable (`icon-maskable-512.png`) for adaptive icons, and the SVG.
enum AssetRoutes {
    static let pngSizes = [180, 192, 512]
    static let maskableSizes = [192, 512]
    static let pngs: [Int: ByteBuffer] = Dictionary(uniqueKeysWithValues: pngSizes.map { ($0, ByteBuffer(bytes: AppIcon.png(size: $0))) })
    static let maskablePNGs: [Int: ByteBuffer] = Dictionary(uniqueKeysWithValues: maskableSizes.map {
        ($0, ByteBuffer(bytes: AppIcon.png(size: $0, maskable: true)))
    })
    static let svg = ByteBuffer(string: AppIcon.svg)
    static let immutable = "public, max-age=31536000, immutable"
    static let shortLived = "public, max-age=300"

    /// What a name under `/assets/` refers to.
    enum Lookup: Equatable {
        /// The current hashed name of a web asset.
        case hashed(String)
        /// The plain name of a web asset.
        case plain(String)
        /// A web asset's name with a hash that is not the current one.
        case staleHash
        /// Not a web asset (maybe an icon).
        case other
    }

    /// Sorts `app.3f2a9c1e.css`, `app.css`, `app.00000000.css` and `icon.svg` apart.
    static func lookup(_ name: String, in assets: [String: WebAsset]) -> Lookup {
        if let asset = assets[name] { return .plain(asset.name) }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .other }
        let base = parts[0], hash = parts[1], ext = parts[2]
        guard let asset = assets["\(base).\(ext)"] else { return .other }
        return hash == asset.hash ? .hashed(asset.name) : .staleHash
    }

    static func add(to router: Router<DashboardContext>) {
        // Hashed once here, when the server starts; each response shares these buffers' storage.
        let assets = WebAssets.all
        let bodies = assets.mapValues { ByteBuffer(bytes: $0.bytes) }
        router.get("/assets/{name}") { request, context -> Response in
            let name = context.parameters.get("name") ?? ""
            switch lookup(name, in: assets) {
            case .hashed(let found):
                if let asset = assets[found], let body = bodies[found] { return reply(body, type: asset.contentType, cache: immutable) }
            case .plain(let found):
                if let asset = assets[found], let body = bodies[found] {
                    let etag = "\"\(asset.hash)\""
                    if request.headers[.ifNoneMatch] == etag {
                        return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: "no-cache"])
                    }
                    var response = reply(body, type: asset.contentType, cache: "no-cache")
                    response.headers[.eTag] = etag
                    return response
                }
            case .staleHash:
                throw APIError.notFound("“\(name)” is from another version of TgTemplates: reload the page.")
            case .other:
                break
            }
            if name == "icon.svg" { return reply(svg, type: "image/svg+xml", cache: shortLived) }
            if name.hasPrefix("icon-maskable-"), name.hasSuffix(".png"), let size = Int(name.dropFirst(14).dropLast(4)), let png = maskablePNGs[size] {
                return reply(png, type: "image/png", cache: shortLived)
            }
            if name.hasPrefix("icon-"), name.hasSuffix(".png"), let size = Int(name.dropFirst(5).dropLast(4)), let png = pngs[size] {
                return reply(png, type: "image/png", cache: shortLived)
            }
            throw APIError.notFound("There is no file called “\(name)”.")
        }
        router.get("/favicon.ico") { _, _ in reply(svg, type: "image/svg+xml", cache: shortLived) }
        let manifestBody = ByteBuffer(string: manifest)
        router.get("/manifest.webmanifest") { _, _ in reply(manifestBody, type: "application/manifest+json", cache: shortLived) }
    }

    static func reply(_ body: ByteBuffer, type: String, cache: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: cache], body: ResponseBody(byteBuffer: body))
    }

    /// The web app manifest. The splash an installed app opens with is made from it (the name, the
    /// 512 px icon on `background_color`, the page's background); `theme_color` is the top bar's
    /// (pages say it for light and dark with `<meta name="theme-color" media=…>`). The shortcuts
    /// are the long-press menu of the app's icon.
    static let manifest: String = {
        let icons = [WebAppManifest.Icon(src: "/assets/icon.svg", sizes: "any", type: "image/svg+xml", purpose: nil)]
            + pngSizes.filter { $0 != 180 }.map { WebAppManifest.Icon(src: "/assets/icon-\($0).png", sizes: "\($0)x\($0)", type: "image/png", purpose: "any") }
            + maskableSizes.map { WebAppManifest.Icon(src: "/assets/icon-maskable-\($0).png", sizes: "\($0)x\($0)", type: "image/png", purpose: "maskable") }
        let manifest = WebAppManifest(
            id: "/", name: "TgTemplates", shortName: "TgTemplates", description: "One-tap Telegram message templates", lang: "en",
            startURL: "/", scope: "/", display: "standalone", backgroundColor: "#f4f6f9", themeColor: "#ffffff", icons: icons,
            shortcuts: [.init(name: "Chats", url: "/chats"), .init(name: "Timers", url: "/timers"), .init(name: "Scheduled", url: "/scheduled")])
        return String(decoding: JSONReply.encoded(manifest) ?? Data(), as: UTF8.self)
    }()
}
