import Foundation
import Testing
import TgtDomain
import TgtSimulator
import TgtStore
import TgtTDLib
import TgtTelegram
import TgtTestSupport

@Suite("Chats: lists from updates, conversations, acting, live changes", .timeLimit(.minutes(5)))
struct ChatServiceTests {
    /// A logged-in session with the chat lists loaded; the simulator's server runs on `clock`.
    static func open(_ scenario: SimulatorScenario = SimulatorScenario(),
                     clock: any AppClock = TestClock()) async throws -> (SimulatedTelegram, OpenSession, ChatService)
    {
        let sim = try SimulatedTelegram(scenario: scenario, clock: clock)
        let open = try await sim.loggedIn()
        let service = ChatService(session: open.session, clock: sim.clock, timeout: 30)
        try await service.loadChatLists()
        return (sim, open, service)
    }

    var databaseFolder: (SimulatedTelegram) -> URL { { $0.environment.tdlibDatabaseFolder } }

    @Test("a chat opened before the chat list loaded (a link right after login) is asked of TDLib: a private chat is opened first")
    func chatBeforeTheList() async throws {
        let sim = try SimulatedTelegram()
        defer { sim.remove() }
        let open = try await sim.loggedIn()
        let service = ChatService(session: open.session, clock: sim.clock, timeout: 30)
        let alice: Int64 = 555_000_111
        #expect(await open.session.chat(alice) == nil, "no update named Alice's chat yet")
        let summary = await service.summary(alice)
        #expect(summary?.title == "Alice" && summary?.kind == .private)
        let page = try await service.conversation(chatID: alice)
        #expect(page.chat.id == alice && !page.messages.isEmpty)
        let family = try await service.conversation(chatID: -1001000000001)
        #expect(family.chat.title == "Family")
        #expect(await service.summary(31_337) == nil, "an unknown chat stays unknown")
        let unknownGroup = try await service.knownChat(-42)
        #expect(unknownGroup == nil)
        await open.close()
    }

    @Test("the lists follow Telegram's order from updates alone; a new message moves its chat to the top with its unread count")
    func listFromUpdates() async throws {
        let (sim, open, service) = try await Self.open()
        defer { sim.remove() }
        let main = await service.summaries()
        #expect(main.map(\.title) == ["Family", "Work", "Climbing crew", "Tech News", "Alice", "Neighbours"])
        #expect(main.map(\.unreadCount) == [2, 5, 0, 3, 1, 0])
        #expect(main[2].isMuted && main[3].kind == .channel && main[4].kind == .private && main[1].kind == .forum)
        #expect(main[0].photoMinithumbnail != nil && main[0].lastMessage?.senderName == "Sofia Rossi")
        #expect(await service.summaries(list: .archive).map(\.title) == ["Old flatmates"])
        #expect(await service.summaries(unreadOnly: true).map(\.title) == ["Family", "Work", "Tech News", "Alice"])
        // No request per chat: one loadChats page per list (main, archive, two folders) and its 404.
        let requests = sim.simulator.receivedRequests
        #expect(!requests.contains("getChat") && requests.filter { $0 == "loadChats" }.count == 8)
        let events = open.session.chatEvents.subscribe(replayingCurrent: false)
        sim.simulator.simulateIncoming(inDatabaseDirectory: databaseFolder(sim), chatID: -4002, from: 555_000_207, text: "Bins go out tonight")
        for await event in events { if case .newMessage(let m) = event, m.chatID == -4002 { break } }
        try await awaitCondition { await service.summaries().first?.title == "Neighbours" }
        let top = try #require(await service.summaries().first)
        #expect(top.unreadCount == 1 && top.lastMessage?.text == "Bins go out tonight" && top.lastMessage?.senderName == "Lena")
        await open.close()
    }

    @Test("a page whose messages answer older ones asks for all of those in one getMessages, not one request each")
    func repliedMessagesInOneRequest() async throws {
        var scenario = SimulatorScenario()
        scenario.histories[-4001] = SimulatedHistory(count: 200, memberIDs: [555_000_206, 555_000_207, 555_000_111], style: .threaded)
        let (sim, open, service) = try await Self.open(scenario)
        defer { sim.remove() }
        let before = sim.simulator.receivedRequests.count
        let page = try await service.conversation(chatID: -4001, limit: 50)
        let asked = Array(sim.simulator.receivedRequests.dropFirst(before))
        #expect(asked.filter { $0 == "getMessages" }.count == 1, "\(asked)")
        #expect(!asked.contains("getMessage"), "\(asked)")
        let replies = page.messages.compactMap(\.replyTo)
        #expect(replies.count == 30)
        #expect(replies.allSatisfy { $0.senderName != nil && $0.snippet.hasPrefix("Message #") }, "\(replies.prefix(3))")
        await open.close()
    }

