import Foundation
import TgtApplication

extension ConversationModel {
    /// Whether `item` can be chosen with others: sent messages, not service lines.
    public func canSelect(_ item: ChatMessageItem) -> Bool {
        item.sendingState == nil && item.serviceLine == nil
    }

    /// Starts choosing messages, with `item` ticked; while already choosing, ticks it too.
    public func startSelecting(with item: ChatMessageItem) {
        if isSelecting {
            if !selection.contains(item.id) { toggleSelection(item) }
            return
        }
        isSelecting = true
        selection = []
        toggleSelection(item)
    }

    /// Keeps only chosen messages still shown (the window moved, or some were deleted); when
    /// none is left, the choosing ends.
    func keepShownSelection() {
        guard isSelecting else { return }
        let shown = Set(messages.map(\.id))
        selection.removeAll { !shown.contains($0) }
        if selection.isEmpty { endSelection() }
    }

    /// Ticks or unticks `item`; at most `SessionChatAccess.maxDelete` (100) at once (`actionError`
    /// says so). Unticking the last one ends the choosing.
    public func toggleSelection(_ item: ChatMessageItem) {
        guard isSelecting, canSelect(item) else { return }
        if let index = selection.firstIndex(of: item.id) {
            selection.remove(at: index)
            if selection.isEmpty { endSelection() }
            return
        }
        guard selection.count < SessionChatAccess.maxDelete else {
            actionError = AppText("conversation.selectionFull", String(SessionChatAccess.maxDelete))
            return
        }
        selection.append(item.id)
        actionError = nil
    }

    /// Stops choosing (nothing is ticked any more).
    public func endSelection() {
        isSelecting = false
        selection = []
    }

    /// "3 selected".
    public var selectionTitle: AppText {
        AppText("conversation.selectedCount", String(selection.count))
    }

    /// "Delete 3 messages?", the title of the deletion's confirmation.
    public var deleteSelectionTitle: AppText {
        AppText("conversation.deleteSeveral", String(selection.count))
    }

    /// The chosen messages still shown, oldest first (the order they are forwarded in).
    public var selectedMessages: [ChatMessageItem] {
        let chosen = Set(selection)
        return messages.filter { chosen.contains($0.id) }
    }

    /// Forwards the chosen messages (oldest first) to `chatID` (its topic `topicID`), as copies
    /// with `hideSender`, and ends the choosing; false, with `actionError` saying why, when
    /// Telegram refused (the choice stays).
    @discardableResult
    public func forwardSelected(to chatID: Int64, topicID: Int32? = nil, hideSender: Bool = false) async -> Bool {
        await actOnSelection { service, ids in
            _ = try await service.forward(fromChatID: self.chatID, messageIDs: ids, toChatID: chatID, topicID: topicID, hideSender: hideSender, silent: false)
        }
    }

    /// How the chosen messages may be deleted together: "for me" and/or "for everyone" as
    /// Telegram allows every one of them (`SessionChatAccess.deleteChoices`); none, with
    /// `actionError` saying so, when one of them may not be deleted here.
    public func deleteOptionsForSelection() async -> [DeleteOption] {
        let ids = selectedMessages.map(\.id)
        guard !ids.isEmpty, let service = try? await host.chats() else { return [] }
        do {
            let choices = try await service.deleteChoices(chatID: chatID, messageIDs: ids)
            let options = DeleteOption.offered(forMe: choices.forMe, forEveryone: choices.forEveryone)
            actionError = options.isEmpty ? AppText("composer.cannotDelete") : nil
            return options
        } catch {
            actionError = .failure(error)
            return []
        }
    }

    /// Deletes the chosen messages, all or none, and ends the choosing; false, with
    /// `actionError` saying why, when Telegram refused (nothing was deleted, the choice stays).
    /// The bubbles go with TDLib's announcement of the deletion.
    @discardableResult
    public func deleteSelected(forEveryone: Bool) async -> Bool {
        await actOnSelection { service, ids in
            try await service.delete(chatID: self.chatID, messageIDs: ids, forEveryone: forEveryone)
        }
    }

    /// Does `act` with the chosen messages still shown (oldest first) and ends the choosing;
    /// on a refusal the choice stays and `actionError` says why.
    private func actOnSelection(_ act: (SessionChatAccess, [Int64]) async throws -> Void) async -> Bool {
        let ids = selectedMessages.map(\.id)
        guard !ids.isEmpty else { return false }
        do {
            try await act(try await host.chats(), ids)
            endSelection()
            actionError = nil
            return true
        } catch {
            actionError = .failure(error)
            return false
        }
    }
}
