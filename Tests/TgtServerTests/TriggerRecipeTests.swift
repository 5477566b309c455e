import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTestSupport

/// The recipes in docs/triggers.md, run as written against a real dashboard: the test reads the
/// file, puts the test server's address and a real secret where the recipe says
/// `https://home.example.net` and `SECRET`, and makes each request with curl (Shortcuts' JSON
/// body, Home Assistant's rest_command with its payload template filled from the automation's
/// data, the cron line, the NFC tag's GET then Send). A recipe edited into something that no
/// longer works fails here.
@Suite("Trigger link recipes in the docs", .serialized, .timeLimit(.minutes(2)))
struct TriggerRecipeTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/triggers.md")

    /// The fenced block after `<!-- recipe: name -->`, and the whole file.
    static func recipe(_ name: String) throws -> (block: String, file: String) {
        let file = try String(contentsOf: docs, encoding: .utf8)
        let marker = try #require(file.range(of: "<!-- recipe: \(name) -->"), "docs/triggers.md has the \(name) recipe")
        let rest = file[marker.upperBound...]
        let open = try #require(rest.range(of: "```"))
        let bodyStart = try #require(rest[open.upperBound...].firstIndex(of: "\n"))
        let close = try #require(rest[bodyStart...].range(of: "```"))
        return (String(rest[rest.index(after: bodyStart)..<close.lowerBound]), file)
    }

    /// Shell lines of a block, with backslash continuations joined.
    static func commands(_ block: String) -> [String] {
        block.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Runs a command to its end on a thread of its own (curl talks to the server in this
    /// process, which needs the pool's threads to answer).
    static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await offPool { try blockingRun(arguments) }
    }

    static func blockingRun(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("Shortcuts, Home Assistant, cron and the NFC tag: each recipe's request sends the template (and the tag's GET does not)")
    func recipes() async throws {
        let curl = try await Self.run(["curl", "--version"])
        try #require(curl.status == 0, "curl runs the recipes (scripts/install-test-deps.sh installs it): \(curl.output)")
        let fixture = try await ServerFixture(clock: TestClock())
        try await fixture.run { client in
            try await client.logInToTelegram()
            let store = fixture.sim.store
            try store.setUndoHold(.off)
            let late = try store.insert(Template(name: "Late", body: "Late by {{eta}} min", targets: [Target(chatID: -1001000000001, chatTitle: "Family")]))
            let made = try TriggerService(store: store, clock: store.clock).create(templateID: late.id, name: "Recipes", policy: TriggerPolicy(minimumInterval: 0))
            let base = "http://127.0.0.1:\(try #require(client.raw.port))"
            func real(_ text: String) -> String {
                text.replacingOccurrences(of: "https://home.example.net", with: base).replacingOccurrences(of: "SECRET", with: made.secret)
            }
            func delivered() -> [String] { fixture.sim.simulator.deliveredMessages.map(\.content) }

            // iOS Shortcuts: the request "Get contents of URL" makes.
            for command in Self.commands(try Self.recipe("shortcuts").block) {
                let result = try await Self.run(["sh", "-c", real(command)])
                #expect(result.status == 0 && result.output.contains("\"all_sent\":true"), "\(command): \(result.output)")
            }
            #expect(delivered() == ["Late by 10 min"])

            // Home Assistant: rest_command's url, method, content type and payload, its template
            // filled from the automation's data.
            let (ha, file) = try Self.recipe("home-assistant")
            func field(_ name: String) throws -> String {
                let line = try #require(ha.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(name + ":") })
                var value = line.split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
                if value.count >= 2, let first = value.first, first == "'" || first == "\"", value.last == first { value = String(value.dropFirst().dropLast()) }
                return value
            }
            #expect(try field("url") == "!secret tgt_arrived_url")
            let eta = try #require(file.range(of: #"eta: "(\d+)""#, options: .regularExpression).map { String(file[$0]).filter(\.isNumber) })
            let payload = try field("payload").replacingOccurrences(of: "{{ eta }}", with: eta)
            let ha1 = try await Self.run(["curl", "-fsS", "-X", try field("method").uppercased(), "-H", "Content-Type: \(try field("content_type"))",
                                    "-d", payload, real("https://home.example.net/t/SECRET")])
            #expect(ha1.status == 0 && ha1.output.contains("\"all_sent\":true"), "\(ha1.output)")
            #expect(delivered().last == "Late by 0 min")

            // cron: the command after the five schedule fields.
            let cron = try #require(Self.commands(try Self.recipe("cron").block).first)
            let command = cron.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).joined(separator: " ")
            let ran = try await Self.run(["sh", "-c", real(command)])
            #expect(ran.status == 0, "\(command): \(ran.output)")
            #expect(delivered().last == "Late by 5 min" && delivered().count == 3)

            // An NFC tag: the browser's GET shows the page and sends nothing; Send posts.
            let nfc = Self.commands(try Self.recipe("nfc").block)
            #expect(nfc.count == 2)
            let page = try await Self.run(["sh", "-c", real(nfc[0])])
            #expect(page.status == 0 && page.output.contains("Send “Late”?"), "\(page.output.prefix(300))")
            #expect(delivered().count == 3, "a GET never sends")
            let send = try await Self.run(["sh", "-c", real(nfc[1])])
            #expect(send.status == 0 && send.output.contains("\"all_sent\":true"))
            #expect(delivered().last == "Late by 5 min" && delivered().count == 4)

            // With curl's -f a refusal is a failing exit, as the cron recipe says.
            try TriggerService(store: store, clock: store.clock).revoke(made.trigger.id)
            #expect(try await Self.run(["sh", "-c", real(command)]).status != 0)
        }
    }
}