    @Test("paging back through 5,000 messages keeps asking past TDLib's one-message first answer, with no duplicate and no gap")
    func pagingWholeChat() async throws {
        let (sim, open, service) = try await Self.open()
        defer { sim.remove() }
        var ids: [Int64] = []
        var before: Int64 = 0
        var rounds = 0
        while true {
            let (page, reachedStart) = try await service.history(chatID: -4001, before: before, limit: 100)
            ids += page.map(\.id)
            rounds += 1
            if reachedStart || page.isEmpty { break }
            #expect(page.count == 100)
            before = try #require(page.map(\.id).min())
        }
        #expect(ids.count == 5_000 && Set(ids).count == 5_000)
        let expected: [Int64] = (0..<5_000).reversed().map { index -> Int64 in Int64(index + 1) << 20 }
        #expect(ids == expected)
        #expect(rounds <= 51)
        await open.close()
    }

    @Test("a page is ready to show: names, reply headers, media labels and minithumbnails, service lines, forwards, read ticks")
    func conversationItems() async throws {
        let (sim, open, service) = try await Self.open()
        defer { sim.remove() }
        let page = try await service.conversation(chatID: -1001000000001, limit: 40)
        #expect(page.messages.count == 40)
        // Whether older ones exist is known only by asking: the next page is empty and says so.
        let before = try #require(page.oldestMessageID)
        let end = try await service.conversation(chatID: -1001000000001, before: before, limit: 40)
        #expect(end.messages.isEmpty && !end.hasOlder)
        #expect(page.messages.first?.serviceLine?.contains("created the group “Family”") == true)
        let photo = try #require(page.messages.first { $0.media?.kind == "photo" })
        #expect(photo.media?.minithumbnail != nil && photo.media?.thumbnailFileID != nil && photo.media?.label == "📷 Photo")
        #expect(page.messages.contains { $0.media?.kind == "voiceNote" && $0.media?.label == "🎤 Voice message 0:12" })
        let reply = try #require(page.messages.first { $0.replyTo != nil })
        #expect(reply.replyTo?.senderName != nil && reply.replyTo?.snippet.isEmpty == false)
        let outgoing = page.messages.filter { $0.isOutgoing }
        #expect(!outgoing.isEmpty && outgoing.allSatisfy { $0.isRead })
        let work = try await service.conversation(chatID: -1001000000002, limit: 10)
        #expect(work.messages.contains { $0.forwardedFrom == "Alice Moreau" })
        #expect(work.messages.contains { $0.html.contains("<b>Standup</b>") } || work.messages.allSatisfy { !$0.text.hasPrefix("Standup") })
        // The thumbnail comes through downloadFile into TDLib's folder.
        let fileID = try #require(photo.media?.thumbnailFileID)
        let file = try await service.downloadThumbnail(fileID: fileID)
        #expect(file.isDownloaded && file.localPath.hasPrefix(databaseFolder(sim).path) && FileManager.default.fileExists(atPath: file.localPath))
        await open.close()
    }

