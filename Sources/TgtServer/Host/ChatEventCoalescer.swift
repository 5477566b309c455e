import Foundation
import TgtDomain
import TgtTelegram

/// Turns the session's bursts of chat events (a new message brings a chat update, a read
/// marker, a file …) into at most one `chat` page event per chat per `interval`: the first at
/// once, the rest of a burst folded into one that follows when the interval is over. One per
/// event stream (`GET /api/events`).
actor ChatEventCoalescer {
    private let interval: TimeInterval
    /// Where "now" comes from and what the folded rest of a burst waits on.
    private let clock: any AppClock
    private let emit: @Sendable (DashboardEvent) -> Void
    /// Per chat waiting to go out: whether any of its events touched messages.
    private var pending: [Int64: Bool] = [:]
    private var lastSent: [Int64: Date] = [:]
    private var scheduled: Set<Int64> = []

    init(interval: Duration = .milliseconds(300), clock: any AppClock = SystemClock(),
         emit: @escaping @Sendable (DashboardEvent) -> Void)
    {
        let (seconds, attoseconds) = interval.components
        self.interval = Double(seconds) + Double(attoseconds) / 1e18
        self.clock = clock
        self.emit = emit
    }

    func add(_ event: ChatEvent) {
        // The folders are the lists' own change: announced as chat 0.
        guard let chatID = event.chatID ?? (event == .folders ? 0 : nil) else { return }
        pending[chatID] = (pending[chatID] ?? false) || Self.touchesMessages(event)
        guard scheduled.insert(chatID).inserted else { return }
        let now = clock.now
        let due = lastSent[chatID].map { $0.addingTimeInterval(interval) } ?? now
        if due <= now {
            flush(chatID)
            return
        }
        // Holds the coalescer for at most one interval, so the end of a burst is never lost.
        let clock = self.clock
        Task {
            try? await clock.sleep(until: due)
            self.flush(chatID)
        }
    }

    private func flush(_ chatID: Int64) {
        scheduled.remove(chatID)
        guard let messages = pending.removeValue(forKey: chatID) else { return }
        let now = clock.now
        lastSent[chatID] = now
        if lastSent.count > 1000 { lastSent = lastSent.filter { now.timeIntervalSince($0.value) < interval } }
        emit(.chat(chatID: chatID, messages: messages))
    }

    /// Whether the conversation (not only the chat's row) changed.
    static func touchesMessages(_ event: ChatEvent) -> Bool {
        switch event {
        case .chatChanged, .file, .activity, .folders: false
        case .newMessage, .messageContent, .messageEdited, .messagesDeleted, .messageSent, .messageFailed, .readOutbox, .reactions, .pinned: true
        }
    }
}
