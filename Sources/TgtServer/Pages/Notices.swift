import Foundation
import Hummingbird

extension Pages {
    /// Notices a person can put away (issue 24: on a phone they cost the grid its first screen).
    ///
    /// A notice with an id (the demo banners) stays away in that browser: the ✕ button's click
    /// (`app.js`) sets the cookie `tgt_hide_<id>`, and pages leave the notice out while it is
    /// there, so it never flashes in before a script could hide it. A notice without an id (a
    /// form's "Saved") goes for that view only. Errors get no ✕: what went wrong stays said.
    enum Notices {
        /// The demo banner above the grid.
        static let demoGrid = "demo"
        /// The demo banner on the timers page.
        static let demoTimers = "demo-timers"

        /// The cookie that keeps notice `id` away.
        static func cookieName(_ id: String) -> String { "tgt_hide_" + id }

        /// Whether this browser put notice `id` away.
        static func isDismissed(_ id: String, in request: Request) -> Bool {
            request.cookies[cookieName(id)] != nil
        }
    }

    /// An information notice with its ✕ (`id`: remembered in this browser, see `Notices`).
    static func dismissibleNotice(_ text: HTML, id: String? = nil, role: String? = nil) -> HTML {
        let idAttribute: HTML = id.map { " data-notice=\"\($0)\"" } ?? .empty
        let roleAttribute: HTML = role.map { " role=\"\($0)\"" } ?? .empty
        return """
            <p class="banner info"\(idAttribute)\(roleAttribute)><span>\(text)</span><button type="button" class="dismiss" data-dismiss aria-label="Dismiss">✕</button></p>
            """
    }
}