    @Test("send and reply: pending then sent, Mum answers a few seconds later as a reply, and her read receipt ticks ours")
    func sendAndLiveReply() async throws {
        let clock = TestClock()
        let (sim, open, service) = try await Self.open(clock: clock)
        defer { sim.remove() }
        let events = open.session.chatEvents.subscribe(replayingCurrent: false)
        let sent = try await service.send(chatID: -1001000000001, markdown: "*Leaving* now")
        #expect(sent.sendingState == nil && sent.text == "Leaving now")
        // What the session tells, in order, until Mum's reply.
        let sentID = sent.id
        let seen = Locked((sawPending: false, sawRead: false, reply: Message?.none))
        let watching = Task {
            for await event in events {
                let replied = seen.withLock { seen -> Bool in
                    switch event {
                    case .newMessage(let m) where m.chatID == -1001000000001:
                        if m.sendingState == .pending { seen.sawPending = true } else if !m.isOutgoing { seen.reply = m }
                    case .readOutbox(let chat, let id) where chat == -1001000000001 && id >= sentID: seen.sawRead = true
                    default: break
                    }
                    return seen.reply != nil
                }
                if replied { break }
            }
        }
        // Mum reads, then answers, a few seconds later on the server's clock.
        try await awaitCondition {
            clock.advance(by: 0.1)
            return seen.withLock { $0.reply != nil }
        }
        await watching.value
        let (sawPending, sawRead, reply) = seen.withLock { ($0.sawPending, $0.sawRead, $0.reply) }
        #expect(sawPending && sawRead)
        let answer = try #require(reply)
        #expect(answer.replyTo?.messageID == sent.id && answer.senderID == .user(555_000_201))
        let item = await service.item(answer)
        #expect(item.sender.name == "Mum" && item.replyTo?.senderName == "You" && item.replyTo?.snippet == "Leaving now")
        let summary = try #require(await service.summary(-1001000000001))
        #expect(summary.unreadCount == 3 && summary.lastReadOutboxMessageID >= sent.id)
        try await service.markRead(chatID: -1001000000001, messageIDs: [answer.id])
        try await awaitCondition { await service.summary(-1001000000001)?.unreadCount == 0 }
        await open.close()
    }

