import Foundation
import Testing
import TgtStore
import TgtTestSupport

/// Timers' completion messages and "send later" with the real binary in demo mode (the
/// simulator keeps the scheduled messages "server side" in the data folder, across processes).
@Suite("tgt binary: Telegram's scheduler", .serialized)
struct ScheduledCLITests {
    struct Row: Decodable {
        var id: Int64
        var title: String
        var status: String
        var error: String?
    }

    static func tgt(_ arguments: [String], _ dir: TestDirectory, input: String = "") async throws -> TgtBinary.Result {
        try await TgtBinary.run(["--demo"] + arguments, dataDir: dir.path, input: input)
    }

    static func loggedIn(_ name: String) async throws -> TestDirectory {
        let dir = try TestDirectory(name)
        await #expect(try tgt(["login"], dir, input: "+15555550123\n12345\ndemo\n").status == 0)
        await #expect(try tgt(["chats"], dir).status == 0)
        return dir
    }

    static func scheduled(_ dir: TestDirectory) async throws -> [Row] {
        let list = try await tgt(["scheduled", "--json"], dir)
        #expect(list.status == 0, "\(list.stderr)")
        return try JSONDecoder().decode([Row].self, from: Data(list.stdout.utf8))
    }

    @Test("tgt send --every: a series on Telegram's schedule, listed with its next dates; skip, pause, resume, change and cancel by a short id; bad rules refused with an example")
    func repeatingSeries() async throws {
        let dir = try await Self.loggedIn("cli-sched-series")
        defer { dir.remove() }
        await #expect(try Self.tgt(["templates", "add", "--name", "Gym", "--body", "Gym with {{who}}", "--target", "-4001"], dir).status == 0)
        let bad = try await Self.tgt(["send", "Gym", "--every", "sometimes", "--var", "who=Bo"], dir)
        #expect(bad.status == 2 && bad.stderr.contains("“sometimes” is not a repeat rule.") && bad.stderr.contains("mon,fri 10:00"), "\(bad.stderr)")
        let alone = try await Self.tgt(["send", "Gym", "--times", "5", "--var", "who=Bo"], dir)
        #expect(alone.status == 2 && alone.stderr.contains("go with --every"), "\(alone.stderr)")
        let both = try await Self.tgt(["send", "Gym", "--every", "day 09:00", "--in", "1h", "--var", "who=Bo"], dir)
        #expect(both.status == 2, "\(both.stderr)")
        let missing = try await Self.tgt(["send", "Gym", "--every", "day 09:00"], dir)
        #expect(missing.status == 2 && missing.stderr.contains("{{who}}"), "\(missing.stderr)")
        await #expect(try Self.scheduled(dir).isEmpty, "refusals schedule nothing")

        let start = try await Self.tgt(["send", "Gym", "--every", "day 09:00", "--times", "3", "--tz", "UTC", "--var", "who=Bo", "--json"], dir)
        #expect(start.status == 0, "\(start.stderr)")
        let started = try #require(try JSONSerialization.jsonObject(with: Data(start.stdout.utf8)) as? [String: Any])
        let id = try #require(started["id"] as? String)
        #expect(started["words"] as? String == "every day at 09:00, 3 times" || (started["words"] as? String ?? "").hasPrefix("every day at 09:00"))
        #expect((started["next"] as? [[String: Any]])?.count == 3)
        await #expect(try Self.scheduled(dir).map(\.status) == ["scheduled", "scheduled", "scheduled"])
        let short = String(id.prefix(8))

        let list = try await Self.tgt(["scheduled"], dir)
        #expect(list.status == 0 && list.stdout.contains("Repeating:") && list.stdout.contains(short) && list.stdout.contains("Gym"), "\(list.stdout)")
        let skip = try await Self.tgt(["scheduled", "skip", short], dir)
        #expect(skip.status == 0 && skip.stdout.contains("skipping"), "\(skip.stdout) \(skip.stderr)")
        await #expect(try Self.scheduled(dir).count == 2)
        let paused = try await Self.tgt(["scheduled", "pause", short], dir)
        #expect(paused.status == 0, "\(paused.stdout) \(paused.stderr)")
        await #expect(try Self.scheduled(dir).isEmpty)
        let resumed = try await Self.tgt(["scheduled", "resume", short], dir)
        #expect(resumed.status == 0, "\(resumed.stdout) \(resumed.stderr)")
        await #expect(try Self.scheduled(dir).count == 2)
        let change = try await Self.tgt(["scheduled", "change", short, "--var", "who=Cy"], dir)
        #expect(change.status == 0, "\(change.stderr)")
        let unknown = try await Self.tgt(["scheduled", "pause", "ffffffff"], dir)
        #expect(unknown.status == 2 && unknown.stderr.contains("tgt scheduled series"), "\(unknown.stderr)")
        let cancelled = try await Self.tgt(["scheduled", "cancel", short], dir)
        #expect(cancelled.status == 0, "\(cancelled.stdout) \(cancelled.stderr)")
        await #expect(try Self.scheduled(dir).isEmpty)
        let all = try await JSONSerialization.jsonObject(with: Data(try Self.tgt(["scheduled", "series", "--all", "--json"], dir).stdout.utf8)) as? [[String: Any]]
        #expect(all?.map { $0["status"] as? String } == ["cancelled"])
    }

