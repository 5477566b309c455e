import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// `tgt away` through the real binary: on, until, a weekly window, the templates and numbers,
/// people never answered by name or id; every refusal exits 2 and changes nothing, with the
/// dashboard's rules (`AwayService`). `tgt serve` reads the same stored settings.
@Suite("tgt away", .serialized)
struct AwayCLITests {
    let dir: TestDirectory

    init() throws { dir = try TestDirectory("cli-away") }

    func tgt(_ arguments: String...) async throws -> TgtBinary.Result {
        try await TgtBinary.run(arguments, dataDir: dir.path)
    }

    func stored() throws -> AwaySettings {
        try Workspace.open(DataDirectory(url: dir.url), clock: TestClock()).away.settings()
    }

    /// Two private chats and a group cached as `tgt chats` leaves them; a reply template, one
    /// that needs a value, and an email one.
    func seeded() async throws {
        let store = try AppDatabase.open(in: DataDirectory(url: dir.url), clock: TestClock())
        try store.replaceChatDirectory([
            CachedChat(id: 555000201, kind: .privateChat, title: "Mum", memberCount: 0),
            CachedChat(id: 555000202, kind: .privateChat, title: "Mumford Lee", memberCount: 0),
            CachedChat(id: -1001000000001, kind: .supergroup, title: "Family", memberCount: 5),
        ])
        for arguments in [["--name", "Out of office", "--body", "Away until {{back=Monday}}.", "--target", "-1001000000001"],
                          ["--name", "Ask", "--body", "Hi {{who}}", "--target", "-1001000000001"],
                          ["--name", "Mail", "--kind", "email", "--to", "a@example.com", "--subject", "S", "--body", "x"]] {
            let added = try await TgtBinary.run(["templates", "add"] + arguments, dataDir: dir.path)
            #expect(added.status == 0, "\(added.stderr)")
        }
    }

    @Test("on with a reply, until a moment, a weekly window, the numbers and a greeting; shown as text and JSON; off")
    func changes() async throws {
        defer { dir.remove() }
        try await seeded()
        let shown = try await tgt("away")
        #expect(shown.status == 0 && shown.stdout.contains("Away replies: off") && shown.stdout.contains("Never answered: nobody"), "\(shown.stdout)")

        let on = try await tgt("away", "on", "--reply", "out of office")
        #expect(on.status == 0 && on.stdout.contains("Away replies: on, until you switch them off (away now)"), "\(on.stdout) \(on.stderr)")
        #expect(on.stdout.contains("Reply with: “Out of office”") && on.stdout.contains("answers go out while `tgt serve` runs"), "\(on.stdout)")
        var settings = try stored()
        #expect(settings.mode == .on && settings.replyTemplateID != nil)

        let until = try await tgt("away", "on", "--until", "2099-12-27 09:00")
        #expect(until.status == 0 && until.stdout.contains("on until Sun 27 Dec 2099 09:00"), "\(until.stdout) \(until.stderr)")
        guard case .until(let end) = try stored().mode else { Issue.record("not until"); return }
        #expect(Calendar.current.dateComponents([.year, .month, .day, .hour], from: end) == DateComponents(year: 2099, month: 12, day: 27, hour: 9))

        let window = try await tgt("away", "schedule", "--days", "mon-wed,Fri", "--from", "18:00", "--to", "09:00", "--time-zone", "Europe/Rome")
        #expect(window.status == 0 && window.stdout.contains("every week, Mon, Tue, Wed, Fri 18:00–09:00 (Europe/Rome)"), "\(window.stdout) \(window.stderr)")

        let set = try await tgt("away", "set", "--greeting", "Out of office", "--quiet-hours", "24", "--hourly-cap", "10", "--only-when-offline", "yes")
        #expect(set.status == 0 && set.stdout.contains("Greet first messages with: “Out of office”"), "\(set.stdout) \(set.stderr)")
        settings = try stored()
        #expect(settings.quietHours == 24 && settings.hourlyCap == 10 && settings.onlyWhenOffline && settings.greetingTemplateID == settings.replyTemplateID)

        let json = try await tgt("--json", "away")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["mode"] as? String == "schedule" && document["reply_template"] as? String == "Out of office")
        #expect((document["schedule"] as? [String: Any])?["days"] as? [String] == ["mon", "tue", "wed", "fri"])
        #expect(document["quiet_hours"] as? Int == 24 && document["only_when_offline"] as? Bool == true && document["away_now"] is Bool)

