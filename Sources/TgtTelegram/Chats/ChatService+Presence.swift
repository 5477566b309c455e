import Foundation
import TgtTDLib

/// Presence: a conversation header's status line ("online", "last seen recently") and who is
/// typing there, from `updateUserStatus` and `updateChatAction`; and the user's own typing,
/// announced with `sendChatAction` while they compose.
extension ChatService {
    /// A person's status for the header at `now` ("online", "last seen 5 minutes ago", "bot");
    /// nil for groups, channels and Saved Messages.
    func status(of chat: Chat, now: Date) async -> String? {
        guard case .private(let userID) = chat.type, userID != (await session.me?.id ?? 0) else { return nil }
        guard let user = await session.user(userID) else { return nil }
        if user.isDeleted { return nil }
        return user.status(now: now)
    }

    /// Who is doing what in `chatID` (in one forum topic with `topicID`), in a line: nil when
    /// nobody is.
    public func typing(in chatID: Int64, topicID: Int32?) async -> String? {
        await typing(in: chatID, topicID: topicID, builder: await itemBuilder())
    }

    func typing(in chatID: Int64, topicID: Int32?, builder: ChatItemBuilder) async -> String? {
        let current = await session.chatActivity.current(in: chatID, topicID: topicID)
        guard let first = current.first else { return nil }
        let isPrivate = if case .private? = await session.chat(chatID)?.type { true } else { false }
        return Self.describeActivity(current.map { (name: Self.shortName($0.sender, builder: builder), action: $0.action) },
                                     isPrivate: isPrivate && current.count == 1 && first.sender == .user(chatID))
    }

    private static func shortName(_ sender: MessageSenderID, builder: ChatItemBuilder) -> String {
        if case .user(let id) = sender, let user = builder.users[id], !user.firstName.isEmpty { return user.firstName }
        return builder.name(sender)
    }

    /// "typing…" (a private chat's other side), "Alice is typing…", "Alice and Bob are typing…",
    /// "Alice and 2 others are typing…"; several different actions are worded by the first's.
    public static func describeActivity(_ doing: [(name: String, action: ChatActivity)], isPrivate: Bool) -> String? {
        guard let first = doing.first else { return nil }
        let words = first.action.words
        if isPrivate { return words + "…" }
        let verb = doing.count == 1 ? "is" : "are"
        let who = switch doing.count {
        case 1: first.name
        case 2: "\(first.name) and \(doing[1].name)"
        default: "\(first.name) and \(doing.count - 1) others"
        }
        return "\(who) \(verb) \(words)…"
    }

    /// Tells the chat the user is typing (`typing`) or stopped (Telegram shows it for about
    /// five seconds: a composer repeats it while typing goes on). A chat the user cannot
    /// write in is refused before Telegram is asked.
    public func setTyping(chatID: Int64, topicID: Int32?, typing: Bool) async throws(ChatError) {
        guard let chat = try await knownChat(chatID) else { throw .chatNotFound(String(chatID)) }
        if let refusal = await cannotWrite(chat) { throw .cannotWrite(title: await title(of: chat), refusal: refusal) }
        // Saved Messages has nobody to tell.
        if case .private(let userID) = chat.type, userID == (await session.me?.id ?? 0) { return }
        _ = try await ask(TDFunctions.SendChatAction(chatID: chatID, forumTopicID: topicID, action: typing ? .typing : .cancel))
    }
}
