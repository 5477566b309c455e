import Foundation
import Testing
import TgtAppModel
import TgtDomain
import TgtSimulator
import TgtTDLib
import TgtTelegram
import TgtTestSupport

/// The Chats tab's view models over the simulated demo account: the list, a conversation
/// with paging and live changes, and the composer (send, reply, edit, delete, templates).
@Suite("App model: chats", .timeLimit(.minutes(5)))
@MainActor
struct ChatModelsTests {
    static let family: Int64 = -1001000000001
    static let climbing: Int64 = -4001
    static let alice: Int64 = 555_000_111
    static let techNews: Int64 = -1001000000003

    /// A logged-in app whose chat list has loaded.
    static func loggedIn(_ fixture: AppFixture) async throws -> AppModel {
        let app = try AppModel(services: fixture.services)
        await app.start()
        try await logIn(app, fixture.simulator)
        // No deadline of its own: the suite's time limit bounds it (the whole suite runs in parallel on two cores).
        try await eventually("the chat list") {
            app.chats.rows().map(\.title) == ["Family", "Work", "Climbing crew", "Tech News", "Alice", "Neighbours"]
        }
        return app
    }

    /// A logged-in app with one chat open, and that chat's composer.
    static func open(_ chatID: Int64, _ fixture: AppFixture) async throws -> (AppModel, ConversationModel, ComposerModel) {
        let app = try await loggedIn(fixture)
        let conversation = app.conversation(for: chatID)
        await conversation.open()
        return (app, conversation, app.composer(for: chatID))
    }

