import Foundation

/// People who write to the account while it is away, for the away replies' tests: a person
/// (or a bot) writes in their private chat (made on first contact, as Telegram does), a member
/// writes in a group, and the account's other apps go online or offline.
extension TelegramSimulator {
    /// Adds people the scenario did not have (bots too).
    public func addPeople(_ people: [SimulatedPerson]) {
        withScenario { scenario in
            for person in people where !scenario.people.contains(where: { $0.id == person.id }) { scenario.people.append(person) }
        }
    }

    /// `userID` writes `text` to the account in their private chat; `automatic` marks it as sent
    /// by their own away or greeting message (`is_from_offline`). A first contact makes the chat
    /// (`updateNewChat` before the message).
    public func personWrites(inDatabaseDirectory directory: URL, userID: Int64, text: String, automatic: Bool = false) {
        queue.async {
            let (chat, isNew): (SimulatedChat?, Bool) = self.withScenario { scenario in
                guard let person = scenario.people.first(where: { $0.id == userID }) else { return (nil, false) }
                if let found = scenario.chats.first(where: { if case .private(let u) = $0.kind { u == userID } else { false } }) { return (found, false) }
                let title = [person.firstName, person.lastName].filter { !$0.isEmpty }.joined(separator: " ")
                let chat = SimulatedChat(id: userID, title: title, kind: .private(userID: userID))
                scenario.chats.append(chat)
                return (chat, true)
            }
            guard let chat else { return }
            if isNew { self.emitToDirectory(directory.path, ["@type": "updateNewChat", "chat": SimObjects.chat(chat)]) }
            self.receive(chat, directory: directory.path, from: userID, content: SimulatorMedia.text(text), fromOffline: automatic)
        }
    }

    /// A member of a group or channel writes there.
    public func memberWrites(inDatabaseDirectory directory: URL, chatID: Int64, userID: Int64, text: String) {
        queue.async {
            guard let chat = self.findChatInScenario(chatID) else { return }
            self.receive(chat, directory: directory.path, from: userID, content: SimulatorMedia.text(text))
        }
    }

    /// The account's other Telegram apps: online until `until` (nil: offline), as `getUser` of
    /// the account's own id then says (`userStatusOnline` / `userStatusOffline`).
    public func setAccountOnline(until: Date?) {
        withScenario { $0.accountOnlineUntil = until.map { Int32($0.timeIntervalSince1970) } }
    }
}
