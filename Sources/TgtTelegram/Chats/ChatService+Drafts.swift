import Foundation
import TgtTDLib

extension ChatService {
    /// Longest draft kept (Telegram's message limit is checked when it is sent, not here).
    public static let maxDraft = 4096

    /// Saves what is typed in a composer as the chat's cloud draft (into a forum topic with
    /// `topicID`), so it follows the user to their other Telegram apps; empty or blank text
    /// clears it. The text is kept as typed (its Markdown is parsed when it is sent).
    public func setDraft(chatID: Int64, topicID: Int32? = nil, text: String) async throws(ChatError) {
        try requireLogin()
        guard try await knownChat(chatID) != nil else { throw .chatNotFound(String(chatID)) }
        if let topicID { _ = try await topic(chatID: chatID, topicID: topicID) }
        guard text.unicodeScalars.count <= Self.maxDraft else { throw .tooLong(max: Self.maxDraft) }
        let kept = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
        // Telegram's time as TDLib last told it (`unix_time`), else the process's clock.
        let serverTime = await session.options["unix_time"]?.intValue
        let now = Int32(clamping: serverTime ?? Int64(clock.now.timeIntervalSince1970))
        _ = try await ask(TDFunctions.SetChatDraftMessage(chatID: chatID, forumTopicID: topicID, text: kept, date: now))
    }
}
