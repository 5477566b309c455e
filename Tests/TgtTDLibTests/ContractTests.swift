import Foundation
import TgtDomain
import Testing
import TgtSimulator
import TgtTDLib
import TgtTestSupport

/// A request name TDLib does not have, to compare the "unknown class" answer.
struct NoSuchFunction: TDFunction {
    typealias Result = TDOk
    static let typeName = "noSuchFunction"
}

/// What one client run shows, reduced to what must be the same for real TDLib and the simulator.
struct Observation: Equatable, CustomStringConvertible {
    var firstUpdates: [String] = []
    var version: String?
    var authAfterParameters: AuthorizationState?
    var textLimit: Int64?
    var errors: [String: TDError] = [:]
    var closing: [AuthorizationState] = []

    var description: String {
        "first=\(firstUpdates) version=\(version ?? "-") auth=\(String(describing: authAfterParameters)) limit=\(textLimit ?? -1) errors=\(errors) closing=\(closing)"
    }
}

@Suite("Contract: the simulator answers like real libtdjson", .serialized, .timeLimit(.minutes(5)))
struct ContractTests {
    /// The same offline steps on any runtime.
    static func observe(runtime: TDRuntime, dir: TestDirectory) async throws -> Observation {
        var o = Observation()
        let client = TDClient(runtime: runtime)
        var updates = client.updates.makeAsyncIterator()
        o.version = try await client.send(TDFunctions.GetOption("version")).stringValue
        while o.firstUpdates.count < 3, let update = await updates.next() {
            switch update {
            case .option(let name, _): o.firstUpdates.append("option:\(name)")
            case .authorizationState(let state): o.firstUpdates.append("auth:\(state)")
            case .other(let type): o.firstUpdates.append("skipped:\(type)")
            default: o.firstUpdates.append("\(update)")
            }
        }
        _ = try await client.send(OfflineTDLib.parameters(in: dir))
        var seen: [TDUpdate] = []
        o.authAfterParameters = await OfflineTDLib.waitFor(client, iterator: &updates, seen: &seen) { $0 == .waitPhoneNumber }
        o.textLimit = try await client.send(TDFunctions.GetOption("message_text_length_max")).intValue
        func capture<F: TDFunction>(_ function: F, as key: String = F.typeName) async {
            do { _ = try await client.send(function, timeout: 10) } catch { o.errors[key] = error }
        }
        await capture(TDFunctions.GetMe())
        await capture(TDFunctions.LoadChats(limit: 10))
        await capture(TDFunctions.GetChat(chatID: -1001000000001))
        await capture(TDFunctions.SendMessage(chatID: -1001000000001, content: .text(FormattedText(text: "x"))))
        await capture(TDFunctions.SendMessage(chatID: -1001000000001, content: .text(FormattedText(text: "later")), sendDate: 2_000_000_000))
        await capture(TDFunctions.GetChatScheduledMessages(chatID: -1001000000001))
        await capture(TDFunctions.EditMessageSchedulingState(chatID: -1001000000001, messageID: 4, sendDate: 2_000_000_000))
        await capture(TDFunctions.DeleteMessages(chatID: -1001000000001, messageIDs: [4]))
        // The chats' requests before login.
        await capture(TDFunctions.LoadChats(limit: 10, list: .archive))
        await capture(TDFunctions.GetChatHistory(chatID: -1001000000001, fromMessageID: 0, limit: 20))
        await capture(TDFunctions.GetMessage(chatID: -1001000000001, messageID: 1 << 20))
        await capture(TDFunctions.GetMessageProperties(chatID: -1001000000001, messageID: 1 << 20))
        await capture(TDFunctions.GetMessageReadDate(chatID: 555_000_111, messageID: 1 << 20))
        await capture(TDFunctions.OpenChat(chatID: -1001000000001))
        await capture(TDFunctions.ViewMessages(chatID: -1001000000001, messageIDs: [1 << 20]))
        // A misspelt source would be "Unknown class" from real TDLib, not the error before login.
        await capture(TDFunctions.ViewMessages(chatID: -1001000000002, messageIDs: [1 << 20], source: .forumTopicHistory), as: "viewMessages in a topic")
        await capture(TDFunctions.SearchChatsOnServer(query: "fam", limit: 5))
        await capture(TDFunctions.SearchChatMessages(chatID: -1001000000001, query: "x", limit: 5))
        await capture(TDFunctions.SearchMessages(query: "x", limit: 5))
        await capture(TDFunctions.GetUser(userID: 555_000_201))
        await capture(TDFunctions.DownloadFile(fileID: 1))
        await capture(TDFunctions.CheckAuthenticationCode("12345"))
        await capture(TDFunctions.CheckAuthenticationPassword("x"))
        await capture(NoSuchFunction())
        _ = try await client.send(TDFunctions.Close())
        while let update = await updates.next() {
            if case .authorizationState(let state) = update { o.closing.append(state) }
        }
        return o
    }

