import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTestSupport

/// Timers on the command line with the real binary: made, refused, controlled, to-dos and notes,
/// watched to the end, and completed at their true end by a later process.
@Suite("tgt binary: timers", .serialized)
struct TimersCLITests {
    static func run(_ arguments: [String], _ dir: TestDirectory, input: String = "") async throws -> TgtBinary.Result {
        try await TgtBinary.run(arguments, dataDir: dir.path, input: input)
    }

    static func store(_ dir: TestDirectory) throws -> AppDatabase {
        try AppDatabase.open(at: dir.url.appendingPathComponent("tgtemplates.sqlite"), clock: TestClock())
    }

    static func json(_ result: TgtBinary.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test("add, refuse bad input without changing anything, edit, control, remove")
    func lifecycle() async throws {
        let dir = try TestDirectory("cli-timers")
        defer { dir.remove() }
        let added = try await Self.run(["--json", "timers", "add", "--name", "Pasta", "--duration", "12m", "--icon", "fork.knife", "--color", "orange"], dir)
        #expect(added.status == 0, "\(added.stderr)")
        let pasta = try Self.json(added)
        #expect(pasta["duration_seconds"] as? Int == 720 && pasta["clock"] as? String == "12:00" && pasta["color"] as? String == "#FF9500")
        for (arguments, expected) in [
            (["timers", "add", "--name", "X", "--duration", "0"], "not between 1 second and 99:59:59"),
            (["timers", "add", "--name", "X", "--duration", "100h"], "not between"),
            (["timers", "add", "--name", "X", "--duration", "soon"], "“soon” is not a duration"),
            (["timers", "add", "--name", "", "--duration", "5m"], "Please enter a timer name."),
            (["timers", "pause", "Pasta"], "“Pasta” is not running."),
            (["timers", "start", "Soup"], "There is no timer called “Soup”."),
        ] {
            let result = try await Self.run(arguments, dir)
            #expect(result.status == 2 && result.stderr.contains(expected), "\(arguments): \(result.stderr)")
        }
        // Icons and colors are closed sets the argument parser checks: a usage error naming them.
        for (arguments, expected) in [
            (["timers", "add", "--name", "X", "--duration", "5m", "--icon", "rocket"], "The value 'rocket' is invalid for '--icon <icon>'"),
            (["timers", "add", "--name", "X", "--duration", "5m", "--color", "pink"], "The value 'pink' is invalid for '--color <color>'"),
        ] {
            let result = try await Self.run(arguments, dir)
            #expect(result.status == 64 && result.stderr.contains(expected), "\(arguments): \(result.stderr)")
        }
        #expect(try Self.store(dir).timers().map(\.name) == ["Pasta"])
        await #expect(try Self.run(["timers", "add", "--name", "X", "--duration", "5m"], dir).status == 0)
        let twice = try await Self.run(["timers", "add", "--name", "x", "--duration", "5m"], dir)
        #expect(twice.status == 2 && twice.stderr.contains("Another timer is already called “x”."), "\(twice.stderr)")

        await #expect(try Self.run(["timers", "edit", "Pasta", "--duration", "10m", "--color", "red"], dir).status == 0)
        let started = try await Self.json(try Self.run(["--json", "timers", "start", "Pasta"], dir))
        #expect(started["state"] as? String == "running" && started["ends_at"] != nil)
        let paused = try await Self.json(try Self.run(["--json", "timers", "pause", "Pasta"], dir))
        #expect(paused["state"] as? String == "paused" && paused["label"] as? String == "PAUSED")
        let extended = try await Self.json(try Self.run(["--json", "timers", "extend", "Pasta", "--by", "5m"], dir))
        let left = try #require(extended["remaining_seconds"] as? Double)
        #expect(left > 890 && left <= 900)
        await #expect(try Self.json(try Self.run(["--json", "timers", "resume", "Pasta"], dir))["state"] as? String == "running")
        await #expect(try Self.json(try Self.run(["--json", "timers", "reset", "Pasta"], dir))["clock"] as? String == "10:00")
        let refused = try await Self.run(["timers", "rm", "Pasta"], dir)
        #expect(refused.status == 2 && refused.stderr.contains("--yes"))
        await #expect(try Self.run(["timers", "rm", "Pasta", "--yes"], dir).status == 0)
        #expect(try Self.store(dir).timers().map(\.name) == ["X"])
    }

    @Test("to-dos by number and notes from an argument or standard input")
    func todosAndNotes() async throws {
        let dir = try TestDirectory("cli-timers-todos")
        defer { dir.remove() }
        await #expect(try Self.run(["timers", "add", "--name", "Pasta", "--duration", "12m"], dir).status == 0)
        for text in ["Salt the water", "Grate cheese", "Set the table"] {
            await #expect(try Self.run(["timers", "todo", "add", "Pasta", text], dir).status == 0)
        }
        await #expect(try Self.run(["timers", "todo", "done", "Pasta", "2"], dir).status == 0)
        await #expect(try Self.run(["timers", "todo", "done", "Pasta", "1"], dir).status == 0)
        await #expect(try Self.run(["timers", "todo", "undo", "Pasta", "1"], dir).status == 0)
        await #expect(try Self.run(["timers", "todo", "move", "Pasta", "3", "--to", "1"], dir).status == 0)
        await #expect(try Self.run(["timers", "todo", "edit", "Pasta", "1", "Lay the table"], dir).status == 0)
        await #expect(try Self.run(["timers", "todo", "rm", "Pasta", "2"], dir).status == 0)
        let missing = try await Self.run(["timers", "todo", "done", "Pasta", "9"], dir)
        #expect(missing.status == 2 && missing.stderr.contains("There is no to-do number 9; they go from 1 to 2."), "\(missing.stderr)")
        let empty = try await Self.run(["timers", "todo", "add", "Pasta", "   "], dir)
        #expect(empty.status == 2 && empty.stderr.contains("Write what there is to do."))
        let timer = try Self.store(dir).resolveTimer("Pasta")
        #expect(timer.todos.map(\.text) == ["Lay the table", "Grate cheese"])
        #expect(timer.todos.map(\.done) == [false, true])
        await #expect(try Self.run(["timers", "show", "Pasta"], dir).stdout.contains("2. ☑ Grate cheese"))

        await #expect(try Self.run(["timers", "notes", "Pasta", "--file", "-"], dir, input: "Al dente:\n2 min less 🍝").status == 0)
        #expect(try Self.store(dir).resolveTimer("Pasta").notes == "Al dente:\n2 min less 🍝")
        await #expect(try Self.run(["timers", "notes", "Pasta"], dir).stdout == "Al dente:\n2 min less 🍝\n")
        let tooLong = try await Self.run(["timers", "notes", "Pasta", "--set", String(repeating: "n", count: 10_001)], dir)
        #expect(tooLong.status == 2)
        #expect(try Self.store(dir).resolveTimer("Pasta").notes == "Al dente:\n2 min less 🍝")
        await #expect(try Self.run(["timers", "list"], dir).stdout.contains("1 of 2"))
    }

    @Test("watch runs to the end and says so; a timer that ended while no tgt ran is completed at its true end")
    func watchAndSettle() async throws {
        let dir = try TestDirectory("cli-timers-watch")
        defer { dir.remove() }
        await #expect(try Self.run(["timers", "add", "--name", "Tea", "--duration", "2m"], dir).status == 0)
        await #expect(try Self.run(["timers", "add", "--name", "Egg", "--duration", "1"], dir).status == 0)
        let noneRunning = try await Self.run(["timers", "watch", "Egg"], dir)
        #expect(noneRunning.status == 2 && noneRunning.stderr.contains("“Egg” is not running."), "\(noneRunning.stderr)")
        // Tea runs for two minutes, so nothing here races the wall clock the binary reads (and a
        // failure below leaves the watch running two minutes at most, not an hour). While the
        // watch runs, another process (this test, through the store) makes Tea's end a moment
        // ago: the watch reads the store every second and ends it at that end. A watch that
        // starts after the change finds the same past end, so either order gives one outcome.
        // The watch is named: unnamed, it looks for a running timer, and one past its end is not.
        await #expect(try Self.run(["timers", "start", "Tea"], dir).status == 0)
        async let watching = Self.run(["timers", "watch", "Tea"], dir)
        let tea = try Self.store(dir).resolveTimer("Tea")
        let endsAt = Date().addingTimeInterval(-0.5)
        let ending = try Self.store(dir).change(tea.id) { var ended = $0; ended.state = .running(endsAt: endsAt); return ended }
        let watched = try await watching
        #expect(watched.status == 0 && watched.stdout.contains("“Tea” is done"), "\(watched.stdout) \(watched.stderr)")
        #expect(try Self.store(dir).timer(id: tea.id)?.state == .completed(at: try #require(ending.endsAt)))
        #expect(watched.stdout.contains("\u{07}"), "the terminal bell rings")

        // Started 1.3 s ago: a 1 s timer that ended while nothing ran.
        let started = try Self.store(dir).change(try Self.store(dir).resolveTimer("Egg").id) { try $0.started(at: Date().addingTimeInterval(-1.3)) }
        let listed = try await Self.run(["--json", "timers", "list"], dir)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let egg = try #require(items.first { $0["name"] as? String == "Egg" })
        #expect(egg["state"] as? String == "completed" && egg["label"] as? String == "DONE")
        #expect(try Self.store(dir).timer(id: started.id)?.state == .completed(at: try #require(started.endsAt)))
    }
}
