/// Where a template's message goes: a basic group or a non-channel supergroup, optionally one
/// forum topic in it. Titles are cached copies for display; ids are what TDLib needs.
public struct Target: Codable, Sendable, Hashable {
    /// TDLib chat id (negative for groups).
    public var chatID: Int64
    /// Forum topic id (`forum_topic_id`), or nil for the chat itself.
    public var topicID: Int32?
    /// The chat's title when the target was chosen or last refreshed.
    public var chatTitle: String
    /// The topic's name, when `topicID` is set.
    public var topicTitle: String?

    public init(chatID: Int64, topicID: Int32? = nil, chatTitle: String, topicTitle: String? = nil) {
        self.chatID = chatID
        self.topicID = topicID
        self.chatTitle = chatTitle
        self.topicTitle = topicTitle
    }

    /// "Family" or "Work › Standups": what a person calls this target.
    public var displayName: String {
        guard let topicTitle, topicID != nil else { return chatTitle }
        return "\(chatTitle) › \(topicTitle)"
    }

    /// The key that identifies a target regardless of cached titles.
    public var key: TargetKey { TargetKey(chatID: chatID, topicID: topicID) }
}

/// A target's identity: chat id and optional topic id.
public struct TargetKey: Codable, Sendable, Hashable, CustomStringConvertible {
    public var chatID: Int64
    public var topicID: Int32?

    public init(chatID: Int64, topicID: Int32? = nil) {
        self.chatID = chatID
        self.topicID = topicID
    }

    /// Parses "CHAT_ID" or "CHAT_ID/TOPIC_ID" (the form the CLI prints and accepts).
    public init?(parsing text: String) {
        let parts = text.splitScalars(on: "/")
        guard parts.count == 1 || parts.count == 2, let chat = Int64(parts[0]), chat != 0 else { return nil }
        if parts.count == 2 {
            guard let topic = Int32(parts[1]), topic > 0 else { return nil }
            self.init(chatID: chat, topicID: topic)
        } else {
            self.init(chatID: chat)
        }
    }

    public var description: String {
        if let topicID { return "\(chatID)/\(topicID)" }
        return "\(chatID)"
    }
}