        let off = try await tgt("away", "off", "--json")
        #expect(off.status == 0 && off.stdout.contains("\"mode\" : \"off\""), "\(off.stdout)")
        #expect(try stored().greetingTemplateID != nil, "off leaves the greeting")
    }

    @Test("people never answered: by name (whole, any case, or the one that contains it) or user id; ambiguous or unknown refused")
    func people() async throws {
        defer { dir.remove() }
        try await seeded()
        let both = try await tgt("away", "exclude", "MUM", "555000999")
        #expect(both.status == 0 && both.stdout.contains("Never answered: Mum, 555000999"), "\(both.stdout) \(both.stderr)")
        #expect(try stored().excluded.map(\.userID) == [555000201, 555000999])
        let again = try await tgt("away", "exclude", "ford")
        #expect(again.status == 0 && again.stdout.contains("Never answered: Mum, 555000999, Mumford Lee"), "\(again.stdout)")
        let included = try await tgt("away", "include", "555000201", "ford")
        #expect(included.status == 0 && included.stdout.contains("Never answered: 555000999"), "\(included.stdout) \(included.stderr)")

        let before = try stored()
        for (arguments, expected) in [
            (["away", "exclude", "mu"], "“mu” fits 2 people: Mum (555000201), Mumford Lee (555000202)."),
            (["away", "exclude", "Family"], "None of your private chats is “Family”."),
            (["away", "include", "Mum"], "“Mum” is not on the list of people never answered."),
        ] {
            let refused = try await TgtBinary.run(arguments, dataDir: dir.path)
            #expect(refused.status == 2 && refused.stderr.contains(expected), "\(arguments): \(refused.stderr)")
        }
        #expect(try stored() == before)
    }

    @Test("refused with the dashboard's rules, exit 2, nothing changed")
    func refusals() async throws {
        defer { dir.remove() }
        try await seeded()
        _ = try await tgt("away", "set", "--quiet-hours", "6")
        let before = try stored()
        for (arguments, expected) in [
            (["away", "on"], "Choose the template that answers while you are away."),
            (["away", "on", "--reply", "Ask"], "“Ask” needs values for {{who}}, and nobody is there to give them."),
            (["away", "on", "--reply", "Mail"], "“Mail” is handed to another app as a draft"),
            (["away", "on", "--reply", "Nope"], "There is no template called “Nope”."),
            (["away", "on", "--reply", "Out of office", "--until", "tomorrow"], "“tomorrow” is not a time."),
            (["away", "schedule", "--days", "funday", "--from", "18:00", "--to", "09:00", "--reply", "Out of office"], "“funday” is not a day"),
            (["away", "schedule", "--days", "fri-mon", "--from", "18:00", "--to", "09:00", "--reply", "Out of office"], "“fri-mon” is not a day"),
            (["away", "schedule", "--days", "mon", "--from", "25:00", "--to", "09:00", "--reply", "Out of office"], "Times are HH:MM"),
            (["away", "schedule", "--days", "mon", "--from", "18:00", "--to", "09:00", "--time-zone", "Mars/Base", "--reply", "Out of office"], "Mars/Base"),
            (["away", "set", "--quiet-hours", "500"], "Quiet hours after a reply must be 1 to 168."),
            (["away", "set", "--hourly-cap", "many"], "--hourly-cap takes a whole number"),
            (["away", "set", "--only-when-offline", "maybe"], "--only-when-offline takes true or false"),
            (["away", "set", "--greeting", "Ask", "--no-greeting"], "Give either --greeting or --no-greeting."),
            (["away", "set"], "Say what to change."),
        ] {
            let refused = try await TgtBinary.run(arguments, dataDir: dir.path)
            #expect(refused.status == 2 && refused.stderr.contains(expected), "\(arguments): \(refused.stderr)")
        }
        #expect(try stored() == before)
    }
}
