import Foundation
import TgtDomain
import Testing
import TgtSimulator
import TgtTDLib
import TgtTestSupport

/// The chat client's newer features as the simulator speaks them, held to `td_api.tl`: every
/// request we encode and every object the simulator sends uses TDLib's type and field names,
/// and what TDLib answers at once (an `ok` after the update that shows the change) comes in
/// that order.
@Suite("Contract: reactions, pins and forwards in TDLib's names", .serialized, .timeLimit(.minutes(5)))
struct ChatFeatureContractTests {
    /// A logged-in client on the simulator, every frame recorded, with the chat lists loaded.
    static func loggedIn(_ dir: TestDirectory) async throws -> (TelegramSimulator, RecordingTransport, TDClient) {
        let simulator = TelegramSimulator(scenario: SimulatorScenario(), executor: try OfflineTDLib.library(), clock: SystemClock())
        let recorder = RecordingTransport(simulator)
        let client = TDClient(runtime: TDRuntime(transport: recorder))
        _ = try await client.send(OfflineTDLib.parameters(in: dir))
        _ = try await client.send(TDFunctions.SetAuthenticationPhoneNumber("+15555550123"))
        _ = try await client.send(TDFunctions.CheckAuthenticationCode("12345"))
        while (try? await client.send(TDFunctions.LoadChats(limit: 100))) != nil {}
        return (simulator, recorder, client)
    }

    static func check(_ recorder: RecordingTransport) throws {
        let schema = try TLSchema.load()
        let problems = (recorder.sent + recorder.received).flatMap { schema.problems(inJSONText: $0) }
        #expect(problems.isEmpty, "\(Set(problems).sorted().prefix(20))")
    }

    static func types(_ recorder: RecordingTransport) -> [String] {
        recorder.received.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["@type"] as? String }
    }

    @Test("reactions: the allowed set, one's own added and taken back, others' arriving, each as updateMessageInteractionInfo before the ok")
    func reactions() async throws {
        let dir = try TestDirectory("contract-reactions")
        defer { dir.remove() }
        let (simulator, recorder, client) = try await Self.loggedIn(dir)
        let chat: Int64 = 555_000_111
        let newest = try #require(try await client.send(TDFunctions.GetChatHistory(chatID: chat, fromMessageID: 0, limit: 1)).messages.first)
        let available = try await client.send(TDFunctions.GetMessageAvailableReactions(chatID: chat, messageID: newest.id))
        #expect(available.all.contains { $0.type == .emoji("👍") && !$0.needsPremium })
        #expect(available.all.contains { $0.needsPremium })
        _ = try await client.send(TDFunctions.AddMessageReaction(chatID: chat, messageID: newest.id, reactionType: .emoji("👍")))
        // The update that shows it arrived before the ok: the message has it now.
        let received = Self.types(recorder)
        let update = try #require(received.lastIndex(of: "updateMessageInteractionInfo"))
        #expect(update < received.count - 1 && received.last == "ok")
        var message = try await client.send(TDFunctions.GetMessage(chatID: chat, messageID: newest.id))
        #expect(message.reactions.contains { $0.type == .emoji("👍") && $0.isChosen && $0.totalCount >= 1 })
        // A reaction the chat does not allow is refused as Telegram does.
        await #expect(throws: TDError.self) {
            _ = try await client.send(TDFunctions.AddMessageReaction(chatID: chat, messageID: newest.id, reactionType: .emoji("🦄")))
        }
        _ = try await client.send(TDFunctions.RemoveMessageReaction(chatID: chat, messageID: newest.id, reactionType: .emoji("👍")))
        message = try await client.send(TDFunctions.GetMessage(chatID: chat, messageID: newest.id))
        #expect(!message.reactions.contains { $0.isChosen })
        // Someone else reacts: the update reaches this client.
        let before = recorder.received.count
        simulator.simulateReaction(inDatabaseDirectory: dir.file("td"), chatID: chat, messageID: newest.id, from: 555_000_111, emoji: "❤️")
        try await awaitCondition { recorder.received.dropFirst(before).contains { $0.contains("updateMessageInteractionInfo") } }
        message = try await client.send(TDFunctions.GetMessage(chatID: chat, messageID: newest.id))
        #expect(message.reactions.contains { $0.type == .emoji("❤️") && !$0.isChosen })
        _ = await client.close()
        try Self.check(recorder)
    }
}

