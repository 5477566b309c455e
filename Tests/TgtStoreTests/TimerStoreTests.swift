import Foundation
import GRDB
import Testing
import TgtTestSupport
import TgtDomain
import TgtStore

@Suite("Timers in the store")
struct TimerStoreTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_246_200)

    static func timer(_ name: String, seconds: Int = 720) throws -> CountdownTimer {
        CountdownTimer(name: name, duration: try #require(TimerDuration(seconds: seconds)), icon: try #require(TimerIcon(rawValue: "fork.knife")),
                       color: .orange, todos: [TimerTodo(text: "Salt the water", done: true), TimerTodo(text: "Grate cheese")],
                       notes: "Al dente: 2 min less", createdAt: t0)
    }

    @Test("saved, listed in order, found by name or id prefix, read back exactly after reopening the file")
    func crud() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let pasta = try fixture.db.insert(try Self.timer("Pasta"))
        let tea = try fixture.db.insert(try Self.timer("Tea", seconds: 180))
        #expect(try fixture.db.timers().map(\.name) == ["Pasta", "Tea"])
        #expect(try fixture.db.resolveTimer("pasta") == pasta)
        #expect(try fixture.db.resolveTimer(String(tea.id.uuidString.prefix(6))) == tea)
        #expect(throws: StoreError.timerNotFound("Soup")) { try fixture.db.resolveTimer("Soup") }
        #expect(try fixture.reopen().timers() == [pasta, tea])
        #expect(try fixture.reopen().timer(id: pasta.id)?.todos.map(\.text) == ["Salt the water", "Grate cheese"])

        try fixture.db.moveTimer(id: tea.id, to: 0)
        #expect(try fixture.db.timers().map(\.name) == ["Tea", "Pasta"])
        try fixture.db.deleteTimer(id: tea.id)
        #expect(try fixture.db.timers().map(\.name) == ["Pasta"])
        #expect(throws: StoreError.timerNotFound(tea.id.uuidString)) { try fixture.db.deleteTimer(id: tea.id) }
    }

    @Test("controls are one transaction each; a control that does not apply changes nothing")
    func controls() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let pasta = try fixture.db.insert(try Self.timer("Pasta"))
        let revision = try fixture.db.templatesRevision()
        let running = try fixture.db.change(pasta.id) { try $0.started(at: Self.t0) }
        #expect(try fixture.reopen().timer(id: pasta.id)?.state == .running(endsAt: Self.t0.addingTimeInterval(720)))
        #expect(try fixture.db.templatesRevision() > revision, "widgets see timer changes")
        #expect(throws: StoreError.timerState(.alreadyRunning("Pasta"))) { try fixture.db.change(pasta.id) { try $0.started(at: Self.t0) } }
        #expect(try fixture.db.timer(id: pasta.id) == running)
        let paused = try fixture.db.change(pasta.id) { try $0.paused(at: Self.t0.addingTimeInterval(120.25)) }
        #expect(try fixture.reopen().timer(id: pasta.id)?.state == .paused(remaining: 599.75))
        #expect(paused.todos.count == 2, "to-dos survive every change")
    }

    @Test("an overdue timer is completed at its true end when the store is next opened")
    func settle() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        let due = try fixture.db.insert(try Self.timer("Due", seconds: 60))
        let later = try fixture.db.insert(try Self.timer("Later", seconds: 3600))
        try fixture.db.change(due.id) { try $0.started(at: Self.t0) }
        try fixture.db.change(later.id) { try $0.started(at: Self.t0) }
        // A process that stopped and a day later a new one.
        let reopened = try fixture.reopen()
        let settled = try reopened.settleTimers(at: Self.t0.addingTimeInterval(600))
        #expect(settled.map(\.name) == ["Due"])
        #expect(try reopened.timer(id: due.id)?.state == .completed(at: Self.t0.addingTimeInterval(60)))
        #expect(try reopened.timer(id: later.id)?.state == .running(endsAt: Self.t0.addingTimeInterval(3600)))
        #expect(try reopened.settleTimers(at: Self.t0.addingTimeInterval(600)).isEmpty)
    }

    @Test("bad timers save nothing; the completion template must exist and is cleared when deleted")
    func validation() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        var nameless = try Self.timer("")
        nameless.name = ""
        #expect(throws: StoreError.self) { try fixture.db.insert(nameless) }
        var withAction = try Self.timer("Pasta")
        withAction.action = CompletionAction(templateID: UUID(), values: ["eta": "5"])
        #expect(throws: StoreError.self) { try fixture.db.insert(withAction) }
        #expect(try fixture.db.timers().isEmpty)

        let template = try fixture.db.insert(Template(name: "Pasta's ready", body: "🍝 {{eta}}", targets: [Target(chatID: -1, chatTitle: "Family")]))
        withAction.action = CompletionAction(templateID: template.id, values: ["eta": "5"], remindMe: true)
        let saved = try fixture.db.insert(withAction)
        #expect(try fixture.db.timer(id: saved.id)?.action == CompletionAction(templateID: template.id, values: ["eta": "5"], remindMe: true))
        // Editing the template, or importing it again, keeps the link.
        var edited = template
        edited.body = "🍝 ready, {{eta}}"
        try fixture.db.update(edited)
        // Re-imported from an archive without timers, so only the template's import is tested.
        var archive = try fixture.db.exportTemplates()
        archive.timers = nil
        archive.version = 2
        try fixture.db.importTemplates(try archive.encoded())
        #expect(try fixture.db.timer(id: saved.id)?.action?.templateID == template.id)
        try fixture.db.deleteTemplate(id: template.id)
        #expect(try fixture.db.timer(id: saved.id)?.action == CompletionAction(templateID: nil, values: ["eta": "5"], remindMe: true))
    }

    @Test("the schema refuses a duration out of range even from outside the app")
    func schemaChecks() throws {
        let fixture = try StoreFixture()
        defer { fixture.remove() }
        try fixture.db.insert(try Self.timer("Pasta"))
        let queue = try DatabaseQueue(path: fixture.folder.appendingPathComponent("tgtemplates.sqlite").path)
        try queue.write { try $0.execute(sql: "UPDATE timer SET duration_s = 5") }  // the table is there and takes good values
        #expect(throws: (any Error).self) { try queue.write { try $0.execute(sql: "UPDATE timer SET duration_s = 0") } }
        #expect(throws: (any Error).self) { try queue.write { try $0.execute(sql: "UPDATE timer SET state = 'ticking'") } }
        try queue.close()
    }
}

