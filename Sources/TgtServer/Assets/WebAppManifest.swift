/// The web app manifest's fields that the dashboard fills (`/manifest.webmanifest`, W3C
/// "Web Application Manifest"): what a browser installs, its icons and its shortcuts.
struct WebAppManifest: Encodable {
    /// One icon: its address, sizes ("any" or "192x192"), type and purpose ("any", "maskable").
    struct Icon: Encodable {
        var src: String
        var sizes: String
        var type: String
        var purpose: String?
    }

    /// One entry of the long-press menu of the installed app's icon.
    struct Shortcut: Encodable {
        var name: String
        var url: String
    }

    var id: String
    var name: String
    var shortName: String
    var description: String
    var lang: String
    var startURL: String
    var scope: String
    var display: String
    var backgroundColor: String
    var themeColor: String
    var icons: [Icon]
    var shortcuts: [Shortcut]

    enum CodingKeys: String, CodingKey {
        case id, name, description, lang, scope, display, icons, shortcuts
        case shortName = "short_name", startURL = "start_url", backgroundColor = "background_color", themeColor = "theme_color"
    }
}
