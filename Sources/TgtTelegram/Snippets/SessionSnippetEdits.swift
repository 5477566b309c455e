import Foundation
import TgtDomain
import TgtTDLib

/// What a snippet asks of TDLib: where the message is (the chat's title), whether Telegram lets
/// the account edit it (`messageProperties.can_be_edited`: its own message, a chat that allows
/// editing, within the time limit), and the edit itself (`editMessageText`, which Telegram
/// shows as "edited").
public struct SessionSnippetEdits: Sendable {
    public let session: TelegramSession

    public init(session: TelegramSession) {
        self.session = session
    }

    /// The chat's title and whether the message may be edited; nil when it is not the person's
    /// own (another sender, a post in a channel, where every admin's post reads as outgoing, or
    /// sent for them by a business bot), or when the chat or the message cannot be read.
    public func place(of message: Message) async -> (chatTitle: String, canEdit: Bool)? {
        guard let me = try? await session.account(), message.senderID == .user(me.id), message.senderBusinessBotUserID == 0 else { return nil }
        let chat: Chat? = if let known = await session.chat(message.chatID) { known } else { try? await session.send(TDFunctions.GetChat(chatID: message.chatID)) }
        guard let chat else { return nil }
        if case .supergroup(_, true) = chat.type { return nil }
        guard let properties = try? await session.send(TDFunctions.GetMessageProperties(chatID: message.chatID, messageID: message.id)) else { return nil }
        return (chat.title, properties.canBeEdited)
    }

    /// Replaces the message's text with `text`.
    public func edit(chatID: Int64, messageID: Int64, text: FormattedText) async throws(TDError) {
        _ = try await session.send(TDFunctions.EditMessageText(chatID: chatID, messageID: messageID, text: text))
    }
}