@Suite("Timers in the archive")
struct TimerArchiveTests {
    @Test("export then import carries every timer exactly (each state, to-dos, notes, action on a template of the file)")
    func roundTrip() throws {
        let a = try StoreFixture(), b = try StoreFixture()
        defer { a.remove(); b.remove() }
        let t0 = Date(timeIntervalSince1970: 1_795_246_200.123)
        let template = try a.db.insert(Template(name: "Pasta's ready", body: "🍝 {{eta}}", targets: [Target(chatID: -1, chatTitle: "Family")]))
        var pasta = try TimerStoreTests.timer("Pasta")
        pasta.action = CompletionAction(templateID: template.id, values: ["eta": "now"], remindMe: true)
        let saved = try a.db.insert(pasta)
        try a.db.change(saved.id) { try $0.started(at: t0) }
        let tea = try a.db.insert(try TimerStoreTests.timer("Tea", seconds: 180))
        try a.db.change(tea.id) { try $0.started(at: t0).paused(at: t0.addingTimeInterval(61.5)) }
        let egg = try a.db.insert(try TimerStoreTests.timer("Egg", seconds: 420))
        try a.db.change(egg.id) { try $0.started(at: t0).paused(at: t0.addingTimeInterval(500)) }
        try a.db.insert(try TimerStoreTests.timer("Idle"))
        let original = try a.db.timers()
        #expect(original.map(\.stateName) == ["running", "paused", "completed", "idle"])

        let data = try a.db.exportTemplates().encoded()
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"version\" : 4") && text.contains("\"duration_seconds\" : 720") && text.contains("\"remind_me\" : true"))
        #expect(try b.db.importTemplates(data) == ImportSummary(added: 1, updated: 0, timersAdded: 4, timersUpdated: 0))
        #expect(try b.db.timers() == original)
        #expect(try b.db.importTemplates(data) == ImportSummary(added: 0, updated: 1, timersAdded: 0, timersUpdated: 4))
        #expect(try b.db.timers() == original)
    }

    @Test("version 2 archives import without timers; a bad timer imports nothing at all")
    func olderAndBad() throws {
        let a = try StoreFixture(), b = try StoreFixture()
        defer { a.remove(); b.remove() }
        try a.db.insert(Template(name: "Hi", body: "Hello", targets: [Target(chatID: -1, chatTitle: "G")]))
        try a.db.insert(try TimerStoreTests.timer("Pasta"))
        let data = try a.db.exportTemplates().encoded()
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        json["version"] = 2
        json.removeValue(forKey: "timers")
        #expect(try b.db.importTemplates(try JSONSerialization.data(withJSONObject: json)) == ImportSummary(added: 1, updated: 0))
        #expect(try b.db.timers().isEmpty)

        let c = try StoreFixture()
        defer { c.remove() }
        let bad = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"duration_seconds\" : 720", with: "\"duration_seconds\" : 0")
        #expect(throws: StoreError.self) { try c.db.importTemplates(Data(bad.utf8)) }
        #expect(try c.db.templates().isEmpty && c.db.timers().isEmpty)
        // A completion action naming a template that is neither in the store nor in the file.
        var withOrphan = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var timers = try #require(withOrphan["timers"] as? [[String: Any]])
        timers[0]["action"] = ["template_id": "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "values": [String: String](), "remind_me": false]
        withOrphan["timers"] = timers
        #expect(throws: StoreError.self) { try c.db.importTemplates(try JSONSerialization.data(withJSONObject: withOrphan)) }
        #expect(try c.db.templates().isEmpty && c.db.timers().isEmpty)
        // A running timer ending further away than any timer can run, and a to-do id used twice.
        var far = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var farTimers = try #require(far["timers"] as? [[String: Any]])
        farTimers[0]["state"] = "running"
        farTimers[0]["ends_at"] = "2100-01-01T00:00:00.000Z"
        far["timers"] = farTimers
        #expect(throws: StoreError.importFailed("timer “Pasta” is running until 2100-01-01T00:00:00.000Z, more than 99:59:59 from now.")) {
            try c.db.importTemplates(try JSONSerialization.data(withJSONObject: far))
        }
        var twice = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var twiceTimers = try #require(twice["timers"] as? [[String: Any]])
        var copy = twiceTimers[0]
        copy["id"] = UUID().uuidString
        copy["name"] = "Pasta 2"
        twiceTimers.append(copy)
        twice["timers"] = twiceTimers
        #expect(throws: StoreError.self) { try c.db.importTemplates(try JSONSerialization.data(withJSONObject: twice)) }
        #expect(try c.db.templates().isEmpty && c.db.timers().isEmpty)
    }
}

extension CountdownTimer {
    var stateName: String {
        switch state {
        case .idle: "idle"
        case .running: "running"
        case .paused: "paused"
        case .completed: "completed"
        }
    }
}
