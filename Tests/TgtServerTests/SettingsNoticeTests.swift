import Foundation
import HTTPTypes
import Testing
import TgtServer

/// Settings is a long page: what a form's save or refusal says is shown in that form's own
/// section, where the browser lands (the forms post to `…#section` and the redirects keep it),
/// never at the top, out of view.
@Suite("Settings notices stay by their form")
struct SettingsNoticeTests {
    @Test("a saved and a refused form say so inside their section; the redirect lands there")
    func notices() async throws {
        try await ServerFixture().run { client in
            let (cookie, csrf) = try await client.signIn()
            let form: HTTPFields = [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
            let saved = try await client.request(.post, "/settings/undo-hold", headers: form, body: "_csrf=\(csrf)&undo_hold=7")
            #expect(saved.headers[.location] == "/settings?done=undo-hold#undo-hold")
            let page = try await client.request(.get, "/settings?done=undo-hold", headers: [.cookie: cookie])
            let section = try #require(Self.section("undo-hold", in: page.text))
            #expect(section.contains("Undo hold saved."))
            #expect(page.text.components(separatedBy: "Undo hold saved.").count == 2, "said once, in its section")
            #expect(page.text.contains("action=\"/settings/undo-hold#undo-hold\""))

            let refused = try await client.request(.post, "/settings/location", headers: form, body: "_csrf=\(csrf)&default_location=95,1")
            #expect(refused.status == .badRequest)
            let location = try #require(Self.section("location", in: refused.text))
            #expect(location.contains("class=\"banner error\" role=\"alert\""))
            #expect(Self.section("telegram", in: refused.text)?.contains("banner error") == false)
            let top = try #require(refused.text.components(separatedBy: "<section").first)
            #expect(!top.contains("banner error"), "nothing at the top of the page")
        }
    }

    /// The HTML of `<section … id="ID">` up to its end.
    static func section(_ id: String, in html: String) -> String? {
        guard let start = html.range(of: "id=\"\(id)\"><h2>") else { return nil }
        let rest = html[start.lowerBound...]
        guard let end = rest.range(of: "</section>") else { return nil }
        return String(rest[..<end.lowerBound])
    }
}
