import Foundation

/// Contacts as Telegram gives them: `getContacts` and `searchContacts` answer `users` (people
/// this client already has as `updateUser`), and `addContact` makes a known person a contact
/// under the name given, announcing the person anew (`updateUser`) and, when there is a
/// private chat with them, its new title. Kept with the account's history ("server side"), so
/// another process on the same folder (the dashboard after the CLI) has them too.
extension TelegramSimulator {
    static let contactFunctions: Set<String> = ["getContacts", "searchContacts", "addContact"]

    func handleContact(_ id: Int32, _ request: [String: Any], type: String) {
        let people = currentScenario.people
        switch type {
        case "getContacts":
            let ids = people.filter(\.isContact).map(\.id)
            respond(id, request, ["@type": "users", "total_count": ids.count, "user_ids": ids])
        case "searchContacts":
            let query = (request["query"] as? String ?? "").lowercased()
            let limit = max(1, request["limit"] as? Int ?? 50)
            let found = people.filter { person in
                person.isContact && (query.isEmpty || [person.firstName, person.lastName, person.username].contains { $0.lowercased().hasPrefix(query) })
            }
            let ids = found.prefix(limit).map(\.id)
            respond(id, request, ["@type": "users", "total_count": found.count, "user_ids": ids])
        case "addContact":
            let userID = Self.int64(request["user_id"])
            let contact = request["contact"] as? [String: Any] ?? [:]
            let first = contact["first_name"] as? String ?? ""
            let last = contact["last_name"] as? String ?? ""
            guard !first.isEmpty, first.count <= 64, last.count <= 64 else { return respond(id, request, Self.error(400, "FIRSTNAME_INVALID")) }
            guard let (person, chat) = makeContact(userID, first: first, last: last) else { return respond(id, request, Self.error(400, "User not found")) }
            let directory = directory(of: id)
            if !directory.isEmpty { withHistory(directory) { $0.addContact(userID, first: first, last: last) } }
            emitToDirectory(directory, ["@type": "updateUser", "user": personObject(person)])
            if let chat { emitToDirectory(directory, ["@type": "updateChatTitle", "chat_id": chat.id, "title": chat.title]) }
            respond(id, request, ["@type": "ok"])
        default:
            unexpected(id, request)
        }
    }

    /// Makes a known person (not a bot) a contact under these names, and their private chat's
    /// title follows: the person and the chat after it, or nil for an unknown person.
    func makeContact(_ userID: Int64, first: String, last: String) -> (SimulatedPerson, SimulatedChat?)? {
        withScenario { scenario -> (SimulatedPerson, SimulatedChat?)? in
            guard let index = scenario.people.firstIndex(where: { $0.id == userID && !$0.isBot }) else { return nil }
            scenario.people[index].isContact = true
            scenario.people[index].firstName = first
            scenario.people[index].lastName = last
            var chat: SimulatedChat?
            if let c = scenario.chats.firstIndex(where: { if case .private(let u) = $0.kind { u == userID } else { false } }) {
                scenario.chats[c].title = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
                chat = scenario.chats[c]
            }
            return (scenario.people[index], chat)
        }
    }

    /// The contacts an earlier process added for this folder's account, taken up as its client starts.
    func takeUpContacts(_ directory: String) {
        guard !directory.isEmpty else { return }
        for (userID, names) in withHistory(directory, { $0.contacts }) { _ = makeContact(userID, first: names.first, last: names.last) }
    }
}