    /// The updates `recorder` has passed on so far.
    static func updates(_ recorder: RecordingTransport) -> [TDUpdate] {
        let decoder = JSONDecoder()
        return recorder.received.compactMap { try? TDIncoming.decode(Data($0.utf8), using: decoder).update }
    }

    /// The temporary ids of the messages Telegram has given its verdict on (sent or failed).
    static func verdicts(_ recorder: RecordingTransport) -> Set<Int64> {
        Set(updates(recorder).compactMap { update -> Int64? in
            switch update {
            case .messageSendSucceeded(_, let old), .messageSendFailed(_, let old, _): old
            default: nil
            }
        })
    }

    @Test("the same steps give the same answers, errors and states")
    func sameObservations() async throws {
        let realDir = try TestDirectory("contract-real"), simDir = try TestDirectory("contract-sim")
        defer { realDir.remove(); simDir.remove() }
        let library = try OfflineTDLib.library()
        let real = try await Self.observe(runtime: TDRuntime.shared(for: library), dir: realDir)
        let simulator = TelegramSimulator(executor: library, clock: SystemClock())
        let simulated = try await Self.observe(runtime: TDRuntime(transport: simulator), dir: simDir)
        #expect(real.firstUpdates == ["option:version", "skipped:updateOption", "auth:waitTdlibParameters"])
        #expect(real.errors.count == 22)
        #expect(real.closing == [.closing, .closed])
        #expect(simulated == real)
    }

