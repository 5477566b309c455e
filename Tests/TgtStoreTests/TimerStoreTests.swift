import Foundation
import GRDB
import Testing
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
        try fixture.db.importTemplates(try fixture.db.exportTemplates().encoded())
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
