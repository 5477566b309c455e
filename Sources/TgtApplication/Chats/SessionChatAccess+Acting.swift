import Foundation
import TgtDomain
import TgtTelegram

/// Acting in the chats on a long-running face (the dashboard's API, the app's chat screens),
/// beyond what `ChatAccess` asks of every face: sending with the draft cleared, cancelling a
/// send, pins, typing, opening and closing a chat, and the limits every face checks against.
extension SessionChatAccess {
    /// Most messages one delete takes.
    public static let maxDelete = ChatService.maxDelete
    /// Most messages one forward takes.
    public static let maxForward = ChatService.maxForward
    /// Most files one album takes.
    public static let maxAlbumFiles = ChatService.maxAlbumFiles
    /// The largest file Telegram takes.
    public static let maxFileBytes = ChatService.maxFileBytes
    /// The longest draft Telegram keeps.
    public static let maxDraft = ChatService.maxDraft

    /// Checks a file before it is sent (it exists, is a regular file, within Telegram's size
    /// limits; `asFiles`: as a document whatever it is).
    public static func check(fileAt path: String, asFiles: Bool = false) throws(ChatError) -> CheckedFile {
        try ChatService.check(fileAt: path, asFiles: asFiles)
    }

    /// Sends a message; `clearDraft` also empties the chat's draft (the composer that held it).
    public func send(chatID: Int64, markdown: String, replyTo: Int64?, topicID: Int32?, silent: Bool, clearDraft: Bool) async throws(ChatError) -> ChatMessageItem {
        await service.item(try await service.send(chatID: chatID, markdown: markdown, topicID: topicID, replyTo: replyTo, silent: silent,
                                                  clearDraft: clearDraft))
    }

    /// Deletes messages and says which went (ids Telegram no longer knows are left out).
    public func deleteMessages(chatID: Int64, messageIDs: [Int64], forEveryone: Bool) async throws(ChatError) -> [Int64] {
        try await service.delete(chatID: chatID, messageIDs: messageIDs, forEveryone: forEveryone)
    }

    /// Whether the messages may be deleted for the user, and for everyone.
    public func deleteChoices(chatID: Int64, messageIDs: [Int64]) async throws(ChatError) -> (forMe: Bool, forEveryone: Bool) {
        try await service.deleteChoices(chatID: chatID, messageIDs: messageIDs)
    }

    /// Stops a message still being sent (or deletes it for everyone if it went out meanwhile).
    public func cancelSending(chatID: Int64, messageID: Int64) async throws(ChatError) -> CancelledSend {
        try await service.cancelSending(chatID: chatID, messageID: messageID)
    }

    /// Marks `messageIDs` read (none: the chat, with `topicID` the topic, up to its newest
    /// message); with `opening`, tells Telegram first that the chat is on screen (as
    /// `markRead(chatID:topicID:messageIDs:)` does).
    public func markRead(chatID: Int64, topicID: Int32?, messageIDs: [Int64], opening: Bool) async throws(ChatError) {
        if opening { try await service.open(chatID: chatID) }
        try await service.markRead(chatID: chatID, topicID: topicID, messageIDs: messageIDs)
    }

    /// Tells Telegram a conversation is on screen (its messages count as seen as they arrive).
    public func open(chatID: Int64) async throws(ChatError) { try await service.open(chatID: chatID) }

    /// Tells Telegram the conversation is off screen.
    public func close(chatID: Int64) async { await service.close(chatID: chatID) }

    /// Whether a message may be pinned, and whether only for the user.
    public func pinOptions(chatID: Int64, messageID: Int64) async throws(ChatError) -> (allowed: Bool, forSelfOnlyPossible: Bool) {
        try await service.pinOptions(chatID: chatID, messageID: messageID)
    }

    /// Shows (or stops showing) the user as typing in the chat.
    public func setTyping(chatID: Int64, topicID: Int32?, typing: Bool) async throws(ChatError) {
        try await service.setTyping(chatID: chatID, topicID: topicID, typing: typing)
    }
}
