import Foundation

extension Pages {
    /// More, the phone tab bar's last tab: the sections that do not fit in the bar (Recent and
    /// Settings; the top bar links them directly on a wide screen), how to put the dashboard on
    /// the home screen, and signing out.
    static func more(csrf: String) -> HTML {
        layout(title: "More", page: "more", csrf: csrf, section: .more, """
            <h1>More</h1>
            <ul class="more-list">
            <li><a class="card" href="/sends"><strong>Recent</strong><span class="meta">Every tap and how each target took it, with replies</span></a></li>
            <li><a class="card" href="/settings"><strong>Settings</strong><span class="meta">Telegram account, undo send, away replies, trigger links, API tokens</span></a></li>
            </ul>
            <section class="card" id="install"><h2>On your home screen</h2>
            <p>TgTemplates opens like an app from your home screen: on an iPhone, Safari's Share → <strong>Add to Home Screen</strong>; \
            on Android, Chrome's menu → <strong>Install app</strong>; on a computer, the install button in the address bar.</p>
            <p class="hint">Installing needs the dashboard on <code>https://</code> or on this computer's <code>localhost</code>. \
            Taps always go straight to <code>tgt serve</code>: when it cannot be reached the app says so, and nothing is kept to send later.</p></section>
            <form method="post" action="/logout">\(csrfField(csrf))<button type="submit">Sign out of the dashboard</button></form>
            """)
    }
}
