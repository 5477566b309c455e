import TgtTDLib

extension TelegramSession {
    /// Makes sure TDLib has loaded a private chat (Saved Messages included) before a request
    /// that names it: a private chat's id is its user's, and `sendMessage` or
    /// `getChatScheduledMessages` only know chats loaded in this process. Group and channel ids
    /// (negative) and chats already seen are left alone; a failure is left for the request that
    /// follows to report.
    func openPrivateChatIfNeeded(_ chatID: Int64, timeout: Double) async {
        guard chatID > 0, chat(chatID) == nil else { return }
        _ = try? await send(TDFunctions.CreatePrivateChat(userID: chatID), timeout: timeout)
    }
}
