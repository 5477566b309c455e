import Foundation
import Hummingbird

/// Static files: CSS, scripts, icons and the web app manifest, compiled into the binary so
/// `tgt` is one file to install.
enum AssetRoutes {
    static let scripts: [String: String] = [
        "app": AppScript.source, "grid": GridScript.source, "editor": EditorScript.source, "settings": SettingsScript.source,
    ]
    static let pngSizes = [180, 192, 512]
    static let pngs: [Int: Data] = Dictionary(uniqueKeysWithValues: pngSizes.map { ($0, AppIcon.png(size: $0)) })

    static func add(to router: Router<DashboardContext>) {
        router.get("/assets/app.css") { _, _ in asset(Stylesheet.source, type: "text/css; charset=utf-8") }
        router.get("/assets/{name}") { _, context -> Response in
            let name = context.parameters.get("name") ?? ""
            if name.hasSuffix(".js"), let source = scripts[String(name.dropLast(3))] {
                return asset(source, type: "text/javascript; charset=utf-8")
            }
            if name == "icon.svg" { return asset(AppIcon.svg, type: "image/svg+xml") }
            if name.hasPrefix("icon-"), name.hasSuffix(".png"), let size = Int(name.dropFirst(5).dropLast(4)), let png = pngs[size] {
                return asset(png, type: "image/png")
            }
            throw APIError.notFound("There is no file called “\(name)”.")
        }
        router.get("/favicon.ico") { _, _ in asset(AppIcon.svg, type: "image/svg+xml") }
        router.get("/manifest.webmanifest") { _, _ in asset(manifest, type: "application/manifest+json") }
    }

    static func asset(_ text: String, type: String) -> Response { asset(Data(text.utf8), type: type) }

    static func asset(_ data: Data, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=300"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    static let manifest: String = {
        let object: [String: Any] = [
            "name": "TgTemplates", "short_name": "TgTemplates", "description": "One-tap Telegram message templates",
            "start_url": "/", "scope": "/", "display": "standalone", "background_color": "#ffffff", "theme_color": "#2481cc",
            "icons": [["src": "/assets/icon.svg", "sizes": "any", "type": "image/svg+xml"]]
                + [192, 512].map { ["src": "/assets/icon-\($0).png", "sizes": "\($0)x\($0)", "type": "image/png", "purpose": "any"] },
        ]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }()
}