    @Test("edit and delete follow the message's properties; refusals change nothing; others' edits and deletes arrive live")
    func editDeleteAndOthers() async throws {
        let (sim, open, service) = try await Self.open()
        defer { sim.remove() }
        let mine = try await service.send(chatID: 555_000_111, markdown: "See you at 4")
        let edited = try await service.edit(chatID: 555_000_111, messageID: mine.id, markdown: "See you at _5_")
        #expect(edited.text == "See you at 5" && edited.editDate > 0)
        let page = try await service.history(chatID: 555_000_111, limit: 20).messages
        let theirs = try #require(page.first { !$0.isOutgoing })
        await #expect(throws: ChatError.cannotEdit(.notOwnRecent)) {
            _ = try await service.edit(chatID: 555_000_111, messageID: theirs.id, markdown: "hacked")
        }
        #expect(try await service.history(chatID: 555_000_111, limit: 20).messages.first { $0.id == theirs.id }?.text == theirs.text)
        // In a supergroup, someone else's message can be deleted by nobody here.
        let family = try await service.history(chatID: -1001000000001, limit: 5).messages
        let notMine = try #require(family.first { !$0.isOutgoing })
        await #expect(throws: ChatError.cannotDelete(forEveryone: true)) {
            try await service.delete(chatID: -1001000000001, messageIDs: [notMine.id], forEveryone: true)
        }
        await #expect(throws: ChatError.cannotWrite(title: "Tech News", refusal: .channelAdminsOnly)) {
            _ = try await service.send(chatID: -1001000000003, markdown: "hi")
        }
        await #expect(throws: ChatError.emptyText) { _ = try await service.send(chatID: 555_000_111, markdown: "  \n ") }
        try await service.delete(chatID: 555_000_111, messageIDs: [mine.id], forEveryone: true)
        #expect(try await service.history(chatID: 555_000_111, limit: 20).messages.allSatisfy { $0.id != mine.id })
        // Someone edits, then deletes their message.
        let events = open.session.chatEvents.subscribe(replayingCurrent: false)
        sim.simulator.simulateEdit(inDatabaseDirectory: databaseFolder(sim), chatID: 555_000_111, messageID: theirs.id, text: "Changed my mind")
        sim.simulator.simulateDelete(inDatabaseDirectory: databaseFolder(sim), chatID: 555_000_111, messageIDs: [theirs.id])
        var edits = 0, deletes = 0
        for await event in events {
            if case .messageContent(_, theirs.id, let content) = event, content.formattedText?.text == "Changed my mind" { edits += 1 }
            if case .messagesDeleted(555_000_111, let ids) = event, ids == [theirs.id] { deletes += 1 }
            if deletes > 0 { break }
        }
        #expect(edits == 1 && deletes == 1)
        await open.close()
    }

    @Test("a chat is found by id, @username, exact title or unique prefix; ambiguous input names the candidates")
    func resolve() async throws {
        var scenario = SimulatorScenario()
        scenario.chats.append(SimulatedChat(id: -4010, title: "Workout buddies", kind: .basicGroup(id: 4010, memberCount: 3)))
        let (sim, open, service) = try await Self.open(scenario)
        defer { sim.remove() }
        #expect(try await service.resolve("-4001").title == "Climbing crew")
        #expect(try await service.resolve("@alice_m").id == 555_000_111)
        #expect(try await service.resolve("work").id == -1001000000002)  // exact title wins over the prefix
        #expect(try await service.resolve("Work").id == -1001000000002)
        #expect(try await service.resolve("clim").id == -4001)
        await #expect(throws: ChatError.ambiguous("Wor", candidates: ["Work (-1001000000002)", "Workout buddies (-4010)"])) {
            _ = try await service.resolve("Wor")
        }
        await #expect(throws: ChatError.chatNotFound("Nobody")) { _ = try await service.resolve("Nobody") }
        await #expect(throws: ChatError.chatNotFound("@nobody")) { _ = try await service.resolve("@nobody") }
        let searched = try await service.searchChats("alice")
        #expect(searched.map(\.title) == ["Alice"])
        let found = try await service.searchMessages("grandma")
        #expect(!found.isEmpty && found.allSatisfy { $0.text.localizedCaseInsensitiveContains("grandma") })
        await open.close()
    }

    @Test("reading a forum topic reads only that topic: the others keep their unread, the chat's count stays their sum, kept on disk; reading the rest reaches 0")
    func topicRead() async throws {
        let (sim, open, service) = try await Self.open()
        defer { sim.remove() }
        let work: Int64 = -1001000000002, folder = databaseFolder(sim)
        // New messages in Standups (11) and Lunch (12): the chat's newest one is in Lunch, so
        // reading Standups must not take the chat's newest message.
        sim.simulator.simulateIncoming(inDatabaseDirectory: folder, chatID: work, from: 555_000_204, text: "Standup moved to 10", topicID: 11)
        sim.simulator.simulateIncoming(inDatabaseDirectory: folder, chatID: work, from: 555_000_205, text: "Notes are up", topicID: 11)
        sim.simulator.simulateIncoming(inDatabaseDirectory: folder, chatID: work, from: 555_000_206, text: "Sushi it is", topicID: 12)
        try await awaitCondition { await service.summary(work)?.lastMessage?.text == "Sushi it is" }
        let start = try await unreadCounts(service, work)
        let total = start.values.reduce(0, +)
        #expect((start[11] ?? 0) >= 2 && (start[12] ?? 0) >= 1, "\(start)")
        #expect(await service.summary(work)?.unreadCount == total, "the chat's unread is its topics' sum: \(start)")

        try await service.markRead(chatID: work, topicID: 11)
        try await awaitCondition { await service.summary(work)?.unreadCount == total - (start[11] ?? 0) }
        var afterStandups = start
        afterStandups[11] = 0
        #expect(try await unreadCounts(service, work) == afterStandups, "only Standups was read")
        #expect(try await service.topic(chatID: work, topicID: 12).unreadCount == start[12])

        // Kept with the account's history: a new simulator on the same folder counts the same.
        await open.close()
        let restarted = TelegramEnvironment(directory: DataDirectory(url: sim.folder.url),
                                            backend: .simulated(TelegramSimulator(executor: try OfflineTDLib.library(), clock: SystemClock())))
        let reopened = try await restarted.openSession()
        let again = ChatService(session: reopened.session, clock: sim.clock, timeout: 30)
        try await again.loadChatLists()
        #expect(try await unreadCounts(again, work) == afterStandups)
        #expect(await again.summary(work)?.unreadCount == total - (start[11] ?? 0))

        // The other topics, one by one (explicit ids for Lunch: its newest, as a topic view does).
        let lunch = try await again.conversation(chatID: work, limit: 5, topicID: 12)
        try await again.markRead(chatID: work, topicID: 12, messageIDs: lunch.messages.filter { !$0.isOutgoing }.map(\.id))
        try await awaitCondition { await again.summary(work)?.unreadCount == start[1] ?? 0 }
        #expect(try await again.topic(chatID: work, topicID: 12).unreadCount == 0)
        #expect(try await again.topic(chatID: work, topicID: 1).unreadCount == start[1] ?? 0)
        try await again.markRead(chatID: work, topicID: 1)
        try await awaitCondition { await again.summary(work)?.unreadCount == 0 }
        #expect(try await unreadCounts(again, work).values.allSatisfy { $0 == 0 })

        // Refusals: no such topic, a chat that is not a forum.
        await #expect(throws: ChatError.topicNotFound(99, title: "Work")) { try await again.markRead(chatID: work, topicID: 99) }
        await #expect(throws: ChatError.notForum(title: "Family")) { try await again.markRead(chatID: -1001000000001, topicID: 11) }
        await reopened.close()
    }

    func unreadCounts(_ service: ChatService, _ chatID: Int64) async throws -> [Int32: Int] {
        Dictionary(uniqueKeysWithValues: try await service.topics(chatID: chatID).map { ($0.id, $0.unreadCount) })
    }

}

