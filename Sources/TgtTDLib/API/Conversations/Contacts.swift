import Foundation

/// `users`: user ids (of contacts, here) and how many there are.
public struct TDUsers: Decodable, Sendable, Equatable {
    public var totalCount: Int32
    public var userIDs: [Int64]

    private enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case userIDs = "user_ids"
    }
}

extension TDFunctions {
    /// `getContacts`: every contact of the account (their `user`s arrive as updates first).
    public struct GetContacts: TDFunction {
        public typealias Result = TDUsers
        public static let typeName = "getContacts"
        public init() {}
    }

    /// `searchContacts`: contacts whose names or usernames match `query` (empty: all).
    public struct SearchContacts: TDFunction {
        public typealias Result = TDUsers
        public static let typeName = "searchContacts"
        public var query: String
        public var limit: Int32
        public init(query: String, limit: Int32) {
            self.query = query
            self.limit = limit
        }
    }

    /// `addContact`: adds a person (by user id) to the contacts, or renames one; the phone
    /// number may stay empty. `share_phone_number` shows them the account's own number.
    public struct AddContact: TDFunction {
        public typealias Result = TDOk
        public static let typeName = "addContact"
        public var userID: Int64
        public var firstName: String
        public var lastName: String
        public var sharePhoneNumber: Bool
        public init(userID: Int64, firstName: String, lastName: String, sharePhoneNumber: Bool) {
            self.userID = userID
            self.firstName = firstName
            self.lastName = lastName
            self.sharePhoneNumber = sharePhoneNumber
        }
        enum CodingKeys: String, CodingKey {
            case userID = "user_id"
            case contact
            case sharePhoneNumber = "share_phone_number"
        }
        private enum ContactKeys: String, CodingKey {
            case type = "@type"
            case phoneNumber = "phone_number"
            case firstName = "first_name"
            case lastName = "last_name"
            case note
        }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(userID, forKey: .userID)
            var contact = c.nestedContainer(keyedBy: ContactKeys.self, forKey: .contact)
            try contact.encode("importedContact", forKey: .type)
            try contact.encode("", forKey: .phoneNumber)
            try contact.encode(firstName, forKey: .firstName)
            try contact.encode(lastName, forKey: .lastName)
            try contact.encodeNil(forKey: .note)  // null keeps any note the user wrote
            try c.encode(sharePhoneNumber, forKey: .sharePhoneNumber)
        }
    }
}
