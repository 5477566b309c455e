import Foundation
import TgtApplication

extension ConversationModel {
    /// The pinned message the bar at the top shows, and its place ("2 of 3") when there are several.
    public var pinnedShown: (item: ChatMessageItem, position: Int, count: Int)? {
        guard !pinned.isEmpty else { return nil }
        let index = min(pinnedIndex, pinned.count - 1)
        return (pinned[index], index + 1, pinned.count)
    }

    /// Reads the chat's pinned messages again (on open and when one is pinned or unpinned).
    public func loadPinned() async {
        guard let service = try? await host.chats(), let found = try? await service.pinned(chatID: chatID) else { return }
        // A topic's bar shows the topic's own pinned messages.
        pinned = topicID.map { topic in found.filter { $0.topicID == topic } } ?? found
        if pinnedIndex >= found.count { pinnedIndex = 0 }
    }

    /// A tap on the bar: the message it shows, to scroll to; the bar moves on to the next older
    /// pinned message (after the oldest, back to the newest), as Telegram's does.
    public func tapPinnedBar() -> ChatMessageItem? {
        guard let shown = pinnedShown?.item else { return nil }
        pinnedIndex = pinned.isEmpty ? 0 : (pinnedIndex + 1) % pinned.count
        return shown
    }

    /// Whether `item` may be pinned or unpinned here, and whether pinning asks "for everyone"
    /// (private chats only).
    public func pinChoices(for item: ChatMessageItem) async -> (allowed: Bool, asksForEveryone: Bool) {
        guard let service = try? await host.chats(), let options = try? await service.pinOptions(chatID: chatID, messageID: item.id) else {
            return (false, false)
        }
        return (options.allowed, options.forSelfOnlyPossible)
    }

    /// Pins `item` (for everyone, or in a private chat for the user alone) or unpins it.
    public func setPinned(_ item: ChatMessageItem, pinned: Bool, forEveryone: Bool = true) async {
        do {
            let service = try await host.chats()
            if pinned {
                try await service.setPinned(chatID: chatID, messageID: item.id, pinned: true, forEveryone: forEveryone, silent: false)
            } else {
                try await service.setPinned(chatID: chatID, messageID: item.id, pinned: false, forEveryone: false, silent: false)
            }
            actionError = nil
            await loadPinned()
        } catch {
            actionError = .failure(error)
        }
    }
}
