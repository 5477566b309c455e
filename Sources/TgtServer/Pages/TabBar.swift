import Foundation

extension Pages {
    /// One link of the main navigation.
    struct NavLink {
        let href: String
        let label: String
        /// The icon's outline on a 24 px grid (stroked in the text's colour by app.css), shown on
        /// a phone; nil for the links that live under More there.
        let icon: String?
        /// The sections this link is the current one for.
        let sections: Set<Section>
        /// Its class: "wide", only in the top bar (under More on a phone); "more-tab", only in the phone's tab bar.
        let only: String?
    }

    /// Templates, Chats, Timers and Scheduled are in both; Recent and Settings only in the top bar
    /// (a phone reaches them through More, which is current for them and for its own page).
    static let navLinks: [NavLink] = [
        NavLink(href: "/", label: "Templates", icon: "M4 4h6v6H4zm10 0h6v6h-6zM4 14h6v6H4zm10 0h6v6h-6z", sections: [.templates], only: nil),
        NavLink(href: "/chats", label: "Chats", icon: "M4 5h16v11h-9l-5 4v-4H4z", sections: [.chats], only: nil),
        NavLink(href: "/timers", label: "Timers", icon: "M20 13a8 8 0 1 1-16 0 8 8 0 0 1 16 0M12 9v4l2 2M10 2h4", sections: [.timers], only: nil),
        NavLink(href: "/scheduled", label: "Scheduled", icon: "M4 6h16v14H4zm0 4h16M8 3v4m8-4v4", sections: [.scheduled], only: nil),
        NavLink(href: "/sends", label: "Recent", icon: nil, sections: [.sends], only: "wide"),
        NavLink(href: "/settings", label: "Settings", icon: nil, sections: [.settings], only: "wide"),
        NavLink(href: "/more", label: "More", icon: "M6 12h.01M12 12h.01M18 12h.01", sections: [.more, .sends, .settings], only: "more-tab"),
    ]

    /// The main navigation: links in the top bar on a wide screen; on a phone (app.css) a tab
    /// bar fixed at the bottom, above the home indicator, with icons over the labels. The
    /// current section is `aria-current`: "page" on its own link, "true" on More for the pages
    /// under it.
    static func tabBar(_ section: Section) -> HTML {
        let links: [HTML] = navLinks.map { link in
            let current: HTML
            if !link.sections.contains(section) {
                current = .empty
            } else {
                current = link.href == "/more" && section != .more ? " aria-current=\"true\"" : " aria-current=\"page\""
            }
            let only: HTML = link.only.map { " class=\"\($0)\"" } ?? .empty
            let icon: HTML = link.icon.map { "<svg aria-hidden=\"true\"><path d=\"\($0)\"/></svg>" } ?? .empty
            return "<a href=\"\(link.href)\"\(only)\(current)>\(icon)\(link.label)</a>"
        }
        return "<nav aria-label=\"Main\">\(links)</nav>"
    }
}
