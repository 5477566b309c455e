import Foundation
import Testing
import TgtDomain
import TgtStore
import TgtTestSupport

/// The closed sets (`--kind`, `--location-mode`, `--icon`, `--color`) as the real binary takes
/// them: help lists their values, a value outside the set is refused before anything runs (the
/// choices named, nothing changed), every spelling accepted before is still accepted, and the
/// generated shell completion offers the values.
@Suite("tgt binary: closed option values", .serialized)
struct ArgumentValuesCLITests {
    static func run(_ arguments: [String], _ dir: TestDirectory) async throws -> TgtBinary.Result {
        try await TgtBinary.run(arguments, dataDir: dir.path)
    }

    static func store(_ dir: TestDirectory) throws -> AppDatabase {
        try AppDatabase.open(at: dir.url.appendingPathComponent("tgtemplates.sqlite"), clock: TestClock())
    }

    /// Help text with its line wrapping undone (every run of white space becomes one space).
    static func unwrapped(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `(values: a, b, c)` as help prints it.
    static func values(_ list: [String]) -> String {
        "(values: " + list.joined(separator: ", ") + ")"
    }

    static let kinds = values(["telegram", "email", "text", "x"])
    static let locationModes = values(["none", "map-link", "native"])
    static let templateIcons = values(TemplateIcon.allCases.map(\.rawValue))
    static let timerIcons = values(TimerIcon.allCases.map(\.rawValue))
    static let timerColors = values(["red", "orange", "yellow", "green", "blue", "indigo", "purple", "gray"])

    @Test("help lists the values of --kind, --location-mode, --icon and --color", arguments: [
        (["templates", "add", "--help"], [kinds, locationModes, templateIcons]),
        (["templates", "edit", "--help"], [kinds, locationModes, templateIcons]),
        (["templates", "list", "--help"], [kinds]),
        (["timers", "add", "--help"], [timerIcons, timerColors]),
        (["timers", "edit", "--help"], [timerIcons, timerColors]),
    ])
    func helpListsValues(arguments: [String], expected: [String]) async throws {
        let dir = try TestDirectory("cli-values-help")
        defer { dir.remove() }
        let help = try await Self.run(arguments, dir)
        #expect(help.status == 0, "\(arguments): \(help.stderr)")
        let text = Self.unwrapped(help.stdout)
        for values in expected {
            #expect(text.contains(values), "\(arguments) should show \(values): \(help.stdout)")
        }
    }

    @Test("a value outside the set is refused as a usage error naming the choices, and changes nothing", arguments: [
        (["templates", "add", "--name", "B", "--body", "x", "--kind", "fax"],
         "The value 'fax' is invalid for '--kind <kind>'. Please provide one of 'telegram', 'email', 'text' or 'x'."),
        (["templates", "add", "--name", "B", "--body", "x", "--location-mode", "gps"],
         "The value 'gps' is invalid for '--location-mode <location-mode>'. Please provide one of 'none', 'map-link' or 'native'."),
        (["templates", "add", "--name", "B", "--body", "x", "--icon", "trash"],
         "The value 'trash' is invalid for '--icon <icon>'. Please provide one of the following:\n  - paperplane.fill\n  - location.fill"),
        (["templates", "edit", "Seed", "--body", "changed", "--kind", "Fax"], "Please provide one of 'telegram', 'email', 'text' or 'x'."),
        (["templates", "edit", "Seed", "--body", "changed", "--location-mode", "map link"], "Please provide one of 'none', 'map-link' or 'native'."),
        (["templates", "list", "--kind", "sms-ish"], "Please provide one of 'telegram', 'email', 'text' or 'x'."),
        (["timers", "add", "--name", "X", "--duration", "5m", "--icon", "rocket"],
         "The value 'rocket' is invalid for '--icon <icon>'. Please provide one of the following:\n  - timer\n  - figure.run"),
        (["timers", "add", "--name", "X", "--duration", "5m", "--color", "pink"],
         "The value 'pink' is invalid for '--color <color>'. Please provide one of the following:\n  - red\n  - orange"),
        (["timers", "edit", "Seed", "--duration", "1m", "--color", "#123456"], "Please provide one of the following:\n  - red"),
        (["timers", "edit", "Seed", "--duration", "1m", "--icon", "timer.fill"], "Please provide one of the following:\n  - timer"),
    ])
    func badValueRefused(arguments: [String], message: String) async throws {
        let dir = try TestDirectory("cli-values-bad")
        defer { dir.remove() }
        await #expect(try Self.run(["templates", "add", "--name", "Seed", "--body", "as it was"], dir).status == 0)
        await #expect(try Self.run(["timers", "add", "--name", "Seed", "--duration", "5m"], dir).status == 0)
        let store = try Self.store(dir)
        let templatesBefore = try store.templates()
        let timersBefore = try store.timers()

        let refused = try await Self.run(arguments, dir)
        #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
        #expect(refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        #expect(refused.stdout.isEmpty)
        #expect(!refused.stderr.contains("Fatal error") && !refused.stderr.contains("Stack dump"))
        #expect(try store.templates() == templatesBefore)
        #expect(try store.timers() == timersBefore)
    }

    @Test("every spelling accepted before is still accepted: aliases, any letter case, _ for -, hex codes, spaces around a timer icon")
    func earlierSpellingsStillAccepted() async throws {
        let dir = try TestDirectory("cli-values-spellings")
        defer { dir.remove() }
        let kinds: [(String, TemplateKind)] = [("telegram", .telegram), ("TG", .telegram), ("Email", .email), ("mail", .email),
                                              ("text", .text), ("SMS", .text), ("x", .x), ("Twitter", .x)]
        for (i, (spelling, kind)) in kinds.enumerated() {
            let added = try await Self.run(["templates", "add", "--name", "K\(i)", "--body", "hi", "--kind", spelling], dir)
            #expect(added.status == 0, "\(spelling): \(added.stderr)")
            #expect(try Self.store(dir).templates().first { $0.name == "K\(i)" }?.kind == kind, "\(spelling)")
        }
        let modes: [(String, LocationMode)] = [("none", .none), ("NONE", .none), ("map-link", .mapLink), ("map_link", .mapLink),
                                               ("Map", .mapLink), ("native", .native), ("Location", .native)]
        for (i, (spelling, mode)) in modes.enumerated() {
            let added = try await Self.run(["templates", "add", "--name", "L\(i)", "--body", "hi", "--location-mode", spelling], dir)
            #expect(added.status == 0, "\(spelling): \(added.stderr)")
            #expect(try Self.store(dir).templates().first { $0.name == "L\(i)" }?.locationMode == mode, "\(spelling)")
        }
        await #expect(try Self.run(["templates", "edit", "K0", "--kind", "mail", "--location-mode", "MAP_LINK", "--icon", "car.fill"], dir).status == 0)
        let edited = try #require(try Self.store(dir).templates().first { $0.name == "K0" })
        #expect(edited.kind == .email && edited.locationMode == .mapLink && edited.icon == .car)
        let listed = try await Self.run(["--json", "templates", "list", "--kind", "sms"], dir)
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["K4", "K5"])

        let colors: [(String, TimerColor)] = [("orange", .orange), ("GREY", .gray), ("#ff9500", .orange), ("FF3B30", .red), (" Blue ", .blue)]
        for (i, (spelling, color)) in colors.enumerated() {
            let added = try await Self.run(["timers", "add", "--name", "C\(i)", "--duration", "5m", "--color", spelling], dir)
            #expect(added.status == 0, "\(spelling): \(added.stderr)")
            #expect(try Self.store(dir).timers().first { $0.name == "C\(i)" }?.color == color, "\(spelling)")
        }
        let icons = ["timer", "wrench.and.screwdriver.fill", "car.fill", " bed.double.fill "]
        for (i, spelling) in icons.enumerated() {
            let added = try await Self.run(["timers", "add", "--name", "I\(i)", "--duration", "5m", "--icon", spelling], dir)
            #expect(added.status == 0, "\(spelling): \(added.stderr)")
            let expected = spelling.trimmingCharacters(in: .whitespaces)
            #expect(try Self.store(dir).timers().first { $0.name == "I\(i)" }?.icon.rawValue == expected, "\(spelling)")
        }
        await #expect(try Self.run(["timers", "edit", "I0", "--icon", "music.note", "--color", "#AF52DE"], dir).status == 0)
        let timer = try #require(try Self.store(dir).timers().first { $0.name == "I0" })
        #expect(timer.icon.rawValue == "music.note" && timer.color == .purple)
    }

