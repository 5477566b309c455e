import ArgumentParser
import Foundation
import TgtApplication

/// `tgt chat contacts`: the account's contacts, online ones first.
struct ChatContacts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contacts", abstract: "Your contacts (online first), or those matching a search.",
        discussion: """
            Write to one with `tgt chat start CONTACT` (it prints the chat to use).

            Examples:
              tgt chat contacts
              tgt chat contacts --search ali
            """)
    @OptionGroup var global: GlobalOptions
    @Option(help: "Only contacts whose names or usernames start with this text.") var search: String?

    func run() async throws {
        try await global.run {
            let contacts = try await global.withChats { access in try await access.contacts(search: search) }
            if global.json {
                global.console.emit(contacts)
                return
            }
            guard !contacts.isEmpty else {
                global.console.line(search.map { "No contact matches “\($0)”." } ?? "No contacts.")
                return
            }
            var table = Table(headers: ["ID", "NAME", "USERNAME", "LAST SEEN"])
            table.rows = contacts.map { ["\($0.userID)", ChatTerminal.clean($0.name), $0.username.map { "@" + $0 } ?? "", $0.status] }
            global.console.line(table.render())
        }
    }
}

/// `tgt chat start`: the private chat with a contact, made when there is none yet.
struct ChatStart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Open (or make) the private chat with a contact; prints the chat to write in.",
        discussion: """
            CONTACT is a user id, a contact's @username, or their name (or the start of a name \
            only one contact has). Nothing is posted.

            Examples:
              tgt chat start Dmitri && tgt chat send Dmitri "Hi!"
              tgt chat start @alice_m --json
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The contact: user id, @username or name.") var contact: String

    func run() async throws {
        try await global.run {
            let chat = try await global.withChats { access in
                try await access.startChat(userID: try await Self.userID(contact, access: access))
            }
            if global.json {
                global.console.emit(chat)
            } else {
                global.console.line("Chat with \(ChatTerminal.clean(chat.title)): \(chat.id)")
            }
        }
    }

    /// The contact `query` names: a user id as it is, else a contact by @username or by name
    /// (exact, or the only one it starts).
    static func userID(_ query: String, access: any ChatAccess) async throws -> Int64 {
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        if let id = Int64(text), id > 0 { return id }
        if text.hasPrefix("@") {
            let name = text.dropFirst().lowercased()
            guard let found = try await access.contacts(search: String(name)).first(where: { $0.username?.lowercased() == name }) else {
                throw ChatError.contactNotFound(text)
            }
            return found.userID
        }
        let contacts = try await access.contacts(search: nil)
        let result = Result { () throws(ChatError) -> Int64 in try ChatLookup.pick(text, among: contacts.map { (id: $0.userID, title: $0.name) }) }
        switch result {
        case .success(let id): return id
        case .failure(.chatNotFound): throw ChatError.contactNotFound(text)
        case .failure(let other): throw other
        }
    }
}

/// `tgt chat add-contact`: adds the person of a private chat to the contacts.
struct ChatAddContact: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-contact", abstract: "Add the person of a private chat to your contacts (or rename them there).",
        discussion: """
            Examples:
              tgt chat add-contact Dmitri --first-name Dmitri --last-name Volkov
              tgt chat add-contact 555000204 --first-name Dima --share-phone
            """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The private chat (or the person's user id).") var chat: String
    @Option(help: "The first name to file them under (1 to 64 characters; default: their own).") var firstName: String?
    @Option(help: "The last name (default: their own, when no first name is given).") var lastName: String?
    @Flag(help: "Show them your phone number.") var sharePhone = false

    func run() async throws {
        try await global.run {
            let contact = try await global.withChats { access in
                let id: Int64
                if let number = Int64(chat), number > 0 { id = number } else { id = try await access.resolve(chat).id }
                var first = firstName ?? "", last = lastName ?? ""
                if firstName == nil, let own = try await access.profile(chatID: id).contact {
                    first = own.firstName
                    if lastName == nil { last = own.lastName }
                }
                return try await access.addContact(chatID: id, firstName: first, lastName: last, sharePhone: sharePhone)
            }
            if global.json {
                global.console.emit(contact)
            } else {
                global.console.line("✓ \(ChatTerminal.clean(contact.name)) is in your contacts.")
            }
        }
    }
}
