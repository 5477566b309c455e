import Foundation

/// Presence as Telegram gives it: people's statuses in their `user`s and `updateUserStatus`,
/// someone typing as `updateChatAction` (a chat's replier types for the second before its
/// answer, and stops when it arrives), and `sendChatAction`, which Telegram takes with an
/// `ok` (the simulator keeps what was sent for tests to read).
extension TelegramSimulator {
    static let presenceFunctions: Set<String> = ["sendChatAction"]

    func handlePresence(_ id: Int32, _ request: [String: Any], type: String) {
        guard let chat = findChatInScenario(request["chat_id"]) else { return respond(id, request, Self.error(400, "Chat not found")) }
        let action = (request["action"] as? [String: Any])?["@type"] as? String ?? "chatActionCancel"
        recordChatAction(SentChatAction(chatID: chat.id, action: action))
        respond(id, request, ["@type": "ok"])
    }

    /// `updateChatAction` from a person in a private chat or group (nil action: they stopped).
    func emitChatAction(_ directory: String, chatID: Int64, userID: Int64, action: String?, topicID: Int32? = nil) {
        let topic: Any = topicID.map { ["@type": "messageTopicForum", "forum_topic_id": Int($0)] as [String: Any] } ?? NSNull()
        emitToDirectory(directory, ["@type": "updateChatAction", "chat_id": chatID, "topic_id": topic,
                                    "sender_id": ["@type": "messageSenderUser", "user_id": userID],
                                    "action": ["@type": action ?? "chatActionCancel"]])
    }
}

/// A `sendChatAction` the simulator took: the chat and the action's type ("chatActionCancel" for null).
public struct SentChatAction: Sendable, Equatable {
    public var chatID: Int64
    public var action: String

    public init(chatID: Int64, action: String) {
        self.chatID = chatID
        self.action = action
    }
}

// MARK: - Controls for tests and the demo

extension TelegramSimulator {
    /// Someone starts (`action`, e.g. "chatActionTyping") or stops (nil) doing something in a
    /// chat (in one of a forum's topics with `topicID`).
    public func simulateChatAction(inDatabaseDirectory directory: URL, chatID: Int64, userID: Int64, action: String?, topicID: Int32? = nil) {
        queue.async { self.emitChatAction(directory.path, chatID: chatID, userID: userID, action: action, topicID: topicID) }
    }

    /// A person goes online (for five minutes) or offline (now).
    public func simulateStatus(inDatabaseDirectory directory: URL, userID: Int64, online: Bool) {
        queue.async {
            let now = Int32(self.unixNow())
            let status: [String: Any] = online ? ["@type": "userStatusOnline", "expires": now + 300] : ["@type": "userStatusOffline", "was_online": now]
            self.emitToDirectory(directory.path, ["@type": "updateUserStatus", "user_id": userID, "status": status])
        }
    }
}
