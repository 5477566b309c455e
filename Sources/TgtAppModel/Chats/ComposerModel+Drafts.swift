import Foundation
import TgtApplication

extension ComposerModel {
    /// Fills an empty composer with the chat's cloud draft (typed here before, or in another
    /// Telegram app), a forum topic's with its own; a reply or edit in progress is left alone.
    public func loadDraft() async {
        guard text.isEmpty, mode == .new, let service = try? await host.chats() else { return }
        let draft: String? = if let topicID {
            (try? await service.topic(chatID: chatID, topicID: topicID))?.draft
        } else {
            await service.summary(chatID)?.draft
        }
        guard let draft, text.isEmpty, mode == .new else { return }
        text = draft
        savedDraft = draft
    }

    /// Saves what is typed as the chat's cloud draft (blank clears it), when it changed since
    /// the last save; not while editing a message. The view calls it when typing pauses and
    /// when the chat is left.
    public func saveDraft() async {
        if case .edit = mode { return }
        guard text != savedDraft, let service = try? await host.chats() else { return }
        let value = text
        do {
            try await service.setDraft(chatID: chatID, topicID: topicID, text: value)
            savedDraft = value
        } catch {
            self.error = .failure(error)
        }
    }
}
