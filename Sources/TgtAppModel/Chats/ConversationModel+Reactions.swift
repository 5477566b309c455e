import Foundation
import TgtApplication

extension ConversationModel {
    /// The emoji the user may react with to `item`, in Telegram's order; empty (and
    /// `actionError` says why) when reactions are off for this message.
    public func reactionChoices(for item: ChatMessageItem) async -> [String] {
        do {
            let choices = try await (try await host.chats()).reactionChoices(chatID: chatID, messageID: item.id)
            setReactions(of: item.id, to: choices.reactions)
            actionError = choices.available.isEmpty ? AppText("conversation.cannotReact") : nil
            return choices.available
        } catch {
            actionError = .failure(error)
            return []
        }
    }

    /// Adds `key` (an emoji, or a reaction's key) as the user's reaction to `item`, or takes it
    /// back when it is already theirs; the bubble shows Telegram's answer.
    public func toggleReaction(_ key: String, on item: ChatMessageItem) async {
        let current = messages.first { $0.id == item.id } ?? item
        let isMine = current.reactions.contains { $0.key == key && $0.isChosen }
        do {
            let now = try await (try await host.chats()).react(chatID: chatID, messageID: item.id, reaction: key, add: !isMine)
            setReactions(of: item.id, to: now)
            actionError = nil
        } catch {
            actionError = .failure(error)
        }
    }
}
