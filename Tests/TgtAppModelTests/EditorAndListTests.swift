import Foundation
import GRDB
import Testing
import TgtAppModel
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTestSupport

@Suite("Editor, target picker and template grid")
@MainActor
struct EditorAndListTests {
    @Test("every validation message, next to its field; Save disabled with the reason; nothing saved")
    func validationMessages() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        try fixture.addTemplates(["Taken"])
        let app = try AppModel(services: fixture.services)
        let editor = app.editor(for: nil)
        let cases: [(String, String, ValidationIssue.Field, String)] = [
            ("", "Hi", .name, "Give the template a name."),
            (String(repeating: "n", count: 65), "Hi", .name, "The name is 65 characters long; the most is 64."),
            (" Padded", "Hi", .name, "The name cannot start or end with spaces."),
            ("Two\nlines", "Hi", .name, "The name cannot contain control characters (line breaks, tabs, …)."),
            ("TAKEN", "Hi", .name, "Another template is already called “TAKEN”."),
            ("Fine", "  ", .body, "The message text is empty."),
            ("Fine", "Hello {{name", .body, "The text has a `{{` at character 7 with no closing `}}`."),
            ("Fine", "{{two words}}", .body, "`{{two words}}` at character 1 is not a valid variable name (use letters, digits and _)."),
            ("Fine", String(repeating: "x", count: 4097), .body, "The text is 4097 characters long; Telegram allows 4096."),
            // What a send would refuse is refused here too, with the send's words (TDLib's parser).
            ("Fine", "_+", .body, "The formatting is broken at character 1 (“_+”): an unclosed * _ ` or [ (add the closing mark, or put \\ before it to write it literally)."),
            ("Fine", "Hi {{who}} [link", .body, "The formatting is broken at character 12 (“[link”): an unclosed * _ ` or [ (add the closing mark, or put \\ before it to write it literally)."),
            ("Fine", "\u{FEFF}\u{200B}", .body, "The message text is empty."),
            ("Fine", "__", .body, "The message text is empty once its formatting is applied."),
            ("Fine", "Bell\u{07}", .body, "The text has a control character, U+0007, at character 5; remove it (only line breaks and tabs are allowed)."),
        ]
        for (name, body, field, message) in cases {
            editor.name = name
            editor.body = body
            #expect(editor.message(for: field)?.description == message, "\(field): \(name) / \(body.prefix(20))")
            #expect(!editor.canSave)
            #expect(editor.saveBlockedReason?.description == "Fix the marked fields to save.")
            #expect(editor.save() == nil)
        }
        editor.name = "Fine"
        editor.body = "Hi"
        // The picker cannot list a chat twice: a second toggle removes it.
        editor.picker.toggle(AppFixture.family)
        #expect(editor.picker.selected == [AppFixture.family])
        editor.picker.toggle(AppFixture.family)
        #expect(editor.picker.selected.isEmpty)
        #expect(editor.message(for: .targets) == nil)
        #expect(editor.targetsNote?.description.hasPrefix("No chats chosen yet") == true)
        #expect(editor.canSave, "a template without chats can be saved")
        #expect(try fixture.store.templates().map(\.name) == ["Taken"])
        // An unchanged existing template: Save says why it is off.
        let existing = app.editor(for: try fixture.store.templates()[0])
        #expect(existing.saveBlockedReason?.description == "Nothing changed yet.")
        existing.silent.toggle()
        #expect(existing.canSave)
        await app.shutdown()
    }

    @Test("the variables guide inserts at the cursor and lists the custom variables in use")
    func variablesGuide() throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        let editor = app.editor(for: nil)
        editor.body = "Back at "
        editor.cursor = 5
        let time = try #require(editor.variables.first { $0.name == "time" })
        editor.insert(time)
        #expect(editor.body == "Back {{time}}at ")
        #expect(editor.cursor == 13)
        editor.cursor = 999
        editor.insert(time)
        #expect(editor.body.hasSuffix("at {{time}}"))
        editor.body = "In {{minutes}} min 🚗 {{date}}"
        #expect(editor.variables.map(\.name) == BuiltinVariable.allCases.map(\.rawValue) + VariableGuide.forms.map(\.example) + ["minutes"])
        #expect(editor.variables.last?.summary.description == "Asked for when you send")
        editor.cursor = 20  // after the emoji (characters, not bytes)
        editor.insert(try #require(editor.variables.first { $0.name == "me" }))
        #expect(editor.body == "In {{minutes}} min 🚗{{me}} {{date}}")
        #expect(editor.icons.count == TemplateIcon.allCases.count)
        #expect(editor.locationModes == [.none, .mapLink, .native])
    }

    @Test("target picker: loading, every kind of chat, member counts, topics, read-only chats, search, no match, a new account, failure")
    func picker() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try AppModel(services: fixture.services)
        await app.start()
        let before = app.editor(for: nil).picker
        #expect(before.state == .loading)
        await before.load()
        #expect(before.state.description.hasPrefix("failed"), "not logged in yet: \(before.state)")
        try await logIn(app, fixture.simulator)
        let picker = app.editor(for: nil).picker
        await picker.load()
        #expect(picker.state == .loaded)
        let chats = picker.rows.filter { !$0.isTopic }
        #expect(chats.map(\.target.chatTitle) == ["Saved Messages", "Family", "Work", "Climbing crew", "Tech News", "Alice", "Neighbours"])
        #expect(chats.map { $0.detail?.description ?? "" } == [
            "Notes to yourself", "5 members", "48 members", "7 members", "You cannot post here: only the channel's admins can post.", "Private chat",
            "23 members",
        ])
        #expect(chats.map(\.isEnabled) == [true, true, true, true, false, true, true])
        let news = try #require(chats.first { $0.target.chatTitle == "Tech News" })
        // The reason is a catalog sentence too: an Italian or Russian phone words all of it.
        let catalog = try StringCatalogTests.catalog()
        #expect(news.detail?.resolved { catalog[$0]?["it"] } == "Non puoi scrivere qui: solo gli amministratori del canale possono pubblicare.")
        #expect(news.detail?.resolved { catalog[$0]?["ru"] } == "Здесь нельзя писать: публиковать могут только администраторы канала.")
        picker.toggle(news.target)
        #expect(picker.selected.isEmpty, "a channel you cannot post in is never chosen")
        picker.toggle(chats[5].target)
        #expect(picker.selected.map(\.chatTitle) == ["Alice"])
        picker.search = "LUNCH"
        #expect(picker.rows.map(\.target.displayName) == ["Work", "Work › Lunch"])
        picker.search = "work"
        #expect(picker.rows.count == 4, "a matching chat shows all its topics")
        picker.search = "zzz"
        #expect(picker.rows.isEmpty)
        #expect(picker.noMatch?.description == "No chat or topic matches “zzz”.")
        await app.shutdown()

        let lonely = try AppFixture(scenario: SimulatorScenario(chats: []))
        defer { lonely.remove() }
        let other = try AppModel(services: lonely.services)
        await other.start()
        try await logIn(other, lonely.simulator)
        let fresh = other.editor(for: nil).picker
        await fresh.load()
        #expect(fresh.state == .loaded && fresh.rows.map(\.target.chatTitle) == ["Saved Messages"], "a new account can still send to itself")
        #expect(fresh.emptyText == nil)
        await other.shutdown()
    }

    @Test("grid: order, chips with counts, filter, search, empty state, delete only after confirming, duplicate, reorder")
    func grid() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        try fixture.addTemplates(["Leaving work", "Standup"], targets: [AppFixture.standups])
        try fixture.addTemplates(["Home"], targets: [AppFixture.family, AppFixture.climbing])
        let app = try AppModel(services: fixture.services)
        await app.start()
        let list = app.templates
        #expect(list.templates.map(\.name) == ["Leaving work", "Standup", "Home"])
        #expect(list.chips.map { "\($0.title) \($0.count)" } == ["All 3", "Climbing crew 1", "Family 1", "Work 2"])
        list.selectedChat = AppFixture.standups.chatID
        #expect(list.visible.map(\.name) == ["Leaving work", "Standup"])
        list.search = "STAND"
        #expect(list.visible.map(\.name) == ["Standup"])
        list.search = "nothing"
        #expect(list.emptyText?.title.description == "No template matches “nothing”.")
        list.search = ""
        list.selectedChat = nil

        let home = list.templates[2]
        list.requestDelete(home)
        #expect(list.deleteConfirmation?.title.description == "Delete “Home”?")
        list.cancelDelete()
        #expect(list.templates.count == 3)
        list.requestDelete(home)
        list.confirmDelete()
        #expect(list.templates.map(\.name) == ["Leaving work", "Standup"])
        #expect(list.chips.map(\.count) == [2, 2], "chips follow")
        list.confirmDelete()  // nothing pending: nothing happens
        #expect(list.templates.count == 2)

        // A change made here reaches the grid as any face's does: through the store.
        list.duplicate(list.templates[0])
        try await eventually("the copy shows") { list.templates.count == 3 }
        let names = list.templates.map(\.name)
        list.move(fromOffsets: IndexSet(integer: 2), toOffset: 0)
        #expect(list.templates.map(\.name) == [names[2], names[0], names[1]])
        #expect(try fixture.store.templates().map(\.name) == list.templates.map(\.name), "order is stored")
        await app.shutdown()
    }

    @Test("a store that cannot be read shows the error banner; retry recovers")
    func errorBanner() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        try fixture.addTemplates(["A"])
        let app = try AppModel(services: fixture.services)
        await app.start()
        // Another process leaves the database locked for writing longer than the busy timeout.
        let blocker = try SQLiteBlocker(file: fixture.containers.databaseFile)
        app.templates.duplicate(app.templates.templates[0])
        #expect(app.templates.loadError != nil)
        blocker.release()
        app.templates.reload()
        #expect(app.templates.loadError == nil)
        #expect(app.templates.templates.map(\.name) == ["A"], "the failed change changed nothing")
        await app.shutdown()
    }
}

extension TargetPickerModel.State: CustomStringConvertible {
    public var description: String {
        switch self {
        case .loading: "loading"
        case .loaded: "loaded"
        case .empty: "empty"
        case .failed(let text): "failed: \(text)"
        }
    }
}

/// Holds an exclusive SQLite lock on a database file, as a misbehaving other process would.
final class SQLiteBlocker {
    private let queue: DatabaseQueue

    init(file: URL) throws {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the point: a transaction left open
        queue = try DatabaseQueue(path: file.path, configuration: configuration)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "BEGIN EXCLUSIVE") }
    }

    func release() {
        try? queue.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
    }
}