    @Test("tgt --generate-completion-script bash|zsh|fish offers the values; bash completes --kind and --location-mode with them")
    func completionScript() async throws {
        let dir = try TestDirectory("cli-values-completion")
        defer { dir.remove() }
        let bash = try await Self.run(["--generate-completion-script", "bash"], dir)
        #expect(bash.status == 0, "\(bash.stderr)")
        let lines = bash.stdout.split(separator: "\n")
        #expect(lines.contains { line in ["telegram", "email", "text", "x"].allSatisfy { line.contains("'\($0)'") } }, "--kind values")
        #expect(lines.contains { line in ["none", "map-link", "native"].allSatisfy { line.contains("'\($0)'") } }, "--location-mode values")
        #expect(lines.contains { line in ["red", "orange", "gray"].allSatisfy { line.contains("'\($0)'") } }, "--color values")
        for shell in ["zsh", "fish"] {
            let script = try await Self.run(["--generate-completion-script", shell], dir)
            #expect(script.status == 0 && script.stdout.contains("telegram") && script.stdout.contains("map-link"), "\(shell): \(script.stderr)")
        }

        // What bash itself offers after `--kind ` and `--location-mode ` once the script is loaded.
        guard let shell = ["/bin/bash", "/usr/bin/bash"].first(where: FileManager.default.isExecutableFile(atPath:)) else { return }
        let script = dir.file("tgt.bash")
        try Data(bash.stdout.utf8).write(to: script)
        let driver = """
            source "$1"
            offer() {
                COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
                read -ra COMP_WORDS <<< "$COMP_LINE"
                [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                COMPREPLY=()
                _tgt tgt "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                echo "${COMPREPLY[*]}"
            }
            offer "tgt templates add --kind "
            offer "tgt templates add --location-mode "
            offer "tgt templates list --kind e"
            offer "tgt timers add --color "
            """
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = ["-c", driver, "driver", script.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let offered = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(offered.split(separator: "\n") == ["telegram email text x", "none map-link native", "email",
                                                   "red orange yellow green blue indigo purple gray"], "\(offered)")
    }
}
