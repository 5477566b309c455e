import Foundation
import Testing
import TgtTestSupport

/// `tgt send --follow-up` and `tgt follow-ups` through the real binary in demo mode: refused
/// follow-ups exit 2 before anything is sent; one set with a send (now, or later with --in) is
/// listed with its sentence and cancelled by a short id; JSON uses the API's names.
@Suite("tgt follow-ups", .serialized)
struct FollowUpsCLITests {
    static func tgt(_ arguments: [String], _ dir: TestDirectory) async throws -> TgtBinary.Result {
        try await TgtBinary.run(["--demo"] + arguments, dataDir: dir.path)
    }

    @Test("refusals send nothing; set with a send now and with --in; listed, cancelled by a short id, JSON")
    func followUps() async throws {
        let dir = try await ScheduledCLITests.loggedIn("cli-follow-ups")
        defer { dir.remove() }
        await #expect(try Self.tgt(["templates", "add", "--name", "Hello", "--body", "Hello!", "--target", "555000111"], dir).status == 0)
        await #expect(try Self.tgt(["templates", "add", "--name", "Nudge", "--body", "Did you see it?", "--target", "555000111"], dir).status == 0)
        await #expect(try Self.tgt(["templates", "add", "--name", "Mail", "--kind", "email", "--body", "Hi"], dir).status == 0)
        await #expect(try Self.tgt(["templates", "add", "--name", "Ask", "--body", "Did {{who}} call?", "--target", "555000111"], dir).status == 0)
        for (arguments, why) in [
            (["send", "Hello", "--follow-up", "unseen", "--within", "1h", "--then-remind"], "is not a follow-up condition"),
            (["send", "Hello", "--follow-up", "no-reply", "--then-remind"], "needs --within"),
            (["send", "Hello", "--follow-up", "no-reply", "--within", "30s", "--then-remind"], "between 1 minute and 7 days"),
            (["send", "Hello", "--follow-up", "no-reply", "--within", "8d", "--then-remind"], "between 1 minute and 7 days"),
            (["send", "Hello", "--follow-up", "read"], "Say what the follow-up does"),
            (["send", "Hello", "--follow-up", "read", "--then-remind", "--then-send", "Nudge"], "both say what to do"),
            (["send", "Hello", "--follow-up", "read", "--then-send", "Nope"], "Nope"),
            (["send", "Hello", "--within", "1h"], "go with --follow-up"),
            (["send", "Hello", "--every", "day 09:00", "--follow-up", "read", "--then-send", "Ask"], "needs values nobody will type"),
            (["send", "Mail", "--follow-up", "read", "--then-remind"], "is for Telegram templates"),
            (["send", "Hello", "--follow-up", "read", "--then-send", "Ask"], "needs values nobody will type"),
        ] {
            let refused = try await Self.tgt(arguments, dir)
            #expect(refused.status == 2 && refused.stderr.contains(why), "\(arguments): \(refused.stderr)")
        }
        let log = try await Self.tgt(["--json", "follow-ups"], dir)
        #expect((try JSONSerialization.jsonObject(with: Data(log.stdout.utf8)) as? [Any])?.isEmpty == true, "refusals set nothing: \(log.stdout)")
        let log0 = try await Self.tgt(["--json", "scheduled"], dir)
        #expect(!log0.stdout.contains("Hello"), "refusals sent and scheduled nothing")
        let none = try await Self.tgt(["follow-ups"], dir)
        #expect(none.stdout.contains("No follow-up waits."), "\(none.stdout)")

        let sent = try await Self.tgt(["send", "Hello", "--hold", "0", "--follow-up", "not-read", "--within", "2h", "--then-send", "Nudge"], dir)
        #expect(sent.status == 0 && sent.stdout.contains("Follow-up set: If Alice has not read it within 2 h, send “Nudge”"), "\(sent.stdout)\(sent.stderr)")
        let later = try await Self.tgt(["--json", "send", "Hello", "--in", "1h", "--follow-up", "no-reply", "--within", "90m", "--then-remind"], dir)
        #expect(later.status == 0, "\(later.stderr)")
        let laterJSON = try #require(try JSONSerialization.jsonObject(with: Data(later.stdout.utf8)) as? [String: Any])
        let laterFollowUp = try #require((laterJSON["follow_ups"] as? [[String: Any]])?.first)
        #expect(laterFollowUp["state"] as? String == "waiting" && laterFollowUp["within_seconds"] as? Int == 5_400 && laterFollowUp["action"] as? String == "remind",
                "waits for its message to go out: \(laterFollowUp)")