extension ChatFeatureContractTests {
    @Test("pins and forwards: updateMessageIsPinned and the service message before the ok; forwardMessages answers pending messages that then succeed")
    func pinsAndForwards() async throws {
        let dir = try TestDirectory("contract-pins")
        defer { dir.remove() }
        let (_, recorder, client) = try await Self.loggedIn(dir)
        let family: Int64 = -1001000000001, alice: Int64 = 555_000_111
        let pinned = try await client.send(TDFunctions.SearchChatMessages(chatID: family, query: "", limit: 10, onlyPinned: true))
        #expect(pinned.messages.count == 2 && pinned.messages.allSatisfy(\.isPinned))
        let newest = try #require(try await client.send(TDFunctions.GetChatHistory(chatID: family, fromMessageID: 0, limit: 5)).messages.first { message in
            guard !message.isPinned, case .text? = message.content else { return false }
            return true
        })
        #expect(try await client.send(TDFunctions.GetMessageProperties(chatID: family, messageID: newest.id)).canBePinned)
        _ = try await client.send(TDFunctions.PinChatMessage(chatID: family, messageID: newest.id, disableNotification: true))
        let received = Self.types(recorder)
        let update = try #require(received.lastIndex(of: "updateMessageIsPinned"))
        #expect(received.last == "ok" && received[update...].contains("updateNewMessage"))
        #expect(try await client.send(TDFunctions.GetMessage(chatID: family, messageID: newest.id)).isPinned)
        _ = try await client.send(TDFunctions.UnpinChatMessage(chatID: family, messageID: newest.id))
        #expect(try await client.send(TDFunctions.GetMessage(chatID: family, messageID: newest.id)).isPinned == false)
        // Only private chats pin "for self".
        await #expect(throws: TDError.self) {
            _ = try await client.send(TDFunctions.PinChatMessage(chatID: family, messageID: newest.id, onlyForSelf: true))
        }
        let forwarded = try await client.send(TDFunctions.ForwardMessages(chatID: alice, fromChatID: family, messageIDs: [newest.id]))
        #expect(forwarded.messages.count == 1 && forwarded.messages.first?.sendingState == .pending && forwarded.messages.first?.forwardOrigin != nil)
        let copied = try await client.send(TDFunctions.ForwardMessages(chatID: alice, fromChatID: family, messageIDs: [newest.id], sendCopy: true, silent: true))
        #expect(copied.messages.first?.forwardOrigin == nil)
        try await awaitCondition { recorder.received.filter { $0.contains("updateMessageSendSucceeded") }.count >= 2 }
        // The two newest (a short first answer pages on; the page's first message repeats the last).
        var history: [Message] = []
        while history.count < 2 {
            let page = try await client.send(TDFunctions.GetChatHistory(chatID: alice, fromMessageID: history.last?.id ?? 0, limit: 2)).messages
            history += page.filter { message in !history.contains { $0.id == message.id } }
        }
        #expect(history.prefix(2).filter { $0.forwardOrigin != nil }.count == 1)
        _ = await client.close()
        try Self.check(recorder)
    }
}

