import TgtApplication

/// Going to a message the window does not hold (a pinned one from long ago): the page around
/// it replaces the window, which is then detached from the latest until the newer pages are
/// read on the way down or "jump to latest" reloads the newest. A page that comes after the
/// window was replaced meanwhile (jump to latest, another reveal) is dropped.
extension ConversationModel {
    /// Makes sure `messageID` is in the window: true when it is there to scroll to. A message
    /// the chat no longer has is worded in `actionError`.
    public func reveal(_ messageID: Int64) async -> Bool {
        if messages.contains(where: { $0.id == messageID }) { return true }
        windowGeneration += 1
        let generation = windowGeneration
        isLoading = true
        defer { isLoading = false }
        do {
            let service = try await host.chats()
            let page = try await service.conversation(chatID: chatID, around: messageID, limit: pageSize)
            guard generation == windowGeneration else { return false }
            // A topic shows its own messages only.
            messages = page.messages.filter { topicID == nil || $0.topicID == topicID }
            lastChangeWasPaging = true
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

    /// Appends the pages after the newest message of a detached window until one adds a
    /// message to show (a topic's may hold none) or the chat's newest is reached; then the
    /// window follows new messages again, after reading once more what came meanwhile. Beyond
    /// the window the oldest go.
    public func loadNewer() async {
        guard isDetachedFromLatest, !isLoading else { return }
        let generation = windowGeneration
        isLoading = true
        defer { isLoading = false }
        do {
            let service = try await host.chats()
            for _ in 0 ..< 10 {
                guard let newest = messages.last(where: { $0.sendingState == nil })?.id else { return }
                let page = try await service.conversation(chatID: chatID, after: newest, limit: pageSize)
                // The window changed meanwhile (jump to latest, a reveal): this page is not for it.
                guard generation == windowGeneration, isDetachedFromLatest, messages.last(where: { $0.sendingState == nil })?.id == newest else { return }
                let added = page.messages.filter { (topicID == nil || $0.topicID == topicID) && place($0) }
                lastChangeWasPaging = true
                if page.messages.count < pageSize {
                    // The newest is reached: arrivals show from now on; what came while this
                    // page was read (they were only counted) is read once more.
                    isDetachedFromLatest = false
                    if unreadBelow > 0, let last = messages.last(where: { $0.sendingState == nil })?.id {
                        let rest = try await service.conversation(chatID: chatID, after: last, limit: pageSize)
                        for item in rest.messages where topicID == nil || item.topicID == topicID { place(item) }
                    }
                    unreadBelow = 0
                }
                trimToWindow()
                loadError = nil
                if !added.isEmpty || !isDetachedFromLatest { return }
            }
        } catch {
            loadError = .failure(error)
        }
    }

    /// Beyond the window, the oldest go.
    private func trimToWindow() {
        guard messages.count > windowLimit else { return }
        messages.removeFirst(messages.count - windowLimit)
        hasOlder = true
        keepShownSelection()
    }
}
