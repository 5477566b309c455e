import TgtTDLib

/// Who is doing what in which chat right now ("typing…"), from `updateChatAction`: TDLib sends
/// `chatActionCancel` when an action ends or times out, so what is here is current.
public struct ChatActivityState: Sendable {
    /// Per chat, per person or chat doing it: the action and the forum topic it is in.
    public private(set) var actions: [Int64: [MessageSenderID: (action: ChatActivity, topicID: Int32?)]] = [:]

    public init() {}

    /// Applies one `updateChatAction`; returns whether anything changed.
    @discardableResult
    public mutating func apply(_ update: ChatActionUpdate) -> Bool {
        if update.action == .cancel {
            guard actions[update.chatID]?.removeValue(forKey: update.senderID) != nil else { return false }
            if actions[update.chatID]?.isEmpty == true { actions[update.chatID] = nil }
            return true
        }
        let current = actions[update.chatID]?[update.senderID]
        if current?.action == update.action, current?.topicID == update.forumTopicID { return false }
        actions[update.chatID, default: [:]][update.senderID] = (update.action, update.forumTopicID)
        return true
    }

    /// What is happening in `chatID` (in `topicID` alone when given), by whom, in a stable order.
    public func current(in chatID: Int64, topicID: Int32? = nil) -> [(sender: MessageSenderID, action: ChatActivity)] {
        (actions[chatID] ?? [:])
            .filter { topicID == nil || $0.value.topicID == topicID }
            .map { (sender: $0.key, action: $0.value.action) }
            .sorted { Self.order($0.sender) < Self.order($1.sender) }
    }

    private static func order(_ sender: MessageSenderID) -> Int64 {
        switch sender {
        case .user(let id): id
        case .chat(let id): id
        }
    }
}