        let listed = try await Self.tgt(["follow-ups"], dir)
        #expect(listed.stdout.contains("If Alice has not read it within 2 h, send “Nudge”") && listed.stdout.contains("waits for its message to go out"), "\(listed.stdout)")
        let scheduled = try await Self.tgt(["scheduled"], dir)
        #expect(scheduled.stdout.contains("Follow-ups") && scheduled.stdout.contains("If Alice has not replied within 1 h 30 min, remind you in Saved Messages"),
                "Scheduled shows them too: \(scheduled.stdout)")
        let id = try #require(laterFollowUp["id"] as? String)
        #expect(try await Self.tgt(["follow-ups", "cancel", "zz"], dir).status == 2, "an id that names nothing")
        let cancelled = try await Self.tgt(["follow-ups", "cancel", String(id.prefix(8))], dir)
        #expect(cancelled.status == 0 && cancelled.stdout.contains("Cancelled: If Alice has not replied within 1 h 30 min, remind you in Saved Messages."), "\(cancelled.stdout)\(cancelled.stderr)")
        let again = try await Self.tgt(["follow-ups", "cancel", id], dir)
        #expect(again.status == 2 && again.stderr.contains("already ended"), "\(again.stderr)")
        let json = try await Self.tgt(["--json", "follow-ups"], dir)
        let all = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(Set(all.compactMap { $0["state"] as? String }) == ["watching", "cancelled"] && all.allSatisfy { $0["chat_title"] as? String == "Alice" }, "\(all)")
    }

    @Test("a repeating series carries a follow-up on each post: set with --every, shown by tgt scheduled series, changed and removed with tgt scheduled change")
    func onASeries() async throws {
        let dir = try await ScheduledCLITests.loggedIn("cli-series-follow-ups")
        defer { dir.remove() }
        await #expect(try Self.tgt(["templates", "add", "--name", "Standup", "--body", "Standup in 5", "--target", "555000111"], dir).status == 0)
        await #expect(try Self.tgt(["templates", "add", "--name", "Nudge", "--body", "Coming?", "--target", "555000111"], dir).status == 0)
        let started = try await Self.tgt(["send", "Standup", "--every", "day 09:00", "--follow-up", "no-reply", "--within", "1h", "--then-remind"], dir)
        #expect(started.status == 0 && started.stdout.contains("Each post: if no reply within 1 h, remind you in Saved Messages."), "\(started.stdout)\(started.stderr)")
        let listed = try await Self.tgt(["scheduled", "series"], dir)
        #expect(listed.stdout.contains("Each post: if no reply within 1 h, remind you in Saved Messages"), "\(listed.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try await Self.tgt(["--json", "scheduled", "series"], dir).stdout.utf8)) as? [[String: Any]])
        let id = try #require(json.first?["id"] as? String)
        #expect(json.first?["follow_up"] as? String == "Each post: if no reply within 1 h, remind you in Saved Messages")

        let refused = try await Self.tgt(["scheduled", "change", id, "--follow-up", "read", "--then-remind", "--no-follow-up"], dir)
        #expect(refused.status == 2 && refused.stderr.contains("opposite"), "\(refused.stderr)")
        let changed = try await Self.tgt(["scheduled", "change", String(id.prefix(8)), "--follow-up", "not-read", "--within", "2h", "--then-send", "Nudge"], dir)
        #expect(changed.status == 0 && changed.stdout.contains("Each post: if not read within 2 h, send “Nudge”"), "\(changed.stdout)\(changed.stderr)")
        let removed = try await Self.tgt(["--json", "scheduled", "change", id, "--no-follow-up"], dir)
        let after = try #require(try JSONSerialization.jsonObject(with: Data(removed.stdout.utf8)) as? [String: Any])
        #expect(removed.status == 0 && after["follow_up"] == nil, "\(removed.stdout)")
    }
}
