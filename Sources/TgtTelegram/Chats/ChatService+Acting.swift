import Foundation
import TgtDomain
import TgtTDLib

extension ChatService {
    /// Formats `markdown` with TDLib's own parser (as templates are), checking emptiness and
    /// Telegram's length limit before anything is sent.
    public func format(_ markdown: String) async throws(ChatError) -> FormattedText {
        guard !TelegramText.isEffectivelyEmpty(markdown) else { throw .emptyText }
        let formatted: FormattedText
        do {
            formatted = try TDClient.execute(TDFunctions.ParseMarkdown(markdown), on: session.client.runtime.transport)
        } catch {
            if case .tdlib(_, let message, _) = error {
                if message.localizedCaseInsensitiveContains("too long") { throw .tooLong(max: await maxLength()) }
                throw .markdown(MarkupProblem.explain(message, in: markdown))
            }
            throw .request(error)
        }
        guard !TelegramText.isEffectivelyEmpty(formatted.text) else { throw .emptyText }
        let max = await maxLength()
        guard formatted.text.unicodeScalars.count <= max else { throw .tooLong(max: max) }
        return formatted
    }

    func maxLength() async -> Int { await session.messageTextLengthMax ?? 4096 }

    /// The chat, if the account may write there; otherwise why not.
    func writableChat(_ chatID: Int64) async throws(ChatError) -> Chat {
        try requireLogin()
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        if let refusal = await cannotWrite(chat, askingTelegram: true) { throw .cannotWrite(title: await title(of: chat), refusal: refusal) }
        return chat
    }

    /// Sends text (Markdown) to a chat, optionally in a forum topic, as a reply, silently; with
    /// `clearDraft` (a composer's send) the chat's cloud draft goes with it.
    /// Waits up to `confirmTimeout` s for Telegram's verdict: the sent message (its final id),
    /// or still pending (TDLib keeps it and sends it when it can), or an error when refused.
    public func send(chatID: Int64, markdown: String, topicID: Int32? = nil, replyTo: Int64? = nil, silent: Bool = false, clearDraft: Bool = false,
                     confirmTimeout: Double = 15) async throws(ChatError) -> Message
    {
        let chat = try await writableChat(chatID)
        if let topicID { _ = try await topic(chatID: chatID, topicID: topicID) }
        let text = try await format(markdown)
        if let replyTo { try await checkReply(to: replyTo, in: chat.id) }
        let pending: Message
        do {
            pending = try await session.send(TDFunctions.SendMessage(chatID: chat.id, forumTopicID: topicID, silent: silent, content: .text(text),
                                                                     replyToMessageID: replyTo, clearDraft: clearDraft), timeout: timeout)
        } catch {
            if case .tdlib(let code, let message, _) = error { throw .sendFailed(SendFailure(code: code, message: message)) }
            throw .request(error)
        }
        if case .failed(let error, _, _)? = pending.sendingState { throw .sendFailed(SendFailure(code: error.code, message: error.message)) }
        logger.debug("chat message handed to TDLib", metadata: ["chat": "\(chat.id)"])
        switch await session.confirmation(chatID: pending.chatID, temporaryID: pending.id, timeout: confirmTimeout) {
        case .sent(let id)?:
            if let sent = try? await ask(TDFunctions.GetMessage(chatID: chat.id, messageID: id)) { return sent }
            var message = pending
            message.id = id
            message.sendingState = nil
            return message
        case .failed(let code, let message)?:
            throw .sendFailed(SendFailure(code: code, message: message))
        case .cancelled?:
            throw .sendFailed(.cancelled)
        case nil:
            return pending
        }
    }

    /// Refuses a reply to a message that is not in the chat or cannot be answered.
    func checkReply(to messageID: Int64, in chatID: Int64) async throws(ChatError) {
        guard let properties = try? await ask(TDFunctions.GetMessageProperties(chatID: chatID, messageID: messageID)) else { throw .messageNotFound(messageID) }
        guard properties.canBeReplied else { throw .sendFailed(.notRepliable) }
    }

    /// What the account may do with a message.
    public func properties(chatID: Int64, messageID: Int64) async throws(ChatError) -> MessageProperties {
        try requireLogin()
        do {
            return try await session.send(TDFunctions.GetMessageProperties(chatID: chatID, messageID: messageID), timeout: timeout)
        } catch {
            if error.tdlibCode == 404 || error.tdlibCode == 400 { throw .messageNotFound(messageID) }
            throw .request(error)
        }
    }

    /// Replaces a message's text (Markdown), when Telegram allows it (own text messages,
    /// within its time limit).
    public func edit(chatID: Int64, messageID: Int64, markdown: String) async throws(ChatError) -> Message {
        let properties = try await properties(chatID: chatID, messageID: messageID)
        guard properties.canBeEdited else { throw .cannotEdit(.notOwnRecent) }
        let message = try await ask(TDFunctions.GetMessage(chatID: chatID, messageID: messageID))
        guard case .text? = message.content else { throw .cannotEdit(.notText) }
        let text = try await format(markdown)
        do {
            return try await session.send(TDFunctions.EditMessageText(chatID: chatID, messageID: messageID, text: text), timeout: timeout)
        } catch {
            if case .tdlib(_, let message, _) = error, message == "MESSAGE_NOT_MODIFIED" { return try await ask(TDFunctions.GetMessage(chatID: chatID, messageID: messageID)) }
            throw .request(error)
        }
    }

    /// The most messages the faces let one deletion take (each is checked with a request of
    /// its own before TDLib's `deleteMessages` takes them all).
    public static let maxDelete = 100