@Suite("Message text: escaped HTML and terminal styles from TDLib's entities")
struct MessageTextRendererTests {
    static func entity(_ offset: Int32, _ length: Int32, _ type: String, url: String? = nil) -> TextEntity {
        var fields: [String: JSONValue] = ["@type": .string(type)]
        if let url { fields["url"] = .string(url) }
        return TextEntity(offset: offset, length: length, type: .object(fields))
    }

    @Test("markup in text is escaped; nested styles nest; UTF-16 offsets past emoji land right")
    func escapingAndNesting() {
        let text = FormattedText(text: "👋 <b>hi</b> & bold italic", entities: [
            Self.entity(15, 11, "textEntityTypeBold"), Self.entity(20, 6, "textEntityTypeItalic"),
        ])
        #expect(MessageTextRenderer.html(text) == "👋 &lt;b&gt;hi&lt;/b&gt; &amp; <b>bold <i>italic</i></b>")
    }

    @Test("links: only http(s), tg and mailto, always rel=noopener noreferrer nofollow; javascript: and data: become text")
    func links() {
        let hostile = FormattedText(text: "prize", entities: [Self.entity(0, 5, "textEntityTypeTextUrl", url: "javascript:alert(1)")])
        #expect(MessageTextRenderer.html(hostile) == "prize")
        let data = FormattedText(text: "x", entities: [Self.entity(0, 1, "textEntityTypeTextUrl", url: "data:text/html,<script>")])
        #expect(MessageTextRenderer.html(data) == "x")
        let quoted = FormattedText(text: "council", entities: [Self.entity(0, 7, "textEntityTypeTextUrl", url: "https://example.org/?a=1&b=\"2\"")])
        #expect(MessageTextRenderer.html(quoted)
            == "<a href=\"https://example.org/?a=1&amp;b=&quot;2&quot;\" target=\"_blank\" rel=\"noopener noreferrer nofollow\">council</a>")
        let bare = FormattedText(text: "see example.com now", entities: [Self.entity(4, 11, "textEntityTypeUrl")])
        #expect(MessageTextRenderer.html(bare).contains("href=\"https://example.com\""))
        let mention = FormattedText(text: "@alice_m hi", entities: [Self.entity(0, 8, "textEntityTypeMention")])
        #expect(MessageTextRenderer.html(mention).hasPrefix("<a href=\"https://t.me/alice_m\""))
    }

    @Test("broken entities (outside the text, crossing each other, negative) still give well-nested output")
    func brokenEntities() {
        let text = FormattedText(text: "abcdef", entities: [
            Self.entity(1, 3, "textEntityTypeBold"), Self.entity(2, 4, "textEntityTypeItalic"),
            Self.entity(4, 100, "textEntityTypeCode"), Self.entity(-5, 3, "textEntityTypeUnderline"), Self.entity(3, -2, "textEntityTypeStrikethrough"),
        ])
        let html = MessageTextRenderer.html(text)
        #expect(html == "a<b>b<i>cd</i></b><code>ef</code>")
        #expect(MessageTextRenderer.html(FormattedText(text: "line\nnext\u{0}")) == "line<br>next")
    }

    @Test("the terminal gets styles only when asked, never control characters or direction overrides")
    func terminal() {
        let text = FormattedText(text: "\u{1B}[31mred\u{7} \u{202E}bold", entities: [Self.entity(11, 4, "textEntityTypeBold")])
        let plain = MessageTextRenderer.terminal(text, styled: false)
        #expect(plain == "[31mred bold")
        let styled = MessageTextRenderer.terminal(text, styled: true)
        #expect(styled == "[31mred \u{1B}[1mbold\u{1B}[0m")
        let link = FormattedText(text: "council", entities: [Self.entity(0, 7, "textEntityTypeTextUrl", url: "https://example.org")])
        #expect(MessageTextRenderer.terminal(link, styled: false) == "council <https://example.org>")
    }
}