extension ChatFeatureContractTests {
    @Test("drafts: setChatDraftMessage announces updateChatDraftMessage before the ok; the chat carries draft_message; clear_draft takes it away")
    func drafts() async throws {
        let dir = try TestDirectory("contract-drafts")
        defer { dir.remove() }
        let (_, recorder, client) = try await Self.loggedIn(dir)
        let alice: Int64 = 555_000_111
        _ = try await client.send(TDFunctions.SetChatDraftMessage(chatID: alice, text: "later", date: 1_700_000_000))
        let received = Self.types(recorder)
        #expect(received.last == "ok" && received.dropLast().last == "updateChatDraftMessage")
        #expect(try await client.send(TDFunctions.GetChat(chatID: alice)).draftText == "later")
        let text = try TDClient.execute(TDFunctions.ParseMarkdown("sent"), on: recorder)
        _ = try await client.send(TDFunctions.SendMessage(chatID: alice, content: .text(text), clearDraft: true))
        #expect(try await client.send(TDFunctions.GetChat(chatID: alice)).draftText == nil)
        _ = try await client.send(TDFunctions.SetChatDraftMessage(chatID: alice, text: nil, date: 0))
        _ = await client.close()
        try Self.check(recorder)
    }
}

extension ChatFeatureContractTests {
    @Test("profiles: users with status and phone, userFullInfo, group full infos with members, getSupergroupMembers, getChatMessageCount, in TDLib's names")
    func profiles() async throws {
        let dir = try TestDirectory("contract-profiles")
        defer { dir.remove() }
        let (_, recorder, client) = try await Self.loggedIn(dir)
        let alice = try await client.send(TDFunctions.GetUser(userID: 555_000_111))
        #expect(alice.phoneNumber == "15555550111" && alice.lastSeen != .unknown)
        #expect(try await client.send(TDFunctions.GetUserFullInfo(userID: 555_000_111)).bio.isEmpty == false)
        #expect(try await client.send(TDFunctions.GetBasicGroupFullInfo(basicGroupID: 4001)).members.isEmpty == false)
        let family = try await client.send(TDFunctions.GetSupergroupFullInfo(supergroupID: 1000000001))
        #expect(family.canGetMembers && !family.description.isEmpty)
        let members = try await client.send(TDFunctions.GetSupergroupMembers(supergroupID: 1000000001, offset: 0, limit: 10))
        #expect(members.totalCount == Int32(members.members.count) && members.members.first?.status == .creator)
        await #expect(throws: TDError.self) { _ = try await client.send(TDFunctions.GetSupergroupMembers(supergroupID: 1000000003, offset: 0, limit: 10)) }
        for filter in TDFunctions.GetChatMessageCount.Filter.allCases {
            _ = try await client.send(TDFunctions.GetChatMessageCount(chatID: -1001000000001, filter: filter))
        }
        _ = await client.close()
        try Self.check(recorder)
    }
}

extension ChatFeatureContractTests {
    @Test("folders, presence and contacts: updateChatFolders at login, a folder's chats in pages ending in 404, sendChatAction, updateChatAction and updateUserStatus, getContacts, searchContacts and addContact, all in TDLib's names")
    func foldersPresenceContacts() async throws {
        let dir = try TestDirectory("contract-people")
        defer { dir.remove() }
        let (simulator, recorder, client) = try await Self.loggedIn(dir)
        #expect(Self.types(recorder).contains("updateChatFolders"))
        var pages = 0
        while (try? await client.send(TDFunctions.LoadChats(limit: 2, list: .folder(2)))) != nil { pages += 1 }
        #expect(pages == 2)
        #expect(recorder.received.contains { $0.contains("\"chatListFolder\"") && $0.contains("updateChatPosition") })
        _ = try await client.send(TDFunctions.SendChatAction(chatID: -4001, action: .typing))
        _ = try await client.send(TDFunctions.SendChatAction(chatID: -4001, forumTopicID: nil, action: .cancel))
        _ = try await client.send(TDFunctions.SendChatAction(chatID: -1001000000002, forumTopicID: 11, action: .uploadingPhoto))
        #expect(simulator.chatActionsSent.map(\.action) == ["chatActionTyping", "chatActionCancel", "chatActionUploadingPhoto"])
        let before = recorder.received.count
        simulator.simulateChatAction(inDatabaseDirectory: dir.file("td"), chatID: -4001, userID: 555_000_203, action: "chatActionTyping")
        simulator.simulateStatus(inDatabaseDirectory: dir.file("td"), userID: 555_000_203, online: true)
        try await awaitCondition { recorder.received.dropFirst(before).contains { $0.contains("updateUserStatus") } }
        #expect(recorder.received.dropFirst(before).contains { $0.contains("updateChatAction") })
        let contacts = try await client.send(TDFunctions.GetContacts())
        #expect(contacts.userIDs.count == 5 && contacts.totalCount == 5)
        #expect(try await client.send(TDFunctions.SearchContacts(query: "ali", limit: 10)).userIDs == [555_000_111])
        _ = try await client.send(TDFunctions.AddContact(userID: 555_000_204, firstName: "Dmitri", lastName: "V", sharePhoneNumber: false))
        #expect(try await client.send(TDFunctions.GetContacts()).userIDs.contains(555_000_204))
        _ = await client.close()
        try Self.check(recorder)
    }

