import Foundation
import Security
import TgtApplication

/// API credentials and TDLib's database key in the Keychain (this device only, available after
/// the first unlock so queued sends can go out while the phone is locked).
struct KeychainSecretStore: SecretStoring {
    private let service = "app.tgtemplates.telegram"

    func credentials() throws(CredentialsError) -> APICredentials? {
        guard let data = try? read("api-credentials"),
            let stored = try? JSONDecoder().decode(APICredentials.self, from: data)
        else { return nil }
        return try APICredentials(apiID: String(stored.apiID), apiHash: stored.apiHash)
    }

    func saveCredentials(_ credentials: APICredentials) throws(StoreError) {
        guard let data = try? JSONEncoder().encode(credentials) else { throw .dataDirectory("cannot encode credentials") }
        try write(data, as: "api-credentials")
    }

    func removeCredentials() {
        SecItemDelete(query("api-credentials") as CFDictionary)
    }

    func tdlibDatabaseKey() throws(StoreError) -> Data {
        // A Keychain that cannot be read (before the first unlock after a restart) must not
        // look like a missing key: a new one would lock TDLib out of its own database.
        if let key = try read("tdlib-key"), key.count == 32 { return key }
        var bytes = [UInt8](repeating: 0, count: 32)
        guard SecRandomCopyBytes(kSecRandomDefault, bytes.count, &bytes) == errSecSuccess else {
            throw .dataDirectory("no random bytes for the TDLib key")
        }
        let key = Data(bytes)
        try write(key, as: "tdlib-key")
        return key
    }

    private func query(_ account: String) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account]
    }

    /// The item's bytes, nil when there is none, or why the Keychain did not answer.
    private func read(_ account: String) throws(StoreError) -> Data? {
        var request = query(account)
        request[kSecReturnData as String] = true
        request[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: AnyObject?
        let status = SecItemCopyMatching(request as CFDictionary, &result)
        switch status {
        case errSecSuccess: return result as? Data
        case errSecItemNotFound: return nil
        default: throw .dataDirectory("The Keychain cannot be read (status \(status)); unlock the iPhone once after a restart.")
        }
    }

    /// Replaces the item in place (an update, else an add): never a delete first, which a
    /// crash or a locked Keychain between the two would turn into a lost secret.
    private func write(_ data: Data, as account: String) throws(StoreError) {
        let changes: [String: Any] = [kSecValueData as String: data,
                                      kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]
        var status = SecItemUpdate(query(account) as CFDictionary, changes as CFDictionary)
        if status == errSecItemNotFound {
            status = SecItemAdd(query(account).merging(changes) { _, new in new } as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw .dataDirectory("Keychain error \(status)") }
    }
}
