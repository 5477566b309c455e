import Foundation
import HTTPTypes
import Testing
import TgtTestSupport
import TgtDomain
import TgtServer

/// The dashboard's pages for Telegram's scheduler over real HTTP: the Scheduled page shell, Send
/// later in a Telegram tile's menu (and only there), the timers page's completion section.
@Suite("Scheduled pages")
struct ScheduledPageTests {
    @Test("/scheduled: signed in only, in the nav after Timers, a shell the script fills, no inline script")
    func scheduledPage() async throws {
        try await ServerFixture().run { client in
            #expect(try await client.request(.get, "/scheduled").status == .seeOther)
            let (cookie, _) = try await client.signIn()
            let page = try await client.request(.get, "/scheduled", headers: [.cookie: cookie])
            #expect(page.status == .ok)
            #expect(page.text.contains(#"Timers</a><a href="/scheduled" aria-current="page"><svg"#) && page.text.contains(#"Scheduled</a><a href="/sends" class="wide">Recent</a>"#))
            #expect(page.text.contains("Nothing scheduled") && page.text.contains("id=\"scheduled-list\"") && page.text.contains("id=\"cancel-dialog\""))
            #expect(page.text.contains("src=\"/assets/scheduled.") && page.text.contains("href=\"/assets/scheduled."))
            #expect(!page.text.contains("<script>"), "no inline script")
            let other = try await client.request(.get, "/sends", headers: [.cookie: cookie])
            #expect(other.text.contains(#"<a href="/scheduled"><svg"#), "every page links it")
        }
    }

    @Test("Send later… is in a Telegram tile's menu only; the grid has its dialog and loads its script on first use")
    func sendLaterMenu() async throws {
        let fixture = try await ServerFixture()
        _ = try fixture.sim.store.insert(Template(name: "Standup", body: "Standup in 5", targets: [Target(chatID: -4001, chatTitle: "Climbing crew")]))
        _ = try fixture.sim.store.insert(Template(name: "Mail", kind: .email, body: "hi", to: ["a@example.com"]))
        _ = try fixture.sim.store.insert(Template(name: "Post", kind: .x, body: "hi"))
        try await fixture.run { client in
            let (cookie, _) = try await client.signIn()
            try await client.logInToTelegram()
            let grid = try await client.request(.get, "/", headers: [.cookie: cookie])
            #expect(grid.status == .ok)
            #expect(grid.text.components(separatedBy: "data-action=\"later\"").count == 2, "one Send later… for the one Telegram tile")
            let telegramTile = try #require(grid.text.components(separatedBy: "<li class=\"tile\"").first { $0.contains("data-name=\"Standup\"") })
            #expect(telegramTile.contains("Send later…"))
            #expect(grid.text.contains("id=\"later-dialog\"") && grid.text.contains("type=\"datetime-local\""))
            #expect(!grid.text.contains("/assets/send-later."), "not linked: grid.js loads it on first use")
            let gridScript = try #require(grid.text.components(separatedBy: "src=\"").dropFirst()
                .map { String($0.prefix { $0 != "\"" }) }.first { $0.hasPrefix("/assets/grid.") })
            let script = try await client.request(.get, gridScript).text
            let imports = script.components(separatedBy: "import('./").dropFirst().map { "/assets/" + $0.prefix { $0 != "'" } }
            for name in ["send-later", "held-sends"] {
                let module = try #require(imports.first { $0.hasPrefix("/assets/\(name).") }, "grid.js loads \(name).js on first use: \(imports)")
                #expect(module != "/assets/\(name).js" && module.hasSuffix(".js"), "imported by its hashed name: \(module)")
                #expect(try await client.request(.get, module).status == .ok)
            }
        }
    }

    @Test("The timers page has the completion section and links its script")
    func timersCompletionSection() async throws {
        try await ServerFixture().run { client in
            let (cookie, _) = try await client.signIn()
            let page = try await client.request(.get, "/timers", headers: [.cookie: cookie])
            #expect(page.text.contains("id=\"completion\"") && page.text.contains("Completion message"))
            #expect(page.text.contains("src=\"/assets/timer-completion."))
        }
    }
}
