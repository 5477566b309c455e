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

    static func tgt(_ arguments: [String], _ dir: TestDirectory, input: String = "") throws -> TgtBinary.Result {
        try TgtBinary.run(["--demo"] + arguments, dataDir: dir.path, input: input)
    }

    static func loggedIn(_ name: String) throws -> TestDirectory {
        let dir = try TestDirectory(name)
        #expect(try tgt(["login"], dir, input: "+15555550123\n12345\ndemo\n").status == 0)
        #expect(try tgt(["chats"], dir).status == 0)
        return dir
    }

    static func scheduled(_ dir: TestDirectory) throws -> [Row] {
        let list = try tgt(["scheduled", "--json"], dir)
        #expect(list.status == 0, "\(list.stderr)")
        return try JSONDecoder().decode([Row].self, from: Data(list.stdout.utf8))
    }

    @Test("a timer with --then: start schedules its message and the reminder, +1 min keeps them, pause deletes them; bad actions change nothing")
    func timerThen() throws {
        let dir = try Self.loggedIn("cli-sched-timer")
        defer { dir.remove() }
        #expect(try Self.tgt(["templates", "add", "--name", "Pasta", "--body", "{{timer}} is ready for {{who}}", "--target", "-1001000000001"], dir).status == 0)
        let missing = try Self.tgt(["timers", "add", "--name", "Spaghetti", "--duration", "12m", "--then", "Pasta"], dir)
        #expect(missing.status == 2 && missing.stderr.contains("needs a value for {{who}}"))
        let unused = try Self.tgt(["timers", "add", "--name", "Spaghetti", "--duration", "12m", "--then", "Pasta", "--var", "who=Ada", "--var", "x=1"], dir)
        #expect(unused.status == 2 && unused.stderr.contains("does not use {{x}}"))
        let none = try JSONSerialization.jsonObject(with: Data(try Self.tgt(["timers", "list", "--json"], dir).stdout.utf8)) as? [Any]
        #expect(none?.isEmpty == true, "a refused --then saved no timer")
        let add = try Self.tgt(["timers", "add", "--name", "Spaghetti", "--duration", "12m", "--then", "Pasta", "--var", "who=Ada", "--remind"], dir)
        #expect(add.status == 0, "\(add.stderr)")
        let start = try Self.tgt(["timers", "start", "Spaghetti"], dir)
        #expect(start.status == 0 && start.stderr.contains("Family: scheduled on Telegram"), "\(start.stderr)")
        let rows = try Self.scheduled(dir)
        #expect(rows.map(\.title).sorted() == ["Family", "Saved Messages"])
        #expect(rows.allSatisfy { $0.status == "scheduled" })
        #expect(try Self.tgt(["timers", "extend", "Spaghetti"], dir).status == 0)
        #expect(try Self.scheduled(dir).map(\.status) == ["scheduled", "scheduled"])
        let pause = try Self.tgt(["timers", "pause", "Spaghetti"], dir)
        #expect(pause.stderr.contains("cancelled — The timer was paused."), "\(pause.stderr)")
        #expect(try Self.scheduled(dir).isEmpty)
        // The list's hand-written JSON is what show's JSONEncoder gives (a paused timer holds still).
        #expect(try Self.tgt(["timers", "todo", "add", "Spaghetti", "Salt \"the\" water ✓"], dir).status == 0)
        #expect(try Self.tgt(["timers", "notes", "Spaghetti", "--set", "line 1\nline 2"], dir).status == 0)
        let listed = try JSONSerialization.jsonObject(with: Data(try Self.tgt(["timers", "list", "--json"], dir).stdout.utf8)) as? [NSDictionary]
        let shown = try JSONSerialization.jsonObject(with: Data(try Self.tgt(["timers", "show", "Spaghetti", "--json"], dir).stdout.utf8)) as? NSDictionary
        #expect(listed?.count == 1 && listed?.first == shown)
        #expect((shown?["completion"] as? NSDictionary)?["remind_me"] as? Bool == true)
        #expect(try Self.tgt(["timers", "edit", "Spaghetti", "--no-then", "--no-remind"], dir).status == 0)
        #expect(try Self.tgt(["timers", "resume", "Spaghetti"], dir).status == 0)
        #expect(try Self.scheduled(dir).isEmpty, "no action, nothing scheduled")
    }

    @Test("send --in / --at schedules every target; scheduled cancel deletes it; bad times, drafts and too-soon times are refused")
    func sendLater() throws {
        let dir = try Self.loggedIn("cli-sched-send")
        defer { dir.remove() }
        #expect(try Self.tgt(["templates", "add", "--name", "Standup", "--body", "Standup in 5", "--target", "-1001000000001", "--target", "-4001"], dir).status == 0)
        let send = try Self.tgt(["send", "Standup", "--in", "20m", "--json"], dir)
        #expect(send.status == 0, "\(send.stderr)")
        #expect(send.stdout.contains("\"scheduled_for\""))
        let rows = try Self.scheduled(dir)
        #expect(rows.count == 2 && rows.allSatisfy { $0.status == "scheduled" })
        let cancel = try Self.tgt(["scheduled", "cancel", String(rows[0].id)], dir)
        #expect(cancel.status == 0 && cancel.stdout.contains("cancelled"), "\(cancel.stdout)\(cancel.stderr)")
        #expect(try Self.scheduled(dir).map(\.id) == [rows[1].id])
        #expect(try Self.tgt(["scheduled", "cancel", "999999"], dir).status == 2)
        for bad in [["--in", "5s"], ["--at", "25:00"], ["--in", "soon"], ["--in", "5m", "--at", "18:00"]] {
            let refused = try Self.tgt(["send", "Standup"] + bad, dir)
            #expect(refused.status == 2, "\(bad): \(refused.stderr)")
        }
        #expect(try Self.tgt(["templates", "add", "--name", "Mail", "--kind", "email", "--to", "a@example.com", "--body", "hi"], dir).status == 0)
        #expect(try Self.tgt(["send", "Mail", "--in", "20m"], dir).status == 2)
        #expect(try Self.scheduled(dir).count == 1, "refusals scheduled nothing")
        let store = try AppDatabase.open(at: dir.url.appendingPathComponent("demo/tgtemplates.sqlite"))
        #expect(try store.recentSends().filter { $0.status == .cancelled }.count == 1)
    }
}