    @Test("every object the simulator sends, and every request we encode, uses TDLib's type and field names")
    func schemaNames() async throws {
        let schema = try TLSchema.load()
        let recorder = RecordingTransport(TelegramSimulator(
            scenario: SimulatorScenario(account: SimulatedAccount(password: "pw", requiresEmail: true), sendBehaviours: [
                -4001: .fail(code: 403, message: "CHAT_WRITE_FORBIDDEN"), -4002: .floodWait(seconds: 1, times: 1),
            ]),
            executor: try OfflineTDLib.library(), clock: SystemClock()))
        let dir = try TestDirectory("contract-schema")
        defer { dir.remove() }
        let client = TDClient(runtime: TDRuntime(transport: recorder))
        _ = try await client.send(OfflineTDLib.parameters(in: dir))
        _ = try await client.send(TDFunctions.SetAuthenticationPhoneNumber("+15555550123"))
        _ = try await client.send(TDFunctions.SetAuthenticationEmailAddress("a@example.com"))
        _ = try await client.send(TDFunctions.CheckAuthenticationEmailCode("654321"))
        _ = try await client.send(TDFunctions.CheckAuthenticationCode("12345"))
        _ = try await client.send(TDFunctions.CheckAuthenticationPassword("pw"))
        _ = try await client.send(TDFunctions.GetMe())
        while (try? await client.send(TDFunctions.LoadChats(limit: 100))) != nil {}
        _ = try await client.send(TDFunctions.GetChats(limit: 100))
        _ = try await client.send(TDFunctions.GetSupergroupFullInfo(supergroupID: 1000000001))
        _ = try await client.send(TDFunctions.GetBasicGroupFullInfo(basicGroupID: 4001))
        _ = try await client.send(TDFunctions.GetForumTopics(chatID: -1001000000002))
        let text = try TDClient.execute(TDFunctions.ParseMarkdown("*hi* [x](https://t.me)"), on: recorder)
        // Every message accepted (a temporary id) gets Telegram's verdict before the next steps.
        var accepted: [Int64] = []
        for chat: Int64 in [-4001, -4002, -1001000000002] {
            if let pending = try? await client.send(TDFunctions.SendMessage(chatID: chat, forumTopicID: chat == -1001000000002 ? 11 : nil, silent: true, content: .text(text))) {
                accepted.append(pending.id)
            }
        }
        accepted.append(try await client.send(TDFunctions.SendMessage(chatID: -1001000000001, content: .location(TDLocation(latitude: 1, longitude: 2)))).id)
        // Scheduled messages: scheduled, listed, moved (its id changes), deleted; one posted at
        // once (less than 10 s ahead); Saved Messages.
        let later = Int32(Date().timeIntervalSince1970) + 3600
        let scheduled = try await client.send(TDFunctions.SendMessage(chatID: -1001000000001, content: .text(text), sendDate: later))
        #expect(scheduled.scheduledFor == later)
        accepted.append(scheduled.id)
        accepted.append(try await client.send(TDFunctions.SendMessage(chatID: -1001000000002, content: .text(text), sendDate: Int32(Date().timeIntervalSince1970) + 3)).id)
        try await awaitCondition { Self.verdicts(recorder).isSuperset(of: accepted) }
        let list = try await client.send(TDFunctions.GetChatScheduledMessages(chatID: -1001000000001))
        #expect(list.messages.count == 1 && list.messages.first?.scheduledFor == later)
        if let id = list.messages.first?.id {
            let edited = try await client.send(TDFunctions.EditMessageText(chatID: -1001000000001, messageID: id, text: FormattedText(text: "edited")))
            #expect(edited.text == "edited" && edited.scheduledFor == later)
            _ = try await client.send(TDFunctions.EditMessageSchedulingState(chatID: -1001000000001, messageID: id, sendDate: later + 60))
            let moved = try await client.send(TDFunctions.GetChatScheduledMessages(chatID: -1001000000001))
            #expect(moved.messages.first?.id != id && moved.messages.first?.scheduledFor == later + 60)
            _ = try await client.send(TDFunctions.DeleteMessages(chatID: -1001000000001, messageIDs: moved.messages.map(\.id)))
        }
        #expect(try await client.send(TDFunctions.GetChatScheduledMessages(chatID: -1001000000001)).messages.isEmpty)
        _ = try await client.send(TDFunctions.CreatePrivateChat(userID: 424242))
        #expect(try await client.send(TDFunctions.CanSendMessageToUser(userID: 555_000_111, onlyLocal: false)) == .ok)
        #expect(try await client.send(TDFunctions.CanSendMessageToUser(userID: 9, onlyLocal: true)) == .userIsDeleted)
        // Chats: both lists, a conversation, its properties, reading, searching, a thumbnail,
        // a reply, an edit and a delete of a posted message.
        while (try? await client.send(TDFunctions.LoadChats(limit: 100, list: .archive))) != nil {}
        let history = try await client.send(TDFunctions.GetChatHistory(chatID: -1001000000001, fromMessageID: 0, limit: 50))
        let newest = try #require(history.messages.first)
        _ = try await client.send(TDFunctions.GetChatHistory(chatID: -1001000000001, fromMessageID: newest.id, limit: 50))
        _ = try await client.send(TDFunctions.GetMessage(chatID: -1001000000001, messageID: newest.id))
        _ = try await client.send(TDFunctions.GetMessageProperties(chatID: -1001000000001, messageID: newest.id))
        // A read date: asked of one of the person's own messages in a private chat (and refused in a group).
        _ = try? await client.send(TDFunctions.GetMessageReadDate(chatID: -1001000000001, messageID: newest.id))
        _ = try await client.send(TDFunctions.GetChatHistory(chatID: 555_000_111, fromMessageID: 0, limit: 50))
        let aliceHistory = try await client.send(TDFunctions.GetChatHistory(chatID: 555_000_111, fromMessageID: 0, limit: 50))
        let mine = try #require(aliceHistory.messages.first { $0.isOutgoing })
        _ = try await client.send(TDFunctions.GetMessageReadDate(chatID: 555_000_111, messageID: mine.id))
        _ = try await client.send(TDFunctions.OpenChat(chatID: -1001000000001))
        _ = try await client.send(TDFunctions.ViewMessages(chatID: -1001000000001, messageIDs: [newest.id]))
        _ = try await client.send(TDFunctions.CloseChat(chatID: -1001000000001))
        _ = try await client.send(TDFunctions.SearchChats(query: "fam", limit: 5))
        _ = try await client.send(TDFunctions.SearchChatsOnServer(query: "ali", limit: 5))
        _ = try await client.send(TDFunctions.SearchChatMessages(chatID: -1001000000001, query: "dinner", limit: 5))
        _ = try await client.send(TDFunctions.SearchMessages(query: "dinner", limit: 5))
        _ = try await client.send(TDFunctions.GetUser(userID: 555_000_201))
        let work = try await client.send(TDFunctions.GetChatHistory(chatID: -1001000000002, fromMessageID: 0, limit: 1))
        _ = work
        // One forum topic read on its own: its newest message from getForumTopic, viewed as the
        // topic's history (updateForumTopic, then the chat's updateChatReadInbox).
        _ = try await client.send(TDFunctions.OpenChat(chatID: -1001000000002))
        let standups = try await client.send(TDFunctions.GetForumTopic(chatID: -1001000000002, forumTopicID: 11))
        let newestStandup = try #require(standups.lastMessage)
        #expect(newestStandup.forumTopicID == 11)
        _ = try await client.send(TDFunctions.ViewMessages(chatID: -1001000000002, messageIDs: [newestStandup.id], source: .forumTopicHistory))
        #expect(try await client.send(TDFunctions.GetForumTopic(chatID: -1001000000002, forumTopicID: 11)).unreadCount == 0)
        _ = try await client.send(TDFunctions.CloseChat(chatID: -1001000000002))
        let photoPage = try await client.send(TDFunctions.GetChatHistory(chatID: -1001000000001, fromMessageID: newest.id, limit: 10))
        if case .media(let media)? = photoPage.messages.first(where: { if case .media(let m)? = $0.content { m.kind == .photo } else { false } })?.content,
           let file = media.thumbnailFile
        {
            let downloaded = try await client.send(TDFunctions.DownloadFile(fileID: file.id))
            #expect(downloaded.isDownloaded)
        }
        let reply = try await client.send(TDFunctions.SendMessage(chatID: 555_000_111, content: .text(text), replyToMessageID: 1 << 20))
        // Posted once Telegram confirms it.
        try await awaitCondition { Self.verdicts(recorder).contains(reply.id) }
        let alice = try await client.send(TDFunctions.GetChatHistory(chatID: 555_000_111, fromMessageID: 0, limit: 5))
        #expect(reply.sendingState == .pending)
        if let posted = alice.messages.first(where: { $0.isOutgoing && $0.replyTo?.messageID == 1 << 20 }) {
            _ = try await client.send(TDFunctions.EditMessageText(chatID: 555_000_111, messageID: posted.id, text: FormattedText(text: "edited")))
            _ = try await client.send(TDFunctions.DeleteMessages(chatID: 555_000_111, messageIDs: [posted.id], revoke: true))
        } else {
            Issue.record("the reply was not posted")
        }
        // The edit's and the delete's updates come before their answers: nothing is left in flight.
        _ = try? await client.send(TDFunctions.RequestQrCodeAuthentication())  // refused when ready, as TDLib does
        _ = try? await client.send(TDFunctions.LogOut())
        _ = await client.close()
        let requests = recorder.sent + [try TDCoding.encode(TDFunctions.SetLogStreamFile(path: "/tmp/x")), try TDCoding.encode(TDFunctions.SetLogVerbosityLevel(1)),
                                         try TDCoding.encode(TDFunctions.RegisterUser(firstName: "a", lastName: "b"))]
        let problems = (requests + recorder.received).flatMap { schema.problems(inJSONText: $0) }
        #expect(problems.isEmpty, "\(Set(problems).sorted().prefix(20))")
        let types = Set(recorder.received.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["@type"] as? String })
        #expect(types.isSuperset(of: ["updateNewChat", "updateSupergroup", "updateBasicGroup", "updateChatPosition", "forumTopics",
                                      "updateMessageSendSucceeded", "updateMessageSendFailed", "error", "message", "user",
                                      "messages", "updateDeleteMessages", "forumTopic", "updateForumTopic", "updateNewMessage", "chat", "updateMessageContent",
                                      "updateChatLastMessage", "updateChatReadInbox", "updateFile", "file",
                                      "messageProperties", "foundMessages", "foundChatMessages", "updateMessageEdited",
                                      "canSendMessageToUserResultOk", "canSendMessageToUserResultUserIsDeleted"]))
    }

    @Test("after a restart the simulator announces what it still held (updateNewMessage, new temporary id) and delivers it once, in TDLib's names")
    func resendAfterRestart() async throws {
        let schema = try TLSchema.load()
        let dir = try TestDirectory("contract-resend")
        defer { dir.remove() }
        let library = try OfflineTDLib.library()
        // First process: Telegram is slow to confirm; the client closes with the message held.
        let slow = TelegramSimulator(scenario: SimulatorScenario(sendBehaviours: [-4001: .delay(seconds: 30)]), executor: library, clock: SystemClock())
        let first = TDClient(runtime: TDRuntime(transport: slow))
        _ = try await first.send(OfflineTDLib.parameters(in: dir))
        _ = try await first.send(TDFunctions.SetAuthenticationPhoneNumber("+15555550123"))
        _ = try await first.send(TDFunctions.CheckAuthenticationCode("12345"))
        let text = try TDClient.execute(TDFunctions.ParseMarkdown("Held *over* a restart"), on: slow)
        let accepted = try await first.send(TDFunctions.SendMessage(chatID: -4001, content: .text(text)))
        #expect(accepted.sendingState == .pending)
        _ = await first.close()
        #expect(slow.deliveredMessages.isEmpty)

        // Next process on the same database directory.
        let recorder = RecordingTransport(TelegramSimulator(executor: library, clock: SystemClock()))
        let second = TDClient(runtime: TDRuntime(transport: recorder))
        var updates = second.updates.makeAsyncIterator()
        _ = try await second.send(OfflineTDLib.parameters(in: dir))
        var announced: Message?
        var succeeded: (old: Int64, new: Int64)?
        while succeeded == nil, let update = await updates.next() {
            switch update {
            case .newMessage(let message): announced = message
            case .messageSendSucceeded(let message, let old): succeeded = (old, message.id)
            default: break
            }
        }
        let message = try #require(announced)
        #expect(message.isOutgoing && message.sendingState == .pending && message.chatID == -4001)
        #expect(message.text == "Held over a restart")
        #expect(message.id != accepted.id, "a new temporary id, as TDLib gives")
        #expect(succeeded?.old == message.id)
        _ = await second.close()
        let delivered = TelegramSimulator.deliveredMessages(inDatabaseDirectory: dir.file("td"))
        #expect(delivered.map(\.content) == ["Held over a restart"])
        let problems = (recorder.sent + recorder.received).flatMap { schema.problems(inJSONText: $0) }
        #expect(problems.isEmpty, "\(Set(problems).sorted().prefix(20))")

        // A third start finds nothing left to send: once a later request is answered, the start
        // (which announces any resend) is over, and a resend announced would be awaited here.
        let thirdRecorder = RecordingTransport(TelegramSimulator(executor: library, clock: SystemClock()))
        let third = TDClient(runtime: TDRuntime(transport: thirdRecorder))
        _ = try await third.send(OfflineTDLib.parameters(in: dir))
        _ = try await third.send(TDFunctions.GetOption("version"))
        let resent = Set(Self.updates(thirdRecorder).compactMap { update -> Int64? in
            if case .newMessage(let message) = update, message.sendingState == .pending { message.id } else { nil }
        })
        try await awaitCondition { Self.verdicts(thirdRecorder).isSuperset(of: resent) }
        _ = await third.close()
        #expect(TelegramSimulator.deliveredMessages(inDatabaseDirectory: dir.file("td")).count == 1)
    }
}