    /// Deletes messages for the account only, or for everyone when `forEveryone` — each
    /// checked first: nothing is deleted if any of them may not be. An id given twice counts
    /// once. The ids deleted, in the order given.
    @discardableResult
    public func delete(chatID: Int64, messageIDs: [Int64], forEveryone: Bool) async throws(ChatError) -> [Int64] {
        var seen = Set<Int64>()
        let messageIDs = messageIDs.filter { seen.insert($0).inserted }
        guard !messageIDs.isEmpty else { return [] }
        let choices = try await deleteChoices(chatID: chatID, messageIDs: messageIDs)
        // "For me" needs a deletion TDLib can do for this account only: in supergroups and
        // channels every deletion is for everyone, so it is refused rather than widened.
        guard forEveryone ? choices.forEveryone : choices.forMe else {
            if !forEveryone, choices.forEveryone { throw .onlyForEveryone }
            throw .cannotDelete(forEveryone: forEveryone)
        }
        _ = try await ask(TDFunctions.DeleteMessages(chatID: chatID, messageIDs: messageIDs, revoke: forEveryone))
        return messageIDs
    }

    /// How messages may be deleted together: "for me" when every one of them can be deleted
    /// for this account only, "for everyone" when every one can be for all (in supergroups and
    /// channels only the latter). Both false when one of them may not be deleted at all.
    public func deleteChoices(chatID: Int64, messageIDs: [Int64]) async throws(ChatError) -> (forMe: Bool, forEveryone: Bool) {
        guard !messageIDs.isEmpty else { return (false, false) }
        var forMe = true
        var forEveryone = true
        var seen = Set<Int64>()
        for id in messageIDs where seen.insert(id).inserted {
            let properties = try await properties(chatID: chatID, messageID: id)
            forMe = forMe && properties.canBeDeletedOnlyForSelf
            forEveryone = forEveryone && properties.canBeDeletedForAllUsers
            if !forMe, !forEveryone { break }
        }
        return (forMe, forEveryone)
    }

    /// Tells TDLib the user is looking at the chat (it then marks viewed messages read).
    public func open(chatID: Int64) async throws(ChatError) {
        try requireLogin()
        _ = try await ask(TDFunctions.OpenChat(chatID: chatID))
    }

    /// Tells TDLib the user left the chat's screen.
    public func close(chatID: Int64) async {
        _ = try? await session.send(TDFunctions.CloseChat(chatID: chatID), timeout: timeout)
    }

    /// Marks messages read (`viewMessages`), or the chat's newest message when none are given.
    /// With `topicID` (a forum topic) only that topic is read: the messages are viewed as the
    /// topic's history, and without ids its newest message is taken (`getForumTopic`'s
    /// `last_message`), never the chat's, which may be in another topic. An unknown topic is
    /// `.topicNotFound`, a chat that is not a forum `.notForum`.
    public func markRead(chatID: Int64, topicID: Int32? = nil, messageIDs: [Int64] = []) async throws(ChatError) {
        try requireLogin()
        guard let topicID else {
            var ids = messageIDs
            if ids.isEmpty, let last = await session.chat(chatID)?.lastMessage?.id { ids = [last] }
            guard !ids.isEmpty else { return }
            _ = try await ask(TDFunctions.ViewMessages(chatID: chatID, messageIDs: ids))
            return
        }
        let topic = try await forumTopic(chatID: chatID, topicID: topicID)
        var ids = messageIDs
        if ids.isEmpty {
            // `last_message` may be null when TDLib does not know it yet: the topic's history has it.
            if let last = topic.lastMessage?.id {
                ids = [last]
            } else {
                let newest = try await ask(TDFunctions.GetForumTopicHistory(chatID: chatID, forumTopicID: topicID, fromMessageID: 0, limit: 1))
                ids = newest.messages.prefix(1).map(\.id)
            }
        }
        guard !ids.isEmpty else { return }
        _ = try await ask(TDFunctions.ViewMessages(chatID: chatID, messageIDs: ids, source: .forumTopicHistory))
    }

    /// The file id of the chat's small photo as the session knows it now (nil: no photo, or
    /// an unknown chat); it changes when the photo does.
    public func chatPhotoFileID(chatID: Int64) async -> Int32? {
        await session.chat(chatID)?.smallPhoto?.id
    }

    /// The chat's photo in its small size (160 × 160, TDLib's `chatPhotoInfo.small`), downloaded
    /// as a thumbnail; `ChatError.chatNotFound` for an unknown chat, nil for one without a photo.
    public func chatPhoto(chatID: Int64) async throws(ChatError) -> TDFile? {
        try requireLogin()
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        guard let small = chat.smallPhoto else { return nil }
        return try await downloadThumbnail(fileID: small.id)
    }

    /// Downloads a small file (a photo's thumbnail) and returns it with its local path.
    /// Only files up to `maxBytes` are fetched: thumbnails, never full media.
    public func downloadThumbnail(fileID: Int32, maxBytes: Int64 = 512 * 1024) async throws(ChatError) -> TDFile {
        try requireLogin()
        // Never more than the cap is fetched; a bigger file is refused, not kept half-way.
        let file = try await ask(TDFunctions.DownloadFile(fileID: fileID, priority: 8, limit: maxBytes + 1))
        guard file.size <= maxBytes, file.isDownloaded else { throw .request(.tdlib(code: 400, message: "The file is too big to show as a thumbnail.", function: "downloadFile")) }
        return file
    }
}
