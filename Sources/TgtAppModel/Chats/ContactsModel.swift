import Foundation
import TgtApplication
import Observation

/// The contacts screen: the contacts, online ones first, filtered by what is typed; choosing
/// one opens (or makes) the private chat with them.
@Observable @MainActor
public final class ContactsModel {
    public private(set) var contacts: [ContactItem] = []
    public private(set) var error: AppText?
    public private(set) var isLoading = false
    /// Names or usernames starting with this.
    public var search = ""

    @ObservationIgnored let host: LiveSession

    public init(host: LiveSession) {
        self.host = host
    }

    /// Reads the contacts (those matching `search`) again.
    public func reload() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let query = search.trimmingCharacters(in: .whitespacesAndNewlines)
            contacts = try await (try await host.chats()).contacts(search: query.isEmpty ? nil : query)
            error = nil
        } catch {
            self.error = .failure(error)
        }
    }

    /// The private chat with a contact, to open; nil (with `error` set) when it cannot be had.
    public func chat(with contact: ContactItem) async -> Int64? {
        do {
            return try await (try await host.chats()).startChat(userID: contact.userID).id
        } catch {
            self.error = .failure(error)
            return nil
        }
    }

    /// "No contacts yet" / "No contact matches …" when the list is empty.
    public var emptyText: AppText? {
        guard error == nil, contacts.isEmpty, !isLoading else { return nil }
        let query = search.trimmingCharacters(in: .whitespacesAndNewlines)
        return query.isEmpty ? AppText("contacts.empty") : AppText("contacts.noMatch", query)
    }
}
