import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TgtTestSupport
import TgtDomain
import TgtServer
import TgtTelegram

/// Repeating series over real HTTP: a rule read back in words, a series started on the
/// dashboard's session (its occurrences on the simulator's schedule), listed, skipped, paused,
/// resumed, changed and stopped; bad rules refused with one line and an example.
@Suite("Repeating series API")
struct SeriesAPITests {
    @Test("preview, start, list, skip, pause, resume, change, cancel; bad rules and unknown series refused, nothing changed")
    func series() async throws {
        let fixture = try await ServerFixture()
        let folder = fixture.sim.environment.tdlibDatabaseFolder
        let template = try fixture.sim.store.insert(Template(name: "Standup", body: "Standup with {{who}}", targets: [
            Target(chatID: -1001000000001, chatTitle: "Family"),
        ]))
        let id = template.id.uuidString.lowercased()
        let simulator = fixture.sim.simulator
        let waiting: @Sendable () -> Int = { simulator.scheduledMessages(inDatabaseDirectory: folder).count }
        try await fixture.run { client in
            try await client.logInToTelegram()
            let preview = try await client.api(.post, "repeat/preview", json: ["every": "mon,fri 10:00", "time_zone": "Europe/Rome", "until": "2027-03-01"])
            #expect(preview.status == .ok, "\(preview.text)")
            let words = preview.data["words"] as? String ?? ""
            #expect(words.hasPrefix("every Mon and Fri at 10:00") && words.hasSuffix("until 1 Mar 2027"), "\(words)")
            #expect((preview.data["next"] as? [String])?.count == 5)
            #expect(preview.data["rrule"] as? String != nil)
            let bad = try await client.api(.post, "repeat/preview", json: ["every": "sometimes"])
            #expect(bad.status == .badRequest && bad.errorCode == "bad_repeat" && bad.text.contains("mon,fri 10:00"), "\(bad.text)")
            let both = try await client.api(.post, "repeat/preview", json: ["every": "day 09:00", "rrule": "FREQ=DAILY;BYHOUR=9;BYMINUTE=0"])
            #expect(both.status == .badRequest && both.errorCode == "bad_repeat")

            let missing = try await client.api(.post, "templates/\(id)/repeat", json: ["every": "day 09:00"])
            #expect(missing.status == .badRequest && missing.errorCode == "missing_variables", "\(missing.text)")
            let noRule = try await client.api(.post, "templates/\(id)/repeat", json: ["variables": ["who": "Ada"]])
            #expect(noRule.status == .badRequest && noRule.errorCode == "bad_repeat")
            let ended = try await client.api(.post, "templates/\(id)/repeat", json: ["every": "day 09:00", "until": "2020-01-01", "variables": ["who": "Ada"]])
            #expect(ended.status == .badRequest || ended.status == .unprocessableContent, "\(ended.text)")
            #expect(try await client.api(.get, "series").data["total"] as? Int == 0)
            #expect(waiting() == 0)

            let started = try await client.api(.post, "templates/\(id)/repeat",
                                               json: ["rrule": "FREQ=DAILY;BYHOUR=9;BYMINUTE=30;COUNT=3", "time_zone": "UTC", "variables": ["who": "Ada"]])
            #expect(started.status == .created, "\(started.text)")
            let seriesID = try #require(started.data["id"] as? String)
            #expect(started.data["every"] as? String == "day 09:30")
            #expect((started.data["next"] as? [[String: Any]])?.count == 3)
            #expect(waiting() == 3)
            let list = try await client.api(.get, "series")
            #expect(list.data["total"] as? Int == 1)
            let rows = try await client.api(.get, "scheduled").data["scheduled"] as? [[String: Any]] ?? []
            #expect(rows.count == 3 && rows.allSatisfy { $0["series_id"] as? String == seriesID })

            let skip = try await client.api(.post, "series/\(seriesID)/skip")
            #expect(skip.status == .ok && (skip.data["next"] as? [[String: Any]])?.first?["state"] as? String == "skipped", "\(skip.text)")
            #expect(waiting() == 2)
            let pause = try await client.api(.post, "series/\(seriesID)/pause")
            #expect(pause.data["status"] as? String == "paused")
            #expect(waiting() == 0)
            let resume = try await client.api(.post, "series/\(seriesID)/resume")
            #expect(resume.data["status"] as? String == "active")
            #expect(waiting() == 2)
            let change = try await client.api(.patch, "series/\(seriesID)", json: ["variables": ["who": "Bea"]])
            #expect(change.status == .ok, "\(change.text)")
            #expect(fixture.sim.simulator.scheduledMessages(inDatabaseDirectory: folder).allSatisfy { $0.content == "Standup with Bea" })
            let unused = try await client.api(.patch, "series/\(seriesID)", json: ["variables": ["who": "Bea", "x": "1"]])
            #expect(unused.status == .badRequest && unused.errorCode == "unused_variables", "\(unused.text)")
            let cancel = try await client.api(.post, "series/\(seriesID)/cancel")
            #expect(cancel.data["status"] as? String == "cancelled")
            #expect(waiting() == 0)
            #expect(try await client.api(.post, "series/\(seriesID)/pause").status == .conflict)
            #expect(try await client.api(.get, "series/\(UUID().uuidString.lowercased())").status == .notFound)
            #expect(try await client.api(.get, "series").data["total"] as? Int == 0)
            #expect(try await client.api(.get, "series?all=true").data["total"] as? Int == 1)
        }
    }