    @Test("a timer with --then: start schedules its message and the reminder, +1 min keeps them, pause deletes them; bad actions change nothing")
    func timerThen() async throws {
        let dir = try await Self.loggedIn("cli-sched-timer")
        defer { dir.remove() }
        await #expect(try Self.tgt(["templates", "add", "--name", "Pasta", "--body", "{{timer}} is ready for {{who}}", "--target", "-1001000000001"], dir).status == 0)
        let missing = try await Self.tgt(["timers", "add", "--name", "Spaghetti", "--duration", "12m", "--then", "Pasta"], dir)
        #expect(missing.status == 2 && missing.stderr.contains("needs a value for {{who}}"))
        let unused = try await Self.tgt(["timers", "add", "--name", "Spaghetti", "--duration", "12m", "--then", "Pasta", "--var", "who=Ada", "--var", "x=1"], dir)
        #expect(unused.status == 2 && unused.stderr.contains("does not use {{x}}"))
        let none = try await JSONSerialization.jsonObject(with: Data(try Self.tgt(["timers", "list", "--json"], dir).stdout.utf8)) as? [Any]
        #expect(none?.isEmpty == true, "a refused --then saved no timer")
        let add = try await Self.tgt(["timers", "add", "--name", "Spaghetti", "--duration", "12m", "--then", "Pasta", "--var", "who=Ada", "--remind"], dir)
        #expect(add.status == 0, "\(add.stderr)")
        let start = try await Self.tgt(["timers", "start", "Spaghetti"], dir)
        #expect(start.status == 0 && start.stderr.contains("Family: scheduled on Telegram"), "\(start.stderr)")
        let rows = try await Self.scheduled(dir)
        #expect(rows.map(\.title).sorted() == ["Family", "Saved Messages"])
        #expect(rows.allSatisfy { $0.status == "scheduled" })
        await #expect(try Self.tgt(["timers", "extend", "Spaghetti"], dir).status == 0)
        await #expect(try Self.scheduled(dir).map(\.status) == ["scheduled", "scheduled"])
        let pause = try await Self.tgt(["timers", "pause", "Spaghetti"], dir)
        #expect(pause.stderr.contains("cancelled — The timer was paused."), "\(pause.stderr)")
        await #expect(try Self.scheduled(dir).isEmpty)
        // The list's hand-written JSON is what show's JSONEncoder gives (a paused timer holds still).
        await #expect(try Self.tgt(["timers", "todo", "add", "Spaghetti", "Salt \"the\" water ✓"], dir).status == 0)
        await #expect(try Self.tgt(["timers", "notes", "Spaghetti", "--set", "line 1\nline 2"], dir).status == 0)
        let listed = try await JSONSerialization.jsonObject(with: Data(try Self.tgt(["timers", "list", "--json"], dir).stdout.utf8)) as? [NSDictionary]
        let shown = try await JSONSerialization.jsonObject(with: Data(try Self.tgt(["timers", "show", "Spaghetti", "--json"], dir).stdout.utf8)) as? NSDictionary
        #expect(listed?.count == 1 && listed?.first == shown)
        #expect((shown?["completion"] as? NSDictionary)?["remind_me"] as? Bool == true)
        await #expect(try Self.tgt(["timers", "edit", "Spaghetti", "--no-then", "--no-remind"], dir).status == 0)
        await #expect(try Self.tgt(["timers", "resume", "Spaghetti"], dir).status == 0)
        await #expect(try Self.scheduled(dir).isEmpty, "no action, nothing scheduled")
    }

    @Test("send --in / --at schedules every target; scheduled cancel deletes it; bad times, drafts and too-soon times are refused")
    func sendLater() async throws {
        let dir = try await Self.loggedIn("cli-sched-send")
        defer { dir.remove() }
        await #expect(try Self.tgt(["templates", "add", "--name", "Standup", "--body", "Standup in 5", "--target", "-1001000000001", "--target", "-4001"], dir).status == 0)
        let send = try await Self.tgt(["send", "Standup", "--in", "20m", "--json"], dir)
        #expect(send.status == 0, "\(send.stderr)")
        #expect(send.stdout.contains("\"scheduled_for\""))
        let rows = try await Self.scheduled(dir)
        #expect(rows.count == 2 && rows.allSatisfy { $0.status == "scheduled" })
        let cancel = try await Self.tgt(["scheduled", "cancel", String(rows[0].id)], dir)
        #expect(cancel.status == 0 && cancel.stdout.contains("cancelled"), "\(cancel.stdout)\(cancel.stderr)")
        await #expect(try Self.scheduled(dir).map(\.id) == [rows[1].id])
        await #expect(try Self.tgt(["scheduled", "cancel", "999999"], dir).status == 2)
        for bad in [["--in", "5s"], ["--at", "25:00"], ["--in", "soon"], ["--in", "5m", "--at", "18:00"]] {
            let refused = try await Self.tgt(["send", "Standup"] + bad, dir)
            #expect(refused.status == 2, "\(bad): \(refused.stderr)")
        }
        await #expect(try Self.tgt(["templates", "add", "--name", "Mail", "--kind", "email", "--to", "a@example.com", "--body", "hi"], dir).status == 0)
        await #expect(try Self.tgt(["send", "Mail", "--in", "20m"], dir).status == 2)
        await #expect(try Self.scheduled(dir).count == 1, "refusals scheduled nothing")
        let store = try AppDatabase.open(at: dir.url.appendingPathComponent("demo/tgtemplates.sqlite"), clock: TestClock())
        #expect(try store.recentSends().filter { $0.status == .cancelled }.count == 1)
    }
}
