import Foundation
import TgtTDLib

extension ChatService {
    /// The chat's pinned messages, newest first (at most `limit`), as a conversation's pinned
    /// bar shows them (`searchChatMessages` with the pinned filter).
    public func pinnedMessages(chatID: Int64, limit: Int = 50) async throws(ChatError) -> [ChatMessageItem] {
        try requireLogin()
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        // TDLib may answer a short page before the end: ask on from the last one while it says there is more.
        let wanted = max(1, min(100, limit))
        var found: [Message] = []
        var from: Int64 = 0
        while found.count < wanted {
            let page = try await ask(TDFunctions.SearchChatMessages(chatID: chatID, query: "", fromMessageID: from, limit: Int32(wanted - found.count), onlyPinned: true))
            found += page.messages.filter { message in !message.isScheduled && !found.contains { $0.id == message.id } }
            guard let next = Int64(page.nextOffset), next > 0, !page.messages.isEmpty else { break }
            from = next
        }
        return await items(for: found, chat: chat).sorted { $0.id > $1.id }
    }

    /// Pins a message where the user may. In a private chat `forEveryone: false` pins it for
    /// the user alone; elsewhere a pin is always for everyone, so that is refused rather than
    /// widened. `silent`: members are not notified (Telegram never notifies in private chats
    /// and channels).
    public func pin(chatID: Int64, messageID: Int64, forEveryone: Bool = true, silent: Bool = false) async throws(ChatError) {
        let properties = try await properties(chatID: chatID, messageID: messageID)
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        guard properties.canBePinned else { throw .cannotPin(Self.pinRefusal(chat)) }
        if !forEveryone, !(await canPinForSelfOnly(chat)) { throw .cannotPin(.onlyForEveryone) }
        _ = try await ask(TDFunctions.PinChatMessage(chatID: chatID, messageID: messageID, disableNotification: silent, onlyForSelf: !forEveryone))
    }

    /// Unpins a message (nothing happens when it is not pinned).
    public func unpin(chatID: Int64, messageID: Int64) async throws(ChatError) {
        let message = try await existingMessage(chatID: chatID, messageID: messageID)
        guard message.isPinned else { return }
        let properties = try await properties(chatID: chatID, messageID: messageID)
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        guard properties.canBePinned else { throw .cannotPin(Self.pinRefusal(chat)) }
        _ = try await ask(TDFunctions.UnpinChatMessage(chatID: chatID, messageID: messageID))
    }

    /// Whether pinning may be for the user alone: a private chat with another person (not Saved
    /// Messages, where there is nobody else).
    func canPinForSelfOnly(_ chat: Chat) async -> Bool {
        guard case .private(let userID) = chat.type else { return false }
        return userID != (await session.me?.id ?? 0)
    }

    /// Whether `messageID` may be pinned or unpinned, and whether pinning may be for the user
    /// alone (the faces then ask "for both of you?").
    public func pinOptions(chatID: Int64, messageID: Int64) async throws(ChatError) -> (allowed: Bool, forSelfOnlyPossible: Bool) {
        let properties = try await properties(chatID: chatID, messageID: messageID)
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        return (properties.canBePinned, properties.canBePinned ? await canPinForSelfOnly(chat) : false)
    }

    static func pinRefusal(_ chat: Chat) -> PinRefusal {
        switch chat.type {
        case .supergroup(_, true): .channelAdminsOnly
        case .basicGroup, .supergroup: .groupAdminsOnly
        default: .notAllowed
        }
    }
}