    @Test("a series' follow-up over HTTP: set with the repeat, each scheduled post carries it, changed and removed by PATCH; refusals change nothing")
    func followUp() async throws {
        let fixture = try await ServerFixture()
        let store = fixture.sim.store
        let alice = Target(chatID: 555_000_111, chatTitle: "Alice")
        let standup = try store.insert(Template(name: "Standup", body: "Standup in 5", targets: [alice]))
        let nudge = try store.insert(Template(name: "Nudge", body: "Coming?", targets: [alice]))
        let ask = try store.insert(Template(name: "Ask", body: "Did {{who}} call?", targets: [alice]))
        let id = standup.id.uuidString.lowercased()
        try await fixture.run { client in
            try await client.logInToTelegram()
            for (followUp, code) in [
                (["condition": "no_reply", "within_minutes": 0, "action": "remind"] as [String: Any], "follow_up_bad_wait"),
                (["condition": "read", "action": "send", "template_id": ask.id.uuidString], "follow_up_template_unusable"),
                (["condition": "read", "action": "send"], "template_required"),
            ] {
                let refused = try await client.api(.post, "templates/\(id)/repeat", json: ["every": "day 09:00", "time_zone": "UTC", "follow_up": followUp] as [String: Any])
                #expect(refused.status == .badRequest && refused.errorCode == code, "\(followUp): \(refused.text)")
            }
            #expect(try await client.api(.get, "series").data["total"] as? Int == 0, "refusals start nothing")

            let started = try await client.api(.post, "templates/\(id)/repeat", json: [
                "rrule": "FREQ=DAILY;BYHOUR=9;BYMINUTE=30;COUNT=3", "time_zone": "UTC",
                "follow_up": ["condition": "no_reply", "within_minutes": 60, "action": "remind"],
            ] as [String: Any])
            #expect(started.status == .created, "\(started.text)")
            let seriesID = try #require(started.data["id"] as? String)
            let carried = try #require(started.data["follow_up"] as? [String: Any])
            #expect(carried["sentence"] as? String == "Each post: if no reply within 1 h, remind you in Saved Messages"
                && carried["condition"] as? String == "no_reply" && carried["within_minutes"] as? Int == 60 && carried["action"] as? String == "remind", "\(carried)")
            let waiting = try await client.api(.get, "follow-ups").data["follow_ups"] as? [[String: Any]] ?? []
            #expect(waiting.count == 3 && waiting.allSatisfy { $0["state"] as? String == "waiting" }, "one per scheduled post: \(waiting)")

            let both = try await client.api(.patch, "series/\(seriesID)", json: ["follow_up": ["condition": "read", "action": "remind"], "remove_follow_up": true] as [String: Any])
            #expect(both.status == .badRequest, "\(both.text)")
            let unusable = try await client.api(.patch, "series/\(seriesID)", json: ["every": "day 10:00", "follow_up": ["condition": "read", "action": "send", "template_id": ask.id.uuidString]] as [String: Any])
            #expect(unusable.status == .badRequest && unusable.errorCode == "follow_up_template_unusable", "\(unusable.text)")
            #expect(try await client.api(.get, "series/\(seriesID)").data["every"] as? String == "day 09:30", "a refused follow-up leaves the rule as it was")

            let changed = try await client.api(.patch, "series/\(seriesID)", json: ["follow_up": ["condition": "not_read", "within_minutes": 120, "action": "send", "template_id": nudge.id.uuidString]] as [String: Any])
            #expect(changed.status == .ok && (changed.data["follow_up"] as? [String: Any])?["sentence"] as? String == "Each post: if not read within 2 h, send “Nudge”", "\(changed.text)")
            let now = try await client.api(.get, "follow-ups").data["follow_ups"] as? [[String: Any]] ?? []
            #expect(now.filter { $0["state"] as? String == "waiting" }.count == 3 && now.allSatisfy { $0["condition"] as? String == "not_read" }, "\(now)")

            let removed = try await client.api(.patch, "series/\(seriesID)", json: ["remove_follow_up": true])
            #expect(removed.status == .ok && removed.data["follow_up"] == nil, "\(removed.text)")
            #expect((try await client.api(.get, "follow-ups").data["follow_ups"] as? [[String: Any]] ?? []).isEmpty)
        }
    }
}
