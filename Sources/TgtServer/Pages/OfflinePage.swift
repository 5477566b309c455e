import Foundation

extension Pages {
    /// What the installed app shows when `tgt serve` cannot be reached (issue 24), in place of the
    /// browser's own error page: the service worker (`Web/sw.js`) keeps a copy from when it was
    /// installed and answers a page it cannot fetch with it. It holds nothing about the person
    /// (no session, no templates), so it is the same for everyone and safe to keep; `offline.js`
    /// makes Retry load the page that failed again.
    static let offline: HTML = layout(title: "Can't reach the server", page: "offline", csrf: nil, scripts: ["offline"], """
        <section class="card narrow"><h1>TgTemplates can't reach its server</h1>
        <p>The dashboard comes from <code>tgt serve</code> on your computer, and it did not answer. Nothing was sent from \
        here, and nothing waits to be sent later.</p>
        <ul><li>Check that <code>tgt serve</code> still runs on that computer (start it again if it stopped).</li>
        <li>Check that this device is on the same network as that computer, or on your VPN.</li></ul>
        <p><button type="button" class="primary" id="retry">Retry</button></p>
        <p class="meta" id="tried" role="status"></p></section>
        """)
}
