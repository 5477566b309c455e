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
}
