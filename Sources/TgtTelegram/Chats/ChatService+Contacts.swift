import Foundation
import TgtTDLib

/// A contact as the contacts list shows it.
public struct ContactItem: Codable, Sendable, Equatable {
    /// The person's user id (their private chat has the same id).
    public var userID: Int64
    public var name: String
    /// Their first username, without "@".
    public var username: String?
    /// "online", "last seen recently" …
    public var status: String

    public init(userID: Int64, name: String, username: String?, status: String) {
        self.userID = userID
        self.name = name
        self.username = username
        self.status = status
    }

    private enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case name, username, status
    }
}

/// Contacts: the list (all, or those matching a search), starting a private chat with one,
/// and adding the person of a private chat to them.
extension ChatService {
    /// The longest first or last name Telegram keeps.
    public static let contactNameMax = 64

    /// The account's contacts, online ones first then by name; with `search`, those whose
    /// names or usernames match it (Telegram's order). `now` words "last seen".
    public func contacts(search: String? = nil, limit: Int = 500, now: Date) async throws(ChatError) -> [ContactItem] {
        try requireLogin()
        let query = search?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let found = query.isEmpty ? try await ask(TDFunctions.GetContacts())
            : try await ask(TDFunctions.SearchContacts(query: query, limit: Int32(max(1, min(limit, 500)))))
        var items: [(item: ContactItem, online: Bool)] = []
        for id in found.userIDs.prefix(limit) {
            guard let user = try await person(id) else { continue }
            let online = if case .online(let until) = user.lastSeen { Int(until) > Int(now.timeIntervalSince1970) } else { false }
            items.append((ContactItem(userID: user.id, name: user.displayName.isEmpty ? "Deleted account" : user.displayName,
                                      username: user.usernames.first, status: user.status(now: now)), online))
        }
        guard query.isEmpty else { return items.map(\.item) }
        return items.sorted { a, b in
            if a.online != b.online { return a.online }
            return a.item.name.localizedCaseInsensitiveCompare(b.item.name) == .orderedAscending
        }.map(\.item)
    }

    /// The private chat with a person (made when there is none yet), to open or write in.
    public func startChat(userID: Int64) async throws(ChatError) -> ChatSummary {
        try requireLogin()
        guard userID > 0, try await person(userID) != nil else { throw .chatNotFound(String(userID)) }
        let chat: Chat
        do {
            chat = try await session.send(TDFunctions.CreatePrivateChat(userID: userID), timeout: timeout)
        } catch let error where error.tdlibCode == 400 {
            throw .chatNotFound(String(userID))
        } catch {
            throw .request(error)
        }
        return await summary(of: await session.chat(chat.id) ?? chat, list: chat.positions.first?.list ?? .main, builder: await itemBuilder())
    }

    /// Adds the person of private chat `chatID` (or person `chatID`) to the contacts under this name (or renames
    /// them); `sharePhone` shows them the account's phone number. Names are checked before
    /// Telegram is asked.
    public func addContact(chatID: Int64, firstName: String, lastName: String, sharePhone: Bool, now: Date) async throws(ChatError) -> ContactItem {
        try requireLogin()
        let first = firstName.trimmingCharacters(in: .whitespacesAndNewlines)
        let last = lastName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !first.isEmpty else { throw .badContactName(.emptyFirstName) }
        guard first.count <= Self.contactNameMax, last.count <= Self.contactNameMax else {
            throw .badContactName(.tooLong(max: Self.contactNameMax))
        }
        guard !(first + last).contains(where: \.isNewline) else { throw .badContactName(.lineBreak) }
        let chat = try await chatOrPerson(chatID)
        guard case .private(let userID) = chat.type, userID != (await session.me?.id ?? 0), let user = try await person(userID), !user.isDeleted else {
            throw .notAPerson(title: await title(of: chat))
        }
        _ = try await ask(TDFunctions.AddContact(userID: userID, firstName: first, lastName: last, sharePhoneNumber: sharePhone))
        let name = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
        return ContactItem(userID: userID, name: name, username: user.usernames.first, status: user.status(now: now))
    }

    /// A user this session knows, else asked of TDLib (nil when there is no such user).
    func person(_ id: Int64) async throws(ChatError) -> User? {
        if let user = await session.user(id) { return user }
        do {
            let user = try await session.send(TDFunctions.GetUser(userID: id), timeout: timeout)
            await session.remember(user)
            return user
        } catch let error where error.tdlibCode == 400 || error.tdlibCode == 404 {
            return nil
        } catch {
            throw .request(error)
        }
    }
}
