import Foundation
import TgtDomain

/// The dashboard's server-rendered pages. Each function returns a whole document; all user
/// content goes through `HTML` interpolation and is escaped.
enum Pages {
    enum Section: String { case templates, chats, timers, scheduled, sends, settings, more, none }

    /// The document around every page: head, top bar with the live connection badge, nav (the
    /// top bar's links on a wide screen, a tab bar at the bottom on a phone: `TabBar.swift`).
    /// `styles` are page stylesheets linked after `app.css` (names without `.css`).
    static func layout(title: String, page: String, csrf: String?, section: Section = .none, scripts: [String] = [], styles: [String] = [],
                       _ content: HTML) -> HTML {
        let nav: HTML = csrf == nil ? .empty : tabBar(section)
        // ES modules (deferred by nature): the shared app.js, then the page's own script, which
        // imports app.js by the same hashed URL (one module instance). No inline script anywhere.
        let styleTags: [HTML] = styles.map { "<link rel=\"stylesheet\" href=\"\(WebAssets.url($0 + ".css"))\">" }
        let scriptTags: [HTML] = (["app"] + scripts).map { "<script type=\"module\" src=\"\(WebAssets.url($0 + ".js"))\"></script>" }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="color-scheme" content="light dark">\(themeColors)
            \(HTML.when(csrf != nil, "<meta name=\"csrf-token\" content=\"\(csrf ?? "")\">"))
            <title>\(title) · TgTemplates</title>
            <link rel="manifest" href="/manifest.webmanifest"><link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
            <link rel="apple-touch-icon" href="/assets/icon-180.png"><link rel="stylesheet" href="\(WebAssets.url("app.css"))">\(styleTags)
            \(scriptTags)
            </head><body data-page="\(page)">
            <a class="skip" href="#main">Skip to content</a>
            <header class="bar"><a class="brand" href="/"><img src="/assets/icon.svg" alt="" width="28" height="28"><span>TgTemplates</span></a>
            \(HTML.when(csrf != nil, "<span id=\"conn\" class=\"conn\" role=\"status\" aria-live=\"polite\"></span>"))\(nav)</header>
            <main id="main" tabindex="-1">\(content)</main>
            <div id="toast" class="toast" role="status" aria-live="polite"></div>
            </body></html>
            """
    }

    /// The browser's own bars in the top bar's colour (`--card` in app.css): dark, else light
    /// (the first whose media matches wins).
    static let themeColors: HTML = """
        <meta name="theme-color" content="#1b232c" media="(prefers-color-scheme:dark)"><meta name="theme-color" content="#fff">
        """

    /// A page for errors outside the API (unknown page, forbidden, server error).
    static func errorPage(_ error: APIError) -> HTML {
        layout(title: "Error", page: "error", csrf: nil, """
            <section class="card narrow"><h1>\(error.status.code == 404 ? "Not found" : "Something went wrong")</h1>
            <p class="error">\(error.message)</p>\(HTML.when(error.nextStep != nil, "<p>\(error.nextStep ?? "")</p>"))
            <p><a class="button" href="/">Back to the dashboard</a></p></section>
            """)
    }

    /// An error message bound to a form field (`aria-describedby` points at it).
    static func fieldError(_ id: String, _ message: String?) -> HTML {
        "<p class=\"field-error\" id=\"\(id)-error\"\(HTML.when(message == nil, " hidden"))>\(message ?? "")</p>"
    }

    /// A notice at the top of a page or section; information ones can be dismissed (`Notices`).
    static func banner(_ message: String?, kind: String = "error") -> HTML {
        guard let message else { return .empty }
        if kind == "info" { return dismissibleNotice("\(message)", role: "status") }
        return "<p class=\"banner \(kind)\" role=\"\(kind == "error" ? "alert" : "status")\">\(message)</p>"
    }

    static func csrfField(_ token: String) -> HTML {
        "<input type=\"hidden\" name=\"_csrf\" value=\"\(token)\">"
    }

    static func relative(_ date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        if seconds < 60 { return "just now" }
        if seconds < 3600 { return "\(seconds / 60) min ago" }
        if seconds < 86400 { return "\(seconds / 3600) h ago" }
        return date.formatted(date: .abbreviated, time: .shortened)
    }
}