@Suite("Editing starts from the message's own Markdown")
struct MarkdownSourceTests {
    @Test("formatted text written back as version-1 Markdown formats to the same text and entities (real libtdjson)")
    func roundTrip() throws {
        let library = try OfflineTDLib.library()
        for source in ["file\\_name\\_v2 *bold* and _it_ `code` [link](https://example.org/a)", "plain 2\\*3 = 6 \\[x", "*a*_b_"] {
            let formatted = try TDClient.execute(TDFunctions.ParseMarkdown(source), on: library)
            let written = MarkdownSource.v1(formatted)
            let again = try TDClient.execute(TDFunctions.ParseMarkdown(written), on: library)
            #expect(again == formatted, "\(source) → \(written)")
        }
    }
}

@Suite("ChatListState: the lists as TDLib's updates describe them")
struct ChatListStateTests {
    static func apply(_ lines: [String], to state: inout ChatListState) throws {
        let decoder = JSONDecoder()
        for line in lines {
            let update = try #require(try TDIncoming.decode(Data(line.utf8), using: decoder).update)
            state.apply(update)
        }
    }

    static func chat(_ id: Int, _ order: Int, list: String = "chatListMain", muteFor: Int = 0, useDefault: Bool = false) -> String {
        #"{"@type":"updateNewChat","chat":{"@type":"chat","id":\#(id),"type":{"@type":"chatTypeBasicGroup","basic_group_id":\#(-id)},"title":"C\#(id)","positions":[{"@type":"chatPosition","list":{"@type":"\#(list)"},"order":"\#(order)","is_pinned":false}],"notification_settings":{"@type":"chatNotificationSettings","use_default_mute_for":\#(useDefault),"mute_for":\#(muteFor)}}}"#
    }

    @Test("order by (order, id) descending; positions replaced by last-message updates; order 0 leaves a list; archive apart; default mute per kind")
    func ordering() throws {
        var state = ChatListState()
        try Self.apply([Self.chat(-1, 10), Self.chat(-2, 20), Self.chat(-3, 10), Self.chat(-4, 5, list: "chatListArchive"),
                        Self.chat(-5, 1, useDefault: true)], to: &state)
        #expect(state.ordered(.main).map(\.id) == [-2, -1, -3, -5])
        #expect(state.ordered(.archive).map(\.id) == [-4])
        try Self.apply([
            #"{"@type":"updateChatLastMessage","chat_id":-3,"last_message":null,"positions":[{"@type":"chatPosition","list":{"@type":"chatListMain"},"order":"30","is_pinned":false}]}"#,
            #"{"@type":"updateChatPosition","chat_id":-2,"position":{"@type":"chatPosition","list":{"@type":"chatListMain"},"order":"0","is_pinned":false}}"#,
            #"{"@type":"updateChatPosition","chat_id":-4,"position":{"@type":"chatPosition","list":{"@type":"chatListMain"},"order":"40","is_pinned":true}}"#,
            #"{"@type":"updateChatReadInbox","chat_id":-1,"last_read_inbox_message_id":7340032,"unread_count":4}"#,
        ], to: &state)
        #expect(state.ordered(.main).map(\.id) == [-4, -3, -1, -5])
        #expect(state.ordered(.archive).map(\.id) == [-4])  // a chat can be in two lists
        #expect(state.chats[-1]?.unreadCount == 4 && state.chats[-4]?.positions.first { $0.list == .main }?.isPinned == true)
        #expect(state.chats[-5].map(state.isMuted) == false)
        try Self.apply([#"{"@type":"updateScopeNotificationSettings","scope":{"@type":"notificationSettingsScopeGroupChats"},"notification_settings":{"@type":"scopeNotificationSettings","mute_for":3600}}"#], to: &state)
        #expect(state.chats[-5].map(state.isMuted) == true && state.chats[-1].map(state.isMuted) == false)
        // An update for a chat TDLib never announced changes nothing.
        try Self.apply([#"{"@type":"updateChatReadOutbox","chat_id":-99,"last_read_outbox_message_id":1}"#], to: &state)
        #expect(state.chats[-99] == nil)
    }
}
