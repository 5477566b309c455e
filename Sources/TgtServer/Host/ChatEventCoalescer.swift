import Foundation
import TgtApplication
import TgtDomain

/// Turns the session's bursts of chat events (a new message brings a chat update, a read
/// marker, a file …) into at most one `chat` page event per chat per `interval`: the first at
/// once, the rest of a burst folded into one that follows when the interval is over. An
/// upload's progress goes out the same way per message, as an `upload` event with the latest
/// figures (TDLib reports every part sent). One per event stream (`GET /api/events`).
actor ChatEventCoalescer {
    /// What is folded: a chat's changes, or one message's upload.
    private enum Key: Hashable {
        case chat(Int64)
        case upload(chatID: Int64, messageID: Int64)
    }

    private let interval: TimeInterval
    /// Where "now" comes from and what the folded rest of a burst waits on.
    private let clock: any AppClock
    private let emit: @Sendable (DashboardEvent) -> Void
    /// Per key waiting to go out: the event it will be.
    private var pending: [Key: DashboardEvent] = [:]
    private var lastSent: [Key: Date] = [:]
    private var scheduled: Set<Key> = []

    init(interval: Duration = .milliseconds(300), clock: any AppClock,
         emit: @escaping @Sendable (DashboardEvent) -> Void)
    {
        let (seconds, attoseconds) = interval.components
        self.interval = Double(seconds) + Double(attoseconds) / 1e18
        self.clock = clock
        self.emit = emit
    }

    func add(_ event: ChatEvent) {
        let key: Key
        if case .upload(let chatID, let messageID, let progress) = event {
            key = .upload(chatID: chatID, messageID: messageID)
            pending[key] = .upload(chatID: chatID, messageID: messageID, sentBytes: progress.sentBytes, totalBytes: progress.totalBytes)
        } else {
            // The folders are the lists' own change: announced as chat 0.
            guard let chatID = event.chatID ?? (event == .folders ? 0 : nil) else { return }
            key = .chat(chatID)
            var messages = event.touchesMessages
            if case .chat(_, let earlier)? = pending[key] { messages = messages || earlier }
            pending[key] = .chat(chatID: chatID, messages: messages)
        }
        guard scheduled.insert(key).inserted else { return }
        let now = clock.now
        let due = lastSent[key].map { $0.addingTimeInterval(interval) } ?? now
        if due <= now {
            flush(key)
            return
        }
        // Holds the coalescer for at most one interval, so the end of a burst is never lost.
        let clock = self.clock
        Task {
            try? await clock.sleep(until: due)
            self.flush(key)
        }
    }

    private func flush(_ key: Key) {
        scheduled.remove(key)
        guard let event = pending.removeValue(forKey: key) else { return }
        let now = clock.now
        lastSent[key] = now
        if lastSent.count > 1000 { lastSent = lastSent.filter { now.timeIntervalSince($0.value) < interval } }
        emit(event)
    }
}