    @Test("the list: Telegram's order, unread badges, mute, previews, initials, avatars; archive and search; the tab badge")
    func listRows() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try await Self.loggedIn(fixture)
        let rows = app.chats.rows()
        #expect(rows.map(\.title) == ["Family", "Work", "Climbing crew", "Tech News", "Alice", "Neighbours"])
        #expect(rows.map(\.unreadBadge) == ["2", "5", nil, "3", "1", nil])
        #expect(rows.map(\.isMuted) == [false, false, true, true, false, false])
        #expect(rows.map(\.initials) == ["F", "W", "CC", "TN", "A", "N"])
        #expect(rows[0].photoPreview != nil && rows[0].preview?.description.hasPrefix("Sofia Rossi: ") == true)
        #expect(!rows[3].canWrite && rows[0].canWrite && !rows.contains { $0.time.isEmpty })
        #expect(app.chats.unreadChats == 3, "Family, Work and Alice; the muted channel does not count")
        app.chats.showsArchive = true
        await app.chats.reload()
        #expect(app.chats.rows().map(\.title) == ["Old flatmates"])
        #expect(app.chats.unreadChats == 3, "the tab's badge counts the main list, as the icon's, whatever is on screen")
        app.chats.showsArchive = false
        app.chats.search = "ali"
        await app.chats.reload()
        #expect(app.chats.rows().map(\.title) == ["Alice"] && app.chats.unreadChats == 3)
        app.chats.search = "zzqx"
        await app.chats.reload()
        #expect(app.chats.emptyText?.description == "No chat matches “zzqx”")
        await app.shutdown()
    }

    @Test("opening a chat: the newest page oldest first, day headers, grouping, read marking clears the badge")
    func openConversation() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try await Self.loggedIn(fixture)
        let conversation = app.conversation(for: Self.family)
        await conversation.open()
        #expect(conversation.title == "Family" && conversation.cannotWrite == nil && conversation.loadError == nil)
        #expect(conversation.messages.count == 40)
        let rows = conversation.rows()
        #expect(rows.map(\.id) == rows.map(\.id).sorted() && Set(rows.map(\.id)).count == rows.count)
        #expect(rows.first?.dayHeader != nil && rows.first?.item.serviceLine?.contains("created the group") == true)
        #expect(rows.contains { !$0.continuesGroup && $0.dayHeader == nil })
        for (above, row) in zip(rows, rows.dropFirst()) where row.continuesGroup {
            #expect(above.item.sender.id == row.item.sender.id && row.dayHeader == nil)
        }
        #expect(rows.contains { $0.item.media?.kind == "photo" && $0.item.media?.minithumbnail != nil })
        #expect(rows.contains { $0.item.replyTo != nil })
        #expect(rows.filter { $0.item.isOutgoing }.allSatisfy { $0.status == "✓" || $0.status == "✓✓" })
        try await eventually("reading clears Family's badge") {
            app.chats.rows().first { $0.id == Self.family }?.unreadBadge == nil
        }
        // Telegram's count comes in its own update, maybe after the chat's.
        try await eventually("the tab's badge counts one chat fewer") { app.chats.unreadChats == 2 }
        await conversation.close()
        // Two messages of ours within 5 minutes: one group.
        let alice = app.conversation(for: Self.alice)
        await alice.open()
        let composer = app.composer(for: Self.alice)
        for text in ["On my way", "Ten minutes"] {
            composer.text = text
            #expect(await composer.send())
        }
        try await eventually("both of ours") { alice.messages.suffix(2).map(\.text) == ["On my way", "Ten minutes"] }
        let last = try #require(alice.rows().last)
        #expect(last.continuesGroup && last.dayHeader == nil && alice.rows().dropLast().last?.continuesGroup == false,
                "\(alice.messages.suffix(3).map { "\($0.id) \($0.text) \($0.sendingState ?? "sent") \($0.date)" })")
        await alice.close()
        await app.shutdown()
    }

    @Test("paging back through Climbing crew keeps the window bounded; a message below counts; jump to latest")
    func pagingAndJump() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let app = try await Self.loggedIn(fixture)
        let conversation = ConversationModel(host: app.host, chatID: Self.climbing, pageSize: 100, windowLimit: 200)
        await conversation.open()
        let newest = try #require(conversation.messages.last?.id)
        #expect(conversation.messages.count == 100 && conversation.hasOlder && newest == Int64(5_000) << 20)
        await conversation.loadOlder()
        #expect(conversation.messages.count == 200 && !conversation.isDetachedFromLatest)
        await conversation.loadOlder()
        #expect(conversation.messages.count == 200 && conversation.isDetachedFromLatest)
        #expect(conversation.messages.first?.id == Int64(4_701) << 20 && conversation.messages.last?.id == Int64(4_900) << 20)
        let ids = conversation.messages.map(\.id)
        #expect(ids == ids.sorted() && Set(ids).count == 200)
        fixture.simulator.simulateIncoming(inDatabaseDirectory: fixture.services.environment.tdlibDatabaseFolder,
                                           chatID: Self.climbing, from: 555_000_207, text: "Crag on Sunday?")
        try await eventually("the new message counts below the window") { conversation.unreadBelow == 1 }
        #expect(conversation.messages.count == 200 && !conversation.messages.contains { $0.text == "Crag on Sunday?" })
        await conversation.loadLatest()
        #expect(!conversation.isDetachedFromLatest && conversation.unreadBelow == 0)
        #expect(conversation.messages.last?.text == "Crag on Sunday?" && conversation.messages.count == 100)
        await conversation.close()
        await app.shutdown()
    }

    @Test("the composer's message arrives in the conversation; Mum's answer arrives live as a reply to it, and ticks it read")
    func sendAndLiveReply() async throws {
        // Mum reads and answers a few seconds later on the server's clock, moved by the test.
        let serverClock = TestClock()
        let fixture = try AppFixture(serverClock: serverClock)
        defer { fixture.remove() }
        let (app, conversation, composer) = try await Self.open(Self.family, fixture)
        composer.text = "  "
        let refused = await composer.send()
        #expect(!refused && composer.error?.description == "Type a message first.")
        composer.text = "*Leaving* now"
        #expect(await composer.send())
        #expect(composer.text.isEmpty && composer.mode == .new && composer.error == nil)
        try await eventually("our message, sent") {
            conversation.messages.last { $0.isOutgoing }.map { $0.text == "Leaving now" && $0.sendingState == nil } == true
        }
        let mine = try #require(conversation.messages.last { $0.isOutgoing })
        #expect(mine.runs == [StyledRun(text: "Leaving", styles: [.bold], link: nil), StyledRun(text: " now", styles: [], link: nil)])
        serverClock.advance(by: 60)
        try await eventually("Mum's answer") { conversation.messages.last.map { !$0.isOutgoing } == true }
        let answer = try #require(conversation.messages.last)
        #expect(answer.sender.name == "Mum" && answer.replyTo?.messageID == mine.id && answer.replyTo?.snippet == "Leaving now")
        try await eventually("Mum read ours") { conversation.rows().first { $0.id == mine.id }?.status == "✓✓" }
        #expect(Set(conversation.messages.map(\.id)).count == conversation.messages.count)
        await conversation.close()
        await app.shutdown()
    }

    @Test("reply and edit banners; a reply is sent as one; our message is edited in place; cancel leaves edit mode")
    func replyAndEdit() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, conversation, composer) = try await Self.open(Self.alice, fixture)
        let theirs = try #require(conversation.messages.last { !$0.isOutgoing && $0.serviceLine == nil && !$0.text.isEmpty })
        composer.reply(to: theirs)
        #expect(composer.banner?.description.hasPrefix("Replying to Alice Moreau: ") == true)
        composer.text = "Sounds good"
        #expect(await composer.send())
        try await eventually("the reply") { conversation.messages.last.map { $0.text == "Sounds good" && $0.sendingState == nil } == true }
        let reply = try #require(conversation.messages.last)
        #expect(reply.replyTo?.messageID == theirs.id && composer.banner == nil)
        composer.edit(reply)
        #expect(composer.banner?.description == "Editing message" && composer.text == "Sounds good")
        composer.cancel()
        #expect(composer.text.isEmpty && composer.mode == .new)
        composer.edit(reply)
        composer.text = "Sounds _great_"
        #expect(await composer.send())
        try await eventually("edited in place") {
            conversation.messages.first { $0.id == reply.id }.map { $0.text == "Sounds great" && $0.editDate != nil } == true
        }
        #expect(conversation.messages.filter { $0.text.hasPrefix("Sounds") }.count == 1)
        await conversation.close()
        await app.shutdown()
    }

    @Test("bubble actions and delete choices: own vs others' in a supergroup, a read-only channel; delete removes it")
    func actionsAndDelete() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let (app, conversation, composer) = try await Self.open(Self.family, fixture)
        composer.text = "Delete me"
        #expect(await composer.send())
        try await eventually("our message") { conversation.messages.contains { $0.text == "Delete me" && $0.sendingState == nil } }
        let mine = try #require(conversation.messages.first { $0.text == "Delete me" })
        let theirs = try #require(conversation.messages.last { !$0.isOutgoing && !$0.text.isEmpty && $0.media == nil })
        #expect(conversation.actions(for: mine) == [.reply, .react, .forward, .pin, .copy, .edit, .select, .delete])
        #expect(conversation.actions(for: theirs) == [.reply, .react, .forward, .pin, .copy, .select, .delete])
        #expect(await composer.deleteOptions(for: theirs).isEmpty)
        #expect(composer.error?.description == "This message cannot be deleted here.")
        let options = await composer.deleteOptions(for: mine)
        #expect(options.map(\.forEveryone) == [true] && options.first?.title.description == "Delete for everyone" && composer.error == nil)
        await composer.delete(mine, forEveryone: true)
        try await eventually("gone from the conversation") { !conversation.messages.contains { $0.id == mine.id } }

        let channel = app.conversation(for: Self.techNews)
        await channel.open()
        let post = try #require(channel.messages.last)
        #expect(channel.cannotWrite?.description == "You cannot write here: only the channel's admins can post.")
        #expect(!channel.actions(for: post).contains(.reply))
        await channel.close()
        await conversation.close()
        await app.shutdown()
    }

    @Test("send a template here: with its variables, to this chat only; the template keeps its own targets")
    func sendTemplateHere() async throws {
        let fixture = try AppFixture()
        defer { fixture.remove() }
        let template = try fixture.store.insert(Template(name: "Back", body: "Back at {{place}}", targets: [AppFixture.family, AppFixture.climbing]))
        _ = try fixture.store.insert(Template(name: "Mail", kind: .email, body: "Hi", to: ["a@example.com"]))
        let (app, conversation, composer) = try await Self.open(Self.alice, fixture)
        #expect(composer.templates().map(\.name) == ["Back"], "only Telegram templates")
        #expect(app.templates.variablesNeeded(for: template).map(\.name) == ["place"])
        #expect(await composer.sendTemplate(template, variables: ["place": "5"]))
        #expect(fixture.simulator.deliveredMessages.map(\.chatID) == [Self.alice])
        #expect(fixture.simulator.deliveredMessages.first?.content.contains("Back at 5") == true)
        try await eventually("it shows in the conversation") { conversation.messages.last?.text == "Back at 5" }
        #expect(try fixture.store.template(id: template.id)?.targets.map(\.chatID) == [AppFixture.family.chatID, AppFixture.climbing.chatID])
        await conversation.close()
        await app.shutdown()
    }

    @Test("a template sent here finds this device's location as a tap on the grid does; without one or a default, it is not sent and says why")
    func sendTemplateHereWithLocation() async throws {
        let home = try #require(Coordinate(latitude: 45.4642, longitude: 9.19))
        let fixture = try AppFixture(location: ScriptedLocation(.at(home), permission: .allowed))
        defer { fixture.remove() }
        let template = try fixture.store.insert(Template(name: "Here", body: "At {{latitude}}", targets: [AppFixture.family]))
        let (app, conversation, composer) = try await Self.open(Self.alice, fixture)
        #expect(await composer.sendTemplate(template))
        #expect(fixture.simulator.deliveredMessages.last?.content.contains("At 45.4642") == true,
                "\(String(describing: fixture.simulator.deliveredMessages.last?.content))")

        fixture.location.set(.fails(.denied), permission: .denied)
        let before = fixture.simulator.deliveredMessages.count
        #expect(await composer.sendTemplate(template) == false)
        #expect(composer.error?.description.contains("“Here” needs a location") == true, "\(String(describing: composer.error))")
        #expect(fixture.simulator.deliveredMessages.count == before, "nothing was sent")
        await conversation.close()
        await app.shutdown()
    }

    @Test("styled runs: entities by UTF-16 offset, never splitting an emoji; crossing styles; only safe links")
    func styledRuns() {
        func entity(_ offset: Int32, _ length: Int32, _ type: String, url: String? = nil) -> TextEntity {
            var fields: [String: JSONValue] = ["@type": .string(type)]
            if let url { fields["url"] = .string(url) }
            return TextEntity(offset: offset, length: length, type: .object(fields))
        }
        // "👍" is two UTF-16 units: an entity starting inside it does not cut it.
        let text = FormattedText(text: "Hi 👍 bold <b>x</b> site evil", entities: [
            entity(4, 6, "textEntityTypeBold"), entity(8, 8, "textEntityTypeItalic"),
            entity(20, 4, "textEntityTypeTextUrl", url: "https://example.com"), entity(25, 4, "textEntityTypeTextUrl", url: "javascript:alert(1)"),
            entity(-5, 2, "textEntityTypeCode"), entity(26, 50, "textEntityTypeStrikethrough"),
        ])
        let runs = StyledRun.runs(text)
        #expect(runs.map(\.text).joined() == text.text)
        #expect(runs.map(\.text) == ["Hi ", "👍 bo", "ld", " <b>x<", "/b> ", "site", " e", "vil"])
        #expect(runs[1].styles == [.bold], "the emoji is not cut")
        #expect(runs.first { $0.text.contains("<b>") }.map { $0.styles == [.italic] } == true, "markup stays text")
        #expect(runs.first { $0.text == "site" }?.link?.absoluteString == "https://example.com")
        #expect(runs.allSatisfy { $0.link?.scheme != "javascript" })
        #expect(runs.contains { $0.styles == [.bold, .italic] } && runs.last?.styles == [.strikethrough])
        #expect(StyledRun.runs(FormattedText(text: "plain")) == [StyledRun(text: "plain", styles: [], link: nil)])
    }
}
