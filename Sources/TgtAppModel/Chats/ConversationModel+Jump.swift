import TgtTelegram

/// Going to a message the window does not hold (a pinned one from long ago): the page around
/// it replaces the window, which is then detached from the latest until the newer pages are
/// read on the way down or "jump to latest" reloads the newest.
extension ConversationModel {
    /// Makes sure `messageID` is in the window: true when it is there to scroll to. A message
    /// the chat no longer has is worded in `actionError`.
    public func reveal(_ messageID: Int64) async -> Bool {
        if messages.contains(where: { $0.id == messageID }) { return true }
        guard !isLoading else { return false }
        isLoading = true
        defer { isLoading = false }
        do {
            let service = try await host.chatService()
            let page = try await service.conversation(chatID: chatID, around: messageID, limit: pageSize)
            // A topic shows its own messages only.
            messages = page.messages.filter { topicID == nil || $0.topicID == topicID }
            hasOlder = page.hasOlder
            isDetachedFromLatest = page.hasNewer
            unreadBelow = 0
            loadError = nil
            actionError = nil
            keepShownSelection()
            return messages.contains { $0.id == messageID }
        } catch {
            actionError = .failure(error)
            return false
        }
    }

    /// Appends the page after the newest message of a detached window; once it reaches the
    /// chat's newest, the window follows new messages again. Beyond the window the oldest go.
    public func loadNewer() async {
        guard isDetachedFromLatest, !isLoading, let newest = messages.last(where: { $0.sendingState == nil })?.id else { return }
        isLoading = true
        defer { isLoading = false }
        do {
            let service = try await host.chatService()
            let page = try await service.conversation(chatID: chatID, after: newest, limit: pageSize)
            let known = Set(messages.map(\.id))
            messages += page.messages.filter { !known.contains($0.id) && (topicID == nil || $0.topicID == topicID) }
            if page.messages.count < pageSize {
                isDetachedFromLatest = false
                unreadBelow = 0
            }
            if messages.count > windowLimit {
                messages.removeFirst(messages.count - windowLimit)
                hasOlder = true
                keepShownSelection()
            }
            loadError = nil
        } catch {
            loadError = .failure(error)
        }
    }
}
