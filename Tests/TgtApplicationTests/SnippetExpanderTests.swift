import Foundation
import Testing
import TgtApplication
import TgtDomain
import TgtStore
import TgtTDLib
import TgtTestSupport

/// The snippet expander over a real SQLite file and the real libtdjson's offline Markdown
/// parser, with Telegram's side (where the message is, whether it may be edited, the edit)
/// recorded: each message is acted on once, across a restart (a new store on the same file);
/// only the person's own recent sent text messages; refusals change nothing on Telegram and
/// say why in the send log.
@Suite("Snippet expander")
struct SnippetExpanderTests {
    /// What Telegram was asked to do.
    final class Edits: Sendable {
        let made = Locked<[(chatID: Int64, messageID: Int64, text: String)]>([])
        let editable = Locked(true)
        /// Whether TDLib says the message is the person's own (their sender, not a channel post).
        let own = Locked(true)
        var all: [(chatID: Int64, messageID: Int64, text: String)] { made.withLock { $0 } }
    }

    static func expander(_ store: AppDatabase, _ edits: Edits) throws -> SnippetExpander {
        let preview = SendPreview(store: store, transport: try OfflineTDLib.library())
        return SnippetExpander(
            store: store, clock: store.clock,
            render: { order in try preview.messages(for: order).messages[0].formatted },
            place: { _ in edits.own.withLock { $0 } ? ("Alice", edits.editable.withLock { $0 }) : nil },
            edit: { chatID, messageID, text in edits.made.withLock { $0.append((chatID, messageID, text.text)) } })
    }

    static func typed(_ text: String, id: Int64 = 7, at date: Date, outgoing: Bool = true, pending: Bool = false) -> Message {
        Message(id: id, chatID: 555, sendingState: pending ? .pending : nil, date: Int32(date.timeIntervalSince1970), isOutgoing: outgoing,
                text: text, content: .text(FormattedText(text: text)))
    }

    @Test("expanded once, never again after a restart; the send log says so, with the message")
    func once() async throws {
        let folder = try TestDirectory("snippet-once")
        defer { folder.remove() }
        let clock = TestClock(now: fixtureDate)
        let edits = Edits()
        var store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: clock)
        _ = try store.insert(Template(name: "Leaving work", body: "*Leaving* now, home by {{eta}}.", createdAt: fixtureDate))
        let message = Self.typed(";leaving-work eta=18:30", at: clock.now)
        #expect(try await Self.expander(store, edits).handle(message) == .inactive, "off until turned on")
        try SnippetService(store: store, clock: clock).save(SnippetSettings(isOn: true))
        #expect(try await Self.expander(store, edits).handle(message) == .expanded(template: "Leaving work"))
        #expect(edits.all.map(\.text) == ["Leaving now, home by 18:30."] && edits.all.first?.messageID == 7)
        #expect(try await Self.expander(store, edits).handle(message) == .alreadyHandled)
        store = try AppDatabase.open(in: DataDirectory(url: folder.url), clock: clock)
        #expect(try await Self.expander(store, edits).handle(message) == .alreadyHandled, "a restart does not act again")
        #expect(edits.all.count == 1)
        let logged = try #require(try store.recentSends(limit: 5).first)
        #expect(logged.origin == "snippet" && logged.status == .sent && logged.messageID == 7 && logged.targetTitle == "Alice")
    }

    @Test("left alone: someone else's message, one still being sent, a scheduled one, an old one, an unknown name, an ordinary message")
    func leftAlone() async throws {
        let clock = TestClock(now: fixtureDate)
        let store = try AppDatabase.inMemory(clock: clock)
        _ = try store.insert(Template(name: "Arrived", body: "Arrived 📍", createdAt: fixtureDate))
        try store.setSnippetSettings(SnippetSettings(isOn: true))
        let edits = Edits()
        let expander = try Self.expander(store, edits)
        var scheduled = Self.typed(";arrived", id: 4, at: clock.now)
        scheduled.scheduledFor = Int32(clock.now.timeIntervalSince1970) + 60
        for message in [Self.typed(";arrived", id: 1, at: clock.now, outgoing: false), Self.typed(";arrived", id: 2, at: clock.now, pending: true),
                        scheduled, Self.typed(";arrived", id: 5, at: clock.now.addingTimeInterval(-SnippetExpander.maxAge - 1)),
                        Self.typed(";nosuch", id: 6, at: clock.now), Self.typed("arrived", id: 8, at: clock.now)]
        {
            #expect(await expander.handle(message) == .ignored, "\(message.id)")
        }
        #expect(try edits.all.isEmpty && store.recentSends(limit: 5).isEmpty, "nothing edited, nothing logged")
        edits.own.withLock { $0 = false }
        #expect(await expander.handle(Self.typed(";arrived", id: 9, at: clock.now)) == .ignored, "not the person's own (a channel post, another admin's)")
        edits.own.withLock { $0 = true }
        #expect(await expander.handle(Self.typed(";arrived", id: 9, at: clock.now.addingTimeInterval(-SnippetExpander.maxAge))) == .expanded(template: "Arrived"),
                "nothing was claimed for a message that was not the person's: it is handled when it is")
    }

    @Test("left as typed, with the reason in the send log: values missing, two templates of that name, a draft template, not editable")
    func leftAsTyped() async throws {
        let clock = TestClock(now: fixtureDate)
        let store = try AppDatabase.inMemory(clock: clock)
        _ = try store.insert(Template(name: "Leaving", body: "Home by {{eta}} via {{route}}.", createdAt: fixtureDate))
        _ = try store.insert(Template(name: "Twin one", body: "a", createdAt: fixtureDate))
        _ = try store.insert(Template(name: "twin  ONE", body: "b", createdAt: fixtureDate))
        _ = try store.insert(Template(name: "Mail", kind: .email, body: "Hello", createdAt: fixtureDate))
        _ = try store.insert(Template(name: "Ok", body: "OK!", createdAt: fixtureDate))
        try store.setSnippetSettings(SnippetSettings(isOn: true, prefix: "!!"))
        let edits = Edits()
        let expander = try Self.expander(store, edits)
        #expect(await expander.handle(Self.typed("!!leaving route=A1", id: 1, at: clock.now))
                == .leftAsTyped("It needs a value for {{eta}}: type “!!leaving eta=…”."))
        #expect(await expander.handle(Self.typed("!!leaving", id: 2, at: clock.now))
                == .leftAsTyped("It needs values for {{eta}}, {{route}}: type “!!leaving eta=… route=…”."))
        guard case .leftAsTyped(let unused) = await expander.handle(Self.typed("!!leaving eta=5 desk=4", id: 3, at: clock.now)) else { Issue.record("an unknown value"); return }
        #expect(unused.contains("desk"), "\(unused)")
        #expect(await expander.handle(Self.typed("!!twin one", id: 4, at: clock.now)) == .leftAsTyped("Several templates are called “Twin one”; give each its own name."))
        guard case .leftAsTyped(let draft) = await expander.handle(Self.typed("!!mail", id: 5, at: clock.now)) else { Issue.record("a draft template"); return }
        #expect(draft.contains("Email template"))
        edits.editable.withLock { $0 = false }
        #expect(await expander.handle(Self.typed("!!ok", id: 6, at: clock.now)) == .leftAsTyped("Telegram does not let you edit this message here."))
        #expect(edits.all.isEmpty, "nothing was edited")
        let logged = try store.recentSends(limit: 10)
        #expect(logged.count == 6 && logged.allSatisfy { $0.origin == "snippet" && $0.status == .failed && $0.error != nil && $0.messageID == nil })
    }
}