    @Test("files: downloadFile answers the file with its local copy complete after an updateFile; a bad priority is refused; a part from an offset and getFileDownloadedPrefixSize; getStorageStatisticsFast and optimizeStorage, all in TDLib's names")
    func files() async throws {
        let dir = try TestDirectory("contract-files")
        defer { dir.remove() }
        let (_, recorder, client) = try await Self.loggedIn(dir)
        let family: Int64 = -1001000000001
        // TDLib answers a history a part at a time: ask from the oldest seen until 40 are in.
        var history: [Message] = []
        while history.count < 40 {
            let more = try await client.send(TDFunctions.GetChatHistory(chatID: family, fromMessageID: history.last?.id ?? 0, limit: 50)).messages
            if more.isEmpty { break }
            history += more
        }
        let files = history.compactMap { message -> MediaFile? in
            guard case .media(let media)? = message.content else { return nil }
            return media.file
        }
        #expect(Set(files.map(\.mimeType)).isSuperset(of: ["image/jpeg", "audio/ogg", "image/webp"]), "\(files.map(\.mimeType))")
        let voice = try #require(files.first { $0.mimeType == "audio/ogg" })
        #expect(!voice.file.isDownloaded && voice.file.localPath.isEmpty)
        let before = recorder.received.count
        let downloaded = try await client.send(TDFunctions.DownloadFile(fileID: voice.file.id, priority: 16))
        #expect(downloaded.isDownloaded && downloaded.size == voice.file.size && FileManager.default.fileExists(atPath: downloaded.localPath))
        let answered = Self.types(recorder).dropFirst(before)
        #expect(answered.first == "updateFile" && answered.last == "file", "\(Array(answered))")
        await #expect(throws: TDError.self) { _ = try await client.send(TDFunctions.DownloadFile(fileID: voice.file.id, priority: 0)) }
        // A part from an offset, answered at once (not synchronous), and the prefix from there.
        let again = try await client.send(TDFunctions.DownloadFile(fileID: voice.file.id, priority: 24, offset: 100, synchronous: false))
        #expect(again.isDownloaded && again.downloadedPrefixSize == voice.file.size)
        let prefix = try await client.send(TDFunctions.GetFileDownloadedPrefixSize(fileID: voice.file.id, offset: 100))
        #expect(prefix.size == voice.file.size - 100)
        // Played: its content opened (the voice note becomes listened, announced by an update).
        let voiceMessage = try #require(history.first { if case .media(let m)? = $0.content { m.file?.file.id == voice.file.id } else { false } })
        let beforeOpen = recorder.received.count
        if case .media(let m)? = voiceMessage.content { #expect(m.isPlayed == false, "is_listened: false before") }
        _ = try await client.send(TDFunctions.OpenMessageContent(chatID: family, messageID: voiceMessage.id))
        #expect(Self.types(recorder).dropFirst(beforeOpen).contains("updateMessageContentOpened"))
        // Listened from then on, and not announced again.
        let listened = try await client.send(TDFunctions.GetMessage(chatID: family, messageID: voiceMessage.id))
        guard case .media(let played)? = listened.content else {
            Issue.record("the voice note is not media")
            return
        }
        #expect(played.isPlayed == true, "is_listened: true after")
        let beforeSecond = recorder.received.count
        _ = try await client.send(TDFunctions.OpenMessageContent(chatID: family, messageID: voiceMessage.id))
        #expect(!Self.types(recorder).dropFirst(beforeSecond).contains("updateMessageContentOpened"))
        let stats = try await client.send(TDFunctions.GetStorageStatisticsFast())
        #expect(stats.filesSize >= downloaded.size && stats.fileCount >= 1)
        let left = try await client.send(TDFunctions.OptimizeStorage(size: 0, ttl: 0, count: 0, immunityDelay: 0))
        #expect(left.size == 0 && left.count == 0 && !FileManager.default.fileExists(atPath: downloaded.localPath))
        _ = await client.close()
        try Self.check(recorder)
    }

    @Test("sending files: inputMessagePhoto with its inputPhoto and inputFileLocal, inputMessageDocument, inputMessageAnimation, and sendMessageAlbum answer pending messages at once, then updateMessageSendSucceeded, in TDLib's names; a missing file is refused")
    func sendingFiles() async throws {
        let dir = try TestDirectory("contract-upload")
        defer { dir.remove() }
        let (_, recorder, client) = try await Self.loggedIn(dir)
        let alice: Int64 = 555_000_111
        let jpeg = dir.file("beach.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0] + [UInt8](repeating: 7, count: 300)).write(to: jpeg)
        let pdf = dir.file("notes.pdf")
        try Data("%PDF-1.4 notes".utf8).write(to: pdf)
        let photo = try await client.send(TDFunctions.SendMessage(chatID: alice, content: .file(OutgoingFile(kind: .photo, path: jpeg.path, caption: FormattedText(text: "Beach")))))
        #expect(photo.sendingState == .pending)
        guard case .media(let media)? = photo.content else { Issue.record("not media: \(String(describing: photo.content))"); return }
        #expect(media.kind == .photo && media.caption.text == "Beach")
        let album = try await client.send(TDFunctions.SendMessageAlbum(chatID: alice, files: [
            OutgoingFile(kind: .document, path: pdf.path, caption: FormattedText(text: "two files")), OutgoingFile(kind: .document, path: pdf.path),
        ]))
        #expect(album.messages.count == 2 && album.messages.allSatisfy { $0.sendingState == .pending })
        let gif = dir.file("wave.gif")
        try Data("GIF89a".utf8 + [1, 0, 1, 0, 0, 0, 0, 59]).write(to: gif)
        let animation = try await client.send(TDFunctions.SendMessage(chatID: alice, content: .file(OutgoingFile(kind: .animation, path: gif.path))))
        guard case .media(let moving)? = animation.content else { Issue.record("not media: \(String(describing: animation.content))"); return }
        #expect(moving.kind == .animation)
        try await awaitCondition { recorder.received.filter { $0.contains("updateMessageSendSucceeded") }.count >= 4 }
        await #expect(throws: TDError.self) {
            _ = try await client.send(TDFunctions.SendMessage(chatID: alice, content: .file(OutgoingFile(kind: .document, path: dir.file("missing.pdf").path))))
        }
        let sent = recorder.sent.filter { $0.contains("inputMessagePhoto") }
        #expect(sent.contains { $0.contains("\"inputPhoto\"") && $0.contains("\"inputFileLocal\"") })
        _ = await client.close()
        try Self.check(recorder)
    }
}
