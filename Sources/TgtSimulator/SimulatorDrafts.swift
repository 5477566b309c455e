import Foundation

/// Cloud drafts as Telegram keeps them: `setChatDraftMessage` stores the chat's draft with the
/// account's history (every process and "other device" sees it) and announces
/// `updateChatDraftMessage` with the chat's positions; a message sent with `clear_draft` takes
/// it away; `simulateDraft` plays one typed on another device.
extension TelegramSimulator {
    func setDraft(_ id: Int32, _ request: [String: Any]) {
        let directory = directory(of: id)
        guard let chat = findChatInScenario(request["chat_id"]) else { return respond(id, request, Self.error(400, "Chat not found")) }
        if request["topic_id"] is [String: Any] {
            // Topic drafts are kept by Telegram too; the simulator keeps the chat's only.
            return respond(id, request, ["@type": "ok"])
        }
        var text: String?
        if let draft = request["draft_message"] as? [String: Any] {
            let content = draft["content"] as? [String: Any] ?? [:]
            guard content["@type"] as? String == "draftMessageContentText" else { return respond(id, request, Self.error(400, "Unsupported draft content")) }
            text = (content["text"] as? [String: Any])?["text"] as? String
            if text?.isEmpty == true { text = nil }
        }
        applyDraft(text, chat: chat, directory: directory)
        respond(id, request, ["@type": "ok"])
    }

    /// Keeps (nil: clears) the chat's draft and tells every client on the folder.
    func applyDraft(_ text: String?, chat: SimulatedChat, directory: String) {
        let date = Int(unixNow())
        withHistory(directory) { $0.setDraft(text, date: date, chatID: chat.id) }
        let index = currentScenario.chats.firstIndex { $0.id == chat.id } ?? 0
        var update: [String: Any] = ["@type": "updateChatDraftMessage", "chat_id": chat.id,
                                     "positions": positionObjects(chat, directory: directory, index: index)]
        if let text { update["draft_message"] = Self.draftObject(text, date: date) }
        emitToDirectory(directory, update)
    }

    /// Takes the chat's draft away when a message is sent with `clear_draft`.
    func clearDraftIfAsked(_ request: [String: Any], chat: SimulatedChat, directory: String) {
        let input = request["input_message_content"] as? [String: Any] ?? [:]
        guard input["clear_draft"] as? Bool == true, !directory.isEmpty, withHistory(directory, { $0.drafts[chat.id] }) != nil else { return }
        applyDraft(nil, chat: chat, directory: directory)
    }

    static func draftObject(_ text: String, date: Int) -> [String: Any] {
        ["@type": "draftMessage", "date": date, "effect_id": "0",
         "content": ["@type": "draftMessageContentText", "text": ["@type": "formattedText", "text": text, "entities": [] as [Any]]] as [String: Any]]
    }
}

// MARK: - Controls for tests and the demo

extension TelegramSimulator {
    /// The user types a draft in another Telegram app (nil: clears it there).
    public func simulateDraft(inDatabaseDirectory directory: URL, chatID: Int64, text: String?) {
        queue.async {
            guard let chat = self.findChatInScenario(chatID) else { return }
            self.applyDraft(text, chat: chat, directory: directory.path)
        }
    }
}
